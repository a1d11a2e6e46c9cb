/**
 * The temple's bank view (issue 43): each booked line of a month with its platform fee, GST on
 * the fee, the temple's share and where that share is (its Route transfer: held, released,
 * settled with a UTR, reversed, failed; or paid out by Sannidhi outside the portal; or received
 * at the temple), and the figures of any period. Read from `payout_transfers` joined to the
 * booked lines (its unique `transaction_line_id`); a line without a transfer row gets its fee
 * from the rule in effect on its booking day, as `feesOfMonth` does. Lines are dated by their
 * booking's India day, like the rest of the statement; cancelled lines are left out unless a
 * transfer was made for them (its reversal is on the statement).
 */
import { sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { addDays } from "~/domain/bookings/dates";
import { indiaDateTime, todayInIndia } from "~/lib/india-time";
import { payoutGroupsBetween, withTempleDaysRolledUp } from "./day-rollups.server";
import { lineFee, ruleInEffect, type FeeRule } from "./fees";
import { feeRulesOf } from "./fees.server";
import { addToFigures, noPayoutFigures, type PayoutFigures, payoutState, type StatementLine } from "./payout-state";

export type { StatementLine } from "./payout-state";
import { addMonths, daysOfMonth } from "./periods";

const PRICE = sql`l.amount * l.quantity`;
const POSTAGE = sql`case when l.item_type = 'PUJA' then l.postal_charge * l.quantity else 0 end`;
const AT_TEMPLE = sql`(t.channel = 'counter' and coalesce(t.counter_payment, '') in ('cash', 'upi'))`;
/** What a reversal took back: its amount, or the whole transfer when it is reversed without one recorded. */
const REVERSED = sql`case when p.status = 'reversed' and coalesce(p.reversed_amount, 0) = 0
  then p.amount else coalesce(p.reversed_amount, 0) end`;

/**
 * Booked lines of the temple on India days first..last (a booking's date is its India timestamp: the range ends before the next
 * day), by the temple's lines' index (temple, booking date: `booked_at`), never all temples' bookings of the period.
 */
const linesBetween = (templeId: number, first: string, last: string) =>
  sql`from transaction_lines l join transactions t on t.id = l.transaction_id
    left join payout_transfers p on p.transaction_line_id = l.id
    where l.temple_id = ${templeId} and l.booked_at >= ${first} and l.booked_at < ${addDays(last, 1)} and t.status = 0
      and (l.puja_status != 'cancelled' or p.id is not null)`;

/** The fee, GST and share of a line without a transfer row: none at the temple or cancelled, else the rule of its booking day. */
function computedFee(rules: readonly FeeRule[], line: { itemType: string; day: string; price: number; postage: number }, charged: boolean) {
  const figures = lineFee(line.price, charged ? ruleInEffect(rules, line.itemType === "PUJA" ? "puja" : "donation", line.day) : null);
  return { fee: figures.fee, gst: figures.gst, share: figures.templeShare + line.postage };
}

type LineRow = Omit<
  StatementLine,
  "state" | "booked" | "fee" | "gst" | "share" | "cancelled" | "lineCancelled" | "reversed" | "settledOn"
> & {
  settledAt: string | null;
  cancelled: number;
  lineCancelled: number;
  atTemple: number;
  transferStatus: string | null;
  transferBooked: number | null;
  transferFee: number | null;
  transferGst: number | null;
  transferAmount: number | null;
  onHold: number | null;
  reversed: number | null;
};

/**
 * The month's lines: all of them oldest first (the CSV), or the newest `limit` newest first (the
 * page: staff look for what was booked lately).
 */
export async function statementLines(db: Database, templeId: number, month: string, limit?: number): Promise<StatementLine[]> {
  const days = daysOfMonth(month);
  const [rules, rows] = await Promise.all([
    feeRulesOf(db, [templeId]),
    db.all<LineRow>(sql`select l.id as lineId, t.id as transactionId, substr(t.booking_date, 1, 10) as day, t.tracking_no as trackingNo,
        l.item_name as itemName, l.item_type as itemType, ${PRICE} as price, ${POSTAGE} as postage, t.channel as channel,
        t.counter_payment as counterPayment, t.cancelled_at is not null as cancelled, l.puja_status = 'cancelled' as lineCancelled,
        ${AT_TEMPLE} as atTemple, p.status as transferStatus, p.booked as transferBooked, p.fee as transferFee, p.gst as transferGst,
        p.amount as transferAmount, p.on_hold as onHold, p.transfer_ref as transferRef, p.hold_until as holdUntil,
        p.settled_at as settledAt, p.utr as utr, ${REVERSED} as reversed
      ${linesBetween(templeId, days[0]!, days.at(-1)!)}
      ${limit === undefined ? sql`order by l.booked_at, l.id` : sql`order by l.booked_at desc, l.id desc limit ${limit}`}`),
  ]);
  return rows.map((row) => {
    const cancelled = row.cancelled === 1;
    const state = payoutState({
      atTemple: row.atTemple === 1,
      cancelled,
      transferStatus: row.transferStatus,
      onHold: row.onHold === 1,
      settled: row.settledAt !== null,
    });
    const money =
      row.transferStatus === null
        ? computedFee(rules, row, !cancelled && state !== "at_temple")
        : { fee: row.transferFee ?? 0, gst: row.transferGst ?? 0, share: row.transferAmount ?? 0 };
    const booked = row.transferStatus === null ? row.price + row.postage : (row.transferBooked ?? row.price + row.postage);
    return {
      lineId: row.lineId,
      transactionId: row.transactionId,
      day: row.day,
      trackingNo: row.trackingNo,
      itemName: row.itemName,
      itemType: row.itemType,
      price: row.price,
      postage: row.postage,
      channel: row.channel,
      counterPayment: row.counterPayment,
      cancelled,
      lineCancelled: row.lineCancelled === 1,
      booked,
      ...money,
      state,
      transferRef: row.transferRef,
      holdUntil: row.holdUntil,
      settledOn: row.settledAt ? indiaDateTime(Date.parse(row.settledAt)).day : null,
      utr: row.utr,
      reversed: row.reversed ?? 0,
    };
  });
}

/** The figures of lines already read (a page's or a test's check of the grouped figures). */
export function figuresOfLines(lines: readonly StatementLine[]): PayoutFigures {
  const figures = noPayoutFigures();
  for (const line of lines) addToFigures(figures, line.state, { lines: 1, ...line });
  return figures;
}

interface GroupRow {
  period: string;
  day: string;
  itemType: string;
  /** The line's price when it has no transfer row (its fee is computed per price), else null. */
  price: number | null;
  lines: number;
  priceSum: number;
  postage: number;
  atTemple: number;
  cancelled: number;
  transferStatus: string | null;
  onHold: number | null;
  settled: number;
  booked: number | null;
  fee: number | null;
  gst: number | null;
  amount: number | null;
  reversed: number | null;
}

/**
 * The figures per `period` (the booking day's first `length` characters) of days first..last, from the day's groups
 * (by kind, price and transfer state; never one row per line): closed days' from their rollup, today's live.
 */
async function payoutFiguresBetween(db: Database, templeId: number, first: string, last: string, length: 7 | 10, today: string) {
  const [rules, groups] = await Promise.all([
    feeRulesOf(db, [templeId]),
    withTempleDaysRolledUp<GroupRow>(
      db,
      templeId,
      first,
      last,
      today,
      sql`select substr(day, 1, ${length}) as period, day, item_type as itemType, price, lines, price_sum as priceSum, postage,
          at_temple as atTemple, cancelled, transfer_status as transferStatus, on_hold as onHold, settled, booked, fee, gst,
          amount, reversed
        from (${payoutGroupsBetween(templeId, first, last, today)})`,
    ),
  ]);
  const byPeriod = new Map<string, PayoutFigures>();
  for (const group of groups) {
    const figures = byPeriod.get(group.period) ?? noPayoutFigures();
    byPeriod.set(group.period, figures);
    const cancelled = group.cancelled === 1;
    const state = payoutState({
      atTemple: group.atTemple === 1,
      cancelled,
      transferStatus: group.transferStatus,
      onHold: group.onHold === 1,
      settled: group.settled === 1,
    });
    if (group.transferStatus === null) {
      const one = computedFee(
        rules,
        { itemType: group.itemType, day: group.day, price: group.price ?? 0, postage: 0 },
        state !== "at_temple",
      );
      const booked = group.priceSum + group.postage;
      const [fee, gst] = [one.fee * group.lines, one.gst * group.lines];
      addToFigures(figures, state, { lines: group.lines, booked, fee, gst, share: booked - fee - gst, reversed: 0 });
    } else {
      addToFigures(figures, state, {
        lines: group.lines,
        booked: group.booked ?? 0,
        fee: group.fee ?? 0,
        gst: group.gst ?? 0,
        share: group.amount ?? 0,
        reversed: group.reversed ?? 0,
      });
    }
  }
  return byPeriod;
}

/** The month's totals of the bank view. */
export async function payoutMonthTotals(db: Database, templeId: number, month: string, today = todayInIndia()): Promise<PayoutFigures> {
  const days = daysOfMonth(month);
  return (await payoutFiguresBetween(db, templeId, days[0]!, days.at(-1)!, 7, today)).get(month) ?? noPayoutFigures();
}

/** The figures of each month of `months` (YYYY-MM, consecutive, oldest first): one grouped read. */
export async function payoutFiguresOfMonths(db: Database, templeId: number, months: readonly string[], today = todayInIndia()) {
  const byPeriod = await payoutFiguresBetween(db, templeId, `${months[0]}-01`, daysOfMonth(months.at(-1)!).at(-1)!, 7, today);
  return months.map((period) => ({ period, ...(byPeriod.get(period) ?? noPayoutFigures()) }));
}

/** The `months` months up to and including `month`, oldest first (the statement's chart). */
export function payoutLastMonths(db: Database, templeId: number, month: string, months = 12, today = todayInIndia()) {
  return payoutFiguresOfMonths(
    db,
    templeId,
    Array.from({ length: months }, (_, i) => addMonths(month, i - (months - 1))),
    today,
  );
}
