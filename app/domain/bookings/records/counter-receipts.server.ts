/**
 * A counter sale's receipt, for the staff of the temple that sold it: the same receipt model as
 * an online booking's (`loadReceipt`), with what the counter adds (who sold it, how it was paid,
 * whether it was cancelled). Its two layouts are the A4 receipt and the 80 mm thermal one.
 */
import { and, eq, exists, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { customers, transactionLines, transactions } from "~/db/schema";
import type { ReceiptCounterSale } from "./receipt-pdf.server";
import { loadReceipt } from "./receipts.server";

/** A counter sale of this temple by its tracking number (null: none, or another temple's). */
export async function loadCounterReceipt(db: Database, templeId: number, trackingNo: string) {
  const [sale] = await db
    .select({
      customerId: transactions.customerId,
      soldBy: customers.firstName,
      payment: transactions.counterPayment,
      paymentRef: transactions.counterPaymentRef,
      cancelledAt: transactions.cancelledAt,
      cancelReason: transactions.cancelReason,
    })
    .from(transactions)
    .leftJoin(customers, eq(customers.id, transactions.soldBy))
    .where(
      and(
        eq(transactions.trackingNo, trackingNo),
        eq(transactions.channel, "counter"),
        exists(
          db
            .select({ one: sql`1` })
            .from(transactionLines)
            .where(and(eq(transactionLines.transactionId, transactions.id), eq(transactionLines.templeId, templeId))),
        ),
      ),
    )
    .limit(1);
  if (!sale) return null;
  const receipt = await loadReceipt(db, sale.customerId, trackingNo);
  if (!receipt) return null;
  const counter: ReceiptCounterSale = {
    soldBy: sale.soldBy ?? "",
    payment: sale.payment ?? "cash",
    // A UPI QR paid through the gateway has the gateway's payment id as its reference.
    paymentRef: sale.paymentRef ?? receipt.paymentRef,
    cancelledAt: sale.cancelledAt,
    cancelReason: sale.cancelReason,
  };
  // The counter takes no donor's PAN or address, and the sale is booked under the walk-in
  // account: an 80G section would name that account as the donor, so a counter receipt has none.
  const temples = receipt.temples.map((temple) => ({ ...temple, eightyG: null }));
  return { ...receipt, temples, paymentRef: null, counter };
}

export type CounterReceipt = NonNullable<Awaited<ReturnType<typeof loadCounterReceipt>>>;
