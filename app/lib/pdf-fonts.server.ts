/**
 * The fonts of every PDF (receipts, day sheets), in one place. pdf-lib's standard fonts
 * (Helvetica, WinAnsi) have no ₹ and no Indian scripts, so Noto Sans is embedded, subset to
 * the glyphs a document uses (a receipt stays a few KB of font).
 *
 * A face turns text into what it can draw (`printable`), measures it and draws it. Noto Sans
 * covers Latin, Greek, Cyrillic and ₹; text in a script no embedded font covers is named
 * ("[Malayalam text]") rather than printed as "????" or thrown on. Issue 14 adds Noto Sans
 * Devanagari, Malayalam, Tamil, Telugu and Kannada here, shaped with HarfBuzz: a face then
 * splits text into runs per font and draws shaped glyphs, and the callers stay as they are.
 */
import fontkit from "@pdf-lib/fontkit";
import type { Color, PDFDocument, PDFFont, PDFPage } from "pdf-lib";

export interface PdfFace {
  /** The text as this face draws it: controls become spaces, uncovered scripts are named. */
  printable(text: string): string;
  /** Width in points of printable text. */
  width(text: string, size: number): number;
  draw(page: PDFPage, text: string, options: { x: number; y: number; size: number; color: Color }): void;
}

export interface PdfFonts {
  regular: PdfFace;
  bold: PdfFace;
}

type Weight = keyof PdfFonts;

/*
 * The TTFs come from npm (@expo-google-fonts/noto-sans, OFL) and are inlined into the Worker
 * by Vite (`?inline`: a base64 data URL), which works alike in `react-router build`, `vite dev`
 * and the workerd tests; @cloudflare/vite-plugin takes binary Data modules only as `.bin`.
 * Dynamic imports keep them out of the startup path of requests that draw no PDF.
 */
const SOURCES: Record<Weight, () => Promise<{ default: string }>> = {
  regular: () => import("@expo-google-fonts/noto-sans/400Regular/NotoSans_400Regular.ttf?inline"),
  bold: () => import("@expo-google-fonts/noto-sans/700Bold/NotoSans_700Bold.ttf?inline"),
};

const loaded = new Map<Weight, Promise<Uint8Array>>();

function fontBytes(weight: Weight): Promise<Uint8Array> {
  let bytes = loaded.get(weight);
  if (!bytes) {
    bytes = SOURCES[weight]().then(({ default: url }) => fromBase64(url.slice(url.indexOf(",") + 1)));
    bytes.catch(() => loaded.delete(weight));
    loaded.set(weight, bytes);
  }
  return bytes;
}

function fromBase64(base64: string): Uint8Array {
  const binary = atob(base64);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/** Indian scripts by name, for text no embedded font covers yet. */
const SCRIPTS: [string, RegExp][] = [
  ["Devanagari", /\p{Script=Devanagari}/u],
  ["Bengali", /\p{Script=Bengali}/u],
  ["Gurmukhi", /\p{Script=Gurmukhi}/u],
  ["Gujarati", /\p{Script=Gujarati}/u],
  ["Odia", /\p{Script=Oriya}/u],
  ["Tamil", /\p{Script=Tamil}/u],
  ["Telugu", /\p{Script=Telugu}/u],
  ["Kannada", /\p{Script=Kannada}/u],
  ["Malayalam", /\p{Script=Malayalam}/u],
];
const IGNORABLE = /\p{Default_Ignorable_Code_Point}/u;
const graphemes = new Intl.Segmenter("en", { granularity: "grapheme" });

function scriptName(cluster: string): string {
  return SCRIPTS.find(([, pattern]) => pattern.test(cluster))?.[0] ?? "";
}

const named = (script: string) => (script ? `[${script} text]` : "[other script]");

function face(font: PDFFont, covered: Set<number>): PdfFace {
  const covers = (cluster: string) => [...cluster].every((char) => covered.has(char.codePointAt(0)!) || IGNORABLE.test(char));
  return {
    printable(text) {
      // Runs of uncovered clusters (with the spaces between their words) become one name.
      let out = "";
      let pending: { script: string; spaces: string } | null = null;
      for (const { segment } of graphemes.segment(text.replace(/[\p{Cc}\u2028\u2029]/gu, " "))) {
        if (segment === " " && pending) pending.spaces += " ";
        else if (covers(segment)) {
          if (pending) out += `${named(pending.script)}${pending.spaces}`;
          pending = null;
          out += [...segment].filter((char) => covered.has(char.codePointAt(0)!)).join("");
        } else if (!pending) pending = { script: scriptName(segment), spaces: "" };
        else if (pending.spaces) {
          const script = scriptName(segment);
          if (script !== pending.script) out += `${named(pending.script)}${pending.spaces}`;
          pending = { script, spaces: "" };
        }
      }
      if (pending) out += `${named(pending.script)}${pending.spaces}`;
      return out;
    },
    width: (text, size) => font.widthOfTextAtSize(text, size),
    draw: (page, text, { x, y, size, color }) => page.drawText(text, { x, y, size, font, color }),
  };
}

/** Noto Sans regular and bold, embedded in `doc` as subsets. */
export async function embedPdfFonts(doc: PDFDocument): Promise<PdfFonts> {
  doc.registerFontkit(fontkit);
  const [regular, bold] = await Promise.all(
    (["regular", "bold"] as const).map(async (weight) => {
      const font = await doc.embedFont(await fontBytes(weight), { subset: true });
      // Noto Sans also carries Devanagari, which needs shaping pdf-lib cannot do: named for now.
      const drawable = font.getCharacterSet().filter((code) => !scriptName(String.fromCodePoint(code)));
      return face(font, new Set(drawable));
    }),
  );
  return { regular: regular!, bold: bold! };
}
