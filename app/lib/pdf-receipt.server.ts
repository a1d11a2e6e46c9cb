/**
 * The booking receipt as a PDF (pdf-lib, in the Worker). Standard fonts cover Latin
 * text only, so other scripts are replaced and amounts are written "Rs. 1,250.00".
 */
import { PDFDocument, type PDFFont, type PDFPage, rgb, StandardFonts } from "pdf-lib";

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
const grouping = new Intl.NumberFormat("en-IN", { minimumFractionDigits: 2, maximumFractionDigits: 2 });

export function pdfRupees(paise: number): string {
  return `Rs. ${grouping.format(paise / 100)}`;
}

/** Characters the standard fonts can draw; others become "?". */
function latin(text: string): string {
  return text.replace(/[^\x20-\x7E\xA0-\xFF]/g, "?");
}

const PUJA_COLUMNS = [
  ["Puja", 95], ["Devotee", 80], ["Star", 55], ["Date", 52], ["Rate", 45],
  ["Qty", 22], ["Amount", 48], ["Postage", 45], ["Total", 53],
] as const;
const DONATION_COLUMNS = [["Donation", 150], ["In the name of", 130], ["Amount", 70], ["Qty", 40], ["Total", 105]] as const;

/** Writes lines top to bottom, starting a new page when one is full. */
class Writer {
  readonly doc: PDFDocument;
  readonly font: PDFFont;
  readonly bold: PDFFont;
  page: PDFPage;
  y = HEIGHT - MARGIN;
  constructor(doc: PDFDocument, font: PDFFont, bold: PDFFont) {
    this.doc = doc;
    this.font = font;
    this.bold = bold;
    this.page = doc.addPage([WIDTH, HEIGHT]);
  }
  room(height: number) {
    if (this.y - height >= MARGIN) return;
    this.page = this.doc.addPage([WIDTH, HEIGHT]);
    this.y = HEIGHT - MARGIN;
  }
  /** The text cut (ending in ".") to fit a table cell. */
  fit(text: string, width: number, size: number, font = this.font) {
    const full = latin(text);
    if (font.widthOfTextAtSize(full, size) <= width - 4) return full;
    let value = full;
    while (value.length > 1 && font.widthOfTextAtSize(`${value}.`, size) > width - 4) value = value.slice(0, -1);
    return `${value}.`;
  }
  text(value: string, options: { size?: number; bold?: boolean; color?: typeof INK; gap?: number } = {}) {
    const size = options.size ?? 10;
    this.room(size + 6);
    this.page.drawText(latin(value), { x: MARGIN, y: this.y - size, size, font: options.bold ? this.bold : this.font, color: options.color ?? INK, maxWidth: WIDTH - 2 * MARGIN });
    this.y -= size + (options.gap ?? 6);
  }
  row(columns: readonly (readonly [string, number])[], cells: string[], bold = false) {
    const size = 8;
    this.room(size + 6);
    let x = MARGIN;
    columns.forEach(([, width], index) => {
      const font = bold ? this.bold : this.font;
      this.page.drawText(this.fit(cells[index] ?? "", width, size, font), { x, y: this.y - size, size, font, color: INK });
      x += width;
    });
    this.y -= size + 5;
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
    w.row(PUJA_COLUMNS, PUJA_COLUMNS.map(([label]) => label), true);
    for (const l of temple.pujas) {
      w.row(PUJA_COLUMNS, [l.itemName, l.devoteeName, l.starName ?? "", (l.pujaDate ?? "").slice(0, 10), pdfRupees(l.amount), String(l.quantity), pdfRupees(l.itemAmount), pdfRupees(l.postalAmount), pdfRupees(l.total)]);
    }
  }
  if (temple.donationTotal > 0) {
    w.row(DONATION_COLUMNS, DONATION_COLUMNS.map(([label]) => label), true);
    for (const l of temple.donations) {
      w.row(DONATION_COLUMNS, [l.itemName, l.devoteeName, pdfRupees(l.amount), String(l.quantity), pdfRupees(l.total)]);
    }
    if (temple.registration80g) {
      const donorPan = temple.donations.find((l) => l.pan)?.pan;
      w.text(
        `Donations to this temple qualify for deduction under section 80G of the Income Tax Act. 80G registration: ${temple.registration80g}` +
          `${temple.templePan ? `; temple PAN: ${temple.templePan}` : ""}${donorPan ? `; donor PAN: ${donorPan}` : ""}.`,
        { size: 8, gap: 4 },
      );
    }
  }
  w.text(`Total for ${temple.templeName}: ${pdfRupees(temple.total)}`, { size: 10, bold: true, gap: 10 });
}

export async function renderReceiptPdf(data: ReceiptData): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.setTitle(`${data.siteName} receipt ${data.receiptNo}`);
  doc.setSubject(`Booking ${data.trackingNo}, total ${pdfRupees(data.grandTotal)}`);
  doc.setAuthor(data.siteName);
  doc.setCreator(data.siteName);
  const w = new Writer(doc, await doc.embedFont(StandardFonts.Helvetica), await doc.embedFont(StandardFonts.HelveticaBold));
  w.text(data.siteName, { size: 20, bold: true, color: MAROON, gap: 4 });
  w.text("Booking receipt", { size: 13, bold: true, gap: 10 });
  w.text(`Receipt No: ${data.receiptNo}`, { bold: true });
  w.text(`Tracking No: ${data.trackingNo}`, { bold: true });
  w.text(`Booking date: ${data.bookingDate.slice(0, 10)}`);
  w.text(`Booked by: ${data.customerName} (${data.customerEmail})`);
  if (data.paymentRef) w.text(`Payment reference: ${data.paymentRef}`);
  w.rule();
  for (const temple of data.temples) writeTemple(w, temple);
  w.rule();
  w.text(`Grand total: ${pdfRupees(data.grandTotal)}`, { size: 13, bold: true, color: MAROON, gap: 12 });
  w.text("Bookings and payments cannot be cancelled. Prasad sent by post carries the tracking number shown in My Transactions.", { size: 8, gap: 3 });
  w.text(`Questions? Write to ${data.supportEmail}.`, { size: 8 });
  return doc.save();
}
