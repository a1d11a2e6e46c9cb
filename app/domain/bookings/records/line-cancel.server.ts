/**
 * A booked line cancelled after payment (the ledger refunds it: a puja the temple cannot
 * perform): its puja is not performed and its seats return, as a cancelled counter sale's do.
 * Statements for the caller's batch, so the cancellation goes with the caller's own record.
 */
import { and, eq, ne } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { pujaSeats, transactionLines } from "~/db/schema";

export function cancelBookedLineStatements(db: Database, lineId: number) {
  return [
    db
      .update(transactionLines)
      .set({ pujaStatus: "cancelled" })
      .where(and(eq(transactionLines.id, lineId), ne(transactionLines.pujaStatus, "cancelled"))),
    db.delete(pujaSeats).where(eq(pujaSeats.transactionLineId, lineId)),
  ] as const;
}
