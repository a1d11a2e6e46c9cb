/** The day sheet as a PDF (pdf-lib): one row per puja with devotee, star, quantity and prasad. */
import { PDFDocument, type PDFPage, rgb, StandardFonts } from "pdf-lib";
import { latin, wrap } from "~/lib/pdf-text.server";
import type { SheetLine } from "./desk-bookings.server";

const MAROON = rgb(0.478, 0.122, 0.122);
const INK = rgb(0.17, 0.11, 0.08);
const MARGIN = 40;
const WIDTH = 841.89;
const HEIGHT = 595.28;
const COLUMNS = [["Puja", 170], ["Devotee", 150], ["Star", 90], ["Qty", 30], ["Receipt", 100], ["Post", 160], ["Done", 60]] as const;

const LINE = 12;

export async function renderDaySheetPdf(input: { siteName: string; templeName: string; day: string; lines: SheetLine[] }): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.setTitle(latin(`Day sheet ${input.day} - ${input.templeName}`));
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  let page: PDFPage = doc.addPage([WIDTH, HEIGHT]);
  let y = HEIGHT - MARGIN;
  const header = () => {
    let x = MARGIN;
    for (const [label, width] of COLUMNS) {
      page.drawText(label, { x, y, size: 10, font: bold, color: MAROON });
      x += width;
    }
    y -= 16;
  };
  page.drawText(latin(input.templeName), { x: MARGIN, y, size: 18, font: bold, color: MAROON });
  y -= 22;
  page.drawText(latin(`Day sheet for ${input.day} - ${input.lines.length} puja(s) - ${input.siteName}`), { x: MARGIN, y, size: 11, font, color: INK });
  y -= 26;
  header();
  if (input.lines.length === 0) page.drawText("No pujas are booked for this day.", { x: MARGIN, y, size: 10, font, color: INK });
  for (const line of input.lines) {
    const cells = [line.itemName, line.devoteeName, line.starName ?? "-", String(line.quantity), line.receiptNo, line.postal ? line.prasadTrackingNo ?? "To send" : "-", line.done ? "Done" : "[   ]"];
    // Long names wrap within their column rather than being cut.
    const wrapped = cells.map((cell, index) => wrap(cell, COLUMNS[index]![1] - 6, 10, font));
    const height = Math.max(...wrapped.map((lines) => lines.length)) * LINE + 3;
    if (y - height < MARGIN) {
      page = doc.addPage([WIDTH, HEIGHT]);
      y = HEIGHT - MARGIN;
      header();
    }
    let x = MARGIN;
    wrapped.forEach((lines, index) => {
      lines.forEach((text, n) => page.drawText(text, { x, y: y - n * LINE, size: 10, font, color: INK }));
      x += COLUMNS[index]![1];
    });
    y -= height;
  }
  return doc.save();
}
