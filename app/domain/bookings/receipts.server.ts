/** Receipts: what the PDF and the receipt email say about a booking. */
import { eq } from "drizzle-orm";
import { href } from "react-router";
import type { Database } from "~/db/client.server";
import { customers } from "~/db/schema";
import { type EmailContent, preformattedEmail } from "~/lib/email-layout.server";
import { formatRupees } from "../text";
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
  return {
    receiptNo: transaction.receiptNo,
    trackingNo: transaction.trackingNo,
    bookingDate: transaction.bookingDate,
    paymentRef: transaction.paymentRef,
    customerName: `${customer.firstName} ${customer.lastName}`.trim(),
    customerEmail: customer.email,
    temples: totals.temples.map((group) => {
      const first = lines.find((line) => line.templeId === group.templeId);
      return { ...group, registration80g: first?.registration80g ?? null, templePan: first?.templePan ?? null };
    }),
    grandTotal: totals.grandTotal,
  };
}

export type Receipt = NonNullable<Awaited<ReturnType<typeof loadReceipt>>>;

/** The receipt email: plain text, and the same text laid out as it is in the one email document. */
export function receiptEmail(receipt: Receipt, options: { siteName: string; origin: string; supportEmail: string }): EmailContent {
  const lines = receipt.temples.flatMap((temple) => [
    `${temple.templeName}`,
    ...temple.pujas.map((l) => {
      const day = l.pujaDate ? ` on ${l.pujaDate.slice(0, 10)}` : "";
      return `  ${l.itemName} for ${l.devoteeName}${day} x${l.quantity}: ${formatRupees(l.total)}`;
    }),
    ...temple.donations.map((l) => `  Donation: ${l.itemName} in the name of ${l.devoteeName}: ${formatRupees(l.total)}`),
    `  Temple total: ${formatRupees(temple.total)}`,
  ]);
  const pdfUrl = `${options.origin}${href("/:lang?/account/transactions/:trackingNo/receipt.pdf", { trackingNo: receipt.trackingNo })}`;
  const text = [
    `Namaste ${receipt.customerName},`,
    "",
    `Thank you for your booking on ${options.siteName}.`,
    `Receipt No: ${receipt.receiptNo}`,
    `Tracking No: ${receipt.trackingNo}`,
    "",
    ...lines,
    "",
    `Grand total: ${formatRupees(receipt.grandTotal)}`,
    "",
    `Download the receipt (PDF): ${pdfUrl}`,
    `Questions? Write to ${options.supportEmail}.`,
  ].join("\n");
  const subject = `${options.siteName} receipt ${receipt.receiptNo}`;
  return { subject, text, html: preformattedEmail(subject, text) };
}
