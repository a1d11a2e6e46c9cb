/**
 * The receipt on an 80 mm thermal roll: one page 80 mm wide (72 mm printed), as long as its
 * content, in large type. The same receipt model as the A4 layout (`ReceiptData`), laid out as a
 * column: each line is measured first (blocks), then the page is cut to their height and drawn.
 */
import { type Color, PDFDocument, type PDFPage, rgb } from "pdf-lib";
import { embedPdfFonts, type PdfFace, type PdfFonts } from "~/lib/pdf-fonts.server";
import { wrap } from "~/lib/pdf-text.server";
import { qrPath } from "~/lib/qr";
import { m } from "~/paraglide/messages";
import { formatRupees } from "../../text";
import { counterLabels, counterSaleTexts, type ReceiptData, type ReceiptLine, receiptTime } from "./receipt-pdf.server";

/** 80 mm in points; the printer's head covers about 72 mm of it. */
export const THERMAL_WIDTH = 226.77;
const MARGIN = 11.34;
const CONTENT = THERMAL_WIDTH - 2 * MARGIN;
const INK = rgb(0, 0, 0);
const QR_SIZE = 132;

interface Block {
  height: number;
  draw(page: PDFPage, top: number): void;
}

interface TextOptions {
  size?: number;
  bold?: boolean;
  center?: boolean;
  color?: Color;
  /** Space under the text. */
  gap?: number;
}

/** The receipt as a column of measured blocks; `page` cuts a page to their height and draws them. */
class Column {
  readonly blocks: Block[] = [];
  constructor(private readonly fonts: PdfFonts) {}

  private face(bold?: boolean): PdfFace {
    return bold ? this.fonts.bold : this.fonts.regular;
  }

  text(value: string, options: TextOptions = {}) {
    const size = options.size ?? 10;
    const face = this.face(options.bold);
    for (const line of wrap(value, CONTENT, size, face)) {
      const x = options.center ? MARGIN + (CONTENT - face.width(line, size)) / 2 : MARGIN;
      this.blocks.push({
        height: size + 3,
        draw: (page, top) => face.draw(page, line, { x, y: top - size, size, color: options.color ?? INK }),
      });
    }
    this.space(options.gap ?? 2);
  }

  /** A label on the left and an amount on the right of its first line; the label wraps in what is left. */
  amount(label: string, figure: string, options: { size?: number; bold?: boolean } = {}) {
    const size = options.size ?? 10;
    const face = this.face(options.bold);
    const printed = face.printable(figure);
    const figureWidth = face.width(printed, size);
    wrap(label, CONTENT - figureWidth - 8, size, face).forEach((line, n) => {
      this.blocks.push({
        height: size + 3,
        draw: (page, top) => {
          face.draw(page, line, { x: MARGIN, y: top - size, size, color: INK });
          if (n === 0) face.draw(page, printed, { x: MARGIN + CONTENT - figureWidth, y: top - size, size, color: INK });
        },
      });
    });
    this.space(2);
  }

  space(height: number) {
    this.blocks.push({ height, draw: () => {} });
  }

  rule() {
    this.blocks.push({
      height: 9,
      draw: (page, top) =>
        page.drawLine({
          start: { x: MARGIN, y: top - 4 },
          end: { x: MARGIN + CONTENT, y: top - 4 },
          thickness: 0.8,
          color: INK,
          dashArray: [3, 2],
        }),
    });
  }

  /** A boxed word across the receipt (the "Cancelled" stamp). */
  stamp(word: string) {
    const size = 20;
    const face = this.face(true);
    const printed = face.printable(word);
    this.blocks.push({
      height: size + 16,
      draw: (page, top) => {
        page.drawRectangle({ x: MARGIN, y: top - size - 12, width: CONTENT, height: size + 10, borderColor: INK, borderWidth: 2 });
        face.draw(page, printed, { x: MARGIN + (CONTENT - face.width(printed, size)) / 2, y: top - size - 4, size, color: INK });
      },
    });
  }

  qr(verification: ReceiptData["verification"]) {
    const scale = QR_SIZE / verification.qr.size;
    this.blocks.push({
      height: QR_SIZE + 6,
      draw: (page, top) =>
        page.drawSvgPath(qrPath(verification.qr), { x: MARGIN + (CONTENT - QR_SIZE) / 2, y: top, scale, color: INK, borderWidth: 0 }),
    });
  }

  page(doc: PDFDocument) {
    const height = this.blocks.reduce((sum, block) => sum + block.height, 0) + 2 * MARGIN;
    const page = doc.addPage([THERMAL_WIDTH, height]);
    let top = height - MARGIN;
    for (const block of this.blocks) {
      block.draw(page, top);
      top -= block.height;
    }
  }
}

/** One devotee's puja (or one gift): what, when, for whom with star and gotra, how many and how much. */
function writeLine(column: Column, line: ReceiptLine, donation: boolean) {
  column.text(line.itemName, { bold: true, size: 11, gap: 1 });
  if (line.pujaDate) column.text(m.bookings_receipt_date({ date: line.pujaDate.slice(0, 10) }), { gap: 1 });
  column.text(donation ? m.bookings_counter_receipt_in_the_name_of({ name: line.devoteeName }) : line.devoteeName, { gap: 1 });
  if (line.starName) column.text(m.bookings_receipt_star({ star: line.starName }), { gap: 1 });
  if (line.gotra) column.text(m.bookings_receipt_gotra({ gotra: line.gotra }), { gap: 1 });
  column.amount(`${line.quantity} × ${formatRupees(line.amount)}`, formatRupees(line.itemAmount));
  if (line.postalAmount > 0) column.amount(m.bookings_postage(), formatRupees(line.postalAmount));
  column.space(4);
}

export async function renderThermalReceiptPdf(data: ReceiptData): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.setTitle(m.bookings_receipt_doc_title({ site: data.siteName, receiptNo: data.receiptNo }));
  doc.setSubject(m.bookings_receipt_doc_subject({ trackingNo: data.trackingNo, amount: formatRupees(data.grandTotal) }));
  doc.setAuthor(data.siteName);
  doc.setCreator(data.siteName);
  const labels = [m.bookings_receipt_title(), m.trust_receipt_verify_title(), m.trust_receipt_verify_hint(), ...counterLabels()];
  const fonts = await embedPdfFonts(doc, [JSON.stringify(data), ...labels]);
  const column = new Column(fonts);

  for (const temple of data.temples) column.text(temple.templeName, { size: 14, bold: true, center: true, gap: 1 });
  column.text(data.siteName, { size: 9, center: true, gap: 4 });
  column.text(data.counter ? m.bookings_counter_receipt_title() : m.bookings_receipt_title(), {
    size: 12,
    bold: true,
    center: true,
    gap: 4,
  });
  const sale = data.counter ? counterSaleTexts(data.counter) : null;
  if (sale && sale.cancelled.length > 0) {
    column.stamp(m.bookings_counter_receipt_cancelled());
    for (const line of sale.cancelled) column.text(line, { bold: true });
    column.space(4);
  }
  column.text(`${m.bookings_receipt_no()}: ${data.receiptNo}`, { bold: true });
  column.text(`${m.bookings_tracking_no()}: ${data.trackingNo}`, { bold: true });
  column.text(receiptTime(data));
  column.rule();
  for (const temple of data.temples) {
    for (const line of temple.pujas) writeLine(column, line, false);
    for (const line of temple.donations) writeLine(column, line, true);
  }
  column.rule();
  column.amount(m.bookings_total(), formatRupees(data.grandTotal), { size: 14, bold: true });
  if (sale) {
    column.text(sale.paid);
    column.text(sale.soldBy);
  } else if (data.paymentRef) column.text(m.bookings_receipt_payment_ref({ ref: data.paymentRef }));
  column.rule();
  column.qr(data.verification);
  column.text(m.trust_receipt_verify_title(), { bold: true, center: true });
  column.text(m.trust_verification_code({ code: data.verification.code }), { bold: true, center: true });
  column.text(m.trust_receipt_verify_hint(), { size: 8, center: true });
  column.text(data.verification.url, { size: 8, center: true, gap: 6 });
  column.text(m.bookings_receipt_questions({ email: data.supportEmail }), { size: 8, center: true });
  column.page(doc);
  await fonts.finish();
  return doc.save();
}
