/**
 * The rules that decide whether a payment becomes a booking. A payment order freezes
 * the priced cart; when its payment arrives, each frozen line is compared with the
 * cart line as D1 prices it at the payment time:
 *   - the same line at the same price, still bookable: booked;
 *   - already booked (by another order), removed from the cart, a passed date or a
 *     request the temple no longer accepts: refunded;
 *   - a rate, postal charge, mode, days or on/off change made after the order was
 *     created: refunded when it happened before the payment, honoured at the price
 *     paid when it happened after (staff change times are tracked for exactly this).
 * An order paid after it expired is refunded whatever its lines say.
 */
import { CART_PROBLEMS, type CartLine } from "./cart-pricing";

/** An order can be paid for this long after checkout. */
export const ORDER_LIFETIME_MINUTES = 30;
export const ORDER_LIFETIME_MS = ORDER_LIFETIME_MINUTES * 60_000;
/** A second checkout reuses the open order only when at least this much time is left to pay it. */
export const ORDER_REUSE_MIN_MS = 10 * 60_000;

/** A cart line as the order froze it; `honoured` marks a line booked at the price paid after staff changed it. */
export type FrozenLine = Omit<CartLine, "problem" | "changeTimes" | "seatsLeft"> & { honoured?: boolean };

export type RefundReason = "already-paid" | "expired" | "full" | "changed" | "unavailable";
export type LineVerdict = "book" | "honour" | RefundReason;
export type OrderVerdict = { ok: true; honoured: number[] } | { ok: false; reason: RefundReason };

export function freezeLine({ problem: _problem, changeTimes: _changeTimes, seatsLeft: _seatsLeft, ...line }: CartLine): FrozenLine {
  return line;
}

export function orderExpiry(createdAt: Date): string {
  return new Date(createdAt.getTime() + ORDER_LIFETIME_MS).toISOString();
}

/** When an order stops being payable (orders made before expiry was recorded: 30 minutes after creation). */
export function expiryOf(order: { expiresAt: string | null; createdAt: string }): string {
  return order.expiresAt ?? orderExpiry(new Date(order.createdAt));
}

const BOOKED_FIELDS = [
  "itemType",
  "templeId",
  "templePujaId",
  "donationPurposeId",
  "requestId",
  "packageId",
  "devoteeName",
  "starId",
  "pujaDate",
  "quantity",
  "amount",
  "postalCharge",
  "shippingAddressId",
] as const satisfies readonly (keyof FrozenLine)[];

/** The same booking at the same price (names shown may differ; they are not what is paid for). */
export function sameLine(frozen: FrozenLine, current: CartLine): boolean {
  return BOOKED_FIELDS.every((field) => frozen[field] === current[field]);
}

/** Whether the cart holds exactly the order's lines, at the same prices, all payable now. */
export function orderMatchesCart(frozen: readonly FrozenLine[], cart: { lines: readonly CartLine[]; payable: boolean }): boolean {
  if (!cart.payable || cart.lines.length !== frozen.length) return false;
  const byId = new Map(cart.lines.map((line) => [line.id, line]));
  return frozen.every((line) => {
    const current = byId.get(line.id);
    return current !== undefined && current.problem === null && sameLine(line, current);
  });
}

/**
 * Problems no staff change time explains (the calendar, the request's own state): never honoured.
 * Read when compared, in the same language as the cart line's problem.
 */
const untrackedProblems = (): readonly string[] => [CART_PROBLEMS.datePassed, CART_PROBLEMS.requestClosed, CART_PROBLEMS.noAddress];
/** The day has no seats left for the line (others took them) or the devotee's limit is reached. */
const seatProblems = (): readonly string[] => [CART_PROBLEMS.full, CART_PROBLEMS.devoteeLimit];

/**
 * One frozen line against its cart line at the payment time (`current` undefined: no
 * longer in the cart; `booked`: its cart line was booked). Times are ISO strings.
 */
export function lineVerdict(
  frozen: FrozenLine,
  current: CartLine | undefined,
  booked: boolean,
  orderCreatedAt: string,
  paidAt: string,
): LineVerdict {
  if (booked) return "already-paid";
  if (!current) return "changed";
  if (current.problem !== null && seatProblems().includes(current.problem)) return "full";
  if (current.problem !== null && untrackedProblems().includes(current.problem)) return "unavailable";
  if (current.problem === null && sameLine(frozen, current)) return "book";
  // An accepted request keeps the rate the temple accepted: a different one has no change time.
  if (current.problem === null && frozen.requestId !== null) return "changed";
  const changesSinceOrder = current.changeTimes.filter((time) => time > orderCreatedAt);
  const blocked = changesSinceOrder.length === 0 || changesSinceOrder.some((time) => time <= paidAt);
  if (blocked) return current.problem === null ? "changed" : "unavailable";
  return "honour";
}

const REASON_ORDER: readonly RefundReason[] = ["already-paid", "expired", "full", "unavailable", "changed"];

/** The whole order at the payment time: book it (some lines honoured at the price paid) or refund it, and why. */
export function orderVerdict(
  order: { createdAt: string; expiresAt: string | null; lines: readonly FrozenLine[] },
  current: ReadonlyMap<number, CartLine>,
  bookedCartLines: ReadonlySet<number>,
  paidAt: string,
): OrderVerdict {
  const reasons = new Set<RefundReason>();
  if (paidAt > expiryOf(order)) reasons.add("expired");
  const honoured: number[] = [];
  for (const line of order.lines) {
    const verdict = lineVerdict(line, current.get(line.id), bookedCartLines.has(line.id), order.createdAt, paidAt);
    if (verdict === "honour") honoured.push(line.id);
    else if (verdict !== "book") reasons.add(verdict);
  }
  const reason = REASON_ORDER.find((r) => reasons.has(r));
  return reason ? { ok: false, reason } : { ok: true, honoured };
}

/** When a webhook's payment was made: the payment's created_at (Unix seconds), never later than now. */
export function webhookPaidAt(createdAtSeconds: number | undefined, now: Date): Date {
  if (createdAtSeconds === undefined || !Number.isFinite(createdAtSeconds)) return now;
  const at = new Date(createdAtSeconds * 1000);
  return at.getTime() > now.getTime() ? now : at;
}
