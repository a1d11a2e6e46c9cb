/**
 * The receipt a verification code names (trust/receipt-codes.server.ts makes and checks the codes),
 * as the verify page shows it to anyone holding the code.
 */
import { and, eq, isNotNull, or, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { customers, temples, transactionLines, transactions } from "~/db/schema";
import { parseReceiptCode, receiptCodeMatches } from "~/domain/trust/receipt-codes.server";
import { maskName } from "~/domain/trust/tax";
import { templeNameShown } from "./booked-names.server";
import { lineTotal } from "../cart/cart";

/**
 * What the verify page shows anyone holding a genuine code: the receipt's number and date, each
 * temple with its amounts, the total, the devotee's name masked, and when it was cancelled (a
 * counter sale; null when it stands). Null for a code never issued or altered (the MAC is
 * compared in constant time).
 */
export async function findReceiptByCode(db: Database, secret: string, code: string) {
  const parsed = parseReceiptCode(code);
  if (!parsed) return null;
  const [[booking], lines] = await db.batch([
    db
      .select({
        id: transactions.id,
        receiptNo: transactions.receiptNo,
        bookingDate: transactions.bookingDate,
        total: transactions.total,
        convenienceFee: transactions.convenienceFee,
        firstName: customers.firstName,
        lastName: customers.lastName,
        channel: transactions.channel,
        cancelledAt: transactions.cancelledAt,
      })
      .from(transactions)
      .innerJoin(customers, eq(customers.id, transactions.customerId))
      // A cancelled counter sale still verifies, as cancelled: its receipt was genuine once.
      .where(and(eq(transactions.id, parsed.id), or(eq(transactions.status, 0), isNotNull(transactions.cancelledAt))))
      .limit(1),
    db
      .select({
        templeId: transactionLines.templeId,
        templeName: templeNameShown("temple_name_shown"),
        itemType: transactionLines.itemType,
        amount: transactionLines.amount,
        quantity: transactionLines.quantity,
        postalCharge: transactionLines.postalCharge,
        devoteeName: transactionLines.devoteeName,
      })
      .from(transactionLines)
      .innerJoin(temples, eq(temples.id, transactionLines.templeId))
      .where(eq(transactionLines.transactionId, parsed.id))
      .orderBy(sql`${transactionLines.id}`),
  ]);
  if (!booking) return null;
  if (!(await receiptCodeMatches(secret, booking, parsed.mac))) return null;
  const byTemple = new Map<number, { templeName: string; pujas: number; donations: number }>();
  for (const line of lines) {
    const group = byTemple.get(line.templeId) ?? { templeName: line.templeName, pujas: 0, donations: 0 };
    if (line.itemType === "PUJA") group.pujas += lineTotal(line);
    else group.donations += lineTotal(line);
    byTemple.set(line.templeId, group);
  }
  return {
    receiptNo: booking.receiptNo,
    bookingDate: booking.bookingDate,
    // A counter sale is booked under the walk-in account: its devotee is the one named on it.
    devotee: maskName(booking.channel === "counter" && lines[0] ? lines[0].devoteeName : `${booking.firstName} ${booking.lastName}`),
    temples: [...byTemple.values()],
    total: booking.total,
    /** Part of the total: the devotee's convenience fee (0: none), kept by the platform. */
    convenienceFee: booking.convenienceFee,
    cancelledAt: booking.cancelledAt,
  };
}

export type VerifiedReceipt = NonNullable<Awaited<ReturnType<typeof findReceiptByCode>>>;
