/** Puja videos: which R2 object a customer may watch. */
import { and, eq } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { transactionLines, transactions } from "~/db/schema";

/** The R2 key of a line's video when the line belongs to this customer's booking; else null. */
export async function findVideoKey(db: Database, customerId: number, trackingNo: string, lineId: number): Promise<string | null> {
  const [row] = await db
    .select({ key: transactionLines.videoKey })
    .from(transactionLines)
    .innerJoin(transactions, eq(transactions.id, transactionLines.transactionId))
    .where(
      and(
        eq(transactionLines.id, lineId),
        eq(transactions.trackingNo, trackingNo),
        eq(transactions.customerId, customerId),
        eq(transactionLines.itemType, "PUJA"),
      ),
    )
    .limit(1);
  return row?.key ?? null;
}
