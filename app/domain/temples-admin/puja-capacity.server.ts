/**
 * A temple puja's seats a day, as its staff read and set them. Every read and write is scoped
 * to the staff's temple (a puja of another temple is simply not found) and every change writes
 * an audit row in the same batch. Lowering a capacity never touches a seat: what is already
 * booked stays booked, and the desk is told which days now hold more than their capacity.
 */
import { and, asc, eq, gte, inArray, isNotNull, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { pujaCapacityRules, pujaSeats, templePujas } from "~/db/schema";
import { type CapacitySettings, capacityOn, seatsLeftFor } from "~/domain/bookings/seats/capacity";
import { addDays, offeredOn } from "~/domain/bookings/dates";
import { BOOKING_HORIZON_DAYS } from "~/domain/bookings/cart/inputs";
import { loadCapacities, templePujaSettings } from "~/domain/bookings/seats/seats.server";
import { todayInIndia } from "~/lib/india-time";
import { auditStatement, auditWhenStatement } from "~/domain/audit/audit.server";
import {
  type CapacityDateInput,
  type CapacitySettingsInput,
  MAX_CAPACITY_DATES,
  type RemoveCapacityDateInput,
  weekdayCapacities,
} from "./puja-capacity-inputs";

type Actor = { actorId: number; templeId: number };

/** A day ahead that holds more booked seats than its capacity now allows (its bookings are kept). */
export interface KeptDay {
  day: string;
  booked: number;
  capacity: number;
}

/** The temple's puja, with its settings; null when it is not this temple's. */
async function findTemplePuja(db: Database, templeId: number, templePujaId: number) {
  const [row] = await templePujaSettings(db, and(eq(templePujas.id, templePujaId), eq(templePujas.templeId, templeId)), {
    bookingMode: templePujas.bookingMode,
  }).limit(1);
  return row ?? null;
}

/** Seats booked (paid, or a request the temple accepted) from `from` on, by day: holds are not bookings. */
function bookedByDay(db: Database, templePujaId: number, from: string) {
  return db
    .select({ day: pujaSeats.pujaDate, booked: sql<number>`sum(${pujaSeats.quantity})` })
    .from(pujaSeats)
    .where(
      and(
        eq(pujaSeats.templePujaId, templePujaId),
        gte(pujaSeats.pujaDate, from),
        inArray(pujaSeats.kind, ["booked", "accepted", "counter"]),
      ),
    )
    .groupBy(pujaSeats.pujaDate)
    .orderBy(asc(pujaSeats.pujaDate));
}

/** The days whose bookings pass the capacity the settings give them. */
function keptDays(settings: CapacitySettings, booked: readonly { day: string; booked: number }[]): KeptDay[] {
  return booked.flatMap(({ day, booked: count }) => {
    const capacity = capacityOn(settings, day);
    return capacity !== null && count > capacity ? [{ day, booked: count, capacity }] : [];
  });
}

/** Days from `today` on that hold more than the puja's capacity now allows. */
export async function overCapacityDays(db: Database, templePujaId: number, today = todayInIndia()): Promise<KeptDay[]> {
  const [settings, booked] = await Promise.all([loadCapacities(db, [templePujaId]), bookedByDay(db, templePujaId, today)]);
  const found = settings.get(templePujaId);
  return found ? keptDays(found, booked) : [];
}

/** How many of a puja's next offered days its seats page shows by channel. */
export const CHANNEL_DAYS_SHOWN = 14;

/** Seats that count now (unexpired holds included) on days first..last, online and at the counter, by day. */
function channelSeatsByDay(db: Database, templePujaId: number, first: string, last: string, now: Date) {
  return db
    .select({
      day: pujaSeats.pujaDate,
      all: sql<number>`sum(${pujaSeats.quantity})`,
      counter: sql<number>`coalesce(sum(case when ${pujaSeats.kind} = 'counter' then ${pujaSeats.quantity} else 0 end), 0)`,
    })
    .from(pujaSeats)
    .where(
      and(
        eq(pujaSeats.templePujaId, templePujaId),
        sql`${pujaSeats.pujaDate} between ${first} and ${last}`,
        sql`(${pujaSeats.expiresAt} is null or ${pujaSeats.expiresAt} > ${now.toISOString()})`,
      ),
    )
    .groupBy(pujaSeats.pujaDate);
}

/** A limited day ahead as its seats page shows it: taken online and at the counter, and what each may still take. */
export interface ChannelDay {
  day: string;
  capacity: number;
  online: number;
  counter: number;
  left: number;
  leftOnline: number;
  leftCounter: number;
}

/** What the desk's "Seats a day" page shows: the settings, the dates ahead with their own seats, and the days kept past capacity. */
export async function loadPujaSeats(db: Database, templeId: number, templePujaId: number, today = todayInIndia(), now = new Date()) {
  const puja = await findTemplePuja(db, templeId, templePujaId);
  if (!puja) return null;
  const ahead: string[] = [];
  for (let i = 0; i <= BOOKING_HORIZON_DAYS && ahead.length < CHANNEL_DAYS_SHOWN; i++) {
    if (offeredOn(puja.daysOffered, addDays(today, i))) ahead.push(addDays(today, i));
  }
  const [rules, booked, taken] = await db.batch([
    db
      .select({ weekday: pujaCapacityRules.weekday, day: pujaCapacityRules.day, capacity: pujaCapacityRules.capacity })
      .from(pujaCapacityRules)
      .where(eq(pujaCapacityRules.templePujaId, puja.id)),
    bookedByDay(db, puja.id, today),
    channelSeatsByDay(db, puja.id, today, ahead.at(-1) ?? today, now),
  ]);
  const settings: CapacitySettings = { ...puja, rules };
  const takenOn = new Map(taken.map((row) => [row.day, row]));
  const channels = ahead.flatMap((day): ChannelDay[] => {
    const capacity = capacityOn(settings, day);
    if (capacity === null) return [];
    const { all = 0, counter = 0 } = takenOn.get(day) ?? {};
    const seats = { all, counter };
    const leftOnline = seatsLeftFor(settings, capacity, seats, "online") ?? 0;
    const leftCounter = seatsLeftFor(settings, capacity, seats, "counter") ?? 0;
    return [{ day, capacity, online: all - counter, counter, left: Math.max(0, capacity - all), leftOnline, leftCounter }];
  });
  const bookedOn = new Map(booked.map((row) => [row.day, row.booked]));
  const weekdays = [0, 1, 2, 3, 4, 5, 6].map((code) => rules.find((rule) => rule.day === null && rule.weekday === code)?.capacity ?? null);
  const dates = rules
    .filter((rule): rule is typeof rule & { day: string } => rule.day !== null && rule.day >= today)
    .sort((a, b) => a.day.localeCompare(b.day))
    .map((rule) => ({ day: rule.day, capacity: rule.capacity, booked: bookedOn.get(rule.day) ?? 0 }));
  return { puja, weekdays, dates, kept: keptDays(settings, booked), channels };
}

export type PujaSeatsPage = NonNullable<Awaited<ReturnType<typeof loadPujaSeats>>>;

/** The puja of this temple, as a subquery: writes below touch nothing of another temple's even if called wrongly. */
const ownPuja = (db: Database, templeId: number, templePujaId: number) =>
  db
    .select({ id: templePujas.id })
    .from(templePujas)
    .where(and(eq(templePujas.id, templePujaId), eq(templePujas.templeId, templeId)));

/**
 * Saves the seats a day, the devotee's limit and the weekday exceptions (all seven replaced).
 * Returns the days ahead now booked past their capacity: their bookings are kept.
 */
export async function savePujaSeats(
  db: Database,
  { actorId, templeId }: Actor,
  templePujaId: number,
  input: Omit<CapacitySettingsInput, "intent">,
  today = todayInIndia(),
) {
  const puja = await findTemplePuja(db, templeId, templePujaId);
  if (!puja) return { ok: false as const };
  const values = {
    dailyCapacity: input.dailyCapacity ?? null,
    perDevoteeLimit: input.perDevoteeLimit ?? null,
    counterKept: input.counterKept ?? null,
    onlineKept: input.onlineKept ?? null,
  };
  const weekdays = weekdayCapacities(input).flatMap((capacity, weekday) => (capacity === null ? [] : [{ weekday, capacity }]));
  // Seven rows of three parameters at most: one statement, well under D1's 100.
  await db.batch([
    db
      .update(templePujas)
      .set(values)
      .where(and(eq(templePujas.id, puja.id), eq(templePujas.templeId, templeId))),
    db
      .delete(pujaCapacityRules)
      .where(and(inArray(pujaCapacityRules.templePujaId, ownPuja(db, templeId, puja.id)), isNotNull(pujaCapacityRules.weekday))),
    ...(weekdays.length > 0 ? [db.insert(pujaCapacityRules).values(weekdays.map((rule) => ({ templePujaId: puja.id, ...rule })))] : []),
    auditStatement(db, {
      actorId,
      action: "puja.capacity",
      entity: "temple_puja",
      entityId: puja.id,
      templeId,
      detail: { ...values, weekdays: Object.fromEntries(weekdays.map((rule) => [rule.weekday, rule.capacity])) },
    }),
  ]);
  return { ok: true as const, kept: await overCapacityDays(db, puja.id, today) };
}

export type DateResult =
  | { ok: false; reason: "missing" | "too-many" }
  | {
      ok: true;
      /** The date's bookings when they pass its new capacity (kept). */
      kept: KeptDay | null;
    };

/**
 * Gives a date its own seats, or changes them. A puja has at most MAX_CAPACITY_DATES dates
 * ahead: the insert itself checks it, so two staff adding at once cannot pass it.
 */
export async function addCapacityDate(
  db: Database,
  { actorId, templeId }: Actor,
  templePujaId: number,
  input: Omit<CapacityDateInput, "intent">,
  today = todayInIndia(),
): Promise<DateResult> {
  const puja = await findTemplePuja(db, templeId, templePujaId);
  if (!puja) return { ok: false, reason: "missing" };
  const { day, capacity } = input;
  const [written] = await db.batch([
    // The temple's puja, while it has fewer than the most dates ahead or already has this one.
    db
      .insert(pujaCapacityRules)
      .select(
        db
          .select({
            id: sql<number>`null`.as("id"),
            templePujaId: templePujas.id,
            weekday: sql<number | null>`null`.as("weekday"),
            day: sql<string>`${day}`.as("day"),
            capacity: sql<number>`${capacity}`.as("capacity"),
            createdAt: sql<string>`strftime('%Y-%m-%dT%H:%M:%fZ','now')`.as("created_at"),
          })
          .from(templePujas)
          .where(
            and(
              eq(templePujas.id, puja.id),
              eq(templePujas.templeId, templeId),
              sql`((select count(*) from puja_capacity_rules r where r.temple_puja_id = ${templePujas.id} and r.day >= ${today})
                < ${MAX_CAPACITY_DATES} or exists (select 1 from puja_capacity_rules r
                where r.temple_puja_id = ${templePujas.id} and r.day = ${day}))`,
            ),
          ),
      )
      .onConflictDoUpdate({ target: [pujaCapacityRules.templePujaId, pujaCapacityRules.day], set: { capacity } })
      .returning({ id: pujaCapacityRules.id }),
    auditWhenStatement(
      db,
      { actorId, action: "puja.capacity_date", entity: "temple_puja", entityId: puja.id, templeId, detail: { day, capacity } },
      sql`exists (select 1 from puja_capacity_rules where temple_puja_id = ${puja.id} and day = ${day} and capacity = ${capacity})`,
    ),
  ]);
  if (written.length === 0) return { ok: false, reason: "too-many" };
  const [booked] = await db
    .select({ booked: sql<number>`coalesce(sum(${pujaSeats.quantity}), 0)` })
    .from(pujaSeats)
    .where(
      and(eq(pujaSeats.templePujaId, puja.id), eq(pujaSeats.pujaDate, day), inArray(pujaSeats.kind, ["booked", "accepted", "counter"])),
    );
  const count = booked?.booked ?? 0;
  return { ok: true, kept: count > capacity ? { day, booked: count, capacity } : null };
}

/** Removes a date's own seats; "gone" when it had none (removed already). */
export async function removeCapacityDate(
  db: Database,
  { actorId, templeId }: Actor,
  templePujaId: number,
  input: Omit<RemoveCapacityDateInput, "intent">,
): Promise<"missing" | "gone" | "removed"> {
  const puja = await findTemplePuja(db, templeId, templePujaId);
  if (!puja) return "missing";
  const scope = and(inArray(pujaCapacityRules.templePujaId, ownPuja(db, templeId, puja.id)), eq(pujaCapacityRules.day, input.day));
  const [, removed] = await db.batch([
    auditWhenStatement(
      db,
      { actorId, action: "puja.capacity_date_remove", entity: "temple_puja", entityId: puja.id, templeId, detail: { day: input.day } },
      sql`exists (select 1 from puja_capacity_rules where temple_puja_id = ${puja.id} and day = ${input.day})`,
    ),
    db.delete(pujaCapacityRules).where(scope).returning({ id: pujaCapacityRules.id }),
  ]);
  return removed.length > 0 ? "removed" : "gone";
}
