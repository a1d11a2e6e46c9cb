/**
 * The devotee's convenience fee (issue 43): when an operator chooses it for a temple, devotees pay
 * it on top of the temple's prices, per booking line: a percentage of the line's price (amount ×
 * quantity; postage passes through without it), rounded half a paisa up, and/or a fixed amount.
 * The platform keeps it: the temple's lines, totals and transfers never include it. Pure; the
 * rule in effect is read by `convenience-fee.server.ts` from the operator's fee rules (`temple_fees`,
 * kind "convenience").
 */
import type { PricedLine } from "./cart";

export interface ConvenienceRule {
  /** 250 = 2.5%. */
  percentBasisPoints: number;
  fixedPaise: number;
}

/** The convenience fee of one line under `rule` (none, or a line of no price: 0). */
export function convenienceFeeOfLine(line: Pick<PricedLine, "amount" | "quantity">, rule: ConvenienceRule | null | undefined): number {
  const price = line.amount * line.quantity;
  if (!rule || price <= 0) return 0;
  const percent = Math.floor((price * rule.percentBasisPoints * 2 + 10_000) / 20_000);
  return percent + rule.fixedPaise;
}

/** The lines with their convenience fee where their temple has a rule (a line without one is left as it is). */
export function withConvenienceFees<L extends PricedLine>(lines: readonly L[], rules: ReadonlyMap<number, ConvenienceRule>): L[] {
  return lines.map((line) => {
    const fee = convenienceFeeOfLine(line, rules.get(line.templeId));
    return fee > 0 ? { ...line, convenienceFee: fee } : line;
  });
}
