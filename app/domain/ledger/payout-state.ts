/**
 * Where a booked line's money is, as the temple's bank view says it (issue 43), from its
 * `payout_transfers` row (P2 writes it; its doc comment in app/db/schema.ts is the contract) or
 * from how the line was paid when it has none. Pure: the statement's lines and its grouped
 * figures both go through `payoutState`, so a line and the month's totals never disagree.
 */

export type PayoutState =
  /** Counter cash or UPI to the temple's own QR: the money never left the temple. */
  | "at_temple"
  /** A counter sale cancelled: in no figure. */
  | "cancelled"
  /** Gateway money of a temple without a transfer (no activated linked account): paid out by Sannidhi outside the portal. */
  | "outside"
  /** A transfer still to be sent (due, being sent). */
  | "pending"
  | "failed"
  /** Sent (or to be sent) on hold: released when the puja is marked done or its hold runs out. */
  | "held"
  | "released"
  /** Reached the temple's bank (a settlement with its UTR). */
  | "settled"
  /** All of it taken back (a refund of the line). */
  | "reversed";

export interface PayoutStateInput {
  atTemple: boolean;
  cancelled: boolean;
  /** The transfer row's status, or null when the line has none. */
  transferStatus: string | null;
  onHold: boolean;
  settled: boolean;
}

export function payoutState(line: PayoutStateInput): PayoutState {
  if (line.cancelled) return "cancelled";
  if (line.transferStatus === null) return line.atTemple ? "at_temple" : "outside";
  if (line.transferStatus === "reversed") return "reversed";
  if (line.transferStatus === "failed") return "failed";
  if (line.settled) return "settled";
  if (line.onHold) return "held";
  if (line.transferStatus === "due" || line.transferStatus === "sending") return "pending";
  return "released";
}

/**
 * A month's (or any period's) bank view in paise. Disjoint buckets of the temple's share, so
 * booked = fee + gst + transferred + held + pending + outside + atTemple; `settled` is the part
 * of `transferred` that reached the bank and `reversed` what was taken back from it (gross
 * figures: the net received is transferred − reversed). Cancelled counter sales are in none.
 */
export interface PayoutFigures {
  lines: number;
  booked: number;
  fee: number;
  gst: number;
  transferred: number;
  held: number;
  settled: number;
  reversed: number;
  /** To be sent, or failed (the operator retries it). */
  pending: number;
  outside: number;
  atTemple: number;
}

export const PAYOUT_FIGURES = [
  "lines",
  "booked",
  "fee",
  "gst",
  "transferred",
  "held",
  "settled",
  "reversed",
  "pending",
  "outside",
  "atTemple",
] as const satisfies readonly (keyof PayoutFigures)[];

export const noPayoutFigures = (): PayoutFigures => Object.fromEntries(PAYOUT_FIGURES.map((f) => [f, 0])) as unknown as PayoutFigures;

/** Adds `lines` lines in `state` (their booked money, fee, GST, the temple's share and what was reversed) to `into`. */
export function addToFigures(
  into: PayoutFigures,
  state: PayoutState,
  money: { lines: number; booked: number; fee: number; gst: number; share: number; reversed: number },
): void {
  if (state === "cancelled") return;
  into.lines += money.lines;
  into.booked += money.booked;
  into.fee += money.fee;
  into.gst += money.gst;
  into.reversed += money.reversed;
  if (state === "at_temple") into.atTemple += money.share;
  else if (state === "outside") into.outside += money.share;
  else if (state === "pending" || state === "failed") into.pending += money.share;
  else if (state === "held") into.held += money.share;
  else {
    into.transferred += money.share;
    if (state === "settled") into.settled += money.share;
  }
}

/** One booked line of the bank view (payout-statement.server.ts reads them). */
export interface StatementLine {
  lineId: number;
  transactionId: number;
  /** The booking's India day, YYYY-MM-DD. */
  day: string;
  trackingNo: string;
  itemName: string;
  itemType: "PUJA" | "DONATION";
  /** amount × quantity, and the postage on top (pujas only). */
  price: number;
  postage: number;
  channel: string;
  counterPayment: string | null;
  /** Of a counter sale cancelled at the temple. */
  cancelled: boolean;
  /** The line itself was cancelled (kept only because a transfer was made for it). */
  lineCancelled: boolean;
  /** price + postage: what the devotee paid for the line. */
  booked: number;
  fee: number;
  gst: number;
  /** booked − fee − GST. */
  share: number;
  state: PayoutState;
  transferRef: string | null;
  /** YYYY-MM-DD (India) when held until a day; null while held until the puja is marked done. */
  holdUntil: string | null;
  /** The India day the settlement reached the temple's bank, with its UTR. */
  settledOn: string | null;
  utr: string | null;
  reversed: number;
}
