/**
 * The platform's fee on a booking line, GST on the fee, and the temple's share (issue 43): pure
 * arithmetic in integer paise. Rounding, stated once: each line is rounded on its own, half a
 * paisa up (a fee of 12.5 paise is 13), first the percentage fee, then GST on the whole fee; a
 * month's figures are sums of rounded lines, never rounded again. The fee (with its GST) never
 * takes more than the line's amount.
 */

/**
 * puja and donation: the platform's fee, kept from the temple's share. convenience: what devotees
 * pay on top of the temple's prices when an operator chooses it (`../bookings/cart/convenience-fee.ts`
 * prices it; the temple's share never carries it).
 */
export type FeeKind = "puja" | "donation" | "convenience";

/** GST on the platform's fee: 18% (one line on the invoice; not split into CGST and SGST). */
export const GST_PERCENT = 18;

export interface FeeRule {
  kind: FeeKind;
  /** 500 = 5%. */
  percentBasisPoints: number;
  fixedPaise: number;
  /** YYYY-MM-DD (India day) from which it applies. */
  effectiveFrom: string;
  /** Rows set later win among rules of the same day. */
  id: number;
}

export interface LineFee {
  amount: number;
  fee: number;
  gst: number;
  /** amount − fee − GST. */
  templeShare: number;
}

/** n × numerator / denominator, rounded half up (non-negative integers only, so it is exact). */
function roundHalfUp(n: number, numerator: number, denominator: number): number {
  return Math.floor((n * numerator * 2 + denominator) / (denominator * 2));
}

export function gstOnFee(fee: number): number {
  return roundHalfUp(fee, GST_PERCENT, 100);
}

/** The fee, GST and temple's share of a line of `amount` paise under `rule` (none: no fee). */
export function lineFee(amount: number, rule: Pick<FeeRule, "percentBasisPoints" | "fixedPaise"> | null | undefined): LineFee {
  if (!rule || amount <= 0) return { amount, fee: 0, gst: 0, templeShare: amount };
  let fee = roundHalfUp(amount, rule.percentBasisPoints, 10_000) + rule.fixedPaise;
  // A fixed fee on a small line: cap so the fee and its GST together never pass the amount.
  if (fee + gstOnFee(fee) > amount) {
    // The largest fee that fits: start just above amount / 1.18 (GST's rounding may let one more paisa in) and step down.
    fee = Math.min(fee, Math.floor((amount * 100) / (100 + GST_PERCENT)) + 1);
    while (fee > 0 && fee + gstOnFee(fee) > amount) fee--;
  }
  const gst = gstOnFee(fee);
  return { amount, fee, gst, templeShare: amount - fee - gst };
}

/** The rule of `kind` in effect on `day` (YYYY-MM-DD): the latest effective on or before it, the newest row of that day. */
export function ruleInEffect(rules: readonly FeeRule[], kind: FeeKind, day: string): FeeRule | null {
  let best: FeeRule | null = null;
  for (const rule of rules) {
    if (rule.kind !== kind || rule.effectiveFrom > day) continue;
    if (!best || rule.effectiveFrom > best.effectiveFrom || (rule.effectiveFrom === best.effectiveFrom && rule.id > best.id)) best = rule;
  }
  return best;
}

/** The rules of `kind` set to start after `day`, soonest first (what the desk is told before it applies). */
export function upcomingRules(rules: readonly FeeRule[], kind: FeeKind, day: string): FeeRule[] {
  const later = rules.filter((rule) => rule.kind === kind && rule.effectiveFrom > day);
  const latestOfDay = new Map<string, FeeRule>();
  for (const rule of later) {
    const seen = latestOfDay.get(rule.effectiveFrom);
    if (!seen || rule.id > seen.id) latestOfDay.set(rule.effectiveFrom, rule);
  }
  return [...latestOfDay.values()].sort((a, b) => a.effectiveFrom.localeCompare(b.effectiveFrom));
}

/** The financial year (April–March) of a month or day: "2026-04" → "2026-27", "2027-03" → "2026-27". */
export function financialYearOf(monthOrDay: string): string {
  const year = Number(monthOrDay.slice(0, 4));
  const start = Number(monthOrDay.slice(5, 7)) >= 4 ? year : year - 1;
  return `${start}-${String((start + 1) % 100).padStart(2, "0")}`;
}

/** "SN/2026-27/0001": the invoice's number within its financial year. */
export function invoiceNumber(financialYear: string, sequence: number): string {
  return `SN/${financialYear}/${String(sequence).padStart(4, "0")}`;
}

/** "5%" / "2.5%" from basis points. */
export function percentText(basisPoints: number): string {
  return `${(basisPoints / 100).toFixed(2).replace(/\.?0+$/, "")}%`;
}
