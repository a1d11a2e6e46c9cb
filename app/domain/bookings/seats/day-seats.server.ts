/**
 * A day's limited pujas at a temple, for the desk's day sheet and its PDF: "Udayasthamana
 * Pooja — 1 / 1 booked". Booked counts paid seats, requests the temple accepted and counter
 * sales; seats held while a devotee pays are counted apart, as they may yet lapse. Online and
 * counter are shown apart, with what is left and the counter quota. Only pujas with a capacity
 * on that day are listed (a devotee's limit alone is not a capacity).
 */
import { and, asc, eq, or, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { pujaCapacityRules, pujaSeats, pujas, templePujas } from "~/db/schema";
import { capacityOn } from "./capacity";
import { templePujaSettings } from "./seats.server";
import { offeredOn, weekdayOf } from "../dates";

export interface DaySeatsLine {
  templePujaId: number;
  name: string;
  capacity: number;
  /** Paid, or accepted requests. */
  booked: number;
  /** Held by payment orders that have not expired. */
  held: number;
  /** Of the booked: online (paid or accepted) and sold at the counter. */
  online: number;
  counter: number;
  /** Seats still free that day (for either channel, within its share). */
  left: number;
  counterKept: number | null;
  onlineKept: number | null;
  full: boolean;
}

export async function listDaySeats(db: Database, templeId: number, day: string, now = new Date()): Promise<DaySeatsLine[]> {
  const [offered, rules, taken] = await db.batch([
    templePujaSettings(db, eq(templePujas.templeId, templeId)).orderBy(asc(pujas.name)),
    // Only the rules that can apply on the day: its date's and its weekday's.
    db
      .select({
        templePujaId: pujaCapacityRules.templePujaId,
        weekday: pujaCapacityRules.weekday,
        day: pujaCapacityRules.day,
        capacity: pujaCapacityRules.capacity,
      })
      .from(pujaCapacityRules)
      .innerJoin(templePujas, eq(templePujas.id, pujaCapacityRules.templePujaId))
      .where(and(eq(templePujas.templeId, templeId), or(eq(pujaCapacityRules.day, day), eq(pujaCapacityRules.weekday, weekdayOf(day))))),
    db
      .select({
        templePujaId: pujaSeats.templePujaId,
        booked: sql<number>`coalesce(sum(case when ${pujaSeats.kind} = 'held' then 0 else ${pujaSeats.quantity} end), 0)`,
        held: sql<number>`coalesce(sum(case when ${pujaSeats.kind} = 'held' and ${pujaSeats.expiresAt} > ${now.toISOString()}
          then ${pujaSeats.quantity} else 0 end), 0)`,
        counter: sql<number>`coalesce(sum(case when ${pujaSeats.kind} = 'counter' then ${pujaSeats.quantity} else 0 end), 0)`,
      })
      .from(pujaSeats)
      .where(and(eq(pujaSeats.templeId, templeId), eq(pujaSeats.pujaDate, day)))
      .groupBy(pujaSeats.templePujaId),
  ]);
  const seats = new Map(taken.map((row) => [row.templePujaId, row]));
  return offered.flatMap((puja) => {
    const own = rules.filter((rule) => rule.templePujaId === puja.id);
    const capacity = capacityOn({ dailyCapacity: puja.dailyCapacity, rules: own }, day);
    if (capacity === null) return [];
    const { booked = 0, held = 0, counter = 0 } = seats.get(puja.id) ?? {};
    // A puja not performed that day shows only if something was booked for it all the same.
    if (booked + held === 0 && !(puja.active && offeredOn(puja.daysOffered, day))) return [];
    const { counterKept, onlineKept } = puja;
    const left = Math.max(0, capacity - booked - held);
    const online = booked - counter;
    return [
      { templePujaId: puja.id, name: puja.name, capacity, booked, held, online, counter, left, counterKept, onlineKept, full: left === 0 },
    ];
  });
}
