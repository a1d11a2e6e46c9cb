/** Text for the PDFs: cells that wrap instead of being cut. */
import type { PdfFace } from "./pdf-fonts.server";

const graphemes = new Intl.Segmenter("en", { granularity: "grapheme" });

/**
 * Words to lines no wider than `width`, as the face will draw them; a word longer than a
 * line is broken between characters (never inside one, e.g. a letter and its vowel sign).
 */
export function wrap(text: string, width: number, size: number, face: PdfFace): string[] {
  const lines: string[] = [];
  let current = "";
  const fits = (value: string) => face.width(value, size) <= width;
  for (const word of face.printable(text).split(/\s+/).filter(Boolean)) {
    let piece = word;
    while (!fits(piece)) {
      const clusters = Array.from(graphemes.segment(piece), ({ segment }) => segment);
      if (clusters.length < 2) break;
      let cut = clusters.length - 1;
      while (cut > 1 && !fits(clusters.slice(0, cut).join(""))) cut -= 1;
      if (current) lines.push(current);
      lines.push(clusters.slice(0, cut).join(""));
      current = "";
      piece = clusters.slice(cut).join("");
    }
    const candidate = current ? `${current} ${piece}` : piece;
    if (fits(candidate)) current = candidate;
    else {
      lines.push(current);
      current = piece;
    }
  }
  if (current || lines.length === 0) lines.push(current);
  return lines;
}
