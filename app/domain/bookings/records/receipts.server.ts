/** Receipts: what the PDF and the receipt email say about a booking. */
import { eq } from "drizzle-orm";
import { href } from "react-router";
import type { Database } from "~/db/client.server";
import { customers } from "~/db/schema";
import { type EmailContent, emailDocument, escapeHtml } from "~/lib/email-layout.server";
import { type QrCode, qrCode, qrHtmlTable } from "~/lib/qr";
import { eightyGSections } from "~/domain/trust/receipt-80g.server";
import { receiptCode, receiptVerifyUrl } from "~/domain/trust/receipt-codes.server";
import { maskPan } from "~/domain/trust/tax";
import { baseLocale, isLocale, type Locale, localizePath } from "~/lib/i18n";
import { m } from "~/paraglide/messages";
import { formatRupees } from "../../text";
import { loadTransaction } from "./transactions.server";

/** The language a devotee chose (their e-mails speak it), English when they chose none. */
export async function devoteeLocale(db: Database, customerId: number): Promise<Locale> {
  const [row] = await db.select({ language: customers.language }).from(customers).where(eq(customers.id, customerId)).limit(1);
  return row?.language && isLocale(row.language) ? row.language : baseLocale;
}

/** The receipt of a booking, for its owner only; null otherwise. */
export async function loadReceipt(db: Database, customerId: number, trackingNo: string) {
  const [booking, [customer]] = await Promise.all([
    loadTransaction(db, customerId, trackingNo),
    db
      .select({ firstName: customers.firstName, lastName: customers.lastName, email: customers.email })
      .from(customers)
      .where(eq(customers.id, customerId))
      .limit(1),
  ]);
  if (!booking || !customer) return null;
  const { transaction, totals, lines } = booking;
  const sections = await eightyGSections(db, { ...transaction, customerId }, lines);
  return {
    id: transaction.id,
    receiptNo: transaction.receiptNo,
    trackingNo: transaction.trackingNo,
    bookingDate: transaction.bookingDate,
    paymentRef: transaction.paymentRef,
    customerName: `${customer.firstName} ${customer.lastName}`.trim(),
    customerEmail: customer.email,
    temples: totals.temples.map((group) => {
      const first = lines.find((line) => line.templeId === group.templeId);
      return {
        ...group,
        registration80g: first?.registration80g ?? null,
        templePan: first?.templePan ?? null,
        eightyG: sections.get(group.templeId) ?? null,
      };
    }),
    /** The devotee's convenience fee (0: none charged; then the receipt shows no fee at all). */
    convenienceFee: totals.convenienceFee,
    grandTotal: totals.grandTotal,
  };
}

export type Receipt = NonNullable<Awaited<ReturnType<typeof loadReceipt>>>;

/** How anyone checks a receipt: its code, the address of its verify page and that address as a QR code. */
export interface ReceiptVerification {
  code: string;
  url: string;
  qr: QrCode;
}

export async function receiptVerification(receipt: { id: number; receiptNo: string }, secret: string, origin: string) {
  const code = await receiptCode(secret, receipt);
  const url = receiptVerifyUrl(origin, code);
  return { code, url, qr: qrCode(url) } satisfies ReceiptVerification;
}

/**
 * The receipt email: plain text, and the same text laid out as it is in the one email document,
 * with the verification code's QR, in the current language (the devotee's: see `devoteeLocale`).
 * A donor's PAN is never in mail in full (only masked).
 */
export function receiptEmail(
  receipt: Receipt,
  verification: ReceiptVerification,
  options: { siteName: string; origin: string; supportEmail: string },
): EmailContent {
  const lines = receipt.temples.flatMap((temple) => [
    `${temple.templeName}`,
    `  ${m.payouts_convenience_received_by({ temple: temple.templeName })}`,
    ...temple.pujas.map((l) => {
      const line = { itemName: l.itemName, devoteeName: l.devoteeName, quantity: l.quantity, amount: formatRupees(l.total) };
      return `  ${l.pujaDate ? m.emails_receipt_puja_on({ ...line, date: l.pujaDate.slice(0, 10) }) : m.emails_receipt_puja(line)}`;
    }),
    ...temple.donations.map(
      (l) => `  ${m.emails_receipt_donation({ itemName: l.itemName, devoteeName: l.devoteeName, amount: formatRupees(l.total) })}`,
    ),
    ...(temple.eightyG
      ? [
          `  ${m.trust_email_80g({ amount: formatRupees(temple.eightyG.amount), trust: temple.eightyG.trustName })}`,
          ...(temple.eightyG.donorPan ? [`  ${m.trust_email_donor_pan({ pan: maskPan(temple.eightyG.donorPan) })}`] : []),
        ]
      : []),
    `  ${m.emails_receipt_temple_total({ amount: formatRupees(temple.total) })}`,
  ]);
  const pdfPath = href("/:lang?/account/transactions/:trackingNo/receipt.pdf", { trackingNo: receipt.trackingNo });
  const pdfUrl = `${options.origin}${localizePath(pdfPath)}`;
  const text = [
    m.emails_greeting({ firstName: receipt.customerName }),
    "",
    m.emails_receipt_thanks({ siteName: options.siteName }),
    m.emails_receipt_no({ receiptNo: receipt.receiptNo }),
    m.emails_receipt_tracking_no({ trackingNo: receipt.trackingNo }),
    m.trust_verification_code({ code: verification.code }),
    "",
    ...lines,
    "",
    ...(receipt.convenienceFee > 0 ? [`${m.payouts_convenience_fee()}: ${formatRupees(receipt.convenienceFee)}`] : []),
    m.emails_receipt_grand_total({ amount: formatRupees(receipt.grandTotal) }),
    "",
    m.emails_receipt_pdf({ url: pdfUrl }),
    m.trust_verify_at({ url: verification.url }),
    m.emails_receipt_questions({ email: options.supportEmail }),
  ].join("\n");
  const subject = m.emails_receipt_subject({ siteName: options.siteName, receiptNo: receipt.receiptNo });
  const qr = `<p style="margin:1rem 0 0.25rem">${escapeHtml(m.trust_scan_to_verify())}</p>${qrHtmlTable(
    verification.qr,
    m.trust_qr_label({ url: verification.url }),
  )}<p style="margin:0.25rem 0;font-size:12px">${escapeHtml(verification.url)}</p>`;
  const html = emailDocument(subject, `<pre style="font-family:inherit;white-space:pre-wrap">${escapeHtml(text)}</pre>${qr}`);
  return { subject, text, html };
}
