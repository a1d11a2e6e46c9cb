/**
 * The notifications area's staff forms, one zod schema each, shared by the Conform form in the
 * browser and the action: a temple's alert phone (desk), the console's search for someone's
 * messages and its Retry. (A devotee's preferences: preference-inputs.ts, so the public pages
 * carry none of these.) Messages are read when a rule fails, so they speak that moment's language.
 */
import { z } from "zod";
import { toE164 } from "~/lib/phone/phone-number";
import { m } from "~/paraglide/messages";

/** A mobile that can take a message (WhatsApp, SMS), as people type it, in E.164. */
const alertPhone = z
  .string({ error: () => m.desk_alerts_phone_invalid() })
  .trim()
  .max(32, { error: () => m.desk_alerts_phone_invalid() })
  .refine((value) => toE164(value) !== null, { error: () => m.desk_alerts_phone_invalid() })
  .transform((value) => toE164(value)!);

const staffTick = z.literal("on", { error: () => m.desk_alerts_invalid() }).optional();

/** Where a temple's alerts go, and which. */
export const templeAlertsSchema = z.object({
  phone: alertPhone,
  newBookings: staffTick,
  morningDigest: staffTick,
});

export type TempleAlertsInput = z.infer<typeof templeAlertsSchema>;

/** Who the console looks for: an e-mail address (any case) or a phone number (as people type it). */
export function normaliseMessageAddress(value: string): string | null {
  const typed = value.trim();
  if (typed.includes("@")) {
    const email = typed.toLowerCase();
    return email.length <= 254 && z.email().safeParse(email).success ? email : null;
  }
  return toE164(typed);
}

export const messageSearchSchema = z.object({
  q: z
    .string({ error: () => m.operator_messages_search_invalid() })
    .trim()
    .max(254, { error: () => m.operator_messages_search_invalid() })
    .refine((value) => normaliseMessageAddress(value) !== null, { error: () => m.operator_messages_search_invalid() })
    .transform((value) => normaliseMessageAddress(value)!),
});

export const messageRetrySchema = z.object({
  messageId: z.uuid({ error: () => m.operator_messages_unknown() }),
});
