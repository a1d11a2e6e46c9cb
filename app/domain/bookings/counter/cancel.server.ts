/**
 * Cancelling a counter sale: by the staff member who sold it while their shift is open, or by the
 * temple's admin at any time. Nothing is deleted but the sale's seats: the transaction and its
 * lines stay, marked cancelled (when, by whom, why), its lines' pujas are not performed, and the
 * cancellation goes into the canceller's open shift (opened if they have none: the money leaves
 * their drawer). One batch; cancelling twice changes nothing the second time.
 */
import { and, eq, inArray, isNull, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { counterShifts, pujaSeats, transactionLines, transactions } from "~/db/schema";
import { auditWhenStatement } from "~/domain/audit/audit.server";
import type { CancelSaleInput } from "./shift-inputs";
import { openShiftId, openShiftStatement } from "./shifts.server";

export type CancelResult = { ok: true; repeated: boolean } | { ok: false; reason: "missing" | "not-allowed" };

/** The counter sale with this tracking number at the temple, with whether its shift is open. */
async function findTempleSale(db: Database, templeId: number, trackingNo: string) {
  const [sale] = await db
    .select({
      id: transactions.id,
      soldBy: transactions.soldBy,
      cancelledAt: transactions.cancelledAt,
      shiftOpen: sql<number>`coalesce((select ${counterShifts.closedAt} is null from ${counterShifts}
        where ${counterShifts.id} = ${transactions.counterShiftId}), 0)`,
    })
    .from(transactions)
    .where(
      and(
        eq(transactions.trackingNo, trackingNo),
        eq(transactions.channel, "counter"),
        sql`exists (select 1 from ${transactionLines} where ${transactionLines.transactionId} = ${transactions.id}
          and ${transactionLines.templeId} = ${templeId})`,
      ),
    )
    .limit(1);
  return sale ?? null;
}

export async function cancelCounterSale(
  db: Database,
  actor: { id: number; isAdmin: boolean },
  templeId: number,
  input: CancelSaleInput,
  now = new Date(),
): Promise<CancelResult> {
  const sale = await findTempleSale(db, templeId, input.trackingNo);
  if (!sale) return { ok: false, reason: "missing" };
  if (sale.cancelledAt) return { ok: true, repeated: true };
  const bySeller = sale.soldBy === actor.id && Boolean(sale.shiftOpen);
  if (!actor.isAdmin && !bySeller) return { ok: false, reason: "not-allowed" };
  const at = now.toISOString();
  // The seller's right holds only while their shift is open, as the batch finds it.
  const stillAllowed = actor.isAdmin
    ? sql`1`
    : sql`exists (select 1 from ${counterShifts}
        where ${counterShifts.id} = ${transactions.counterShiftId} and ${counterShifts.closedAt} is null)`;
  const cancelledNow = sql`exists (select 1 from ${transactions} where ${transactions.id} = ${sale.id}
    and ${transactions.cancelledAt} = ${at} and ${transactions.cancelledBy} = ${actor.id})`;
  const lineIds = db.select({ id: transactionLines.id }).from(transactionLines).where(eq(transactionLines.transactionId, sale.id));
  await db.batch([
    openShiftStatement(db, templeId, actor.id, 0, now),
    db
      .update(transactions)
      .set({ cancelledAt: at, cancelledBy: actor.id, cancelReason: input.reason, cancelShiftId: openShiftId(templeId, actor.id) })
      .where(and(eq(transactions.id, sale.id), isNull(transactions.cancelledAt), stillAllowed)),
    db
      .update(transactionLines)
      .set({ pujaStatus: "cancelled" })
      .where(and(eq(transactionLines.transactionId, sale.id), cancelledNow)),
    // The seat returns: the sale's own counter seats go (by its lines), so the day can sell again.
    db.delete(pujaSeats).where(and(eq(pujaSeats.kind, "counter"), inArray(pujaSeats.transactionLineId, lineIds), cancelledNow)),
    auditWhenStatement(
      db,
      {
        actorId: actor.id,
        action: "counter.sale.cancel",
        entity: "transaction",
        entityId: sale.id,
        templeId,
        detail: { reason: input.reason },
      },
      cancelledNow,
    ),
  ]);
  const after = await findTempleSale(db, templeId, input.trackingNo);
  if (!after?.cancelledAt) return { ok: false, reason: "not-allowed" };
  return { ok: true, repeated: false };
}
