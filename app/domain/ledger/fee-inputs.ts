/** The operator's fee form: one zod schema (no server imports). */
import { z } from "zod";
import { addDays } from "~/domain/days";
import { dayBetween } from "~/domain/text-fields";
import { longDate } from "~/domain/text";
import { todayInIndia } from "~/lib/india-time";
import { m } from "~/paraglide/messages";
import type { FeeKind } from "./fees";

/** The fee form's kinds, in the order the form offers them. */
export const FEE_KINDS = ["puja", "donation", "convenience"] as const satisfies readonly FeeKind[];

/** A fee starts today at the earliest (bookings already made keep theirs) and at most two years ahead. */
export const earliestFeeDay = () => todayInIndia();
export const latestFeeDay = () => addDays(todayInIndia(), 730);

/** "5", "2.5", "12.75": a percentage with at most two decimals, 0 to 50. */
const percent = z
  .string()
  .trim()
  .default("0")
  .transform((text) => (text === "" ? "0" : text))
  .refine((text) => /^\d{1,2}(\.\d{1,2})?$/.test(text) && Number(text) <= 50, { error: () => m.fees_msg_percent() })
  .transform((text) => Math.round(Number(text) * 100));

/** Rupees with at most two decimals, 0 to ₹10,000 a line. */
const fixedRupees = z
  .string()
  .trim()
  .default("0")
  .transform((text) => (text === "" ? "0" : text))
  .refine((text) => /^\d{1,5}(\.\d{1,2})?$/.test(text) && Number(text) <= 10_000, { error: () => m.fees_msg_fixed() })
  .transform((text) => Math.round(Number(text) * 100));

export const templeFeeSchema = z.object({
  intent: z.literal("fee"),
  templeId: z.coerce.number().int().positive(),
  /** convenience: what devotees pay on top of the temple's prices (`../bookings/cart/convenience-fee.ts`). */
  kind: z.enum(FEE_KINDS, { error: () => m.payouts_convenience_msg_kind() }),
  percent,
  fixedRupees,
  effectiveFrom: dayBetween(
    () => m.fees_msg_day({ from: longDate(earliestFeeDay()), to: longDate(latestFeeDay()) }),
    earliestFeeDay,
    latestFeeDay,
  ),
});
export type TempleFeeInput = z.infer<typeof templeFeeSchema>;
