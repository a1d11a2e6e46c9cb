/**
 * Prices a cart row from what D1 says now: a puja's rate and postal charge from the
 * temple's current list (or, for an accepted request, the rate the temple accepted),
 * a donation's chosen amount. Rows that can no longer be booked say why.
 */
import { offeredOn } from "../dates";
import type { ItemType, PricedLine } from "./cart";
import { m } from "~/paraglide/messages";

export interface CartRow {
  id: number;
  itemType: ItemType;
  templeId: number;
  templeName: string;
  templeSlug: string;
  templeOnline: boolean;
  itemName: string | null;
  devoteeName: string;
  starId: number | null;
  starName: string | null;
  /** The devotee's gotra for the sankalpa, or null. */
  gotra?: string | null;
  pujaDate: string | null;
  quantity: number;
  postal: boolean;
  donationAmount: number;
  templePujaId: number | null;
  donationPurposeId: number | null;
  pujaRate: number | null;
  pujaPostalCharge: number | null;
  pujaActive: boolean | null;
  pujaMode: "direct" | "request" | null;
  daysOffered: string | null;
  purposeActive: boolean | null;
  requestId: number | null;
  requestRate: number | null;
  requestPostalCharge: number | null;
  requestStatus: number | null;
  shippingAddressId: number | null;
  /** A donation's 80G donor address (donor-address.server.ts), else null. */
  donorAddress: string | null;
  /** The shipping address on one line (addresses.server.ts `postalAddressLine`), or null. */
  shippingAddress: string | null;
  packageId: number | null;
  /** When staff last changed what prices this row or makes it bookable (ISO), if ever. */
  pujaChangedAt: string | null;
  purposeChangedAt: string | null;
  templeChangedAt: string | null;
}

export interface CartLine extends PricedLine {
  id: number;
  templeSlug: string;
  itemName: string;
  devoteeName: string;
  starId: number | null;
  starName: string | null;
  /** The devotee's gotra (orders frozen before gotras were kept have none). */
  gotra?: string | null;
  pujaDate: string | null;
  templePujaId: number | null;
  donationPurposeId: number | null;
  requestId: number | null;
  shippingAddressId: number | null;
  /** Orders frozen before donor addresses were kept have none. */
  donorAddress?: string | null;
  /** Where its prasad will be posted, on one line; null when it is not sent by post. */
  shippingAddress: string | null;
  packageId: number | null;
  /** Why the line cannot be paid for now, or null. */
  problem: string | null;
  /** The last changes (ISO) to the puja or purpose and the temple's online booking: an order is checked against them. */
  changeTimes: string[];
  /** Seats left on the line's day for a limited puja (what others have not taken), else null. */
  seatsLeft: number | null;
}

/** Why a line cannot be paid for, in the request's (or page's) language: read when needed. */
export const CART_PROBLEMS = {
  get unavailable() {
    return m.bookings_problem_unavailable();
  },
  get datePassed() {
    return m.bookings_problem_date_passed();
  },
  get notOffered() {
    return m.bookings_problem_not_offered();
  },
  get requestClosed() {
    return m.bookings_problem_request_closed();
  },
  get noAddress() {
    return m.bookings_problem_no_address();
  },
  get full() {
    return m.bookings_problem_full();
  },
  get devoteeLimit() {
    return m.bookings_problem_devotee_limit();
  },
};

function problemOf(row: CartRow, today: string): string | null {
  if (!row.templeOnline) return CART_PROBLEMS.unavailable;
  if (row.itemType === "DONATION") return row.purposeActive ? null : CART_PROBLEMS.unavailable;
  if (!row.pujaActive || row.pujaRate === null) return CART_PROBLEMS.unavailable;
  if (!row.pujaDate || row.pujaDate <= today) return CART_PROBLEMS.datePassed;
  if (row.requestId !== null) return row.requestStatus === 1 ? null : CART_PROBLEMS.requestClosed;
  if (row.pujaMode !== "direct") return CART_PROBLEMS.unavailable;
  if (row.daysOffered !== null && !offeredOn(row.daysOffered, row.pujaDate)) return CART_PROBLEMS.notOffered;
  if (row.postal && row.shippingAddressId === null) return CART_PROBLEMS.noAddress;
  return null;
}

export function priceCartRow(row: CartRow, today: string): CartLine {
  const fromRequest = row.requestId !== null;
  const amount = row.itemType === "DONATION" ? row.donationAmount : ((fromRequest ? row.requestRate : row.pujaRate) ?? 0);
  const postalCharge = row.itemType === "PUJA" && row.postal ? ((fromRequest ? row.requestPostalCharge : row.pujaPostalCharge) ?? 0) : 0;
  return {
    id: row.id,
    itemType: row.itemType,
    templeId: row.templeId,
    templeName: row.templeName,
    templeSlug: row.templeSlug,
    itemName: row.itemName ?? m.bookings_offering(),
    devoteeName: row.devoteeName,
    starId: row.starId,
    starName: row.starName,
    gotra: row.gotra ?? null,
    pujaDate: row.pujaDate,
    quantity: row.quantity,
    amount,
    postalCharge,
    templePujaId: row.templePujaId,
    donationPurposeId: row.donationPurposeId,
    requestId: row.requestId,
    shippingAddressId: row.postal ? row.shippingAddressId : null,
    donorAddress: row.itemType === "DONATION" ? row.donorAddress : null,
    shippingAddress: row.postal ? row.shippingAddress : null,
    packageId: row.packageId,
    problem: problemOf(row, today),
    seatsLeft: null,
    changeTimes: [row.itemType === "DONATION" ? row.purposeChangedAt : row.pujaChangedAt, row.templeChangedAt].filter(
      (t): t is string => t !== null,
    ),
  };
}
