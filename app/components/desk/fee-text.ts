/** A fee rule as people read it: "5% + ₹10.00 per booking line", or "No fee". */
import { type FeeKind, percentText } from "~/domain/ledger/fees";
import { formatRupees } from "~/domain/text";
import { m } from "~/paraglide/messages";

export function feeText(rule: { percentBasisPoints: number; fixedPaise: number } | null | undefined): string {
  if (!rule || (rule.percentBasisPoints === 0 && rule.fixedPaise === 0)) return m.fees_none();
  const parts = [
    ...(rule.percentBasisPoints > 0 ? [percentText(rule.percentBasisPoints)] : []),
    ...(rule.fixedPaise > 0 ? [m.fees_per_line({ amount: formatRupees(rule.fixedPaise) })] : []),
  ];
  return parts.join(" + ");
}

export const kindText = (kind: FeeKind) =>
  kind === "puja" ? m.fees_kind_puja() : kind === "donation" ? m.fees_kind_donation() : m.payouts_convenience_kind();
