/**
 * The fonts of every PDF (receipts, day sheets), in one place. pdf-lib's standard fonts have
 * no ₹ and no Indian scripts, and pdf-lib cannot shape Indic text, so:
 *
 * - Noto Sans (Latin, ₹) and Noto Sans Devanagari, Tamil, Malayalam, Telugu and Kannada are
 *   embedded, each subset to the glyphs the document uses (a receipt carries a few KB of font);
 * - text is split into runs by script, and each run is shaped by HarfBuzz with its font, so
 *   conjuncts, reordered vowel signs and stacked marks come out as a native reader expects;
 * - the shaped glyphs are drawn by id, placed where HarfBuzz put them, inside an /ActualText
 *   span holding the original text, so copying or searching the PDF gives back what was typed.
 *
 * A face measures and draws text (`width`, `draw`); `printable` names text in a script no
 * embedded font covers ("[Bengali text]") instead of printing "????". Call `finish` before
 * `doc.save()`: it writes the subset fonts into the document.
 */
import fontkit from "@pdf-lib/fontkit";
import {
  type Color,
  type PDFDict,
  type PDFDocument,
  PDFHexString,
  PDFName,
  PDFNumber,
  PDFOperator,
  PDFOperatorNames as Ops,
  type PDFPage,
  type PDFRef,
  PDFString,
  setFillingColor,
  setStrokingColor,
} from "pdf-lib";
import { fromBase64Url } from "./crypto.server";
import { ShapingFont } from "./harfbuzz.server";

type Font = ReturnType<typeof fontkit.create>;

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
  /** Writes the fonts, subset to what was drawn, into the document. */
  finish(): Promise<void>;
}

/** The Indian scripts with an embedded font. */
const INDIC = ["Devanagari", "Tamil", "Malayalam", "Telugu", "Kannada"] as const;
type Indic = (typeof INDIC)[number];
type FontKey = "sans" | "sansBold" | Indic;

/*
 * The TTFs come from npm (@expo-google-fonts, OFL: app/assets/fonts/OFL.txt) and are inlined into the Worker by Vite
 * (`?inline`: a base64 data URL), which works alike in `react-router build`, `vite dev` and
 * the workerd tests; @cloudflare/vite-plugin takes binary Data modules only as `.bin`.
 * Dynamic imports keep them out of the startup path of requests that draw no PDF.
 */
const SOURCES: Record<FontKey, () => Promise<{ default: string }>> = {
  // Latin subsets of Noto Sans, cut by `npm run fonts` (scripts/fonts.ts): a sixth of the size.
  sans: () => import("~/assets/fonts/NotoSans-Regular-latin.ttf?inline"),
  sansBold: () => import("~/assets/fonts/NotoSans-Bold-latin.ttf?inline"),
  Devanagari: () => import("@expo-google-fonts/noto-sans-devanagari/400Regular/NotoSansDevanagari_400Regular.ttf?inline"),
  Tamil: () => import("@expo-google-fonts/noto-sans-tamil/400Regular/NotoSansTamil_400Regular.ttf?inline"),
  Malayalam: () => import("@expo-google-fonts/noto-sans-malayalam/400Regular/NotoSansMalayalam_400Regular.ttf?inline"),
  Telugu: () => import("@expo-google-fonts/noto-sans-telugu/400Regular/NotoSansTelugu_400Regular.ttf?inline"),
  Kannada: () => import("@expo-google-fonts/noto-sans-kannada/400Regular/NotoSansKannada_400Regular.ttf?inline"),
};

interface LoadedFont {
  key: FontKey;
  font: Font;
  shaping: ShapingFont;
}

const loaded = new Map<FontKey, Promise<LoadedFont>>();

/** A font, parsed once per Worker for layout (HarfBuzz) and for subsetting (fontkit). */
export function loadPdfFont(key: FontKey): Promise<LoadedFont> {
  let font = loaded.get(key);
  if (!font) {
    font = SOURCES[key]().then(async ({ default: url }) => {
      const bytes = fromBase64Url(url.slice(url.indexOf(",") + 1));
      return { key, font: fontkit.create(bytes), shaping: await ShapingFont.load(bytes) };
    });
    font.catch(() => loaded.delete(key));
    loaded.set(key, font);
  }
  return font;
}

const SCRIPTS: [string, RegExp][] = [
  ...INDIC.map((script): [string, RegExp] => [script, new RegExp(`\\p{Script=${script}}`, "u")]),
  ["Bengali", /\p{Script=Bengali}/u],
  ["Gurmukhi", /\p{Script=Gurmukhi}/u],
  ["Gujarati", /\p{Script=Gujarati}/u],
  ["Odia", /\p{Script=Oriya}/u],
];
const SCRIPT_PATTERNS = Object.fromEntries(SCRIPTS) as Record<Indic, RegExp>;
const IGNORABLE = /\p{Default_Ignorable_Code_Point}/u;
/** Characters of no script of their own that only the Indian scripts' fonts draw: the danda and double danda. */
const SHARED_INDIC = /[\u0964\u0965]/u;
/** Marks and joiners that belong to the run before them, whatever their script property says. */
const JOINS_PREVIOUS = /[\p{Mn}\p{Mc}\p{Default_Ignorable_Code_Point}\u0964\u0965]/u;
const graphemes = new Intl.Segmenter("en", { granularity: "grapheme" });

function scriptName(text: string): string {
  return SCRIPTS.find(([, pattern]) => pattern.test(text))?.[0] ?? "";
}

const named = (script: string) => (script ? `[${script} text]` : "[other script]");

/** A run of text drawn with one font. */
interface Run {
  key: FontKey;
  codePoints: number[];
}

/** One document's use of a font: the subset and what each of its glyphs stands for. */
interface Embedding {
  loaded: LoadedFont;
  ref: PDFRef;
  subset: ReturnType<Font["createSubset"]>;
  /** Original glyph id to subset glyph id (the CID drawn). */
  cids: Map<number, number>;
  /** Subset glyph id to the text it stands for (ToUnicode) and its advance in thousandths of an em (/W). */
  glyphs: Map<number, { text: number[]; width: number }>;
}

class DocumentFonts {
  readonly #doc: PDFDocument;
  readonly #fonts: Map<FontKey, LoadedFont>;
  readonly #embedded = new Map<FontKey, Embedding>();
  readonly #pageKeys = new WeakMap<PDFPage, Map<FontKey, PDFName>>();
  readonly #shaped = new Map<string, { run: Run; glyphs: ReturnType<ShapingFont["shape"]> }[]>();

  constructor(doc: PDFDocument, fonts: LoadedFont[]) {
    this.#doc = doc;
    this.#fonts = new Map(fonts.map((font) => [font.key, font]));
  }

  covers(char: string, bold: boolean): boolean {
    if (IGNORABLE.test(char)) return true;
    const code = char.codePointAt(0)!;
    const script = INDIC.find((name) => name === scriptName(char));
    if (script) return this.#fonts.get(script)?.shaping.covers(code) ?? false;
    if (this.#fonts.get(bold ? "sansBold" : "sans")!.shaping.covers(code)) return true;
    return INDIC.some((name) => this.#fonts.get(name)?.shaping.covers(code));
  }

  /**
   * Splits printable text into runs: Indian scripts in their own font, the rest in Noto Sans.
   * Characters the scripts share (danda, double danda, digits, ₹, spaces) go with the Indian
   * text around them, so they are shaped with it; one Noto Sans lacks (a danda after Latin
   * text) takes the font of the nearest Indian script in the text.
   */
  runs(text: string, bold: boolean): Run[] {
    const sans: FontKey = bold ? "sansBold" : "sans";
    const chars = [...text];
    const scripts = chars.map((char) => INDIC.find((name) => name === scriptName(char)));
    const runs: Run[] = [];
    chars.forEach((char, index) => {
      const code = char.codePointAt(0)!;
      const current = runs.at(-1);
      const script = scripts[index];
      let key: FontKey;
      if (script) key = script;
      else if (current && current.key !== sans && (JOINS_PREVIOUS.test(char) || this.#fonts.get(current.key)?.shaping.covers(code)))
        key = current.key;
      else if (this.#fonts.get(sans)!.shaping.covers(code)) key = sans;
      else key = this.#sharedCharacterFont(code, scripts, index) ?? sans;
      if (current?.key === key) current.codePoints.push(code);
      else runs.push({ key, codePoints: [code] });
    });
    return runs;
  }

  /** The font of the Indian script nearest to `index` (before it, then after) that draws `code`, else any that does. */
  #sharedCharacterFont(code: number, scripts: (Indic | undefined)[], index: number): Indic | undefined {
    const draws = (name: Indic | undefined): name is Indic => !!name && !!this.#fonts.get(name)?.shaping.covers(code);
    return scripts.slice(0, index).reverse().find(draws) ?? scripts.slice(index + 1).find(draws) ?? INDIC.find((name) => draws(name));
  }

  /** Runs and their glyphs, as HarfBuzz shapes them (cached for the document: wrap measures often). */
  shape(text: string, bold: boolean) {
    const cacheKey = `${bold ? "b" : "r"}${text}`;
    let shaped = this.#shaped.get(cacheKey);
    if (!shaped) {
      shaped = this.runs(text, bold).map((run) => ({ run, glyphs: this.#fonts.get(run.key)!.shaping.shape(run.codePoints) }));
      this.#shaped.set(cacheKey, shaped);
    }
    return shaped;
  }

  width(text: string, size: number, bold: boolean): number {
    let width = 0;
    for (const { run, glyphs } of this.shape(text, bold)) {
      const upem = this.#fonts.get(run.key)!.shaping.upem;
      for (const glyph of glyphs) width += (glyph.xAdvance * size) / upem;
    }
    return width;
  }

  #embedding(key: FontKey): Embedding {
    let embedding = this.#embedded.get(key);
    if (!embedding) {
      const loaded = this.#fonts.get(key)!;
      embedding = { loaded, ref: this.#doc.context.nextRef(), subset: evenGlyphSubset(loaded.font), cids: new Map(), glyphs: new Map() };
      this.#embedded.set(key, embedding);
    }
    return embedding;
  }

  #fontName(page: PDFPage, key: FontKey): PDFName {
    let keys = this.#pageKeys.get(page);
    if (!keys) this.#pageKeys.set(page, (keys = new Map()));
    let name = keys.get(key);
    if (!name) {
      name = page.node.newFontDictionary(`Noto-${key}`, this.#embedding(key).ref);
      keys.set(key, name);
    }
    return name;
  }

  draw(page: PDFPage, text: string, options: { x: number; y: number; size: number; color: Color; bold: boolean }) {
    const { x, y, size, color, bold } = options;
    const context = this.#doc.context;
    // A marked-content property list (a dict) is a valid operand, though pdf-lib's type leaves it out.
    const op = (name: Ops, ...args: (PDFName | PDFNumber | PDFHexString | PDFDict | ReturnType<typeof context.obj>)[]) =>
      PDFOperator.of(name, args as Parameters<typeof PDFOperator.of>[1]);
    const num = (value: number) => PDFNumber.of(Math.round(value * 1000) / 1000);
    const operators: PDFOperator[] = [
      op(Ops.PushGraphicsState),
      op(Ops.BeginMarkedContentSequence, PDFName.of("Span"), context.obj({ ActualText: PDFHexString.fromText(text) })),
      op(Ops.BeginText),
      setFillingColor(color),
      op(Ops.SetTextMatrix, num(1), num(0), num(0), num(1), num(x), num(y)),
    ];
    let fakeBold = false;
    for (const { run, glyphs } of this.shape(text, bold)) {
      const embedding = this.#embedding(run.key);
      const upem = embedding.loaded.shaping.upem;
      // Indian scripts have a regular weight only: bold is drawn by stroking the outline too.
      const stroke = bold && run.key !== "sansBold";
      if (stroke !== fakeBold) {
        if (stroke) operators.push(setStrokingColor(color), op(Ops.SetLineWidth, num(size * 0.035)));
        operators.push(op(Ops.SetTextRenderingMode, num(stroke ? 2 : 0)));
        fakeBold = stroke;
      }
      operators.push(op(Ops.SetFontAndSize, this.#fontName(page, run.key), num(size)));
      const clusters = [...new Set(glyphs.map((glyph) => glyph.cluster))].sort((a, b) => a - b);
      const seen = new Set<number>();
      // TJ shows glyphs by CID; numbers move the pen by -n/1000 of the font size, which turns
      // each glyph's own advance into the one HarfBuzz gave it, and places marks at their offset.
      let shown: (PDFHexString | PDFNumber)[] = [];
      let pending = 0;
      const move = (thousandths: number) => (pending -= thousandths);
      const scale = 1000 / upem;
      const flush = () => {
        if (pending) shown.push(num(pending));
        if (shown.length) operators.push(op(Ops.ShowTextAdjusted, context.obj(shown)));
        shown = [];
        pending = 0;
      };
      for (const glyph of glyphs) {
        // The first glyph of a cluster stands for the cluster's characters (ToUnicode).
        const start = clusters.indexOf(glyph.cluster);
        const end = clusters[start + 1] ?? run.codePoints.length;
        const standsFor = seen.has(glyph.cluster) ? [] : run.codePoints.slice(glyph.cluster, end);
        seen.add(glyph.cluster);
        const cid = this.#cid(embedding, glyph.glyphId, standsFor);
        // The advance written in the font's /W, in thousandths of the size.
        const natural = embedding.glyphs.get(cid)!.width;
        move(glyph.xOffset * scale);
        if (glyph.yOffset) {
          flush();
          operators.push(op(Ops.SetTextRise, num((glyph.yOffset * size) / upem)));
          operators.push(op(Ops.ShowTextAdjusted, context.obj([PDFHexString.of(cid.toString(16).padStart(4, "0"))])));
          operators.push(op(Ops.SetTextRise, num(0)));
        } else {
          if (pending) shown.push(num(pending));
          pending = 0;
          shown.push(PDFHexString.of(cid.toString(16).padStart(4, "0")));
        }
        move((glyph.xAdvance - glyph.xOffset) * scale - natural);
      }
      flush();
    }
    operators.push(op(Ops.EndText), op(Ops.EndMarkedContent), op(Ops.PopGraphicsState));
    page.pushOperators(...operators);
  }

  #cid(embedding: Embedding, glyphId: number, standsFor: number[]): number {
    let cid = embedding.cids.get(glyphId);
    if (cid === undefined) {
      cid = embedding.subset.includeGlyph(glyphId);
      embedding.cids.set(glyphId, cid);
      const { font } = embedding.loaded;
      embedding.glyphs.set(cid, { text: standsFor, width: Math.round((font.getGlyph(glyphId).advanceWidth * 1000) / font.unitsPerEm) });
    } else if (standsFor.length && !embedding.glyphs.get(cid)!.text.length) embedding.glyphs.get(cid)!.text = standsFor;
    return cid;
  }

  async finish() {
    let index = 0;
    for (const embedding of this.#embedded.values()) {
      const bytes = await new Promise<Uint8Array>((resolve, reject) => {
        const parts: Uint8Array[] = [];
        const stream = embedding.subset
          .encodeStream()
          .on("data", (part) => parts.push(part))
          .on("end", () => resolve(concat(parts)));
        (stream as unknown as { on(event: "error", listener: (error: unknown) => void): void }).on("error", reject);
      });
      writeFont(this.#doc, embedding, bytes, `SNDH${String.fromCharCode(65 + Math.floor(index / 26), 65 + (index % 26))}`);
      index += 1;
    }
  }
}

interface TrueTypeSubset {
  glyf: Uint8Array[];
  offset: number;
  _addGlyph(glyphId: number): number;
}

/**
 * fontkit's TrueType subset copies each glyph's bytes as they are and then writes the short
 * `loca` format (offsets halved) whenever the table is small; Noto Sans has glyphs of odd
 * length, so every glyph after one came out garbled (blank in a viewer). Padding each glyph
 * to an even length, as the TrueType spec asks of short offsets, keeps the offsets exact.
 */
function evenGlyphSubset(font: Font): Embedding["subset"] {
  const subset = font.createSubset();
  const trueType = subset as unknown as TrueTypeSubset;
  const addGlyph = trueType._addGlyph;
  if (typeof addGlyph !== "function") return subset;
  trueType._addGlyph = function (this: TrueTypeSubset, glyphId: number) {
    const id = addGlyph.call(this, glyphId);
    const bytes = this.glyf[this.glyf.length - 1]!;
    if (bytes.length % 2) {
      // The same (Buffer) class as fontkit's own chunks: its encoder takes nothing else.
      const padded = (bytes.constructor as unknown as { alloc(size: number): Uint8Array }).alloc(bytes.length + 1);
      padded.set(bytes);
      this.glyf[this.glyf.length - 1] = padded;
      this.offset += 1;
    }
    return id;
  };
  return subset;
}

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.byteLength, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.byteLength;
  }
  return out;
}

/** The subset as a Type 0 font (CIDFontType2, Identity-H: the CIDs drawn are the subset's glyph ids). */
function writeFont(doc: PDFDocument, embedding: Embedding, bytes: Uint8Array, tag: string) {
  const { font } = embedding.loaded;
  const context = doc.context;
  const scale = 1000 / font.unitsPerEm;
  const name = `${tag}+${(font.postscriptName ?? embedding.loaded.key).replace(/[^\x21-\x7E]|[/()<>[\]{}%#]/g, "")}`;
  const fontFile = context.register(context.flateStream(bytes, { Length1: bytes.byteLength }));
  const descriptor = context.register(
    context.obj({
      Type: "FontDescriptor",
      FontName: name,
      Flags: 4,
      FontBBox: [font.bbox.minX * scale, font.bbox.minY * scale, font.bbox.maxX * scale, font.bbox.maxY * scale].map(Math.round),
      ItalicAngle: font.italicAngle,
      Ascent: Math.round(font.ascent * scale),
      Descent: Math.round(font.descent * scale),
      CapHeight: Math.round((font.capHeight || font.ascent) * scale),
      XHeight: Math.round((font.xHeight || 0) * scale),
      StemV: 80,
      FontFile2: fontFile,
    }),
  );
  const cids = [...embedding.glyphs.keys()].sort((a, b) => a - b);
  const widths: (number | number[])[] = [];
  for (const cid of cids) widths.push(cid, [embedding.glyphs.get(cid)!.width]);
  const cidFont = context.register(
    context.obj({
      Type: "Font",
      Subtype: "CIDFontType2",
      BaseFont: name,
      CIDSystemInfo: { Registry: PDFString.of("Adobe"), Ordering: PDFString.of("Identity"), Supplement: 0 },
      FontDescriptor: descriptor,
      W: widths,
      CIDToGIDMap: "Identity",
    }),
  );
  const hex = (value: number) => value.toString(16).padStart(4, "0").toUpperCase();
  const utf16 = (codePoints: number[]) =>
    String.fromCodePoint(...codePoints)
      .split("")
      .map((unit) => hex(unit.charCodeAt(0)))
      .join("");
  const entries = cids
    .filter((cid) => embedding.glyphs.get(cid)!.text.length)
    .map((cid) => `<${hex(cid)}> <${utf16(embedding.glyphs.get(cid)!.text)}>`);
  const chunks: string[] = [];
  // A CMap's bfchar blocks hold at most 100 entries each.
  for (let i = 0; i < entries.length; i += 100) {
    const block = entries.slice(i, i + 100);
    chunks.push(`${block.length} beginbfchar\n${block.join("\n")}\nendbfchar`);
  }
  const cmap = [
    "/CIDInit /ProcSet findresource begin",
    "12 dict begin",
    "begincmap",
    "/CIDSystemInfo << /Registry (Adobe) /Ordering (UCS) /Supplement 0 >> def",
    "/CMapName /Adobe-Identity-UCS def",
    "/CMapType 2 def",
    "1 begincodespacerange",
    "<0000> <FFFF>",
    "endcodespacerange",
    ...chunks,
    "endcmap",
    "CMapName currentdict /CMap defineresource pop",
    "end",
    "end",
  ].join("\n");
  const toUnicode = context.register(context.flateStream(cmap));
  context.assign(
    embedding.ref,
    context.obj({
      Type: "Font",
      Subtype: "Type0",
      BaseFont: name,
      Encoding: "Identity-H",
      DescendantFonts: [cidFont],
      ToUnicode: toUnicode,
    }),
  );
}

function face(fonts: DocumentFonts, bold: boolean): PdfFace {
  const covers = (cluster: string) => [...cluster].every((char) => fonts.covers(char, bold));
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
          out += segment;
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
    width: (text, size) => fonts.width(text, size, bold),
    draw: (page, text, options) => fonts.draw(page, text, { ...options, bold }),
  };
}

/**
 * The faces of one document. `texts` is everything the document may draw: the fonts of the
 * Indian scripts in it are loaded too (each once per Worker), and embedded as they are used.
 */
export async function embedPdfFonts(doc: PDFDocument, texts: Iterable<string>): Promise<PdfFonts> {
  const needed = new Set<FontKey>(["sans", "sansBold"]);
  let shared = false;
  for (const text of texts) {
    for (const script of INDIC) if (!needed.has(script) && SCRIPT_PATTERNS[script].test(text)) needed.add(script);
    shared ||= SHARED_INDIC.test(text);
  }
  // A danda in text with no Indian letters still needs a font that draws it.
  if (shared && needed.size === 2) needed.add("Devanagari");
  const fonts = new DocumentFonts(doc, await Promise.all([...needed].map(loadPdfFont)));
  return { regular: face(fonts, false), bold: face(fonts, true), finish: () => fonts.finish() };
}
