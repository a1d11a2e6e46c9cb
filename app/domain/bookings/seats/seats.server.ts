/**
 * Seats of pujas in D1. Every puja that is booked, accepted or held for a payment takes a row
 * in puja_seats (limited or not, so a capacity set later counts what is already booked), and
 * the trigger on puja_seats refuses a row that would pass the day's capacity or the devotee's
 * limit: taking seats is one conditional write, so no interleaving of requests, isolates or
 * locations can pass the number. Reads here only say what pages show.
 *
 * - A checkout holds its puja lines' seats for the order's life (`holdStatements`, in the
 *   order's batch); replacing or cancelling the order gives them back (`releaseHolds`); an
 *   expired hold stops counting by itself.
 * - A payment turns the order's holds into booked seats in the booking's batch
 *   (`bookSeatStatements`): the holds are dropped and the booked lines take their seats anew,
 *   so a payment whose hold expired and whose seat was taken meanwhile is refused, and refunded.
 * - A request the temple accepts takes its seats then (`acceptedSeatStatement`).
 */
import { and, eq, gt, inArray, isNull, or, type SQL, sql } from "drizzle-orm";
import type { SelectedFields } from "drizzle-orm/sqlite-core";
import type { Database } from "~/db/client.server";
import { pujaCapacityRules, pujaSeats, pujas, templePujas, transactionLines, transactions } from "~/db/schema";
import { insertInChunks } from "~/db/batch.server";
import {
  type CapacitySettings,
  capacityOn,
  type DaySeats,
  daySeats,
  isLimited,
  type SeatChannel,
  seatsLeftFor,
  UNLIMITED,
} from "./capacity";
import { addDays, offeredOn } from "../dates";
import { BOOKING_HORIZON_DAYS } from "../cart/inputs";

/** Why D1 refused seats (the trigger's message), or null for any other error. */
export type SeatRefusal = "full" | "devotee-limit";

export function seatRefusal(error: unknown): SeatRefusal | null {
  if (!(error instanceof Error)) return null;
  const text = `${error.message} ${String(error.cause ?? "")}`;
  if (text.includes("puja_seats_devotee_limit")) return "devotee-limit";
  if (text.includes("puja_seats_full")) return "full";
  return null;
}

/** The key of a puja's day in the maps below. */
/** How a temple's puja is limited, as every read of it names the columns. */
export const seatSettingColumns = {
  dailyCapacity: templePujas.dailyCapacity,
  perDevoteeLimit: templePujas.perDevoteeLimit,
  counterKept: templePujas.counterKept,
  onlineKept: templePujas.onlineKept,
};

/** Whether a weekday or a date changes the puja's capacity (its rules are read only for such pujas). */
export const hasCapacityRules = sql<boolean>`exists (select 1 from ${pujaCapacityRules}
  where ${pujaCapacityRules.templePujaId} = ${templePujas.id})`.mapWith(Boolean);

/**
 * The one read of a temple's pujas with their names and seat settings (the desk's pujas and
 * seats pages, the day sheet), with `extra` columns a page needs beside them.
 */
export function templePujaSettings<Extra extends SelectedFields = Record<never, never>>(
  db: Database,
  where: SQL | undefined,
  extra: Extra = {} as Extra,
) {
  return db
    .select({
      id: templePujas.id,
      name: pujas.name,
      daysOffered: templePujas.daysOffered,
      active: templePujas.active,
      ...seatSettingColumns,
      ...extra,
    })
    .from(templePujas)
    .innerJoin(pujas, eq(pujas.id, templePujas.pujaId))
    .where(where);
}

export const seatKey = (templePujaId: number, day: string) => `${templePujaId}|${day}`;

function chunks<T>(items: readonly T[], size = 90): T[][] {
  const out: T[][] = [];
  for (let start = 0; start < items.length; start += size) out.push(items.slice(start, start + size));
  return out;
}

/** The capacity settings of these temple pujas (unlimited ones included, as UNLIMITED). */
export async function loadCapacities(db: Database, templePujaIds: readonly number[]): Promise<Map<number, CapacitySettings>> {
  const ids = [...new Set(templePujaIds)];
  const settings = new Map<number, CapacitySettings>(ids.map((id) => [id, UNLIMITED]));
  for (const part of chunks(ids)) {
    const [pujaRows, ruleRows] = await db.batch([
      db
        .select({ id: templePujas.id, ...seatSettingColumns })
        .from(templePujas)
        .where(inArray(templePujas.id, part)),
      db
        .select({
          templePujaId: pujaCapacityRules.templePujaId,
          weekday: pujaCapacityRules.weekday,
          day: pujaCapacityRules.day,
          capacity: pujaCapacityRules.capacity,
        })
        .from(pujaCapacityRules)
        .where(inArray(pujaCapacityRules.templePujaId, part)),
    ]);
    for (const row of pujaRows) {
      const rules = ruleRows.filter((rule) => rule.templePujaId === row.id);
      settings.set(row.id, { ...row, rules });
    }
  }
  return settings;
}

/** Seats that count now: booked, accepted, or held and not yet expired. */
const counting = (now: Date) => or(isNull(pujaSeats.expiresAt), gt(pujaSeats.expiresAt, now.toISOString()));

export interface TakenSeats {
  /** Everyone's seats that count. */
  all: number;
  /** The counter's among them. */
  counter: number;
  /** The customer's own (when a customer was named). */
  mine: number;
  /** The customer's own holds (an open order of theirs). */
  mineHeld: number;
}

function takenQuery(db: Database, where: SQL | undefined, customerId: number | null, now: Date) {
  const mine = customerId ?? 0;
  return db
    .select({
      templePujaId: pujaSeats.templePujaId,
      pujaDate: pujaSeats.pujaDate,
      all: sql<number>`coalesce(sum(${pujaSeats.quantity}), 0)`,
      counter: sql<number>`coalesce(sum(case when ${pujaSeats.kind} = 'counter' then ${pujaSeats.quantity} else 0 end), 0)`,
      mine: sql<number>`coalesce(sum(case when ${pujaSeats.customerId} = ${mine} then ${pujaSeats.quantity} else 0 end), 0)`,
      mineHeld: sql<number>`coalesce(sum(case when ${pujaSeats.customerId} = ${mine} and ${pujaSeats.kind} = 'held'
        then ${pujaSeats.quantity} else 0 end), 0)`,
    })
    .from(pujaSeats)
    .where(and(where, counting(now)))
    .groupBy(pujaSeats.templePujaId, pujaSeats.pujaDate);
}

function toMap(rows: ({ templePujaId: number; pujaDate: string } & TakenSeats)[]) {
  return new Map(
    rows.map((row) => [
      seatKey(row.templePujaId, row.pujaDate),
      { all: row.all, counter: row.counter, mine: row.mine, mineHeld: row.mineHeld },
    ]),
  );
}

/** Seats taken at a temple from `from` to `to` (inclusive), by puja and day. */
export async function seatsTakenAtTemple(
  db: Database,
  templeId: number,
  from: string,
  to: string,
  customerId: number | null,
  now = new Date(),
): Promise<Map<string, TakenSeats>> {
  const rows = await takenQuery(
    db,
    and(eq(pujaSeats.templeId, templeId), sql`${pujaSeats.pujaDate} between ${from} and ${to}`),
    customerId,
    now,
  );
  return toMap(rows);
}

/** Seats taken on exactly these puja days. */
export async function seatsTakenOn(
  db: Database,
  days: readonly { templePujaId: number; pujaDate: string }[],
  customerId: number | null,
  now = new Date(),
): Promise<Map<string, TakenSeats>> {
  const wanted = [...new Map(days.map((d) => [seatKey(d.templePujaId, d.pujaDate), d])).values()];
  const taken = new Map<string, TakenSeats>();
  // Two parameters a day and four for the rest: 40 days a statement stays under D1's 100.
  for (const part of chunks(wanted, 40)) {
    const match = or(...part.map((d) => and(eq(pujaSeats.templePujaId, d.templePujaId), eq(pujaSeats.pujaDate, d.pujaDate))));
    for (const [key, value] of toMap(await takenQuery(db, match, customerId, now))) taken.set(key, value);
  }
  return taken;
}

const NONE: TakenSeats = { all: 0, counter: 0, mine: 0, mineHeld: 0 };

export function takenOf(taken: ReadonlyMap<string, TakenSeats>, templePujaId: number, day: string): TakenSeats {
  return taken.get(seatKey(templePujaId, day)) ?? NONE;
}

/** Seats `channel` may still take of a puja's day (null: unlimited), by what is taken: the one answer every page and check gives. */
export function leftForChannel(settings: CapacitySettings, seats: TakenSeats, day: string, channel: SeatChannel): number | null {
  return seatsLeftFor(settings, capacityOn(settings, day), seats, channel);
}

/** What a day shows a channel ("3 left", "Full"; online unless said), for one puja with its settings. */
export function seatsOn(
  settings: CapacitySettings,
  taken: ReadonlyMap<string, TakenSeats>,
  templePujaId: number,
  day: string,
  channel: SeatChannel = "online",
): DaySeats {
  if (!isLimited(settings)) return { limited: false };
  const seats = takenOf(taken, templePujaId, day);
  const capacity = capacityOn(settings, day);
  return daySeats(capacity, seats.all, seatsLeftFor(settings, capacity, seats, channel) ?? 0);
}

/**
 * Whether `quantity` more seats fit on a day for a customer, by what is taken now: what the day
 * has left for the channel (online unless said), and the customer's limit. `ownHeld` seats (the
 * customer's own open order) are not counted against them. The trigger decides for real.
 */
export function fits(
  settings: CapacitySettings,
  taken: TakenSeats,
  day: string,
  quantity: number,
  options: { ownHeld?: boolean; channel?: SeatChannel } = {},
): SeatRefusal | null {
  const held = options.ownHeld ? taken.mineHeld : 0;
  const left = leftForChannel(settings, { ...taken, all: taken.all - held }, day, options.channel ?? "online");
  if (left !== null && quantity > left) return "full";
  if (settings.perDevoteeLimit !== null && taken.mine - held + quantity > settings.perDevoteeLimit) return "devotee-limit";
  return null;
}

export interface SeatLine {
  id: number;
  itemType: "PUJA" | "DONATION";
  templeId: number;
  templePujaId: number | null;
  pujaDate: string | null;
  quantity: number;
  requestId: number | null;
}

/** Lines that take seats when held or booked: pujas with a day, not requests (an accepted request already holds its seats). */
export function seatTaking<L extends SeatLine>(lines: readonly L[]): (L & { templePujaId: number; pujaDate: string })[] {
  return lines.filter(
    (line): line is L & { templePujaId: number; pujaDate: string } =>
      line.itemType === "PUJA" && line.templePujaId !== null && line.pujaDate !== null && line.requestId === null,
  );
}

/** The order's holds (for the batch that records the order): `orderId` may be an SQL expression for an order inserted in the same batch. */
export function holdStatements(
  db: Database,
  order: { id: number | SQL; customerId: number; expiresAt: string },
  lines: readonly SeatLine[],
  now: Date,
) {
  return insertInChunks(
    db,
    pujaSeats,
    seatTaking(lines).map((line) => ({
      templePujaId: line.templePujaId,
      templeId: line.templeId,
      pujaDate: line.pujaDate,
      quantity: line.quantity,
      customerId: order.customerId,
      kind: "held" as const,
      paymentOrderId: order.id,
      cartItemId: line.id,
      expiresAt: order.expiresAt,
      createdAt: now.toISOString(),
    })),
  );
}

/** Gives back an order's holds (it was replaced, cancelled or refused). */
export function releaseHolds(db: Database, paymentOrderId: number) {
  return db.delete(pujaSeats).where(and(eq(pujaSeats.paymentOrderId, paymentOrderId), eq(pujaSeats.kind, "held")));
}

/** Housekeeping: holds that expired no longer count; their rows go. */
export async function deleteExpiredHolds(db: Database, now = new Date()) {
  const gone = await db
    .delete(pujaSeats)
    .where(and(eq(pujaSeats.kind, "held"), sql`${pujaSeats.expiresAt} <= ${now.toISOString()}`))
    .returning({ id: pujaSeats.id });
  return gone.length;
}

/**
 * A booking's puja lines take their seats (for its batch, after its lines are inserted): the one
 * conditional write every booking makes, online (`booked`) or at the counter (`counter`); the
 * trigger refuses the whole batch if a day is now full.
 */
export function bookedLineSeatsStatement(
  db: Database,
  booking: { transactionId: SQL; customerId: number; kind: "booked" | "counter"; paymentOrderId: number | null },
  now: Date,
) {
  // Every column of puja_seats in its order (an SQL select must give them all; a null id is a new one).
  return db.insert(pujaSeats).select(
    sql`select null, l.temple_puja_id, l.temple_id, l.puja_date, l.quantity, ${booking.customerId}, ${booking.kind},
      ${booking.paymentOrderId}, l.cart_item_id, null, l.id, null, ${now.toISOString()}
    from transaction_lines l
    where l.transaction_id = ${booking.transactionId} and l.item_type = 'PUJA' and l.temple_puja_id is not null
      and l.puja_date is not null and l.request_id is null`,
  );
}

/**
 * For the booking's batch, after its lines are inserted: the order's holds go and the booked
 * puja lines take their seats (the trigger refuses the whole batch if a day is now full); the
 * seats of booked requests become booked.
 */
export function bookSeatStatements(db: Database, order: { id: number; customerId: number }, now: Date) {
  const transactionId = sql`(select ${transactions.id} from ${transactions} where ${transactions.paymentOrderId} = ${order.id})`;
  return [
    releaseHolds(db, order.id),
    bookedLineSeatsStatement(db, { transactionId, customerId: order.customerId, kind: "booked", paymentOrderId: order.id }, now),
    db
      .update(pujaSeats)
      .set({
        kind: "booked",
        paymentOrderId: order.id,
        transactionLineId: sql`(select l.id from ${transactionLines} l
          where l.request_id = ${pujaSeats.requestId} and l.transaction_id = ${transactionId})`,
      })
      .where(
        inArray(
          pujaSeats.requestId,
          db
            .select({ id: transactionLines.requestId })
            .from(transactionLines)
            .where(and(eq(transactionLines.transactionId, transactionId), sql`${transactionLines.requestId} is not null`)),
        ),
      ),
  ];
}

/** An accepted request's seats (for the decision's batch): refused like any other when the day is full. */
export function acceptedSeatStatement(
  db: Database,
  request: { id: number; templeId: number; templePujaId: number; customerId: number; pujaDate: string; quantity: number },
  now: Date,
) {
  return db.insert(pujaSeats).values({
    templePujaId: request.templePujaId,
    templeId: request.templeId,
    pujaDate: request.pujaDate,
    quantity: request.quantity,
    customerId: request.customerId,
    kind: "accepted",
    requestId: request.id,
    createdAt: now.toISOString(),
  });
}

/** How many bookable days ahead a limited puja lists with what each has left (the form offers these). */
export const SEAT_DAYS_SHOWN = 90;

export interface SeatDay {
  day: string;
  /** Seats left that day; null when the day is not limited. */
  left: number | null;
  full: boolean;
}

export interface PujaSeatCalendar {
  perDevoteeLimit: number | null;
  days: SeatDay[];
}

/**
 * For a temple's limited pujas: each bookable day from tomorrow (on the puja's weekdays, up to
 * SEAT_DAYS_SHOWN of them) with what it has left. Unlimited pujas cost no query at all.
 */
export async function seatCalendars(
  db: Database,
  templeId: number,
  pujas: readonly {
    id: number;
    daysOffered: string;
    dailyCapacity: number | null;
    perDevoteeLimit: number | null;
    hasCapacityRules: boolean;
  }[],
  today: string,
  now = new Date(),
): Promise<Map<number, PujaSeatCalendar>> {
  const limited = pujas.filter((p) => p.dailyCapacity !== null || p.perDevoteeLimit !== null || p.hasCapacityRules);
  const calendars = new Map<number, PujaSeatCalendar>();
  if (limited.length === 0) return calendars;
  const days = (daysOffered: string) => {
    const out: string[] = [];
    for (let i = 1; i <= BOOKING_HORIZON_DAYS && out.length < SEAT_DAYS_SHOWN; i++) {
      const day = addDays(today, i);
      if (offeredOn(daysOffered, day)) out.push(day);
    }
    return out;
  };
  const offered = new Map(limited.map((p) => [p.id, days(p.daysOffered)]));
  const last = [...offered.values()].reduce((max, list) => (list.at(-1) && list.at(-1)! > max ? list.at(-1)! : max), today);
  const [capacities, taken] = await Promise.all([
    loadCapacities(
      db,
      limited.map((p) => p.id),
    ),
    seatsTakenAtTemple(db, templeId, addDays(today, 1), last, null, now),
  ]);
  for (const puja of limited) {
    const settings = capacities.get(puja.id) ?? UNLIMITED;
    calendars.set(puja.id, {
      perDevoteeLimit: settings.perDevoteeLimit,
      days: (offered.get(puja.id) ?? []).map((day) => {
        const seats = seatsOn(settings, taken, puja.id, day);
        return seats.limited ? { day, left: seats.left, full: seats.full } : { day, left: null, full: false };
      }),
    });
  }
  return calendars;
}
