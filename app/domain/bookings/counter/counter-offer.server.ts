/** What the counter offers: the temple's pujas with their next days and what each has left, and its donation purposes. */
import { and, eq } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { donationPurposes, templePujas } from "~/db/schema";
import { pujasOnOffer } from "../cart/booking-list.server";
import { addDays, offeredOn } from "../cart/inputs";
import { loadCapacities, seatsOn, seatsTakenAtTemple } from "../seats/seats.server";
import { UNLIMITED } from "../seats/capacity";

/** How many of a puja's days the counter lists, from today. */
export const COUNTER_DAYS_SHOWN = 14;
/** How far ahead those days are looked for. */
const COUNTER_DAYS_AHEAD = 60;

export interface CounterDay {
  day: string;
  /** Seats left; null when the day is not limited. */
  left: number | null;
}

export async function counterOffer(db: Database, templeId: number, today: string, now = new Date()) {
  const [pujaRows, purposes] = await Promise.all([
    pujasOnOffer(db, eq(templePujas.templeId, templeId)).orderBy(templePujas.id),
    db
      .select({ id: donationPurposes.id, name: donationPurposes.name })
      .from(donationPurposes)
      .where(and(eq(donationPurposes.templeId, templeId), eq(donationPurposes.active, true)))
      .orderBy(donationPurposes.id),
  ]);
  const last = addDays(today, COUNTER_DAYS_AHEAD);
  const [capacities, taken] = await Promise.all([
    loadCapacities(
      db,
      pujaRows.map((p) => p.id),
    ),
    seatsTakenAtTemple(db, templeId, today, last, null, now),
  ]);
  const pujas = pujaRows.map((puja) => {
    const settings = capacities.get(puja.id) ?? UNLIMITED;
    const days: CounterDay[] = [];
    for (let i = 0; i <= COUNTER_DAYS_AHEAD && days.length < COUNTER_DAYS_SHOWN; i++) {
      const day = addDays(today, i);
      if (!offeredOn(puja.daysOffered, day)) continue;
      const seats = seatsOn(settings, taken, puja.id, day, "counter");
      days.push({ day, left: seats.limited ? seats.left : null });
    }
    return { id: puja.id, name: puja.name, rate: puja.rate, perDevoteeLimit: settings.perDevoteeLimit, days };
  });
  return { pujas, purposes };
}

export type CounterOffer = Awaited<ReturnType<typeof counterOffer>>;

/** The form's one-time sale key (made when the form is shown). */
export function newSaleKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(18));
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, "-")
    .replace(/\//g, "_")
    .replace(/=+$/, "");
}
