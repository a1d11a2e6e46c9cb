/**
 * QR codes as vectors: the module matrix from `uqr` (a small, maintained encoder with no
 * dependencies that runs in Workers), drawn as one SVG path of dark runs, for pages, mail and
 * PDFs alike. tests/trust/trust-rules.source.test.ts decodes it with a reference decoder (jsQR).
 */
import { encode } from "uqr";

export interface QrCode {
  /** Modules per side, without the quiet zone. */
  size: number;
  /** Row-major: true is dark. */
  modules: boolean[][];
}

/** Error correction M (15%): a printed receipt survives a fold or a smudge. */
export function qrCode(text: string): QrCode {
  const { size, data } = encode(text, { ecc: "M", border: 0 });
  return { size, modules: data };
}

/**
 * The dark modules as one SVG path in module units (0..size): one rectangle per horizontal run,
 * so a code of version 3 is a few hundred short commands rather than a thousand squares.
 */
export function qrPath({ modules }: QrCode): string {
  const parts: string[] = [];
  modules.forEach((row, y) => {
    let x = 0;
    while (x < row.length) {
      if (!row[x]) {
        x++;
        continue;
      }
      const start = x;
      while (x < row.length && row[x]) x++;
      parts.push(`M${start} ${y}h${x - start}v1h${start - x}z`);
    }
  });
  return parts.join("");
}

/**
 * The code as an HTML table for mail (mail programs show neither SVG nor data images reliably):
 * dark runs as cells with a background, a quiet zone of four modules around it.
 */
export function qrHtmlTable({ size, modules }: QrCode, label: string, modulePx = 4): string {
  const quiet = 4;
  const side = (size + 2 * quiet) * modulePx;
  const cell = (dark: boolean, run: number) => {
    const span = run > 1 ? ` colspan="${run}"` : "";
    const style = `width:${run * modulePx}px;height:${modulePx}px;padding:0;background:${dark ? "#000000" : "#ffffff"}`;
    return `<td${span} style="${style}"></td>`;
  };
  const rows = modules.map((row) => {
    const cells: string[] = [];
    let x = 0;
    while (x < size) {
      const start = x;
      while (x < size && row[x] === row[start]) x++;
      cells.push(cell(row[start]!, x - start));
    }
    return `<tr>${cells.join("")}</tr>`;
  });
  const style = `border-collapse:collapse;border:${quiet * modulePx}px solid #ffffff;width:${side}px`;
  const name = label.replace(/[&<>"]/g, "");
  return `<table role="img" aria-label="${name}" cellpadding="0" cellspacing="0" style="${style}">${rows.join("")}</table>`;
}
