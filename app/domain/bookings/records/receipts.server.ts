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
import { m } from "~/paraglide/messages";
import { formatRupees } from "../../text";
import { loadTransaction } from "./transactions.server";

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
 * with the verification code's QR. A donor's PAN is never in mail in full (only masked).
 */
export function receiptEmail(
  receipt: Receipt,
  verification: ReceiptVerification,
  options: { siteName: string; origin: string; supportEmail: string },
): EmailContent {
  const lines = receipt.temples.flatMap((temple) => [
    `${temple.templeName}`,
    ...temple.pujas.map((l) => {
      const day = l.pujaDate ? ` on ${l.pujaDate.slice(0, 10)}` : "";
      return `  ${l.itemName} for ${l.devoteeName}${day} x${l.quantity}: ${formatRupees(l.total)}`;
    }),
    ...temple.donations.map((l) => `  Donation: ${l.itemName} in the name of ${l.devoteeName}: ${formatRupees(l.total)}`),
    ...(temple.eightyG
      ? [
          `  ${m.trust_email_80g({ amount: formatRupees(temple.eightyG.amount), trust: temple.eightyG.trustName })}`,
          ...(temple.eightyG.donorPan ? [`  ${m.trust_email_donor_pan({ pan: maskPan(temple.eightyG.donorPan) })}`] : []),
        ]
      : []),
    `  Temple total: ${formatRupees(temple.total)}`,
  ]);
  const pdfUrl = `${options.origin}${href("/:lang?/account/transactions/:trackingNo/receipt.pdf", { trackingNo: receipt.trackingNo })}`;
  const text = [
    `Namaste ${receipt.customerName},`,
    "",
    `Thank you for your booking on ${options.siteName}.`,
    `Receipt No: ${receipt.receiptNo}`,
    `Tracking No: ${receipt.trackingNo}`,
    m.trust_verification_code({ code: verification.code }),
    "",
    ...lines,
    "",
    `Grand total: ${formatRupees(receipt.grandTotal)}`,
    "",
    `Download the receipt (PDF): ${pdfUrl}`,
    m.trust_verify_at({ url: verification.url }),
    `Questions? Write to ${options.supportEmail}.`,
  ].join("\n");
  const subject = `${options.siteName} receipt ${receipt.receiptNo}`;
  const qr = `<p style="margin:1rem 0 0.25rem">${escapeHtml(m.trust_scan_to_verify())}</p>${qrHtmlTable(
    verification.qr,
    m.trust_qr_label({ url: verification.url }),
  )}<p style="margin:0.25rem 0;font-size:12px">${escapeHtml(verification.url)}</p>`;
  const html = emailDocument(subject, `<pre style="font-family:inherit;white-space:pre-wrap">${escapeHtml(text)}</pre>${qr}`);
  return { subject, text, html };
}
