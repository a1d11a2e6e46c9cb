/** Reading back what a pdf-lib document draws, for the PDF tests: text, where it sits and how wide it is. */
// The bundled ES build: the package's es/ folder uses extensionless imports that workerd cannot load.
import { decodePDFRawStream, PDFArray, PDFDict, PDFDocument, PDFName, PDFNumber, PDFRawStream, PDFRef } from "pdf-lib/dist/pdf-lib.esm.js";

export interface PdfTextItem {
  page: number;
  x: number;
  /** Baseline. */
  y: number;
  size: number;
  /** The font's resource name (bold and regular differ). */
  font: string;
  text: string;
  /** Advance width in points, from the embedded font's /W widths (what a viewer draws). */
  width: number;
}

interface FontInfo {
  /** Glyph id (2-byte code) to text, from the font's ToUnicode CMap; null for simple fonts. */
  unicode: Map<number, string> | null;
  widths: Map<number, number>;
  defaultWidth: number;
}

const hexToText = (hex: string) => String.fromCharCode(...(hex.match(/.{4}/g) ?? []).map((unit) => parseInt(unit, 16)));

function parseToUnicode(cmap: string): Map<number, string> {
  const map = new Map<number, string>();
  for (const [, block] of cmap.matchAll(/beginbfchar([\s\S]*?)endbfchar/g)) {
    for (const [, code, text] of block!.matchAll(/<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]+)>/g)) map.set(parseInt(code!, 16), hexToText(text!));
  }
  for (const [, block] of cmap.matchAll(/beginbfrange([\s\S]*?)endbfrange/g)) {
    for (const [, low, high, text] of block!.matchAll(/<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]+)>/g)) {
      const start = parseInt(text!, 16);
      for (let code = parseInt(low!, 16); code <= parseInt(high!, 16); code++) map.set(code, String.fromCharCode(start + code - parseInt(low!, 16)));
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
        next.asArray().forEach((value, n) => widths.set(first + n, lookup<PDFNumber>(value).asNumber()));
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

/** Every piece of text a pdf-lib document draws (drawText: Tf, Tm, TL/T* and hex Tj), page by page. */
export async function pdfTextItems(bytes: ArrayBuffer | Uint8Array): Promise<PdfTextItem[]> {
  const pdf = await PDFDocument.load(bytes);
  const items: PdfTextItem[] = [];
  pdf.getPages().forEach((page, pageIndex) => {
    const fonts = new Map<string, FontInfo>();
    const fontDict = page.node.Resources()?.lookupMaybe(PDFName.of("Font"), PDFDict);
    for (const [name, ref] of fontDict?.entries() ?? []) fonts.set(name.asString().slice(1), fontInfo(pdf, pdf.context.lookup(ref) as PDFDict));
    const contents = page.node.Contents();
    const streams = contents instanceof PDFArray ? contents.asArray().map((ref) => pdf.context.lookup(ref)) : [contents];
    const content = streams
      .filter((stream): stream is PDFRawStream => stream instanceof PDFRawStream)
      .map((stream) => new TextDecoder("latin1").decode(decodePDFRawStream(stream).decode()))
      .join("\n");
    let font = "";
    let size = 0;
    let leading = 0;
    let x = 0;
    let y = 0;
    const ops = /\/([^\s/<>[\]()]+)\s+([-\d.]+)\s+Tf|([-\d.]+)\s+([-\d.]+)\s+([-\d.]+)\s+([-\d.]+)\s+([-\d.]+)\s+([-\d.]+)\s+Tm|([-\d.]+)\s+TL|<([0-9A-Fa-f]*)>\s*Tj|T\*/g;
    for (const match of content.matchAll(ops)) {
      if (match[1] !== undefined) {
        font = match[1];
        size = Number(match[2]);
      } else if (match[3] !== undefined) {
        x = Number(match[7]);
        y = Number(match[8]);
      } else if (match[9] !== undefined) leading = Number(match[9]);
      else if (match[0] === "T*") y -= leading;
      else {
        const info = fonts.get(font);
        const hex = match[10]!;
        let text = "";
        let width = 0;
        if (info?.unicode) {
          for (const unit of hex.match(/.{4}/g) ?? []) {
            const code = parseInt(unit, 16);
            text += info.unicode.get(code) ?? "\uFFFD";
            width += ((info.widths.get(code) ?? info.defaultWidth) * size) / 1000;
          }
        } else {
          text = hex.replace(/../g, (pair) => String.fromCharCode(parseInt(pair, 16)));
          width = Number.NaN;
        }
        items.push({ page: pageIndex + 1, x, y, size, font, text, width });
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
export function tableLayoutProblems(items: PdfTextItem[], columns: TableColumn[], options: { pageWidth: number; margin: number; gap: number; endsAt?: string }): string[] {
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
      (item) => item.page === header.page && item.y < header.y && (!next || next.page !== header.page || item.y > next.y) && (!end || item.y > end.y),
    );
    const cells = columns.map((column, i) => {
      const label = header.labels[i]!;
      const inColumn = rows.filter((item) => (column.align === "left" ? Math.abs(item.x - label.x) < 0.01 : Math.abs(right(item) - right(label)) < 0.01));
      return [label, ...inColumn];
    });
    for (let i = 0; i + 1 < columns.length; i++) {
      const widest = cells[i]!.reduce((a, b) => (right(a) >= right(b) ? a : b));
      const nearest = cells[i + 1]!.reduce((a, b) => (a.x <= b.x ? a : b));
      if (right(widest) + options.gap > nearest.x + 0.01) {
        problems.push(`page ${header.page}: "${widest.text}" (${columns[i]!.label}) reaches ${right(widest).toFixed(1)}, but "${nearest.text}" (${columns[i + 1]!.label}) begins at ${nearest.x.toFixed(1)}`);
      }
    }
  });
  return problems;
}
