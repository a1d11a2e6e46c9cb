/** The day sheet as a PDF (pdf-lib): one row per puja with devotee, star, quantity and prasad. */
import { PDFDocument, type PDFPage, rgb } from "pdf-lib";
import { embedPdfFonts } from "~/lib/pdf-fonts.server";
import { wrap } from "~/lib/pdf-text.server";
import type { SheetLine } from "./desk-bookings.server";

const MAROON = rgb(0.478, 0.122, 0.122);
const INK = rgb(0.17, 0.11, 0.08);
const MARGIN = 40;
const WIDTH = 841.89;
const HEIGHT = 595.28;
/** Column widths in points; they add up to the page's width inside the margins (761.89). */
const COLUMNS = [["Puja", 180], ["Devotee", 160], ["Star", 90], ["Qty", 30], ["Receipt", 111.89], ["Post", 130], ["Done", 60]] as const;
const SIZE = 10;
const LINE = 12;
/** Room kept between a cell's text and the next column. */
const GAP = 6;

export async function renderDaySheetPdf(input: { siteName: string; templeName: string; day: string; lines: SheetLine[] }): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.setTitle(`Day sheet ${input.day} - ${input.templeName}`);
  // Every string of the document, so the fonts of the scripts in it are at hand.
  const fonts = await embedPdfFonts(doc, [JSON.stringify(input)]);
  const { regular, bold } = fonts;
  let page: PDFPage = doc.addPage([WIDTH, HEIGHT]);
  let y = HEIGHT - MARGIN;
  const header = () => {
    let x = MARGIN;
    for (const [label, width] of COLUMNS) {
      bold.draw(page, label, { x, y, size: SIZE, color: MAROON });
      x += width;
    }
    y -= 16;
  };
  // Title and subtitle wrap too: a temple's full name can be longer than the page.
  for (const text of wrap(input.templeName, WIDTH - 2 * MARGIN, 18, bold)) {
    bold.draw(page, text, { x: MARGIN, y, size: 18, color: MAROON });
    y -= 22;
  }
  for (const text of wrap(`Day sheet for ${input.day} - ${input.lines.length} puja(s) - ${input.siteName}`, WIDTH - 2 * MARGIN, 11, regular)) {
    regular.draw(page, text, { x: MARGIN, y, size: 11, color: INK });
    y -= 14;
  }
  y -= 12;
  header();
  if (input.lines.length === 0) regular.draw(page, "No pujas are booked for this day.", { x: MARGIN, y, size: SIZE, color: INK });
  for (const line of input.lines) {
    const cells = [line.itemName, line.devoteeName, line.starName ?? "-", String(line.quantity), line.receiptNo, line.postal ? line.prasadTrackingNo ?? "To send" : "-", line.done ? "Done" : "[   ]"];
    // Long names wrap within their column rather than being cut or running into the next.
    const wrapped = cells.map((cell, index) => wrap(cell, COLUMNS[index]![1] - GAP, SIZE, regular));
    const height = Math.max(...wrapped.map((lines) => lines.length)) * LINE + 3;
    if (y - height < MARGIN) {
      page = doc.addPage([WIDTH, HEIGHT]);
      y = HEIGHT - MARGIN;
      header();
    }
    let x = MARGIN;
    wrapped.forEach((lines, index) => {
      lines.forEach((text, n) => regular.draw(page, text, { x, y: y - n * LINE, size: SIZE, color: INK }));
      x += COLUMNS[index]![1];
    });
    y -= height;
  }
  await fonts.finish();
  return doc.save();
}
