/**
 * Incoming puja requests at a temple's desk: list them, accept, decline with a reason,
 * or offer another date. Offering a date accepts the request for that date (status 1),
 * so the devotee can pay for it at once or simply let it lapse; the note says why.
 * Every query is scoped to the temple; every change writes an audit row in one batch.
 */
import { and, eq } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { requests } from "~/db/schema";
import { baseLocale } from "~/lib/i18n";
import { auditStatement } from "~/domain/audit/audit.server";
import { checkPujaDate } from "../cart/booking-list.server";
import { offeredDateProblem } from "../seats/releases.server";
import { readRequests, REQUEST_STATUS } from "./request-lifecycle.server";
import { DESK_MESSAGES as M, type RequestDecision } from "./desk-inputs";
import { isUniqueViolation, runBatch } from "~/db/batch.server";
import { type DaySeats, isLimited, UNLIMITED } from "../seats/capacity";
import { acceptedSeatStatement, loadCapacities, type SeatRefusal, seatRefusal, seatsOn, seatsTakenOn } from "../seats/seats.server";

/**
 * Requests at the temple with a status (2 requested by default), soonest puja date first; the
 * desk reads pujas in English. Each says what its day has left, so staff see it before accepting.
 */
export async function listTempleRequests(db: Database, templeId: number, status: number = REQUEST_STATUS.requested, now = new Date()) {
  const rows = await readRequests(db, and(eq(requests.templeId, templeId), eq(requests.status, status)), { names: baseLocale });
  const capacities = await loadCapacities(
    db,
    rows.map((row) => row.templePujaId),
  );
  const limited = rows.filter((row) => isLimited(capacities.get(row.templePujaId) ?? UNLIMITED));
  const taken = limited.length > 0 ? await seatsTakenOn(db, limited, null, now) : new Map();
  return rows.map((row) => ({
    ...row,
    seats: seatsOn(capacities.get(row.templePujaId) ?? UNLIMITED, taken, row.templePujaId, row.pujaDate) as DaySeats,
  }));
}

export type TempleRequest = Awaited<ReturnType<typeof listTempleRequests>>[number];

/** Why the day cannot take the request, for staff: what it has left against what is asked. */
async function seatsMessage(db: Database, request: { templePujaId: number; pujaDate: string; quantity: number }, refusal: SeatRefusal) {
  const settings = (await loadCapacities(db, [request.templePujaId])).get(request.templePujaId) ?? UNLIMITED;
  if (refusal === "devotee-limit") return M.devoteeLimit(settings.perDevoteeLimit ?? 0);
  const taken = await seatsTakenOn(db, [request], null);
  const seats = seatsOn(settings, taken, request.templePujaId, request.pujaDate);
  const left = seats.limited ? seats.left : 0;
  return M.dayFull(left, seats.limited ? seats.capacity : 0, request.quantity);
}

async function findPendingRequest(db: Database, templeId: number, requestId: number) {
  const [row] = await readRequests(db, and(eq(requests.id, requestId), eq(requests.templeId, templeId)), { names: baseLocale, limit: 1 });
  return row ? { ...row, firstName: row.customerName } : null;
}

export type DecidedRequest = NonNullable<Awaited<ReturnType<typeof findPendingRequest>>> & {
  decision: RequestDecision["intent"];
  newDate: string | null;
  note: string | null;
};

export type DecisionResult =
  | { ok: true; request: DecidedRequest }
  | { ok: false; status: 404 | 409 | 400; field?: string; message: string };

/** Applies a staff decision to a pending request of the temple. */
export async function decideRequest(
  db: Database,
  actorId: number,
  templeId: number,
  input: RequestDecision,
  now = new Date(),
): Promise<DecisionResult> {
  const request = await findPendingRequest(db, templeId, input.requestId);
  if (!request) return { ok: false, status: 404, message: M.lineMissing };
  if (request.status !== REQUEST_STATUS.requested) return { ok: false, status: 409, message: M.notPending };
  let values: Partial<typeof requests.$inferInsert>;
  let note: string | null = null;
  let newDate: string | null = null;
  if (input.intent === "accept") {
    values = { status: REQUEST_STATUS.accepted };
  } else if (input.intent === "reject") {
    note = input.reason;
    values = { status: REQUEST_STATUS.rejected, staffNote: note };
  } else {
    if (input.pujaDate === request.pujaDate) return { ok: false, status: 400, field: "pujaDate", message: M.sameDate };
    const problem =
      checkPujaDate(request.daysOffered, input.pujaDate) ?? (await offeredDateProblem(db, request, input.pujaDate, now.getTime()));
    if (problem) return { ok: false, status: 400, field: "pujaDate", message: problem };
    newDate = input.pujaDate;
    note = `The temple offers ${newDate} instead of ${request.pujaDate}.${input.note ? ` ${input.note}` : ""}`;
    values = { status: REQUEST_STATUS.accepted, pujaDate: newDate, staffNote: note };
  }
  const accepted = values.status === REQUEST_STATUS.accepted ? { ...request, pujaDate: newDate ?? request.pujaDate } : null;
  let updated: { id: number }[];
  try {
    [updated] = (await runBatch(db, [
      db
        .update(requests)
        .set(values)
        .where(and(eq(requests.id, request.id), eq(requests.templeId, templeId), eq(requests.status, REQUEST_STATUS.requested)))
        .returning({ id: requests.id }),
      // An accepted request takes its seats now; a full day refuses the whole decision.
      ...(accepted ? [acceptedSeatStatement(db, accepted, now)] : []),
      auditStatement(db, {
        actorId,
        action: `request.${input.intent}`,
        entity: "request",
        entityId: request.id,
        templeId,
        detail: { from: request.pujaDate, ...(newDate ? { to: newDate } : {}), ...(note ? { note } : {}) },
      }),
    ])) as [{ id: number }[]];
  } catch (error) {
    const refusal = seatRefusal(error);
    if (refusal && accepted)
      return { ok: false, status: 409, field: newDate ? "pujaDate" : undefined, message: await seatsMessage(db, accepted, refusal) };
    // The request was decided meanwhile and its seats taken then: a unique key on the request's seats.
    if (isUniqueViolation(error)) return { ok: false, status: 409, message: M.notPending };
    throw error;
  }
  if (updated.length === 0) return { ok: false, status: 409, message: M.notPending };
  return { ok: true, request: { ...request, decision: input.intent, newDate, note } };
}
