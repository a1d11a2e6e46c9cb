/** The devotee's cart in D1: read it priced from current rates, add donations and accepted requests. */
import { textInLanguage } from "~/domain/content/translations.server";
import { pujaNameShown, templeNameShown } from "../records/booked-names.server";
import { baseLocale, type Locale } from "~/lib/i18n";
import { and, asc, eq } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { addresses, cartItems, customers, donationPurposes, pujas, requests, stars, templePujas, temples } from "~/db/schema";
import { postalAddressLine } from "./addresses.server";
import { asks80g, type DonationInput } from "./inputs";
import { resolveDonorAddress } from "./donor-address.server";
import { countCartLines } from "./booking-list.server";
import { REQUEST_STATUS } from "../desk/request-lifecycle.server";
import { bookingTotals, cartRoomProblem, MAX_CART_LINES } from "./cart";
import { CART_PROBLEMS, type CartLine, type CartRow, priceCartRow } from "./cart-pricing";
import { withConvenienceFees } from "./convenience-fee";
import { cartConvenienceRulesQuery, rulesInEffect } from "./convenience-fee.server";
import { isLimited, UNLIMITED } from "../seats/capacity";
import { fits, leftForChannel, loadCapacities, seatKey, seatsTakenOn, seatTaking, takenOf } from "../seats/seats.server";
import { todayInIndia } from "~/lib/india-time";
import { m } from "~/paraglide/messages";
import { templeTakesPayments, templeTakesPaymentsColumn } from "~/domain/trust/takes-payments.server";

/** Read when shown (getters), so each request gets its language. */
export const CART_MESSAGES = {
  /** Spec §8's success message for adding to the booking list. */
  get requestAdded() {
    return m.bookings_added();
  },
  get requestInCart() {
    return m.bookings_cart_request_in_cart();
  },
  get requestNotAccepted() {
    return m.bookings_cart_request_not_accepted();
  },
  get removed() {
    return m.bookings_cart_removed();
  },
  get donationUnavailable() {
    return m.bookings_cart_donation_unavailable();
  },
  get panNeeds80g() {
    return m.bookings_cart_pan_not_needed();
  },
};

function cartRowsQuery(db: Database, customerId: number, locale: Locale) {
  return db
    .select({
      id: cartItems.id,
      itemType: cartItems.itemType,
      templeId: cartItems.templeId,
      templeName: templeNameShown("temple_name_shown", locale),
      templeSlug: temples.slug,
      // Payments go only to verified temples (trust/verification.server.ts) that take online bookings.
      templeOnline: templeTakesPaymentsColumn(),
      pujaName: pujaNameShown(pujas.id, pujas.name, "puja_name_shown", locale),
      purposeName: textInLanguage("purpose", donationPurposes.id, donationPurposes.name, "name", locale).as("purpose_name_shown"),
      devoteeName: cartItems.devoteeName,
      starId: cartItems.starId,
      starName: textInLanguage("star", stars.id, stars.name, "name", locale),
      gotra: cartItems.gotra,
      pujaDate: cartItems.pujaDate,
      quantity: cartItems.quantity,
      postal: cartItems.postal,
      donationAmount: cartItems.donationAmount,
      templePujaId: cartItems.templePujaId,
      donationPurposeId: cartItems.donationPurposeId,
      pujaRate: templePujas.rate,
      pujaPostalCharge: templePujas.postalCharge,
      pujaActive: templePujas.active,
      pujaMode: templePujas.bookingMode,
      daysOffered: templePujas.daysOffered,
      purposeActive: donationPurposes.active,
      requestId: cartItems.requestId,
      requestRate: requests.rate,
      requestPostalCharge: requests.postalCharge,
      requestStatus: requests.status,
      shippingAddressId: cartItems.shippingAddressId,
      donorAddress: cartItems.donorAddress,
      shippingAddress: postalAddressLine("shipping_address"),
      packageId: cartItems.packageId,
      pujaChangedAt: templePujas.changedAt,
      purposeChangedAt: donationPurposes.changedAt,
      templeChangedAt: temples.bookingChangedAt,
    })
    .from(cartItems)
    .innerJoin(temples, eq(temples.id, cartItems.templeId))
    .leftJoin(templePujas, eq(templePujas.id, cartItems.templePujaId))
    .leftJoin(pujas, eq(pujas.id, templePujas.pujaId))
    .leftJoin(donationPurposes, eq(donationPurposes.id, cartItems.donationPurposeId))
    .leftJoin(requests, eq(requests.id, cartItems.requestId))
    .leftJoin(stars, eq(stars.id, cartItems.starId))
    .leftJoin(addresses, eq(addresses.id, cartItems.shippingAddressId))
    .where(eq(cartItems.customerId, customerId))
    .orderBy(asc(cartItems.templeId), asc(cartItems.id));
}

/**
 * The cart priced from D1 now, grouped by temple with the totals. Its names are English
 * unless a `locale` is given: checkout freezes and books the English names (see
 * booked-names.server.ts); the cart page passes the page's language.
 */
export async function loadCart(
  db: Database,
  customerId: number,
  { today = todayInIndia(), locale = baseLocale, now = new Date() }: { today?: string; locale?: Locale; now?: Date } = {},
) {
  // Two reads side by side: in one db.batch the cart's rows came back without their joined columns (no puja, no rate).
  const [rows, convenienceRules] = await Promise.all([
    cartRowsQuery(db, customerId, locale),
    cartConvenienceRulesQuery(db, customerId, today),
  ]);
  const priced: CartLine[] = withConvenienceFees(
    rows.map(({ pujaName, purposeName, ...row }) => priceCartRow({ ...row, itemName: pujaName ?? purposeName } satisfies CartRow, today)),
    rulesInEffect(convenienceRules),
  );
  const lines = await withSeats(db, customerId, priced, now);
  const overCap = lines.length > MAX_CART_LINES;
  return {
    lines,
    totals: bookingTotals(lines),
    overCap,
    payable: lines.length > 0 && !overCap && lines.every((l) => l.problem === null),
  };
}

export type Cart = Awaited<ReturnType<typeof loadCart>>;

/**
 * Limited pujas' lines with what their day has left, and a problem when the day has no room
 * for them (others took the seats: the devotee's own open order does not count against them)
 * or they pass the devotee's limit for the day. Adding to the cart holds nothing.
 */
async function withSeats(db: Database, customerId: number, lines: CartLine[], now: Date): Promise<CartLine[]> {
  const taking = seatTaking(lines).filter((line) => line.problem === null);
  if (taking.length === 0) return lines;
  const capacities = await loadCapacities(
    db,
    taking.map((line) => line.templePujaId),
  );
  const limited = taking.filter((line) => isLimited(capacities.get(line.templePujaId) ?? UNLIMITED));
  if (limited.length === 0) return lines;
  const taken = await seatsTakenOn(db, limited, customerId, now);
  // The cart's own lines for one day count together.
  const wanted = new Map<string, number>();
  for (const line of limited)
    wanted.set(seatKey(line.templePujaId, line.pujaDate), (wanted.get(seatKey(line.templePujaId, line.pujaDate)) ?? 0) + line.quantity);
  const judged = new Map(
    limited.map((line) => {
      const settings = capacities.get(line.templePujaId) ?? UNLIMITED;
      const seats = takenOf(taken, line.templePujaId, line.pujaDate);
      const refusal = fits(settings, seats, line.pujaDate, wanted.get(seatKey(line.templePujaId, line.pujaDate)) ?? line.quantity, {
        ownHeld: true,
      });
      const left = leftForChannel(settings, { ...seats, all: seats.all - seats.mineHeld }, line.pujaDate, "online");
      const problem = refusal === "full" ? CART_PROBLEMS.full : refusal === "devotee-limit" ? CART_PROBLEMS.devoteeLimit : null;
      return [line.id, { left, problem }] as const;
    }),
  );
  return lines.map((line) => {
    const seats = judged.get(line.id);
    return seats ? { ...line, seatsLeft: seats.left, problem: line.problem ?? seats.problem } : line;
  });
}

export const countCartItems = countCartLines;

export async function removeCartItem(db: Database, customerId: number, itemId: number): Promise<boolean> {
  const removed = await db
    .delete(cartItems)
    .where(and(eq(cartItems.id, itemId), eq(cartItems.customerId, customerId)))
    .returning({ id: cartItems.id });
  return removed.length > 0;
}

/** An accepted request (status 1) of this customer into the cart, with the default quantity. */
export async function addRequestToCart(db: Database, customerId: number, requestId: number) {
  const [request] = await db
    .select()
    .from(requests)
    .where(and(eq(requests.id, requestId), eq(requests.customerId, customerId)))
    .limit(1);
  if (!request || request.status !== REQUEST_STATUS.accepted) return { ok: false as const, message: CART_MESSAGES.requestNotAccepted };
  const full = cartRoomProblem(await countCartLines(db, customerId), 1);
  if (full) return { ok: false as const, message: full };
  const inserted = await db
    .insert(cartItems)
    .values({
      customerId,
      itemType: "PUJA",
      templeId: request.templeId,
      templePujaId: request.templePujaId,
      requestId: request.id,
      devoteeName: request.devoteeName,
      starId: request.devoteeStarId,
      gotra: request.gotra,
      pujaDate: request.pujaDate,
      quantity: request.quantity || 1,
      postal: request.postalCharge > 0,
      shippingAddressId: request.postalCharge > 0 ? request.shippingId : null,
    })
    .onConflictDoNothing()
    .returning({ id: cartItems.id });
  return inserted.length > 0
    ? { ok: true as const, message: CART_MESSAGES.requestAdded }
    : { ok: false as const, message: CART_MESSAGES.requestInCart };
}

/** A donation into the cart, checked against the temple's active purposes and 80G status. */
export async function addDonationToCart(db: Database, customerId: number, input: DonationInput) {
  const [purpose] = await db
    .select({ id: donationPurposes.id, templeId: donationPurposes.templeId, registration80g: temples.registration80g })
    .from(donationPurposes)
    .innerJoin(temples, eq(temples.id, donationPurposes.templeId))
    .where(and(eq(donationPurposes.id, input.donationPurposeId), eq(donationPurposes.active, true), templeTakesPayments()))
    .limit(1);
  if (!purpose) return { ok: false as const, field: "donationPurposeId", message: CART_MESSAGES.donationUnavailable };
  if (asks80g(input) && !purpose.registration80g)
    return { ok: false as const, field: input.pan ? "pan" : "eightyG", message: CART_MESSAGES.panNeeds80g };
  const full = cartRoomProblem(await countCartLines(db, customerId), 1);
  if (full) return { ok: false as const, field: "donationPurposeId", message: full };
  const donor = await resolveDonorAddress(db, customerId, input);
  if (!donor.ok) return donor;
  const line = db.insert(cartItems).values({
    customerId,
    itemType: "DONATION",
    templeId: purpose.templeId,
    donationPurposeId: purpose.id,
    devoteeName: input.devoteeName,
    starId: input.starId ?? null,
    quantity: 1,
    donationAmount: input.amount,
    donorAddress: donor.address,
  });
  // The donor's PAN is kept once, on their account, for every 80G receipt (never on the line).
  if (input.pan) await db.batch([line, db.update(customers).set({ pan: input.pan }).where(eq(customers.id, customerId))]);
  else await line;
  return { ok: true as const };
}
