/** The day sheet as a PDF (pdf-lib): one row per puja with devotee, star, quantity and prasad. */
import { PDFDocument, type PDFFont, type PDFPage, rgb, StandardFonts } from "pdf-lib";
import type { SheetLine } from "./desk-bookings.server";

const MAROON = rgb(0.478, 0.122, 0.122);
const INK = rgb(0.17, 0.11, 0.08);
const MARGIN = 40;
const WIDTH = 841.89;
const HEIGHT = 595.28;
const COLUMNS = [["Puja", 170], ["Devotee", 150], ["Star", 90], ["Qty", 30], ["Receipt", 100], ["Post", 160], ["Done", 60]] as const;

/** Standard fonts draw Latin text only; other scripts become "?". */
function latin(text: string): string {
  return text.replace(/[^\x20-\x7E\xA0-\xFF]/g, "?");
}

function fit(font: PDFFont, text: string, width: number, size: number): string {
  let value = latin(text);
  while (value.length > 1 && font.widthOfTextAtSize(value, size) > width - 6) value = value.slice(0, -2) + ".";
  return value;
}

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
    if (y < MARGIN + 14) {
      page = doc.addPage([WIDTH, HEIGHT]);
      y = HEIGHT - MARGIN;
      header();
    }
    const cells = [line.itemName, line.devoteeName, line.starName ?? "-", String(line.quantity), line.receiptNo, line.postal ? line.prasadTrackingNo ?? "To send" : "-", line.done ? "Done" : "[   ]"];
    let x = MARGIN;
    cells.forEach((cell, index) => {
      const width = COLUMNS[index]![1];
      page.drawText(fit(font, cell, width, 10), { x, y, size: 10, font, color: INK });
      x += width;
    });
    y -= 15;
  }
  return doc.save();
}
