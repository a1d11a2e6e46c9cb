/**
 * A devotee's message preferences (My Profile), one zod schema shared by the Conform form in the
 * browser and the action. Its message is read when a rule fails, in that moment's language.
 */
import { z } from "zod";
import { m } from "~/paraglide/messages";

/** A ticked box sends "on"; an unticked one sends nothing. Anything else is refused. */
const tick = z.literal("on", { error: () => m.account_notify_prefs_invalid() }).optional();

/** The profile's message preferences: WhatsApp and SMS (each a consent), reminders. E-mail is always on. */
export const notificationPreferencesSchema = z.object({
  whatsapp: tick,
  sms: tick,
  reminders: tick,
});

export type NotificationPreferencesInput = z.infer<typeof notificationPreferencesSchema>;
