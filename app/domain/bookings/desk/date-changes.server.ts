/**
 * A devotee who cannot come asks the temple to move a booked puja to another date; the desk
 * moves it or declines with a reason. Bookings are never cancelled and no money moves: a
 * move changes the line's date, and its seats go from the old day to the new one in the same
 * batch (the seat trigger refuses a full day, and then nothing changes). The devotee's reads
 * go through their customer id, the desk's through its temple id.
 */
import { and, desc, eq, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { customers, dateChanges, pujaSeats, pujas, stars, templePujas, temples, transactionLines, transactions } from "~/db/schema";
import { textInLanguage } from "~/domain/content/translations.server";
import { auditWhenStatement } from "~/domain/audit/audit.server";
import { baseLocale, isLocale, type Locale } from "~/lib/i18n";
import { todayInIndia } from "~/lib/india-time";
import { isUniqueViolation, runBatch } from "~/db/batch.server";
import { pujaNameShown, templeNameShown } from "../records/booked-names.server";
import { checkPujaDate } from "../cart/booking-list.server";
import { isLimited, UNLIMITED } from "../seats/capacity";
import { type AskMove, DATE_CHANGE_MESSAGES as M, type MoveDecision } from "./date-change-inputs";
import { DESK_MESSAGES } from "./desk-inputs";
import { offeredDateProblem } from "../seats/releases.server";
import { fits, loadCapacities, seatRefusal, seatsOn, seatsTakenOn, takenOf } from "../seats/seats.server";

export type DateChangeStatus = (typeof dateChanges.$inferSelect)["status"];

type Refused = { ok: false; status: 400 | 404 | 409; field?: "pujaDate" | "note"; message: string };

/** A booked puja line of the customer that may still move: booked, not done, its day still to come. */
async function movableLine(db: Database, customerId: number, lineId: number) {
  const [line] = await db
    .select({
      id: transactionLines.id,
      templeId: transactionLines.templeId,
      templePujaId: transactionLines.templePujaId,
      pujaDate: transactionLines.pujaDate,
      quantity: transactionLines.quantity,
      pujaStatus: transactionLines.pujaStatus,
      daysOffered: templePujas.daysOffered,
      templeName: templeNameShown("temple_name_shown"),
    })
    .from(transactionLines)
    .innerJoin(transactions, eq(transactions.id, transactionLines.transactionId))
    .innerJoin(temples, eq(temples.id, transactionLines.templeId))
    .innerJoin(templePujas, eq(templePujas.id, transactionLines.templePujaId))
    .where(and(eq(transactionLines.id, lineId), eq(transactions.customerId, customerId), eq(transactionLines.itemType, "PUJA")))
    .limit(1);
  return line?.pujaDate ? { ...line, templePujaId: line.templePujaId!, pujaDate: line.pujaDate } : null;
}

/** Whether a line's day is still to come (a puja today or before cannot move). */
export function canStillMove(line: { pujaDate: string | null; pujaStatus: string }, today = todayInIndia()): boolean {
  return line.pujaStatus === "booked" && line.pujaDate !== null && line.pujaDate > today;
}

/**
 * The devotee asks to move a line of theirs to `pujaDate`: a date the puja is offered on and
 * released for, with room for the line's seats now (the desk's move checks again for real).
 */
export async function askToMoveDate(
  db: Database,
  customerId: number,
  input: AskMove,
  now = new Date(),
): Promise<{ ok: true; templeName: string } | Refused> {
  const line = await movableLine(db, customerId, input.lineId);
  if (!line) return { ok: false, status: 404, message: M.lineMissing };
  if (!canStillMove(line, todayInIndia(now))) return { ok: false, status: 409, message: M.tooLate };
  if (input.pujaDate === line.pujaDate) return { ok: false, status: 400, field: "pujaDate", message: M.sameDate };
  const problem =
    checkPujaDate(line.daysOffered, input.pujaDate, todayInIndia(now)) ??
    (await offeredDateProblem(db, line, input.pujaDate, now.getTime()));
  if (problem) return { ok: false, status: 400, field: "pujaDate", message: problem };
  const settings = (await loadCapacities(db, [line.templePujaId])).get(line.templePujaId) ?? UNLIMITED;
  if (isLimited(settings)) {
    const taken = await seatsTakenOn(db, [{ templePujaId: line.templePujaId, pujaDate: input.pujaDate }], customerId, now);
    const refusal = fits(settings, takenOf(taken, line.templePujaId, input.pujaDate), input.pujaDate, line.quantity);
    if (refusal === "full") return { ok: false, status: 409, field: "pujaDate", message: M.dayFull(input.pujaDate) };
    if (refusal) return { ok: false, status: 409, field: "pujaDate", message: M.devoteeLimit };
  }
  try {
    await db.insert(dateChanges).values({
      transactionLineId: line.id,
      customerId,
      templeId: line.templeId,
      fromDate: line.pujaDate,
      toDate: input.pujaDate,
      note: input.note || null,
    });
  } catch (error) {
    // The partial unique index: the line already has an ask the temple has not answered.
    if (isUniqueViolation(error)) return { ok: false, status: 409, message: M.alreadyAsked };
    throw error;
  }
  return { ok: true, templeName: line.templeName };
}

/** The devotee takes back an ask the temple has not answered. */
export async function withdrawDateChange(db: Database, customerId: number, changeId: number, now = new Date()): Promise<boolean> {
  const done = await db
    .update(dateChanges)
    .set({ status: "withdrawn", decidedAt: now.toISOString() })
    .where(and(eq(dateChanges.id, changeId), eq(dateChanges.customerId, customerId), eq(dateChanges.status, "asked")))
    .returning({ id: dateChanges.id });
  return done.length > 0;
}

/** The customer's asks, newest first: My Transactions shows each line's latest. */
export function listCustomerDateChanges(db: Database, customerId: number) {
  return db
    .select({
      id: dateChanges.id,
      lineId: dateChanges.transactionLineId,
      fromDate: dateChanges.fromDate,
      toDate: dateChanges.toDate,
      status: dateChanges.status,
      staffNote: dateChanges.staffNote,
    })
    .from(dateChanges)
    .where(eq(dateChanges.customerId, customerId))
    .orderBy(desc(dateChanges.id))
    .limit(1000);
}

export type CustomerDateChange = Awaited<ReturnType<typeof listCustomerDateChanges>>[number];

/** Each line's latest ask (the list is newest first). */
export function latestChangeByLine(changes: readonly CustomerDateChange[]): Map<number, CustomerDateChange> {
  const latest = new Map<number, CustomerDateChange>();
  for (const change of changes) if (!latest.has(change.lineId)) latest.set(change.lineId, change);
  return latest;
}

/** An ask with what the desk and the devotee's e-mail name: the puja and temple in `names`' language. */
function readChanges(db: Database, where: ReturnType<typeof and>, names: Locale, limit = 200) {
  return db
    .select({
      id: dateChanges.id,
      status: dateChanges.status,
      lineId: dateChanges.transactionLineId,
      templeId: dateChanges.templeId,
      templePujaId: transactionLines.templePujaId,
      fromDate: dateChanges.fromDate,
      toDate: dateChanges.toDate,
      note: dateChanges.note,
      staffNote: dateChanges.staffNote,
      quantity: transactionLines.quantity,
      devoteeName: transactionLines.devoteeName,
      starName: textInLanguage("star", stars.id, stars.name, "name", names),
      pujaName: pujaNameShown(pujas.id, transactionLines.itemName, "puja_name_shown", names),
      templeName: templeNameShown("temple_name_shown", names),
      trackingNo: transactions.trackingNo,
      customerId: dateChanges.customerId,
      email: customers.email,
      firstName: customers.firstName,
      language: customers.language,
    })
    .from(dateChanges)
    .innerJoin(transactionLines, eq(transactionLines.id, dateChanges.transactionLineId))
    .innerJoin(transactions, eq(transactions.id, transactionLines.transactionId))
    .innerJoin(temples, eq(temples.id, dateChanges.templeId))
    .innerJoin(customers, eq(customers.id, dateChanges.customerId))
    .leftJoin(templePujas, eq(templePujas.id, transactionLines.templePujaId))
    .leftJoin(pujas, eq(pujas.id, templePujas.pujaId))
    .leftJoin(stars, eq(stars.id, transactionLines.starId))
    .where(where)
    .orderBy(dateChanges.toDate, dateChanges.id)
    .limit(limit);
}

/** The temple's unanswered asks, soonest new date first, each with what that day has left (the desk reads pujas in English). */
export async function listTempleDateChanges(db: Database, templeId: number, now = new Date()) {
  const rows = await readChanges(db, and(eq(dateChanges.templeId, templeId), eq(dateChanges.status, "asked")), baseLocale);
  const days = rows.flatMap((row) => (row.templePujaId ? [{ templePujaId: row.templePujaId, pujaDate: row.toDate }] : []));
  const capacities = await loadCapacities(db, [...new Set(days.map((d) => d.templePujaId))]);
  const limited = days.filter((d) => isLimited(capacities.get(d.templePujaId) ?? UNLIMITED));
  const taken = limited.length > 0 ? await seatsTakenOn(db, limited, null, now) : new Map();
  return rows.map((row) => ({
    ...row,
    seats: row.templePujaId ? seatsOn(capacities.get(row.templePujaId) ?? UNLIMITED, taken, row.templePujaId, row.toDate) : null,
  }));
}

export type TempleDateChange = Awaited<ReturnType<typeof listTempleDateChanges>>[number];

/** An answered ask, named in the devotee's language for their e-mail. */
export type AnsweredChange = Awaited<ReturnType<typeof readChanges>>[number] & { locale: Locale; decision: MoveDecision["intent"] };

/**
 * Applies the desk's answer to an unanswered ask of the temple. Moving is one batch: the ask
 * becomes `moved` only while its line is still booked on the asked-from day; only then does
 * the line take the new date and its seats leave the old day for the new one (a full new day
 * rolls the whole batch back). Declining keeps the booking as it is.
 */
export async function decideDateChange(
  db: Database,
  actorId: number,
  templeId: number,
  input: MoveDecision,
  now = new Date(),
): Promise<{ ok: true; change: AnsweredChange } | Refused> {
  const [found] = await readChanges(db, and(eq(dateChanges.id, input.changeId), eq(dateChanges.templeId, templeId)), baseLocale, 1);
  if (!found) return { ok: false, status: 404, message: DESK_MESSAGES.lineMissing };
  if (found.status !== "asked") return { ok: false, status: 409, message: M.notOpen };
  const decidedAt = now.toISOString();
  const status = input.intent === "move-accept" ? "moved" : "declined";
  // Every later statement of the batch acts only when this answer is the one recorded.
  const answered = sql`exists (select 1 from date_changes where id = ${found.id} and status = ${status} and decided_at = ${decidedAt})`;
  const stillBooked = sql`exists (select 1 from transaction_lines l where l.id = ${found.lineId}
    and l.puja_date = ${found.fromDate} and l.puja_status = 'booked')`;
  const audit = auditWhenStatement(
    db,
    {
      actorId,
      action: `line.${status === "moved" ? "move" : "move_declined"}`,
      entity: "transaction_line",
      entityId: found.lineId,
      templeId,
      detail: { from: found.fromDate, to: found.toDate, ...(input.intent === "move-decline" ? { note: input.reason } : {}) },
    },
    answered,
  );
  const answer = db
    .update(dateChanges)
    .set({
      status,
      decidedBy: actorId,
      decidedAt,
      staffNote: input.intent === "move-decline" ? input.reason : null,
    })
    .where(
      and(
        eq(dateChanges.id, found.id),
        eq(dateChanges.templeId, templeId),
        eq(dateChanges.status, "asked"),
        ...(status === "moved" ? [stillBooked] : []),
      ),
    )
    .returning({ id: dateChanges.id });
  const moves =
    status === "moved"
      ? [
          db
            .update(transactionLines)
            .set({ pujaDate: found.toDate })
            .where(and(eq(transactionLines.id, found.lineId), answered)),
          db.delete(pujaSeats).where(and(eq(pujaSeats.transactionLineId, found.lineId), answered)),
          // Every column of puja_seats in its order (a null id is a new one); the trigger judges the new day.
          db.insert(pujaSeats).select(
            sql`select null, l.temple_puja_id, l.temple_id, l.puja_date, l.quantity, t.customer_id, 'booked', t.payment_order_id,
              l.cart_item_id, l.request_id, l.id, null, ${decidedAt}
            from transaction_lines l join transactions t on t.id = l.transaction_id
            where l.id = ${found.lineId} and l.temple_puja_id is not null and ${answered}`,
          ),
        ]
      : [];
  let updated: { id: number }[];
  try {
    [updated] = (await runBatch(db, [answer, ...moves, audit])) as [{ id: number }[]];
  } catch (error) {
    const refusal = seatRefusal(error);
    if (!refusal) throw error;
    return { ok: false, status: 409, message: refusal === "full" ? M.deskDayFull : M.deskDevoteeLimit };
  }
  if (updated.length === 0) {
    // Answered meanwhile, withdrawn, or the line was done (or moved) since the devotee asked.
    return { ok: false, status: 409, message: M.notOpen };
  }
  const locale = found.language && isLocale(found.language) ? found.language : baseLocale;
  const [named] = await readChanges(db, eq(dateChanges.id, found.id), locale, 1);
  return { ok: true, change: { ...(named ?? found), locale, decision: input.intent } };
}
