/**
 * The booking receipt as a PDF (pdf-lib, in the Worker), in the embedded Noto fonts: amounts
 * as the pages write them ("₹1,250.00"), names wrapped to their column.
 */
import { PDFDocument, type PDFPage, rgb } from "pdf-lib";
import { embedPdfFonts, type PdfFace, type PdfFonts } from "~/lib/pdf-fonts.server";
import { wrap } from "~/lib/pdf-text.server";
import { m } from "~/paraglide/messages";
import { formatRupees } from "../text";

export interface ReceiptLine {
  itemName: string;
  devoteeName: string;
  starName: string | null;
  pujaDate: string | null;
  amount: number;
  quantity: number;
  postalCharge: number;
  /** From bookingTotals: amount x quantity, quantity x postal charge, and their sum. */
  itemAmount: number;
  postalAmount: number;
  total: number;
  pan: string | null;
}

export interface ReceiptTemple {
  templeName: string;
  registration80g: string | null;
  templePan: string | null;
  pujas: ReceiptLine[];
  donations: ReceiptLine[];
  pujaTotal: number;
  donationTotal: number;
  total: number;
}

export interface ReceiptData {
  siteName: string;
  supportEmail: string;
  receiptNo: string;
  trackingNo: string;
  bookingDate: string;
  paymentRef: string | null;
  customerName: string;
  customerEmail: string;
  temples: ReceiptTemple[];
  grandTotal: number;
}

const MAROON = rgb(0.478, 0.122, 0.122);
const INK = rgb(0.17, 0.11, 0.08);
const MARGIN = 50;
const WIDTH = 595.28;
const HEIGHT = 841.89;
interface Column {
  label: string;
  /** Share of the width left after the figure columns. */
  weight?: number;
  /** Figures and dates: never wrapped or cut; the column is as wide as its widest cell. */
  figure?: boolean;
}

/**
 * The puja's date goes under its name and the star under the devotee: the names get the width.
 * Labels are in the request's language (a receipt downloaded from /ml/… is in Malayalam).
 */
const pujaColumns = (): Column[] => [
  { label: m.bookings_puja(), weight: 1 },
  { label: m.bookings_devotee(), weight: 1 },
  { label: m.bookings_rate(), figure: true },
  { label: m.bookings_receipt_qty(), figure: true },
  { label: m.bookings_amount(), figure: true },
  { label: m.bookings_postage(), figure: true },
  { label: m.bookings_total(), figure: true },
];
const donationColumns = (): Column[] => [
  { label: m.bookings_donation(), weight: 3 },
  { label: m.bookings_in_the_name_of(), weight: 3 },
  { label: m.bookings_amount(), figure: true },
  { label: m.bookings_receipt_qty(), figure: true },
  { label: m.bookings_total(), figure: true },
];

/** A cell's text; several paragraphs each start on a line of their own. */
type Cell = string | string[];

const CELL_SIZE = 8;
const CELL_LINE = CELL_SIZE + 2;
const CELL_PAD = 3;

/** Writes lines top to bottom, starting a new page when one is full. */
class Writer {
  readonly doc: PDFDocument;
  readonly font: PdfFace;
  readonly bold: PdfFace;
  page: PDFPage;
  y = HEIGHT - MARGIN;
  constructor(doc: PDFDocument, fonts: PdfFonts) {
    this.doc = doc;
    this.font = fonts.regular;
    this.bold = fonts.bold;
    this.page = doc.addPage([WIDTH, HEIGHT]);
  }
  /** Whether `height` more fits; otherwise a new page is started. */
  room(height: number): boolean {
    if (this.y - height >= MARGIN) return true;
    this.page = this.doc.addPage([WIDTH, HEIGHT]);
    this.y = HEIGHT - MARGIN;
    return false;
  }
  text(value: string, options: { size?: number; bold?: boolean; color?: typeof INK; gap?: number } = {}) {
    const size = options.size ?? 10;
    const font = options.bold ? this.bold : this.font;
    // Long text (names, 80G notes) wraps instead of running off the page.
    for (const line of wrap(value, WIDTH - 2 * MARGIN, size, font)) {
      this.room(size + 4);
      font.draw(this.page, line, { x: MARGIN, y: this.y - size, size, color: options.color ?? INK });
      this.y -= size + 4;
    }
    this.y -= (options.gap ?? 6) - 4;
  }
  /**
   * A table: figure columns as wide as their widest cell (amounts are never cut), the
   * text columns share the rest and wrap. The header is repeated on a new page.
   */
  table(columns: Column[], rows: Cell[][]) {
    const measure = (text: string, font: PdfFace) => font.width(font.printable(text), CELL_SIZE) + 2 * CELL_PAD;
    const figureWidths = columns.map((column, i) =>
      column.figure ? Math.max(measure(column.label, this.bold), ...rows.map((row) => measure(String(row[i] ?? ""), this.font))) : 0,
    );
    const left = WIDTH - 2 * MARGIN - figureWidths.reduce((sum, width) => sum + width, 0);
    const weights = columns.reduce((sum, column) => sum + (column.figure ? 0 : (column.weight ?? 1)), 0);
    const widths = columns.map((column, i) => (column.figure ? figureWidths[i]! : (Math.max(left, 60) * (column.weight ?? 1)) / weights));
    const drawRow = (cells: Cell[], bold: boolean) => {
      const font = bold ? this.bold : this.font;
      const wrapped = cells.map((cell, i) =>
        columns[i]!.figure
          ? [font.printable(String(cell))]
          : [cell].flat().flatMap((paragraph) => wrap(paragraph, widths[i]! - 2 * CELL_PAD, CELL_SIZE, font)),
      );
      const height = Math.max(...wrapped.map((lines) => lines.length)) * CELL_LINE + 3;
      const fresh = !this.room(height);
      if (fresh && !bold)
        drawRow(
          columns.map((column) => column.label),
          true,
        );
      let x = MARGIN;
      wrapped.forEach((lines, i) => {
        lines.forEach((line, n) => {
          const at = columns[i]!.figure ? x + widths[i]! - CELL_PAD - font.width(line, CELL_SIZE) : x + CELL_PAD;
          font.draw(this.page, line, { x: at, y: this.y - CELL_SIZE - n * CELL_LINE, size: CELL_SIZE, color: INK });
        });
        x += widths[i]!;
      });
      this.y -= height;
    };
    drawRow(
      columns.map((column) => column.label),
      true,
    );
    for (const row of rows) drawRow(row, false);
  }
  rule() {
    this.room(6);
    this.page.drawLine({ start: { x: MARGIN, y: this.y - 2 }, end: { x: WIDTH - MARGIN, y: this.y - 2 }, thickness: 0.5, color: MAROON });
    this.y -= 8;
  }
}

function writeTemple(w: Writer, temple: ReceiptTemple) {
  w.text(temple.templeName, { size: 12, bold: true, color: MAROON, gap: 4 });
  if (temple.pujaTotal > 0) {
    w.table(
      pujaColumns(),
      temple.pujas.map((l) => [
        l.pujaDate ? [l.itemName, m.bookings_receipt_date({ date: l.pujaDate.slice(0, 10) })] : l.itemName,
        l.starName ? [l.devoteeName, m.bookings_receipt_star({ star: l.starName })] : l.devoteeName,
        formatRupees(l.amount),
        String(l.quantity),
        formatRupees(l.itemAmount),
        formatRupees(l.postalAmount),
        formatRupees(l.total),
      ]),
    );
  }
  if (temple.donationTotal > 0) {
    w.table(
      donationColumns(),
      temple.donations.map((l) => [l.itemName, l.devoteeName, formatRupees(l.amount), String(l.quantity), formatRupees(l.total)]),
    );
    if (temple.registration80g) {
      const donorPan = temple.donations.find((l) => l.pan)?.pan;
      w.text(
        m.bookings_receipt_80g({ registration: temple.registration80g }) +
          `${temple.templePan ? `; ${m.bookings_receipt_temple_pan({ pan: temple.templePan })}` : ""}` +
          `${donorPan ? `; ${m.bookings_receipt_donor_pan({ pan: donorPan })}` : ""}.`,
        { size: 8, gap: 4 },
      );
    }
  }
  w.text(`${m.bookings_total_for({ temple: temple.templeName })} ${formatRupees(temple.total)}`, { size: 10, bold: true, gap: 10 });
}

export async function renderReceiptPdf(data: ReceiptData): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.setTitle(m.bookings_receipt_doc_title({ site: data.siteName, receiptNo: data.receiptNo }));
  doc.setSubject(m.bookings_receipt_doc_subject({ trackingNo: data.trackingNo, amount: formatRupees(data.grandTotal) }));
  doc.setAuthor(data.siteName);
  doc.setCreator(data.siteName);
  // Every string of the receipt (its data and its labels' language), so the fonts of the scripts in it are at hand.
  const labels = [m.bookings_receipt_title(), ...pujaColumns().map((c) => c.label), ...donationColumns().map((c) => c.label)];
  const fonts = await embedPdfFonts(doc, [JSON.stringify(data), ...labels]);
  const w = new Writer(doc, fonts);
  w.text(data.siteName, { size: 20, bold: true, color: MAROON, gap: 4 });
  w.text(m.bookings_receipt_title(), { size: 13, bold: true, gap: 10 });
  w.text(`${m.bookings_receipt_no()}: ${data.receiptNo}`, { bold: true });
  w.text(`${m.bookings_tracking_no()}: ${data.trackingNo}`, { bold: true });
  w.text(m.bookings_receipt_booking_date({ date: data.bookingDate.slice(0, 10) }));
  w.text(m.bookings_receipt_booked_by({ name: data.customerName, email: data.customerEmail }));
  if (data.paymentRef) w.text(m.bookings_receipt_payment_ref({ ref: data.paymentRef }));
  w.rule();
  for (const temple of data.temples) writeTemple(w, temple);
  w.rule();
  w.text(`${m.bookings_grand_total()} ${formatRupees(data.grandTotal)}`, { size: 13, bold: true, color: MAROON, gap: 12 });
  w.text(m.bookings_receipt_footer(), { size: 8, gap: 3 });
  w.text(m.bookings_receipt_questions({ email: data.supportEmail }), { size: 8 });
  await fonts.finish();
  return doc.save();
}
