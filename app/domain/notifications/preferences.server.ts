/**
 * A devotee's message preferences, as the profile shows and saves them: e-mail always (receipts
 * and account messages go there whatever they choose), WhatsApp and SMS each only with their
 * consent, recorded with its time (Meta requires the opt-in; the time stays what it was while
 * the box stays ticked), and reminders on or off. `recipients.server.ts` reads the same columns
 * when it chooses a message's channels.
 */
import { eq, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { customers } from "~/db/schema";
import type { NotificationPreferencesInput } from "./preference-inputs";
import { indianMobileE164 } from "./recipients.server";

export interface NotificationPreferences {
  email: string;
  /** The profile's mobile in E.164, or null when it has none that can take a message. */
  phone: string | null;
  /** When the devotee agreed to WhatsApp messages (null: they have not). */
  whatsappSince: string | null;
  smsSince: string | null;
  reminders: boolean;
}

export async function loadNotificationPreferences(db: Database, customerId: number): Promise<NotificationPreferences | null> {
  const [row] = await db
    .select({
      email: customers.email,
      mobile: customers.phoneMobile,
      whatsappSince: customers.whatsappOptIn,
      smsSince: customers.smsOptIn,
      reminders: customers.remindersOptIn,
    })
    .from(customers)
    .where(eq(customers.id, customerId))
    .limit(1);
  if (!row) return null;
  const { mobile, ...rest } = row;
  return { ...rest, phone: indianMobileE164(mobile) };
}

export type SavePreferencesResult =
  | { status: "saved"; preferences: NotificationPreferences }
  | { status: "no-mobile" }
  | { status: "unknown" };

/**
 * Saves the choices. A consent newly given is stamped `now`; one kept keeps its first time; one
 * withdrawn is cleared. WhatsApp or SMS without a mobile on the profile is refused (nothing changes).
 */
export async function saveNotificationPreferences(
  db: Database,
  customerId: number,
  input: NotificationPreferencesInput,
  now = new Date(),
): Promise<SavePreferencesResult> {
  const current = await loadNotificationPreferences(db, customerId);
  if (!current) return { status: "unknown" };
  const wantsPhone = input.whatsapp === "on" || input.sms === "on";
  if (wantsPhone && !current.phone) return { status: "no-mobile" };
  const stamp = now.toISOString();
  const consent = (ticked: boolean, column: typeof customers.whatsappOptIn | typeof customers.smsOptIn) =>
    ticked ? sql<string>`coalesce(${column}, ${stamp})` : null;
  const [saved] = await db
    .update(customers)
    .set({
      whatsappOptIn: consent(input.whatsapp === "on", customers.whatsappOptIn),
      smsOptIn: consent(input.sms === "on", customers.smsOptIn),
      remindersOptIn: input.reminders === "on",
      updatedAt: stamp,
    })
    .where(eq(customers.id, customerId))
    .returning({ whatsappSince: customers.whatsappOptIn, smsSince: customers.smsOptIn, reminders: customers.remindersOptIn });
  if (!saved) return { status: "unknown" };
  return { status: "saved", preferences: { ...current, ...saved } };
}
