/**
 * Adding pujas to a devotee's booking list. Pujas a temple takes "on request" become
 * requests (status 2) for the temple to accept; the others go straight to the cart.
 * The portal's temple site and the legacy `/api/request/addtolist` both call
 * `addPujaToBookingList`.
 */
import { and, count, eq, inArray, type SQL, sql } from "drizzle-orm";
import { insertInChunks, runBatch } from "~/db/batch.server";
import type { Database } from "~/db/client.server";
import { preparedStatement } from "~/db/prepared.server";
import { cartItems, pujas, requests, stars, templePujas, temples } from "~/db/schema";
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
import { ownedAddressQuery } from "./addresses.server";
import { cartRoomProblem } from "./cart";
import { REQUEST_STATUS } from "../desk/request-lifecycle.server";
import { prepareRequestAlert } from "../desk/temple-alert-notices.server";
import type { AppEnv } from "~/lib/env.server";
import { enqueueNotices, noticeStatements } from "~/domain/notifications/notify.server";
import { todayInIndia } from "~/lib/india-time";
import { longDate } from "~/domain/text";
import { type CapacitySettings, isLimited, UNLIMITED } from "../seats/capacity";
import { hasCapacityRules, leftForChannel, loadCapacities, seatSettingColumns, seatsTakenOn, takenOf } from "../seats/seats.server";
import type { PresentedPass } from "../seats/release-pass.server";
import { pujaReleaseRulesQuery, releaseProblem } from "../seats/releases.server";
import { templeTakesPayments } from "~/domain/trust/takes-payments.server";

export interface BookingListInput {
  /** The temple's puja (temple_pujas.id); or templeId with the master pujaId, as legacy clients send. */
  templePujaId?: number;
  templeId?: number;
  pujaId?: number;
  /** Each devotee's name, star and gotra (none through the legacy API). */
  devotees: { name: string; starId: number | null; gotra?: string | null }[];
  dates: string[];
  quantity: number;
  postal: boolean;
  /** A saved address of the customer; needed when `postal`. */
  addressId: number | null;
  /** The devotee's waiting-room pass as presented: a released date needs it during its opening's rush. */
  pass?: PresentedPass;
}

export type BookingListResult =
  | { ok: true; mode: "request" | "cart"; count: number }
  | { ok: false; field?: string; message: string; seatsRefused?: true };

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
      ...seatSettingColumns,
      hasCapacityRules,
    })
    .from(templePujas)
    .innerJoin(temples, eq(temples.id, templePujas.templeId))
    .innerJoin(pujas, eq(pujas.id, templePujas.pujaId))
    .where(and(eq(templePujas.active, true), where));
}

export type BookablePuja = NonNullable<Awaited<ReturnType<typeof findBookablePuja>>>;

export async function findBookablePuja(db: Database, input: Pick<BookingListInput, "templePujaId" | "templeId" | "pujaId">) {
  const [row] = (await bookablePujaQuery(db, input)) ?? [];
  return row ?? null;
}

/** The statement behind `findBookablePuja` (for a batch), or null when the input names no puja. */
function bookablePujaQuery(db: Database, input: Pick<BookingListInput, "templePujaId" | "templeId" | "pujaId">) {
  if (input.templePujaId) return bookableByTemplePuja(db, { templePujaId: input.templePujaId });
  return input.templeId && input.pujaId ? bookableByTempleAndPuja(db, { templeId: input.templeId, pujaId: input.pujaId }) : null;
}

// A booking's reads are built once per isolate (app/db/prepared.server.ts): a rush books the same few statements.
const bookableByTemplePuja = preparedStatement((db) =>
  pujasOnOffer(db, and(eq(templePujas.id, sql.placeholder("templePujaId")), templeTakesPayments())).limit(1),
);
const bookableByTempleAndPuja = preparedStatement((db) =>
  pujasOnOffer(
    db,
    and(eq(templePujas.templeId, sql.placeholder("templeId")), eq(templePujas.pujaId, sql.placeholder("pujaId")), templeTakesPayments()),
  ).limit(1),
);
/** The stars that exist of `count` ids (one statement per count: a form names at most MAX_DEVOTEES). */
const knownStarsStatements = new Map<number, ReturnType<typeof knownStarsOf>>();
const knownStarsOf = (count: number) =>
  preparedStatement((db) =>
    db
      .select({ id: stars.id })
      .from(stars)
      .where(
        inArray(
          stars.id,
          Array.from({ length: count }, (_, i) => sql.placeholder(`star${i}`)),
        ),
      ),
  );
function knownStarsQuery(db: Database, ids: number[]) {
  let statement = knownStarsStatements.get(ids.length);
  if (!statement) knownStarsStatements.set(ids.length, (statement = knownStarsOf(ids.length)));
  return statement(db, Object.fromEntries(ids.map((id, i) => [`star${i}`, id])));
}

/** A date the temple can take: after today, within a year, on a day the puja is offered. */
export function checkPujaDate(daysOffered: string, day: string, today = todayInIndia()): string | null {
  if (!isValidDay(day) || day <= today) return M.date;
  if (day > addDays(today, BOOKING_HORIZON_DAYS)) return M.dateTooFar;
  if (!offeredOn(daysOffered, day)) return M.notOffered(day, WEEKDAYS[weekdayOf(day)]!);
  return null;
}

/** The input's own bounds, before anything is read: the devotees, the dates, the quantity. */
function shapeProblem({ devotees, dates, quantity }: BookingListInput): { field: string; message: string } | null {
  if (devotees.length < 1 || devotees.length > MAX_DEVOTEES) return { field: "devotees", message: M.devoteeName };
  if (dates.length < 1 || dates.length > MAX_DATES || new Set(dates).size !== dates.length) return { field: "dates", message: M.date };
  if (!Number.isInteger(quantity) || quantity < 1 || quantity > MAX_QUANTITY) return { field: "quantity", message: M.quantity };
  return null;
}

const starIdsOf = (input: BookingListInput) => [...new Set(input.devotees.map((d) => d.starId ?? 0))];
const addressOf = (input: BookingListInput) => (input.postal && input.addressId !== null ? input.addressId : null);

/**
 * What a booking checks, as statements for one D1 batch (its own, or the one that reads the
 * devotee's session): the puja, the devotees' stars that exist, the lines in the cart,
 * whether the postal address is the customer's, and the releases that apply to the puja. Null for an input out of its bounds or that
 * names no puja (the booking then reads what it needs itself).
 */
export function bookingReadStatements(db: Database, customerId: number, input: BookingListInput) {
  const puja = shapeProblem(input) ? null : bookablePujaQuery(db, input);
  if (!puja) return null;
  return [
    puja,
    knownStarsQuery(db, starIdsOf(input)),
    cartLinesCountQuery(db, customerId),
    // Never anyone's (id 0) when no address is named: the batch keeps its shape.
    ownedAddressQuery(db, customerId, addressOf(input) ?? 0),
    pujaReleaseRulesQuery(db, input),
  ] as const;
}

type ReadRows = {
  [K in keyof NonNullable<ReturnType<typeof bookingReadStatements>>]: Awaited<NonNullable<ReturnType<typeof bookingReadStatements>>[K]>;
};

/** What the rows of `bookingReadStatements` say. */
function bookingRead(input: BookingListInput, rows: readonly unknown[]) {
  const [pujaRows, starRows, cartRows, addressRows, releaseRules] = rows as ReadRows;
  return {
    releaseRules,
    puja: pujaRows[0] ?? null,
    knownStars: starRows.length === starIdsOf(input).length,
    cartLines: cartRows[0]?.n ?? 0,
    ownsAddress: addressOf(input) !== null && addressRows.length > 0,
  };
}

/**
 * Checks the booking against D1 and stores it: requests for on-request pujas, cart lines for
 * the rest. `readRows`: the rows of `bookingReadStatements` for this customer and input, when
 * the caller read them in a batch of its own; else they are read here.
 */
export async function addPujaToBookingList(
  db: Database,
  customerId: number,
  input: BookingListInput,
  today = todayInIndia(),
  readRows?: readonly unknown[] | null,
  /** Where given, a request tells the temple (its alert written with the requests). */
  alertsEnv?: AppEnv,
): Promise<BookingListResult> {
  const shape = shapeProblem(input);
  if (shape) {
    // A malformed input reads only the puja: an unknown puja is said first, as always.
    return (await findBookablePuja(db, input)) ? { ok: false, ...shape } : { ok: false, field: "templePujaId", message: M.puja };
  }
  const statements = readRows?.length ? null : bookingReadStatements(db, customerId, input);
  const rows = statements ? await db.batch(statements) : readRows;
  const read = rows?.length ? bookingRead(input, rows) : null;
  const puja = read?.puja;
  if (!read || !puja) return { ok: false, field: "templePujaId", message: M.puja };
  const { devotees, dates } = input;
  for (const [index, day] of dates.entries()) {
    const problem = checkPujaDate(puja.daysOffered, day, today);
    if (problem) return { ok: false, field: `dates[${index}]`, message: problem };
  }
  const booking = { templeId: puja.templeId, templePujaId: puja.id, customerId, dates };
  const released = await releaseProblem(db, booking, input.pass, undefined, read.releaseRules);
  if (released) return { ok: false, ...released };
  if (devotees.some((d) => d.starId === null) || !read.knownStars) return { ok: false, field: "devotees", message: M.star };
  if (input.postal && puja.postalCharge <= 0) return { ok: false, field: "postal", message: M.postalUnavailable };
  if (input.postal && !read.ownsAddress) return { ok: false, field: "addressId", message: M.address };
  const seats = await checkSeats(db, customerId, puja, dates, devotees.length * input.quantity);
  if (seats) return { ok: false, ...seats, seatsRefused: true };
  const shippingId = input.postal ? input.addressId : null;
  const pairs = devotees.flatMap((devotee) => dates.map((pujaDate) => ({ devotee, pujaDate })));
  if (puja.bookingMode === "request") {
    const alert = alertsEnv
      ? await prepareRequestAlert(alertsEnv, db, { templeId: puja.templeId, templePujaId: puja.id, dates, requests: pairs.length })
      : null;
    await runBatch(db, [
      ...insertInChunks(
        db,
        requests,
        pairs.map(({ devotee, pujaDate }) => ({
          customerId,
          templeId: puja.templeId,
          templePujaId: puja.id,
          devoteeName: devotee.name,
          devoteeStarId: devotee.starId,
          gotra: devotee.gotra || null,
          pujaDate,
          quantity: input.quantity,
          rate: puja.rate,
          postalCharge: input.postal ? puja.postalCharge : 0,
          addressId: shippingId,
          shippingId,
          status: REQUEST_STATUS.requested,
        })),
      ),
      ...(alert ? noticeStatements(db, alert) : []),
    ]);
    if (alert && alertsEnv) await enqueueNotices(alertsEnv, alert.ids);
    return { ok: true, mode: "request", count: pairs.length };
  }
  const full = cartRoomProblem(read.cartLines, pairs.length);
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
        gotra: devotee.gotra || null,
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
 * An unlimited puja (its row says so) reads nothing more.
 */
async function checkSeats(
  db: Database,
  customerId: number,
  puja: Pick<BookablePuja, "id" | "dailyCapacity" | "perDevoteeLimit" | "counterKept" | "onlineKept" | "hasCapacityRules">,
  dates: readonly string[],
  adding: number,
): Promise<{ field: string; message: string } | null> {
  const templePujaId = puja.id;
  const fromRow: CapacitySettings = {
    dailyCapacity: puja.dailyCapacity,
    perDevoteeLimit: puja.perDevoteeLimit,
    counterKept: puja.counterKept,
    onlineKept: puja.onlineKept,
    rules: [],
  };
  if (!puja.hasCapacityRules && !isLimited(fromRow)) return null;
  const [settings, taken, inCart] = await Promise.all([
    // The weekday and date rules are read only for a puja that has some.
    puja.hasCapacityRules ? loadCapacities(db, [templePujaId]).then((all) => all.get(templePujaId) ?? UNLIMITED) : fromRow,
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
  if (!isLimited(settings)) return null;
  const carted = new Map(inCart.map((row) => [row.pujaDate, row.n]));
  for (const [index, day] of dates.entries()) {
    const seats = takenOf(taken, templePujaId, day);
    const mine = seats.mine + (carted.get(day) ?? 0);
    const left = leftForChannel(settings, seats, day, "online");
    if (left !== null) {
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
const cartLinesCount = preparedStatement((db) =>
  db
    .select({ n: count() })
    .from(cartItems)
    .where(eq(cartItems.customerId, sql.placeholder("customerId"))),
);

/** The lines in a customer's cart (read with the session on every signed-in page: built once, app/db/prepared.server.ts). */
export function cartLinesCountQuery(db: Database, customerId: number) {
  return cartLinesCount(db, { customerId });
}
