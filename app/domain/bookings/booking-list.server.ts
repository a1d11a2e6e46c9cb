/**
 * Adding pujas to a devotee's booking list. Pujas a temple takes "on request" become
 * requests (status 2) for the temple to accept; the others go straight to the cart.
 * The portal's temple site and the legacy `/api/request/addtolist` both call
 * `addPujaToBookingList`.
 */
import { and, count, eq, inArray, type SQL, sql } from "drizzle-orm";
import { insertInChunks, runBatch } from "~/db/batch.server";
import type { Database } from "~/db/client.server";
import { cartItems, pujaCapacityRules, pujas, requests, stars, templePujas, temples } from "~/db/schema";
import {
  addDays,
  BOOKING_HORIZON_DAYS,
  BOOKING_MESSAGES as M,
  isValidDay,
  MAX_DATES,
  MAX_DEVOTEES,
  MAX_QUANTITY,
  offeredOn,
  WEEKDAYS,
  weekdayOf,
} from "./inputs";
import { ownsAddress } from "./addresses.server";
import { cartRoomProblem } from "./cart";
import { REQUEST_STATUS } from "./request-lifecycle.server";
import { todayInIndia } from "~/lib/india-time";
import { longDate } from "~/domain/text";
import { capacityOn, isLimited, UNLIMITED } from "./capacity";
import { loadCapacities, seatsTakenOn, takenOf } from "./seats.server";
import type { PresentedPass } from "./release-pass.server";
import { releaseProblem } from "./releases.server";

export interface BookingListInput {
  /** The temple's puja (temple_pujas.id); or templeId with the master pujaId, as legacy clients send. */
  templePujaId?: number;
  templeId?: number;
  pujaId?: number;
  devotees: { name: string; starId: number | null }[];
  dates: string[];
  quantity: number;
  postal: boolean;
  /** A saved address of the customer; needed when `postal`. */
  addressId: number | null;
  /** The devotee's waiting-room pass as presented: a released date needs it during its opening's rush. */
  pass?: PresentedPass;
}

export type BookingListResult = { ok: true; mode: "request" | "cart"; count: number } | { ok: false; field?: string; message: string };

/**
 * A temple's active pujas as devotees book them: the temple's rate, postal charge, mode and
 * days, the master puja's id, name and description (English; pages read their variants). The
 * temple site lists them; a booking checks the one it names.
 */
export function pujasOnOffer(db: Database, where: SQL | undefined) {
  return db
    .select({
      id: templePujas.id,
      templeId: templePujas.templeId,
      pujaId: sql<number>`${pujas.id}`.as("master_puja_id"),
      name: pujas.name,
      description: pujas.description,
      rate: templePujas.rate,
      postalCharge: templePujas.postalCharge,
      bookingMode: templePujas.bookingMode,
      daysOffered: templePujas.daysOffered,
      dailyCapacity: templePujas.dailyCapacity,
      perDevoteeLimit: templePujas.perDevoteeLimit,
      // Whether a weekday or date changes its capacity (the rules are read only for such pujas).
      hasCapacityRules:
        sql<boolean>`exists (select 1 from ${pujaCapacityRules} where ${pujaCapacityRules.templePujaId} = ${templePujas.id})`.mapWith(
          Boolean,
        ),
    })
    .from(templePujas)
    .innerJoin(temples, eq(temples.id, templePujas.templeId))
    .innerJoin(pujas, eq(pujas.id, templePujas.pujaId))
    .where(and(eq(templePujas.active, true), where));
}

export async function findBookablePuja(db: Database, input: Pick<BookingListInput, "templePujaId" | "templeId" | "pujaId">) {
  const where = input.templePujaId
    ? eq(templePujas.id, input.templePujaId)
    : input.templeId && input.pujaId
      ? and(eq(templePujas.templeId, input.templeId), eq(templePujas.pujaId, input.pujaId))
      : undefined;
  if (!where) return null;
  const [row] = await pujasOnOffer(db, and(where, eq(temples.onlineBooking, true), eq(temples.verified, true))).limit(1);
  return row ?? null;
}

/** A date the temple can take: after today, within a year, on a day the puja is offered. */
export function checkPujaDate(daysOffered: string, day: string, today = todayInIndia()): string | null {
  if (!isValidDay(day) || day <= today) return M.date;
  if (day > addDays(today, BOOKING_HORIZON_DAYS)) return M.dateTooFar;
  if (!offeredOn(daysOffered, day)) return M.notOffered(day, WEEKDAYS[weekdayOf(day)]!);
  return null;
}

async function knownStars(db: Database, ids: number[]): Promise<boolean> {
  const wanted = [...new Set(ids)];
  if (wanted.length === 0) return true;
  const rows = await db.select({ id: stars.id }).from(stars).where(inArray(stars.id, wanted));
  return rows.length === wanted.length;
}

/** Checks the booking against D1 and stores it: requests for on-request pujas, cart lines for the rest. */
export async function addPujaToBookingList(
  db: Database,
  customerId: number,
  input: BookingListInput,
  today = todayInIndia(),
): Promise<BookingListResult> {
  const puja = await findBookablePuja(db, input);
  if (!puja) return { ok: false, field: "templePujaId", message: M.puja };
  const { devotees, dates } = input;
  if (devotees.length < 1 || devotees.length > MAX_DEVOTEES) return { ok: false, field: "devotees", message: M.devoteeName };
  if (dates.length < 1 || dates.length > MAX_DATES || new Set(dates).size !== dates.length)
    return { ok: false, field: "dates", message: M.date };
  if (!Number.isInteger(input.quantity) || input.quantity < 1 || input.quantity > MAX_QUANTITY) {
    return { ok: false, field: "quantity", message: M.quantity };
  }
  for (const [index, day] of dates.entries()) {
    const problem = checkPujaDate(puja.daysOffered, day, today);
    if (problem) return { ok: false, field: `dates[${index}]`, message: problem };
  }
  const released = await releaseProblem(db, { templeId: puja.templeId, templePujaId: puja.id, customerId, dates }, input.pass);
  if (released) return { ok: false, ...released };
  if (
    devotees.some((d) => d.starId === null) ||
    !(await knownStars(
      db,
      devotees.map((d) => d.starId ?? 0),
    ))
  ) {
    return { ok: false, field: "devotees", message: M.star };
  }
  if (input.postal && puja.postalCharge <= 0) return { ok: false, field: "postal", message: M.postalUnavailable };
  if (input.postal && (input.addressId === null || !(await ownsAddress(db, customerId, input.addressId)))) {
    return { ok: false, field: "addressId", message: M.address };
  }
  const seats = await checkSeats(db, customerId, puja.id, dates, devotees.length * input.quantity);
  if (seats) return { ok: false, ...seats };
  const shippingId = input.postal ? input.addressId : null;
  const pairs = devotees.flatMap((devotee) => dates.map((pujaDate) => ({ devotee, pujaDate })));
  if (puja.bookingMode === "request") {
    await runBatch(
      db,
      insertInChunks(
        db,
        requests,
        pairs.map(({ devotee, pujaDate }) => ({
          customerId,
          templeId: puja.templeId,
          templePujaId: puja.id,
          devoteeName: devotee.name,
          devoteeStarId: devotee.starId,
          pujaDate,
          quantity: input.quantity,
          rate: puja.rate,
          postalCharge: input.postal ? puja.postalCharge : 0,
          addressId: shippingId,
          shippingId,
          status: REQUEST_STATUS.requested,
        })),
      ),
    );
    return { ok: true, mode: "request", count: pairs.length };
  }
  const full = cartRoomProblem(await countCartLines(db, customerId), pairs.length);
  if (full) return { ok: false, field: "dates", message: full };
  await runBatch(
    db,
    insertInChunks(
      db,
      cartItems,
      pairs.map(({ devotee, pujaDate }) => ({
        customerId,
        itemType: "PUJA" as const,
        templeId: puja.templeId,
        templePujaId: puja.id,
        devoteeName: devotee.name,
        starId: devotee.starId,
        pujaDate,
        quantity: input.quantity,
        postal: input.postal,
        shippingAddressId: shippingId,
      })),
    ),
  );
  return { ok: true, mode: "cart", count: pairs.length };
}

/**
 * A limited puja's days against what they have left and the devotee's limit, counting what
 * is taken (booked, accepted, held) and what the devotee already has in the cart for those
 * days. Adding holds nothing: this only spares the devotee a day that cannot be paid for.
 */
async function checkSeats(
  db: Database,
  customerId: number,
  templePujaId: number,
  dates: readonly string[],
  adding: number,
): Promise<{ field: string; message: string } | null> {
  const settings = (await loadCapacities(db, [templePujaId])).get(templePujaId) ?? UNLIMITED;
  if (!isLimited(settings)) return null;
  const [taken, inCart] = await Promise.all([
    seatsTakenOn(
      db,
      dates.map((pujaDate) => ({ templePujaId, pujaDate })),
      customerId,
    ),
    db
      .select({ pujaDate: cartItems.pujaDate, n: sql<number>`sum(${cartItems.quantity})` })
      .from(cartItems)
      .where(and(eq(cartItems.customerId, customerId), eq(cartItems.templePujaId, templePujaId), inArray(cartItems.pujaDate, [...dates])))
      .groupBy(cartItems.pujaDate),
  ]);
  const carted = new Map(inCart.map((row) => [row.pujaDate, row.n]));
  for (const [index, day] of dates.entries()) {
    const seats = takenOf(taken, templePujaId, day);
    const mine = seats.mine + (carted.get(day) ?? 0);
    const capacity = capacityOn(settings, day);
    if (capacity !== null) {
      const left = Math.max(0, capacity - seats.all);
      if (left === 0) return { field: `dates[${index}]`, message: M.dayFull(longDate(day)) };
      if (adding > left) return { field: `dates[${index}]`, message: M.dayTooFew(longDate(day), left) };
    }
    if (settings.perDevoteeLimit !== null && mine + adding > settings.perDevoteeLimit) {
      return { field: "quantity", message: M.devoteeLimit(settings.perDevoteeLimit) };
    }
  }
  return null;
}

/** Lines in the customer's cart (the cart's cap is checked against it before adding). */
export async function countCartLines(db: Database, customerId: number): Promise<number> {
  const [row] = await cartLinesCountQuery(db, customerId);
  return row?.n ?? 0;
}

/** The statement behind `countCartLines` (for a batch): one row, `n`. */
export function cartLinesCountQuery(db: Database, customerId: number) {
  return db.select({ n: count() }).from(cartItems).where(eq(cartItems.customerId, customerId));
}
