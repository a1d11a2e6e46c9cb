/** The day sheet as a PDF (pdf-lib): one row per puja with devotee, star, gotra, quantity and prasad. */
import { PDFDocument, type PDFPage, rgb } from "pdf-lib";
import { embedPdfFonts } from "~/lib/pdf-fonts.server";
import { wrap } from "~/lib/pdf-text.server";
import { plural } from "~/lib/i18n";
import { m } from "~/paraglide/messages";
import type { DaySeatsLine } from "../seats/day-seats.server";
import { channelSeatsText } from "../seats/day-seats-text";
import type { SheetLine } from "./performing.server";

const MAROON = rgb(0.478, 0.122, 0.122);
const INK = rgb(0.17, 0.11, 0.08);
const MARGIN = 40;
const WIDTH = 841.89;
const HEIGHT = 595.28;
/** Column widths in points; they add up to the page's width inside the margins (761.89). */
const WIDTHS = [150, 140, 80, 90, 30, 111.89, 100, 60] as const;
/** The columns' headings, in the request's language (read when the sheet is drawn). */
const headings = () => [
  m.desk_col_puja(),
  m.desk_col_devotee(),
  m.desk_col_star(),
  m.desk_col_gotra(),
  m.desk_col_qty(),
  m.desk_col_receipt(),
  m.desk_pdf_col_post(),
  m.desk_pdf_col_done(),
];
const SIZE = 10;
/** The smallest a column heading is set to fit its column. */
const MIN_HEADING_SIZE = 7;
const LINE = 12;
/** Room kept between a cell's text and the next column. */
const GAP = 6;

/** The limited pujas' lines under their heading ("Udayasthamana Pooja — 1 / 1 booked · Full"), or none. */
function seatLines(seats: DaySeatsLine[]): string[] {
  if (seats.length === 0) return [];
  const lines = seats.map((line) =>
    [
      m.desk_sheet_seats_line({ puja: line.name, booked: line.booked, capacity: line.capacity }),
      line.held > 0 ? plural(line.held, m.desk_sheet_seats_held_one, m.desk_sheet_seats_held_other)({ count: line.held }) : null,
      channelSeatsText(line),
      line.full ? m.desk_seats_full() : null,
    ]
      .filter(Boolean)
      .join(" · "),
  );
  return [m.desk_sheet_seats_title(), ...lines];
}

export async function renderDaySheetPdf(input: {
  siteName: string;
  templeName: string;
  day: string;
  lines: SheetLine[];
  /** The day's limited pujas (booked / capacity), listed above the table. */
  seats?: DaySeatsLine[];
}): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.setTitle(m.desk_pdf_title({ day: input.day, temple: input.templeName }));
  const labels = headings();
  const subtitle = plural(
    input.lines.length,
    m.desk_pdf_subtitle_one,
    m.desk_pdf_subtitle_other,
  )({
    day: input.day,
    count: input.lines.length,
    siteName: input.siteName,
  });
  const texts = { empty: m.desk_pdf_empty(), toSend: m.desk_pdf_to_send(), done: m.desk_pdf_col_done() };
  const seats = seatLines(input.seats ?? []);
  // Every string of the document, so the fonts of the scripts in it are at hand.
  const fonts = await embedPdfFonts(doc, [JSON.stringify(input), ...labels, subtitle, ...Object.values(texts), ...seats]);
  const { regular, bold } = fonts;
  let page: PDFPage = doc.addPage([WIDTH, HEIGHT]);
  let y = HEIGHT - MARGIN;
  // A heading wider than its column (some languages' words are) is set smaller, down to
  // MIN_HEADING_SIZE, and wraps within the column if it still does not fit.
  const headingCells = labels.map((label, index) => {
    const room = WIDTHS[index]! - GAP;
    const full = bold.width(bold.printable(label), SIZE);
    const size = full <= room ? SIZE : Math.max(MIN_HEADING_SIZE, Math.floor((SIZE * room * 10) / full) / 10);
    return { size, lines: wrap(label, room, size, bold) };
  });
  const headerLines = Math.max(...headingCells.map((cell) => cell.lines.length));
  const header = () => {
    let x = MARGIN;
    headingCells.forEach(({ size, lines }, index) => {
      lines.forEach((text, n) => {
        bold.draw(page, text, { x, y: y - n * LINE, size, color: MAROON });
      });
      x += WIDTHS[index]!;
    });
    y -= 16 + (headerLines - 1) * LINE;
  };
  // Title and subtitle wrap too: a temple's full name can be longer than the page.
  for (const text of wrap(input.templeName, WIDTH - 2 * MARGIN, 18, bold)) {
    bold.draw(page, text, { x: MARGIN, y, size: 18, color: MAROON });
    y -= 22;
  }
  for (const text of wrap(subtitle, WIDTH - 2 * MARGIN, 11, regular)) {
    regular.draw(page, text, { x: MARGIN, y, size: 11, color: INK });
    y -= 14;
  }
  for (const [index, text] of seats.entries()) {
    const font = index === 0 ? bold : regular;
    for (const part of wrap(text, WIDTH - 2 * MARGIN, SIZE, font)) {
      if (y - LINE < MARGIN) {
        page = doc.addPage([WIDTH, HEIGHT]);
        y = HEIGHT - MARGIN;
      }
      font.draw(page, part, { x: MARGIN, y, size: SIZE, color: index === 0 ? MAROON : INK });
      y -= LINE;
    }
  }
  y -= 12;
  header();
  if (input.lines.length === 0) regular.draw(page, texts.empty, { x: MARGIN, y, size: SIZE, color: INK });
  for (const line of input.lines) {
    const cells = [
      line.itemName,
      line.devoteeName,
      line.starName ?? "-",
      line.gotra || "-",
      String(line.quantity),
      line.receiptNo,
      line.postal ? (line.prasadTrackingNo ?? texts.toSend) : "-",
      line.done ? texts.done : "[   ]",
    ];
    // Long names wrap within their column rather than being cut or running into the next.
    const wrapped = cells.map((cell, index) => wrap(cell, WIDTHS[index]! - GAP, SIZE, regular));
    const height = Math.max(...wrapped.map((lines) => lines.length)) * LINE + 3;
    if (y - height < MARGIN) {
      page = doc.addPage([WIDTH, HEIGHT]);
      y = HEIGHT - MARGIN;
      header();
    }
    let x = MARGIN;
    wrapped.forEach((lines, index) => {
      lines.forEach((text, n) => {
        regular.draw(page, text, { x, y: y - n * LINE, size: SIZE, color: INK });
      });
      x += WIDTHS[index]!;
    });
    y -= height;
  }
  await fonts.finish();
  return doc.save();
}
