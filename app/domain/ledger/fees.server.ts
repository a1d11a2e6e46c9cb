/**
 * The platform's fee rules in D1 (issue 43): read for one temple or many at once (one query, by
 * the temple_fees_temple_kind_from index), set by operators (a new row and its audit row in one
 * batch), and applied to a month's booked lines.
 */
import { desc, eq, inArray, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { customers, templeFees } from "~/db/schema";
import { auditStatement } from "~/domain/audit/audit.server";
import { addDays } from "~/domain/days";
import type { TempleFeeInput } from "./fee-inputs";
import { type FeeKind, type FeeRule, lineFee, ruleInEffect, upcomingRules } from "./fees";

export interface FeeRuleRow extends FeeRule {
  templeId: number;
  createdAt: string;
  setByEmail: string | null;
}

/** Every rule of these temples, newest first (history included). */
export async function feeRulesOf(db: Database, templeIds: readonly number[]): Promise<FeeRuleRow[]> {
  if (templeIds.length === 0) return [];
  return db
    .select({
      id: templeFees.id,
      templeId: templeFees.templeId,
      kind: templeFees.kind,
      percentBasisPoints: templeFees.percentBasisPoints,
      fixedPaise: templeFees.fixedPaise,
      effectiveFrom: templeFees.effectiveFrom,
      createdAt: templeFees.createdAt,
      setByEmail: customers.email,
    })
    .from(templeFees)
    .leftJoin(customers, eq(customers.id, templeFees.setBy))
    .where(inArray(templeFees.templeId, [...templeIds]))
    .orderBy(desc(templeFees.effectiveFrom), desc(templeFees.id));
}

/** What a temple pays now and what is set to change, per kind, on `today`; with the history. */
export async function templeFeeSummary(db: Database, templeId: number, today: string) {
  const rules = await feeRulesOf(db, [templeId]);
  const of = (kind: FeeKind) => ({ current: ruleInEffect(rules, kind, today), upcoming: upcomingRules(rules, kind, today) });
  return { puja: of("puja"), donation: of("donation"), convenience: of("convenience"), history: rules };
}
export type TempleFeeSummary = Awaited<ReturnType<typeof templeFeeSummary>>;

/** An operator sets a temple's fee from a day on: a new rule (never an edit), audited in the same batch. */
export async function setTempleFee(db: Database, actorId: number, input: TempleFeeInput) {
  const rule = {
    templeId: input.templeId,
    kind: input.kind,
    percentBasisPoints: input.percent,
    fixedPaise: input.fixedRupees,
    effectiveFrom: input.effectiveFrom,
    setBy: actorId,
  };
  await db.batch([
    db.insert(templeFees).values(rule),
    auditStatement(db, {
      actorId,
      action: "temple.fee_set",
      entity: "temple",
      entityId: input.templeId,
      templeId: input.templeId,
      detail: {
        kind: rule.kind,
        percentBasisPoints: rule.percentBasisPoints,
        fixedPaise: rule.fixedPaise,
        effectiveFrom: rule.effectiveFrom,
      },
    }),
  ]);
}

export interface MonthFees {
  lines: number;
  amount: number;
  fee: number;
  gst: number;
  templeShare: number;
}

/**
 * The fees of a temple's lines booked in `month` (India days) and paid through the portal: a
 * sale paid at the temple's counter (cash, UPI to its own QR) never passed the platform, so it
 * carries no fee; cancelled lines and sales carry none either. The fee is on the line's price
 * (amount × quantity); postage is the post's cost, passed on without a fee.
 */
export async function feesOfMonth(db: Database, templeId: number, month: string): Promise<MonthFees> {
  const first = `${month}-01`;
  const next = addDays(`${month}-28`, 7).slice(0, 7);
  const [rules, lines] = await Promise.all([
    feeRulesOf(db, [templeId]),
    db.all<{ day: string; itemType: "PUJA" | "DONATION"; amount: number }>(sql`select substr(t.booking_date, 1, 10) as day,
        l.item_type as itemType, l.amount * l.quantity as amount
      from transactions t join transaction_lines l on l.transaction_id = t.id
      where t.booking_date >= ${first} and t.booking_date < ${`${next}-01`} and t.status = 0 and t.cancelled_at is null
        and not (t.channel = 'counter' and t.counter_payment in ('cash', 'upi'))
        and l.temple_id = ${templeId} and l.puja_status != 'cancelled'`),
  ]);
  const totals: MonthFees = { lines: 0, amount: 0, fee: 0, gst: 0, templeShare: 0 };
  for (const line of lines) {
    const rule = ruleInEffect(rules, line.itemType === "PUJA" ? "puja" : "donation", line.day);
    const figures = lineFee(line.amount, rule);
    if (figures.fee === 0) continue;
    totals.lines += 1;
    totals.amount += figures.amount;
    totals.fee += figures.fee;
    totals.gst += figures.gst;
    totals.templeShare += figures.templeShare;
  }
  return totals;
}
