/**
 * A staff member's counter shift at a temple: opened with a float (or by their first sale, with
 * ₹0), closed once by counting the cash. At most one open shift per staff member and temple (the
 * partial unique index `counter_shifts_open`), so opening is an insert that does nothing when one
 * is open: two tabs opening at once give one shift. The close is one conditional update that
 * computes what the book says from the shift's own sales and cancellations as it closes, so a
 * sale or cancellation racing the close is either in its expected cash or in a later shift.
 */
import { and, eq, isNull, type SQL, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { counterShifts, customers } from "~/db/schema";
import { auditWhenStatement } from "~/domain/audit/audit.server";
import { todayInIndia } from "~/lib/india-time";
import { type CloseShiftInput, countedCash } from "./shift-inputs";

export type ShiftRow = typeof counterShifts.$inferSelect;

/** Opens a shift for the staff member at the temple unless one is open (for a batch, before what records it). */
export function openShiftStatement(db: Database, templeId: number, staffId: number, openingFloat: number, now: Date) {
  return db
    .insert(counterShifts)
    .values({ templeId, staffId, day: todayInIndia(now), openedAt: now.toISOString(), openingFloat })
    .onConflictDoNothing();
}

/** The id of the staff member's open shift at the temple, as an SQL value (read where the batch reaches it). */
export function openShiftId(templeId: number, staffId: number): SQL<number> {
  return sql<number>`(select ${counterShifts.id} from ${counterShifts}
    where ${counterShifts.templeId} = ${templeId} and ${counterShifts.staffId} = ${staffId} and ${counterShifts.closedAt} is null)`;
}

export async function findOpenShift(db: Database, templeId: number, staffId: number): Promise<ShiftRow | null> {
  const [shift] = await db
    .select()
    .from(counterShifts)
    .where(and(eq(counterShifts.templeId, templeId), eq(counterShifts.staffId, staffId), isNull(counterShifts.closedAt)))
    .limit(1);
  return shift ?? null;
}

/** A shift of the temple (any staff member's), with who kept it, or null. */
export async function findShift(db: Database, templeId: number, shiftId: number) {
  const [shift] = await db
    .select({ shift: counterShifts, staffName: sql<string>`${customers.firstName} || ' ' || ${customers.lastName}` })
    .from(counterShifts)
    .innerJoin(customers, eq(customers.id, counterShifts.staffId))
    .where(and(eq(counterShifts.id, shiftId), eq(counterShifts.templeId, templeId)))
    .limit(1);
  return shift ? { ...shift.shift, staffName: shift.staffName } : null;
}

/** Opens the counter with a float; an open shift stays as it is (`opened` false). */
export async function openShift(db: Database, templeId: number, staffId: number, openingFloat: number, now = new Date()) {
  const made = await openShiftStatement(db, templeId, staffId, openingFloat, now).returning({ id: counterShifts.id });
  const shift = await findOpenShift(db, templeId, staffId);
  return { shift: shift!, opened: made.length > 0 };
}

/** Cash in (sales) less cash out (cancellations made in it) of the shift `shift` (an SQL value naming its id). */
function cashMovements(shift: SQL | typeof counterShifts.id) {
  return sql<number>`(select coalesce(sum(total), 0) from transactions where counter_shift_id = ${shift} and counter_payment = 'cash')
    - (select coalesce(sum(total), 0) from transactions where cancel_shift_id = ${shift} and counter_payment = 'cash')`;
}

export type CloseResult = { ok: true; repeated: boolean; shift: ShiftRow } | { ok: false; reason: "missing" | "not-yours" };

/**
 * Closes the shift: the cash counted by denomination, what the book expected (float + cash sales
 * − cash cancellations of this shift) and the difference, in one conditional update. Its own
 * staff member closes it, or (`mayCloseAny`) a temple admin. Closing twice closes once.
 */
export async function closeShift(
  db: Database,
  actor: { id: number; mayCloseAny: boolean },
  templeId: number,
  input: CloseShiftInput,
  now = new Date(),
): Promise<CloseResult> {
  const found = await findShift(db, templeId, input.shiftId);
  if (!found) return { ok: false, reason: "missing" };
  if (found.staffId !== actor.id && !actor.mayCloseAny) return { ok: false, reason: "not-yours" };
  if (found.closedAt) return { ok: true, repeated: true, shift: found };
  const counted = countedCash(input);
  const expected = sql<number>`${counterShifts.openingFloat} + ${cashMovements(counterShifts.id)}`;
  const closing = and(eq(counterShifts.id, found.id), isNull(counterShifts.closedAt));
  const [closed] = await db.batch([
    db
      .update(counterShifts)
      .set({
        closedAt: now.toISOString(),
        countedCash: counted.total,
        denominations: JSON.stringify(counted.pieces),
        expectedCash: expected,
        difference: sql`${counted.total} - (${expected})`,
        closeNote: input.note || null,
      })
      .where(closing)
      .returning(),
    auditWhenStatement(
      db,
      {
        actorId: actor.id,
        action: "counter.shift.close",
        entity: "counter_shift",
        entityId: found.id,
        templeId,
        detail: { counted: counted.total },
      },
      sql`exists (select 1 from ${counterShifts}
        where ${counterShifts.id} = ${found.id} and ${counterShifts.closedAt} = ${now.toISOString()})`,
    ),
  ]);
  if (closed.length === 0) {
    const again = await findShift(db, templeId, found.id);
    return { ok: true, repeated: true, shift: again! };
  }
  return { ok: true, repeated: false, shift: closed[0]! };
}
