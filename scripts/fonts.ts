/**
 * `npm run fonts`: the Latin subsets of Noto Sans embedded in the PDFs (app/assets/fonts).
 * Noto Sans as published carries Greek, Cyrillic, Vietnamese and Devanagari too (630 KB a
 * weight); the PDFs draw Indian scripts with their own Noto fonts, so the Worker needs only
 * Latin, punctuation and ₹ from it. Cut with HarfBuzz's subsetter (harfbuzzjs, the same
 * engine that shapes the text), which keeps the kerning and ligature tables for what stays.
 * Run again after updating @expo-google-fonts/noto-sans; the output is committed.
 */
import { readFileSync, writeFileSync } from "node:fs";

/** Code point ranges kept: Latin (with the letters of romanised Indian names), punctuation, ₹. */
const KEEP: [number, number][] = [
  [0x0020, 0x007e], // Basic Latin
  [0x00a0, 0x017f], // Latin-1 Supplement, Latin Extended-A
  [0x0180, 0x024f], // Latin Extended-B
  [0x02bc, 0x02bc], // modifier apostrophe
  [0x0300, 0x036f], // combining marks (for names typed decomposed)
  [0x1e00, 0x1eff], // Latin Extended Additional (ṣ ṇ ṭ ḍ ṃ ḥ of romanised Sanskrit)
  [0x2000, 0x206f], // General Punctuation
  [0x20a0, 0x20cf], // Currency Symbols (₹)
  [0x2100, 0x2122], // letterlike symbols (№, ™)
  [0x2190, 0x2193], // arrows
  [0x2212, 0x2212], // minus
  [0x25cc, 0x25cc], // dotted circle (a mark drawn alone)
];

const SOURCES = {
  "NotoSans-Regular-latin.ttf": "node_modules/@expo-google-fonts/noto-sans/400Regular/NotoSans_400Regular.ttf",
  "NotoSans-Bold-latin.ttf": "node_modules/@expo-google-fonts/noto-sans/700Bold/NotoSans_700Bold.ttf",
};

type Subsetter = {
  memory: WebAssembly.Memory;
  malloc(size: number): number;
  free(pointer: number): void;
  hb_blob_create(data: number, length: number, mode: number, userData: number, destroy: number): number;
  hb_face_create(blob: number, index: number): number;
  hb_subset_input_create_or_fail(): number;
  hb_subset_input_unicode_set(input: number): number;
  hb_set_add(set: number, codePoint: number): void;
  hb_subset_or_fail(face: number, input: number): number;
  hb_face_reference_blob(face: number): number;
  hb_blob_get_length(blob: number): number;
  hb_blob_get_data(blob: number, length: number): number;
};

const { instance } = await WebAssembly.instantiate(readFileSync("node_modules/harfbuzzjs/dist/harfbuzz-subset.wasm"), {});
const hb = instance.exports as unknown as Subsetter;

for (const [name, source] of Object.entries(SOURCES)) {
  const bytes = readFileSync(source);
  const data = hb.malloc(bytes.byteLength);
  new Uint8Array(hb.memory.buffer, data, bytes.byteLength).set(bytes);
  const face = hb.hb_face_create(hb.hb_blob_create(data, bytes.byteLength, 1, 0, 0), 0);
  const input = hb.hb_subset_input_create_or_fail();
  const unicodes = hb.hb_subset_input_unicode_set(input);
  for (const [first, last] of KEEP) for (let code = first; code <= last; code++) hb.hb_set_add(unicodes, code);
  const subset = hb.hb_subset_or_fail(face, input);
  if (!subset) throw new Error(`HarfBuzz could not subset ${source}`);
  const blob = hb.hb_face_reference_blob(subset);
  const length = hb.hb_blob_get_length(blob);
  const out = new Uint8Array(hb.memory.buffer, hb.hb_blob_get_data(blob, 0), length).slice();
  writeFileSync(`app/assets/fonts/${name}`, out);
  console.log(`${name}: ${(bytes.byteLength / 1024).toFixed(0)} KB → ${(out.byteLength / 1024).toFixed(0)} KB`);
}
