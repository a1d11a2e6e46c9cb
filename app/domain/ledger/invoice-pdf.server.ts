/**
 * The platform's monthly tax invoice as a PDF (pdf-lib, the receipts' embedded Noto fonts): who
 * charges (the platform's legal name and GSTIN from configuration), who is charged (the temple's
 * trust, name and address), the month's fee and GST on it, totals as "₹1,25,000.00". GST is one
 * line at 18%: whether it is CGST + SGST or IGST depends on the place of supply, which the
 * invoice states in a note rather than splitting.
 */
import { PDFDocument, rgb } from "pdf-lib";
import type { PlatformInvoice } from "~/db/schema";
import { formatCount, formatRupees, longDate, monthYear } from "~/domain/text";
import { embedPdfFonts, type PdfFace } from "~/lib/pdf-fonts.server";
import { wrap } from "~/lib/pdf-text.server";
import { m } from "~/paraglide/messages";
import { GST_PERCENT } from "./fees";
import { lastDayOfMonth } from "./invoices.server";

export interface InvoiceParties {
  platformLegalName: string;
  platformGstin: string;
  siteName: string;
  templeName: string;
  trustName: string;
  address: string;
}

const INK = rgb(0.17, 0.11, 0.08);
const MAROON = rgb(0.478, 0.122, 0.122);
const MARGIN = 50;
const WIDTH = 595.28;
const HEIGHT = 841.89;

export async function renderInvoicePdf(invoice: PlatformInvoice, parties: InvoiceParties): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.setTitle(m.fees_invoice_doc_title({ number: invoice.number }));
  doc.setAuthor(parties.platformLegalName);
  doc.setCreator(parties.siteName);
  const rows: [string, string, string][] = [
    [m.fees_invoice_col_item(), m.fees_invoice_col_lines(), m.fees_invoice_col_amount()],
    [m.fees_invoice_fee_line({ month: monthYear(invoice.month) }), formatCount(invoice.bookingLines), formatRupees(invoice.fee)],
    [m.fees_invoice_gst_line({ percent: String(GST_PERCENT) }), "", formatRupees(invoice.gst)],
    [m.fees_invoice_total(), "", formatRupees(invoice.total)],
  ];
  const heading = [
    m.fees_invoice_number({ number: invoice.number }),
    m.fees_invoice_date({ date: longDate(lastDayOfMonth(invoice.month)) }),
    m.fees_invoice_issued({ date: longDate(invoice.issuedAt.slice(0, 10)) }),
  ];
  const recipient = [parties.trustName, parties.templeName, parties.address].filter(Boolean);
  const notes = [m.fees_invoice_booked({ amount: formatRupees(invoice.bookedAmount) }), m.fees_invoice_gst_note()];
  const fonts = await embedPdfFonts(doc, [
    JSON.stringify(parties),
    m.fees_invoice_title(),
    m.fees_invoice_to(),
    ...heading,
    ...rows.flat(),
    ...notes,
  ]);
  const page = doc.addPage([WIDTH, HEIGHT]);
  let y = HEIGHT - MARGIN;
  const text = (value: string, options: { size?: number; face?: PdfFace; x?: number; width?: number; color?: typeof INK } = {}) => {
    const size = options.size ?? 10;
    const face = options.face ?? fonts.regular;
    for (const line of wrap(value, options.width ?? WIDTH - 2 * MARGIN, size, face)) {
      face.draw(page, line, { x: options.x ?? MARGIN, y: y - size, size, color: options.color ?? INK });
      y -= size + 4;
    }
  };
  text(m.fees_invoice_title(), { size: 18, face: fonts.bold, color: MAROON });
  y -= 6;
  text(parties.platformLegalName, { size: 12, face: fonts.bold });
  text(`GSTIN: ${parties.platformGstin}`, { face: fonts.bold });
  y -= 8;
  for (const line of heading) text(line);
  y -= 8;
  text(m.fees_invoice_to(), { face: fonts.bold });
  for (const line of recipient) text(line);
  y -= 12;
  // Three columns: the item wraps; the count and the amount are right-aligned figures.
  const amountRight = WIDTH - MARGIN;
  const countRight = amountRight - 120;
  rows.forEach((row, index) => {
    const face = index === 0 || index === rows.length - 1 ? fonts.bold : fonts.regular;
    const top = y;
    text(row[0], { face, width: countRight - MARGIN - 70 });
    const after = y;
    y = top;
    for (const [value, right] of [
      [row[1], countRight],
      [row[2], amountRight],
    ] as const) {
      const printable = face.printable(value);
      face.draw(page, printable, { x: right - face.width(printable, 10), y: y - 10, size: 10, color: INK });
    }
    y = after - 6;
    page.drawLine({ start: { x: MARGIN, y: y + 3 }, end: { x: amountRight, y: y + 3 }, thickness: 0.5, color: INK });
  });
  y -= 10;
  for (const note of notes) text(note, { size: 9 });
  await fonts.finish();
  return doc.save();
}
