/**
 * Booking totals: the one place the spec's money rules live. The cart, checkout, the
 * receipts, My Transactions and the legacy API all total lines with `bookingTotals`.
 * Money is integer paise throughout.
 */
import { plural } from "~/lib/i18n";
import { m } from "~/paraglide/messages";

export type ItemType = "PUJA" | "DONATION";

/**
 * The most lines a cart holds. A paid cart is booked in one D1 batch (its lines in
 * inserts of a few rows each), sized and tested for this many lines.
 */
export const MAX_CART_LINES = 50;

/** The cart's limit in words, in the request's (or page's) language: read when needed. */
export const CART_LIMIT_MESSAGES = {
  get rule() {
    return m.bookings_cart_rule({ max: MAX_CART_LINES });
  },
  get full() {
    return m.bookings_cart_full({ max: MAX_CART_LINES });
  },
  tooMany: (adding: number, room: number) =>
    plural(room, m.bookings_cart_too_many_one, m.bookings_cart_too_many_other)({ adding, count: room, max: MAX_CART_LINES }),
  get overCap() {
    return m.bookings_cart_over_cap({ max: MAX_CART_LINES });
  },
};

/** Why `adding` more lines cannot go into a cart that has `inCart`, or null when they fit. */
export function cartRoomProblem(inCart: number, adding: number): string | null {
  const room = Math.max(0, MAX_CART_LINES - inCart);
  if (adding <= room) return null;
  return room === 0 ? CART_LIMIT_MESSAGES.full : CART_LIMIT_MESSAGES.tooMany(adding, room);
}

/** What a line needs to be totalled. `postalCharge` is per unit and 0 without postal prasad. */
export interface PricedLine {
  itemType: ItemType;
  templeId: number;
  templeName: string;
  amount: number;
  quantity: number;
  postalCharge: number;
  /**
   * The devotee's convenience fee on this line (`convenience-fee.ts`), when its temple charges one:
   * not part of the line's total (the temple's money), added to its temple's and the grand total.
   */
  convenienceFee?: number;
}

/** A line with its parts: itemAmount = amount x quantity, postalAmount = quantity x postal charge. */
export type TotalledLine<L extends PricedLine> = L & LineParts;

export interface LineParts {
  itemAmount: number;
  postalAmount: number;
  total: number;
}

export interface TempleGroup<L extends PricedLine> {
  templeId: number;
  templeName: string;
  pujas: TotalledLine<L>[];
  donations: TotalledLine<L>[];
  pujaTotal: number;
  donationTotal: number;
  postalTotal: number;
  /** Pujas, donations and postage: the temple's money. */
  total: number;
  /** The convenience fee on the group's lines (0: none), shown as its own line under them. */
  convenienceFee: number;
}

export interface BookingTotals<L extends PricedLine> {
  temples: TempleGroup<L>[];
  pujaTotal: number;
  donationTotal: number;
  /** The convenience fees (0 without a rule): the platform's, on top of the temples' prices. */
  convenienceFee: number;
  /** What the devotee pays: pujas + donations + convenience fees. */
  grandTotal: number;
}

/** Puja total = amount x quantity + quantity x postal charge; donation total = amount x quantity. */
export function lineParts(line: PricedLine): LineParts {
  const itemAmount = line.amount * line.quantity;
  const postalAmount = line.itemType === "PUJA" ? line.quantity * line.postalCharge : 0;
  return { itemAmount, postalAmount, total: itemAmount + postalAmount };
}

export function lineTotal(line: PricedLine): number {
  return lineParts(line).total;
}

/**
 * Lines grouped by temple (in the order temples first appear), with each temple's totals and the
 * grand total. The convenience fee is the lines' own (a cart, an order's frozen lines), or, for a
 * booking, the one it stored (`bookedConvenienceFee`: its lines no longer carry theirs).
 */
export function bookingTotals<L extends PricedLine>(lines: readonly L[], bookedConvenienceFee?: number): BookingTotals<L> {
  const groups = new Map<number, TempleGroup<L>>();
  for (const line of lines) {
    let group = groups.get(line.templeId);
    if (!group) {
      group = {
        templeId: line.templeId,
        templeName: line.templeName,
        pujas: [],
        donations: [],
        pujaTotal: 0,
        donationTotal: 0,
        postalTotal: 0,
        total: 0,
        convenienceFee: 0,
      };
      groups.set(line.templeId, group);
    }
    const parts = lineParts(line);
    const total = parts.total;
    if (line.itemType === "PUJA") {
      group.pujas.push({ ...line, ...parts });
      group.pujaTotal += total;
      group.postalTotal += parts.postalAmount;
    } else {
      group.donations.push({ ...line, ...parts });
      group.donationTotal += total;
    }
    group.total += total;
    group.convenienceFee += line.convenienceFee ?? 0;
  }
  const temples = [...groups.values()];
  const pujaTotal = temples.reduce((sum, group) => sum + group.pujaTotal, 0);
  const donationTotal = temples.reduce((sum, group) => sum + group.donationTotal, 0);
  const convenienceFee = bookedConvenienceFee ?? temples.reduce((sum, group) => sum + group.convenienceFee, 0);
  return { temples, pujaTotal, donationTotal, convenienceFee, grandTotal: pujaTotal + donationTotal + convenienceFee };
}

/** Paise to the 2-decimal rupee figure the tables and the legacy API show ("1250.00"). */
export function rupees(paise: number): string {
  return (paise / 100).toFixed(2);
}
