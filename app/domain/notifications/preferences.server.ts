/**
 * A devotee's message preferences, as the profile shows and saves them: e-mail always (receipts
 * and account messages go there whatever they choose), WhatsApp and SMS each only with their
 * consent, recorded with its time (Meta requires the opt-in; the time stays what it was while
 * the box stays ticked), and reminders on or off. `recipients.server.ts` reads the same columns
 * when it chooses a message's channels.
 */
import { and, eq, inArray, isNotNull, sql } from "drizzle-orm";
import { runBatch } from "~/db/batch.server";
import type { Database } from "~/db/client.server";
import { customers, notifications } from "~/db/schema";
import { auditStatement } from "~/domain/audit/audit.server";
import { toE164 } from "~/lib/phone/phone-number";
import type { NotificationPreferencesInput } from "./preference-inputs";

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
  return { ...rest, phone: toE164(mobile) };
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

/** The forms an account holds a mobile in: an Indian one as its ten digits (as sign-up and sign-in store it), others in E.164. */
function storedForms(e164: string): string[] {
  const digits = e164.slice(1);
  return e164.startsWith("+91") ? [digits.slice(2), e164, digits] : [e164, digits];
}

/**
 * A devotee wrote STOP on WhatsApp: every account with that mobile stops getting WhatsApp (its
 * consent cleared, each change audited as the devotee's own); their messages go by SMS if they
 * agreed to it, else by e-mail alone. Answers the accounts changed (none: already withdrawn).
 */
/** Why a WhatsApp message waiting at a STOP was not sent. */
export const STOPPED = "the devotee sent STOP on WhatsApp";

export async function withdrawWhatsAppConsent(db: Database, phone: string, now = new Date()): Promise<number[]> {
  const e164 = toE164(phone);
  if (!e164) return [];
  const rows = await db
    .select({ id: customers.id, mobile: customers.phoneMobile })
    .from(customers)
    .where(and(inArray(customers.phoneMobile, storedForms(e164)), isNotNull(customers.whatsappOptIn)));
  const ids = rows.filter((row) => toE164(row.mobile) === e164).map((row) => row.id);
  if (ids.length === 0) return [];
  const stamp = now.toISOString();
  await runBatch(db, [
    db.update(customers).set({ whatsappOptIn: null, updatedAt: stamp }).where(inArray(customers.id, ids)),
    // Meta forbids messages after a STOP: those still waiting for WhatsApp are not sent (their e-mail copy is).
    db
      .update(notifications)
      .set({ status: "failed", lastError: STOPPED, claimedUntil: null, updatedAt: stamp })
      .where(and(eq(notifications.recipient, e164), eq(notifications.channel, "whatsapp"), eq(notifications.status, "queued"))),
    ...ids.map((id) =>
      auditStatement(db, {
        actorId: id,
        action: "notifications.whatsapp_stop",
        entity: "customer",
        entityId: id,
        detail: { channel: "whatsapp", via: "STOP" },
      }),
    ),
  ]);
  return ids;
}
