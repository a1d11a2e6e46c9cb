/**
 * The booking receipt as a PDF (pdf-lib, in the Worker), in the embedded Noto fonts: amounts
 * as the pages write them ("₹1,250.00"), names wrapped to their column.
 */
import { PDFDocument, type PDFPage, rgb } from "pdf-lib";
import { embedPdfFonts, type PdfFace, type PdfFonts } from "~/lib/pdf-fonts.server";
import { wrap } from "~/lib/pdf-text.server";
import { m } from "~/paraglide/messages";
import { formatRupees } from "../../text";
import { qrPath } from "~/lib/qr";
import type { EightyGSection } from "~/domain/trust/receipt-80g.server";
import type { ReceiptVerification } from "./receipts.server";
import { indiaMinute } from "~/lib/india-time";

export interface ReceiptLine {
  itemName: string;
  devoteeName: string;
  starName: string | null;
  /** The devotee's gotra for the sankalpa (none: not given, or booked before gotras were kept). */
  gotra?: string | null;
  pujaDate: string | null;
  amount: number;
  quantity: number;
  postalCharge: number;
  /** From bookingTotals: amount x quantity, quantity x postal charge, and their sum. */
  itemAmount: number;
  postalAmount: number;
  total: number;
  /** Where the prasad will be posted, on one line (none: not sent by post). */
  shippingAddress?: string | null;
}

export interface ReceiptTemple {
  templeName: string;
  registration80g: string | null;
  templePan: string | null;
  /** The 80G section, for donations the temple's registration covers (null: none). */
  eightyG: EightyGSection | null;
  pujas: ReceiptLine[];
  donations: ReceiptLine[];
  pujaTotal: number;
  donationTotal: number;
  total: number;
}

/** A sale at the temple's counter: who sold it (first name), how it was paid, and whether it was cancelled. */
export interface ReceiptCounterSale {
  soldBy: string;
  payment: "cash" | "upi" | "upi_qr";
  paymentRef: string | null;
  cancelledAt: string | null;
  cancelReason: string | null;
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
  /** The devotee's convenience fee, its own line above the grand total (0 or absent: none, and no fee is shown). */
  convenienceFee?: number;
  grandTotal: number;
  verification: ReceiptVerification;
  /** Set for a counter sale: its receipt says who sold it and how it was paid, not who booked it online. */
  counter?: ReceiptCounterSale | null;
}

/** When the receipt was issued, in India ("2026-11-29 10:15"). */
export const receiptTime = (data: ReceiptData) => m.bookings_counter_receipt_time({ when: indiaMinute(data.bookingDate) });

/** What both layouts of a counter receipt say about the sale, in the receipt's language. */
export function counterSaleTexts(counter: ReceiptCounterSale) {
  const paid =
    counter.payment === "cash"
      ? m.bookings_counter_receipt_paid_cash()
      : counter.paymentRef
        ? m.bookings_counter_receipt_paid_upi({ ref: counter.paymentRef })
        : m.bookings_counter_receipt_paid_upi_no_ref();
  const cancelled = counter.cancelledAt
    ? [
        m.bookings_counter_receipt_cancelled_on({ when: indiaMinute(counter.cancelledAt) }),
        ...(counter.cancelReason ? [m.bookings_counter_receipt_cancel_reason({ reason: counter.cancelReason })] : []),
      ]
    : [];
  return { paid, soldBy: m.bookings_counter_receipt_sold_by({ name: counter.soldBy }), cancelled };
}

/** The counter receipt's labels, for choosing the fonts of the receipt's language. */
export const counterLabels = () => [
  m.bookings_counter_receipt_title(),
  m.bookings_counter_receipt_time({ when: "" }),
  m.bookings_counter_receipt_paid_cash(),
  m.bookings_counter_receipt_paid_upi({ ref: "" }),
  m.bookings_counter_receipt_paid_upi_no_ref(),
  m.bookings_counter_receipt_sold_by({ name: "" }),
  m.bookings_counter_receipt_cancelled(),
  m.bookings_counter_receipt_cancelled_on({ when: "" }),
  m.bookings_counter_receipt_cancel_reason({ reason: "" }),
  m.bookings_counter_receipt_in_the_name_of({ name: "" }),
];

const MAROON = rgb(0.478, 0.122, 0.122);
const INK = rgb(0.17, 0.11, 0.08);
const STAMP_RED = rgb(0.75, 0.05, 0.05);
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

/** The devotee as the priest needs them for the sankalpa: name, then star and gotra when given. */
function devoteeCell(line: ReceiptLine): Cell {
  const star = line.starName ? [m.bookings_receipt_star({ star: line.starName })] : [];
  const gotra = line.gotra ? [m.bookings_receipt_gotra({ gotra: line.gotra })] : [];
  return [line.devoteeName, ...star, ...gotra];
}

function writeTemple(w: Writer, temple: ReceiptTemple) {
  w.text(temple.templeName, { size: 12, bold: true, color: MAROON, gap: 2 });
  w.text(m.payouts_convenience_received_by({ temple: temple.templeName }), { size: 9, gap: 4 });
  if (temple.pujaTotal > 0) {
    w.table(
      pujaColumns(),
      temple.pujas.map((l) => [
        l.pujaDate ? [l.itemName, m.bookings_receipt_date({ date: l.pujaDate.slice(0, 10) })] : l.itemName,
        devoteeCell(l),
        formatRupees(l.amount),
        String(l.quantity),
        formatRupees(l.itemAmount),
        formatRupees(l.postalAmount),
        formatRupees(l.total),
      ]),
    );
    // Where the prasad goes, once for each address (most bookings send it all to one).
    const postedTo = new Set(temple.pujas.flatMap((l) => (l.shippingAddress ? [l.shippingAddress] : [])));
    for (const address of postedTo) w.text(m.bookings_prasad_posted_to({ address }), { size: 9, gap: 4 });
  }
  if (temple.donationTotal > 0) {
    w.table(
      donationColumns(),
      temple.donations.map((l) => [l.itemName, l.devoteeName, formatRupees(l.amount), String(l.quantity), formatRupees(l.total)]),
    );
    if (temple.eightyG) writeEightyG(w, temple.eightyG);
  }
  w.text(`${m.bookings_total_for({ temple: temple.templeName })} ${formatRupees(temple.total)}`, { size: 10, bold: true, gap: 10 });
}

/** The receipt's 80G section: the trust as registered, the covered amount in figures and words, how it was paid, the donor. */
function writeEightyG(w: Writer, section: EightyGSection) {
  w.text(m.trust_receipt_80g_title(), { size: 9, bold: true, color: MAROON, gap: 3 });
  const lines = [
    m.trust_receipt_80g_trust({ name: section.trustName, address: section.trustAddress }),
    m.trust_receipt_80g_registration({
      pan: section.templePan,
      registration: section.registration80g,
      from: section.validFrom,
      to: section.validTo,
    }),
    ...(section.renovationOnly ? [m.trust_receipt_80g_renovation_only()] : []),
    m.trust_receipt_80g_amount({ amount: formatRupees(section.amount), words: section.amountInWords }),
    m.trust_receipt_80g_mode({ mode: section.mode }),
    m.trust_receipt_80g_donor({ name: section.donorName, address: section.donorAddress || "-" }),
    section.donorPan ? m.trust_receipt_80g_donor_pan({ pan: section.donorPan }) : m.trust_receipt_80g_no_donor_pan(),
  ];
  for (const line of lines) w.text(line, { size: 8, gap: 3 });
  w.y -= 4;
}

const QR_SIZE = 72;

/** The QR code (vectors: one path of dark runs) beside the code and the address under it, for those who cannot scan. */
function writeVerification(w: Writer, verification: ReceiptVerification) {
  w.room(QR_SIZE + 8);
  const top = w.y;
  const scale = QR_SIZE / verification.qr.size;
  w.page.drawSvgPath(qrPath(verification.qr), { x: MARGIN, y: top, scale, color: rgb(0, 0, 0), borderWidth: 0 });
  const x = MARGIN + QR_SIZE + 14;
  const lines: [string, number, boolean][] = [
    [m.trust_receipt_verify_title(), 10, true],
    [m.trust_verification_code({ code: verification.code }), 10, false],
    [m.trust_receipt_verify_hint(), 8, false],
    [verification.url, 8, false],
  ];
  let y = top;
  for (const [text, size, bold] of lines) {
    const font = bold ? w.bold : w.font;
    for (const part of wrap(text, WIDTH - MARGIN - x, size, font)) {
      font.draw(w.page, part, { x, y: y - size, size, color: INK });
      y -= size + 4;
    }
    y -= 1;
  }
  w.y = Math.min(y, top - QR_SIZE) - 8;
}

export async function renderReceiptPdf(data: ReceiptData): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.setTitle(m.bookings_receipt_doc_title({ site: data.siteName, receiptNo: data.receiptNo }));
  doc.setSubject(m.bookings_receipt_doc_subject({ trackingNo: data.trackingNo, amount: formatRupees(data.grandTotal) }));
  doc.setAuthor(data.siteName);
  doc.setCreator(data.siteName);
  // Every string of the receipt (its data and its labels' language), so the fonts of the scripts in it are at hand.
  const labels = [
    m.bookings_receipt_title(),
    m.payouts_convenience_fee(),
    m.payouts_convenience_received_by({ temple: "" }),
    m.trust_receipt_80g_title(),
    m.trust_receipt_verify_title(),
    m.trust_receipt_verify_hint(),
    m.trust_verification_code({ code: "" }),
    m.trust_receipt_80g_renovation_only(),
    m.trust_receipt_80g_no_donor_pan(),
    m.trust_receipt_80g_trust({ name: "", address: "" }),
    m.trust_receipt_80g_registration({ pan: "", registration: "", from: "", to: "" }),
    m.trust_receipt_80g_amount({ amount: "", words: "" }),
    m.trust_receipt_80g_mode({ mode: "" }),
    m.trust_receipt_80g_donor({ name: "", address: "" }),
    m.trust_receipt_80g_donor_pan({ pan: "" }),
    ...pujaColumns().map((c) => c.label),
    ...donationColumns().map((c) => c.label),
    ...(data.counter ? counterLabels() : []),
  ];
  const fonts = await embedPdfFonts(doc, [JSON.stringify(data), ...labels]);
  const w = new Writer(doc, fonts);
  w.text(data.siteName, { size: 20, bold: true, color: MAROON, gap: 4 });
  w.text(data.counter ? m.bookings_counter_receipt_title() : m.bookings_receipt_title(), { size: 13, bold: true, gap: 10 });
  if (data.counter?.cancelledAt) {
    w.text(m.bookings_counter_receipt_cancelled(), { size: 20, bold: true, color: STAMP_RED, gap: 4 });
    for (const line of counterSaleTexts(data.counter).cancelled) w.text(line, { bold: true, color: STAMP_RED });
    w.y -= 6;
  }
  w.text(`${m.bookings_receipt_no()}: ${data.receiptNo}`, { bold: true });
  w.text(`${m.bookings_tracking_no()}: ${data.trackingNo}`, { bold: true });
  if (data.counter) {
    const sale = counterSaleTexts(data.counter);
    for (const line of [receiptTime(data), sale.soldBy, sale.paid]) w.text(line);
  } else {
    w.text(m.bookings_receipt_booking_date({ date: data.bookingDate.slice(0, 10) }));
    w.text(m.bookings_receipt_booked_by({ name: data.customerName, email: data.customerEmail }));
    if (data.paymentRef) w.text(m.bookings_receipt_payment_ref({ ref: data.paymentRef }));
  }
  writeVerification(w, data.verification);
  w.rule();
  for (const temple of data.temples) writeTemple(w, temple);
  w.rule();
  if (data.convenienceFee) w.text(`${m.payouts_convenience_fee()} ${formatRupees(data.convenienceFee)}`, { size: 10, bold: true, gap: 6 });
  w.text(`${m.bookings_grand_total()} ${formatRupees(data.grandTotal)}`, { size: 13, bold: true, color: MAROON, gap: 12 });
  w.text(m.bookings_receipt_footer(), { size: 8, gap: 3 });
  w.text(m.bookings_receipt_questions({ email: data.supportEmail }), { size: 8 });
  await fonts.finish();
  return doc.save();
}
