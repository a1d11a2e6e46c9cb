/**
 * Text for the PDFs drawn with pdf-lib's standard fonts: they draw Latin text only,
 * so other characters are replaced, and cells wrap instead of being cut.
 */
import type { PDFFont } from "pdf-lib";

/** Characters the standard fonts can draw; others become "?". */
export function latin(text: string): string {
  return text.replace(/[^\x20-\x7E\xA0-\xFF]/g, "?");
}

/** Words to lines no wider than `width`; a word longer than a line is broken. */
export function wrap(text: string, width: number, size: number, font: PDFFont): string[] {
  const lines: string[] = [];
  let current = "";
  for (const word of latin(text).split(/\s+/).filter(Boolean)) {
    let piece = word;
    while (font.widthOfTextAtSize(piece, size) > width) {
      let cut = piece.length - 1;
      while (cut > 1 && font.widthOfTextAtSize(piece.slice(0, cut), size) > width) cut -= 1;
      if (current) lines.push(current);
      lines.push(piece.slice(0, cut));
      current = "";
      piece = piece.slice(cut);
    }
    const candidate = current ? `${current} ${piece}` : piece;
    if (font.widthOfTextAtSize(candidate, size) <= width) current = candidate;
    else {
      lines.push(current);
      current = piece;
    }
  }
  if (current || lines.length === 0) lines.push(current);
  return lines;
}

