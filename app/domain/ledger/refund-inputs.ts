/** The operator's refund actions: their inputs, checked alike on the page and the server. */
import { z } from "zod";
import { requiredCharacters } from "~/domain/text-fields";
import { m } from "~/paraglide/messages";

export const REFERENCE_MAX = 100;
export const REASON_MAX = 500;

const refundId = z.coerce
  .number()
  .int()
  .positive()
  .max(2 ** 31);

export const refundRetrySchema = z.object({ intent: z.literal("retry"), refundId });

/** Settled outside the portal (a bank transfer, the gateway's dashboard): what proves it and why. */
export const refundOutsideSchema = z.object({
  intent: z.literal("outside"),
  refundId,
  reference: requiredCharacters(() => m.operator_refund_reference_required({ max: REFERENCE_MAX }), REFERENCE_MAX, 3),
  reason: requiredCharacters(() => m.operator_refund_reason_required({ max: REASON_MAX }), REASON_MAX, 5),
});
export type RefundOutsideInput = z.infer<typeof refundOutsideSchema>;
