/** Reading back what a pdf-lib document draws, for the PDF tests: text, where it sits and how wide it is. */
// In workerd tests "pdf-lib" is aliased to its bundled ES build (vitest.config.ts); in Node (e2e) it is the package.
import { decodePDFRawStream, PDFArray, PDFDict, PDFDocument, PDFName, type PDFNumber, PDFRawStream, PDFRef } from "pdf-lib";

export interface PdfTextItem {
  page: number;
  x: number;
  /** Baseline. */
  y: number;
  size: number;
  /** The font's resource name (bold and regular differ). */
  font: string;
  text: string;
  /** Advance width in points, from the embedded font's /W widths and TJ adjustments (what a viewer draws). */
  width: number;
  /** The glyphs drawn, by font resource name and CID (the subset font's glyph id). */
  glyphs: { font: string; cid: number }[];
}

interface FontInfo {
  /** Glyph id (2-byte code) to text, from the font's ToUnicode CMap; null for simple fonts. */
  unicode: Map<number, string> | null;
  widths: Map<number, number>;
  defaultWidth: number;
}

function parseToUnicode(cmap: string): Map<number, string> {
  const map = new Map<number, string>();
  for (const [, block] of cmap.matchAll(/beginbfchar([\s\S]*?)endbfchar/g)) {
    for (const [, code, text] of block!.matchAll(/<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]+)>/g)) map.set(parseInt(code!, 16), utf16Hex(text!));
  }
  for (const [, block] of cmap.matchAll(/beginbfrange([\s\S]*?)endbfrange/g)) {
    for (const [, low, high, text] of block!.matchAll(/<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]+)>/g)) {
      const start = parseInt(text!, 16);
      for (let code = parseInt(low!, 16); code <= parseInt(high!, 16); code++)
        map.set(code, String.fromCharCode(start + code - parseInt(low!, 16)));
    }
  }
  return map;
}

function fontInfo(pdf: PDFDocument, font: PDFDict): FontInfo {
  const lookup = <T>(value: unknown): T => (value instanceof PDFRef ? pdf.context.lookup(value) : value) as T;
  const toUnicode = lookup<PDFRawStream | undefined>(font.get(PDFName.of("ToUnicode")));
  const unicode = toUnicode ? parseToUnicode(new TextDecoder("latin1").decode(decodePDFRawStream(toUnicode).decode())) : null;
  const widths = new Map<number, number>();
  let defaultWidth = 0;
  const descendants = lookup<PDFArray | undefined>(font.get(PDFName.of("DescendantFonts")));
  if (descendants) {
    const cid = lookup<PDFDict>(descendants.get(0));
    defaultWidth = lookup<PDFNumber | undefined>(cid.get(PDFName.of("DW")))?.asNumber() ?? 1000;
    const w = lookup<PDFArray | undefined>(cid.get(PDFName.of("W")));
    const entries = w ? w.asArray().map((entry) => lookup<PDFNumber | PDFArray>(entry)) : [];
    for (let i = 0; i < entries.length; ) {
      const first = (entries[i] as PDFNumber).asNumber();
      const next = entries[i + 1];
      if (next instanceof PDFArray) {
        for (const [n, value] of next.asArray().entries()) widths.set(first + n, lookup<PDFNumber>(value).asNumber());
        i += 2;
      } else {
        const last = (next as PDFNumber).asNumber();
        const value = (entries[i + 2] as PDFNumber).asNumber();
        for (let code = first; code <= last; code++) widths.set(code, value);
        i += 3;
      }
    }
  }
  return { unicode, widths, defaultWidth };
}

type Operand = string | number | Operand[] | { [key: string]: Operand } | { hex: string } | { name: string };

/** A content stream's operands and operators, in order (enough of the syntax for what our PDFs draw). */
function* contentOperations(content: string): Generator<{ operator: string; operands: Operand[] }> {
  const tokens =
    /\/[^\s/[\]()<>{}%]*|<<|>>|<[0-9A-Fa-f\s]*>|\[|\]|\((?:\\.|[^\\)])*\)|[-+]?(?:\d+\.?\d*|\.\d+)|[A-Za-z'"*][A-Za-z0-9'"*]*/g;
  const stack: (Operand | "[" | "<<")[] = [];
  for (const [token] of content.matchAll(tokens)) {
    if (token === "[" || token === "<<") stack.push(token);
    else if (token === "]") {
      const at = stack.lastIndexOf("[");
      const items = stack.splice(at).slice(1) as Operand[];
      stack.push(items);
    } else if (token === ">>") {
      const at = stack.lastIndexOf("<<");
      const items = stack.splice(at).slice(1) as Operand[];
      const dict: Record<string, Operand> = {};
      for (let i = 0; i + 1 < items.length; i += 2) dict[(items[i] as { name: string }).name] = items[i + 1]!;
      stack.push(dict);
    } else if (token.startsWith("/")) stack.push({ name: token.slice(1) });
    else if (token.startsWith("<")) stack.push({ hex: token.slice(1, -1).replace(/\s/g, "") });
    else if (token.startsWith("(")) stack.push(token.slice(1, -1));
    else if (/^[-+.\d]/.test(token)) stack.push(Number(token));
    else yield { operator: token, operands: stack.splice(0) as Operand[] };
  }
}

const utf16Hex = (hex: string) => String.fromCharCode(...(hex.match(/.{4}/g) ?? []).map((unit) => parseInt(unit, 16)));

/**
 * Every piece of text a document draws, page by page: one item per text object (BT … ET), with
 * where it starts, the text it stands for (its /ActualText when it has one, else its glyphs read
 * through the font's ToUnicode), its width as a viewer lays it out (/W widths and TJ
 * adjustments) and the glyphs drawn (CIDs of the embedded subset font).
 */
export async function pdfTextItems(bytes: ArrayBuffer | Uint8Array): Promise<PdfTextItem[]> {
  const pdf = await PDFDocument.load(bytes);
  const items: PdfTextItem[] = [];
  pdf.getPages().forEach((page, pageIndex) => {
    const fonts = new Map<string, FontInfo>();
    const fontDict = page.node.Resources()?.lookupMaybe(PDFName.of("Font"), PDFDict);
    for (const [name, ref] of fontDict?.entries() ?? [])
      fonts.set(name.asString().slice(1), fontInfo(pdf, pdf.context.lookup(ref) as PDFDict));
    const contents = page.node.Contents();
    const streams = contents instanceof PDFArray ? contents.asArray().map((ref) => pdf.context.lookup(ref)) : [contents];
    const content = streams
      .filter((stream): stream is PDFRawStream => stream instanceof PDFRawStream)
      .map((stream) => new TextDecoder("latin1").decode(decodePDFRawStream(stream).decode()))
      .join("\n");
    let actualText: string | null = null;
    let item: PdfTextItem | null = null;
    let font = "";
    let size = 0;
    let decoded = "";
    const show = (hex: string) => {
      const info = fonts.get(font);
      for (const unit of hex.match(/.{4}/g) ?? []) {
        const code = parseInt(unit, 16);
        item!.glyphs.push({ font, cid: code });
        decoded += info?.unicode?.get(code) ?? "\uFFFD";
        item!.width += info?.unicode ? ((info.widths.get(code) ?? info.defaultWidth) * size) / 1000 : Number.NaN;
      }
    };
    for (const { operator, operands } of contentOperations(content)) {
      if (operator === "BDC") {
        const properties = operands[1] as Record<string, Operand> | undefined;
        const actual = properties?.ActualText as { hex: string } | undefined;
        if (actual) actualText = utf16Hex(actual.hex).replace(/^\uFEFF/, "");
      } else if (operator === "EMC") actualText = null;
      else if (operator === "BT") {
        item = { page: pageIndex + 1, x: 0, y: 0, size: 0, font: "", text: "", width: 0, glyphs: [] };
        decoded = "";
      } else if (operator === "ET" && item) {
        item.text = actualText ?? decoded;
        items.push(item);
        item = null;
      } else if (!item) continue;
      else if (operator === "Tf") {
        font = (operands[0] as { name: string }).name;
        size = operands[1] as number;
        if (!item.font) [item.font, item.size] = [font, size];
      } else if (operator === "Tm" && item.glyphs.length === 0) [item.x, item.y] = [operands[4] as number, operands[5] as number];
      else if (operator === "Tj") show((operands[0] as { hex: string }).hex);
      else if (operator === "TJ") {
        for (const part of operands[0] as Operand[]) {
          if (typeof part === "number") item.width -= (part / 1000) * size;
          else show((part as { hex: string }).hex);
        }
      }
    }
  });
  return items;
}

/** The text a pdf-lib document draws, one drawn piece a line. */
export async function pdfText(bytes: ArrayBuffer | Uint8Array): Promise<string> {
  return (await pdfTextItems(bytes)).map((item) => item.text).join("\n");
}

export interface TableColumn {
  label: string;
  align: "left" | "right";
}

/**
 * Problems with a table's layout: every header row found (its labels side by side on one
 * baseline) fixes where its columns' text sits (left- or right-aligned with the label); on
 * each page, every column's text must end `gap` points before the next column's text begins,
 * and all text must stay inside the page's margins. Empty when the table is sound.
 */
export function tableLayoutProblems(
  items: PdfTextItem[],
  columns: TableColumn[],
  options: { pageWidth: number; margin: number; gap: number; endsAt?: string },
): string[] {
  const problems: string[] = [];
  const right = (item: PdfTextItem) => item.x + item.width;
  for (const item of items) {
    if (!Number.isFinite(item.width)) problems.push(`page ${item.page}: "${item.text}" is drawn in a font without widths (not embedded)`);
    else if (item.x < options.margin - 0.01 || right(item) > options.pageWidth - options.margin + 0.01) {
      problems.push(`page ${item.page}: "${item.text}" runs outside the margins (${item.x.toFixed(1)}–${right(item).toFixed(1)})`);
    }
  }
  const headers: { page: number; y: number; labels: PdfTextItem[] }[] = [];
  for (const first of items.filter((item) => item.text === columns[0]!.label)) {
    const row = items.filter((item) => item.page === first.page && item.y === first.y);
    const labels = columns.map((column) => row.find((item) => item.text === column.label));
    if (labels.every(Boolean)) headers.push({ page: first.page, y: first.y, labels: labels as PdfTextItem[] });
  }
  if (headers.length === 0) problems.push(`no header row ${columns.map((c) => c.label).join(" | ")}`);
  headers.forEach((header, h) => {
    const next = headers[h + 1];
    // The table ends at its next header, or where the text `endsAt` (the next table's first label) begins.
    const end = items.find((item) => item.page === header.page && item.y < header.y && item.text === options.endsAt);
    const rows = items.filter(
      (item) =>
        item.page === header.page &&
        item.y < header.y &&
        (!next || next.page !== header.page || item.y > next.y) &&
        (!end || item.y > end.y),
    );
    const cells = columns.map((column, i) => {
      const label = header.labels[i]!;
      const inColumn = rows.filter((item) =>
        column.align === "left" ? Math.abs(item.x - label.x) < 0.01 : Math.abs(right(item) - right(label)) < 0.01,
      );
      return [label, ...inColumn];
    });
    for (let i = 0; i + 1 < columns.length; i++) {
      const widest = cells[i]!.reduce((a, b) => (right(a) >= right(b) ? a : b));
      const nearest = cells[i + 1]!.reduce((a, b) => (a.x <= b.x ? a : b));
      if (right(widest) + options.gap > nearest.x + 0.01) {
        problems.push(
          `page ${header.page}: "${widest.text}" (${columns[i]!.label}) reaches ` +
            `${right(widest).toFixed(1)}, but "${nearest.text}" (${columns[i + 1]!.label}) begins at ` +
            `${nearest.x.toFixed(1)}`,
        );
      }
    }
  });
  return problems;
}

/** The embedded font programs (FontFile2) of a page's fonts, by resource name. */
export async function embeddedFonts(bytes: ArrayBuffer | Uint8Array, pageNumber: number): Promise<Map<string, Uint8Array>> {
  const pdf = await PDFDocument.load(bytes);
  const page = pdf.getPage(pageNumber - 1);
  const lookup = <T>(value: unknown): T => (value instanceof PDFRef ? pdf.context.lookup(value) : value) as T;
  const programs = new Map<string, Uint8Array>();
  const fontDict = page.node.Resources()?.lookupMaybe(PDFName.of("Font"), PDFDict);
  for (const [name, ref] of fontDict?.entries() ?? []) {
    const font = lookup<PDFDict>(ref);
    const cid = lookup<PDFDict>(lookup<PDFArray>(font.get(PDFName.of("DescendantFonts"))).get(0));
    const descriptor = lookup<PDFDict>(cid.get(PDFName.of("FontDescriptor")));
    const file = lookup<PDFRawStream>(descriptor.get(PDFName.of("FontFile2")));
    programs.set(name.asString().slice(1), decodePDFRawStream(file).decode());
  }
  return programs;
}
