/**
 * Whom a message goes to, by which channels and in which language. A devotee (by customer id)
 * gets e-mail always, and one phone message too when they gave a mobile number (read by `toE164`,
 * the one phone normaliser) and said yes to WhatsApp (preferred) or SMS; reminders only while their reminders are on. A message to an
 * address (a code, an enquiry's answer) goes to that address alone. A devotee's messages speak
 * the language they chose on the portal (customers.language), English until they chose one.
 */
import { eq } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { customers } from "~/db/schema";
import { baseLocale, currentLocale, isLocale, type Locale } from "~/lib/i18n";
import type { MessageChannel } from "~/lib/outgoing-message";
import { toE164 } from "~/lib/phone/phone-number";
import { ADDRESSED_KINDS, type NotificationKind, REMINDER_KINDS } from "./kinds";

/** What choosing a devotee's channels needs of their account (`devoteeContact` reads it; a query may join it). */
export interface DevoteeContact {
  customerId: number;
  email: string;
  firstName: string;
  phone: string;
  language: string | null;
  whatsappOptIn: string | null;
  smsOptIn: string | null;
  remindersOptIn: boolean;
  /** `walkin`: the counter's system account (accounts/walk-in.server.ts), never told anything itself. */
  role: string;
}

/** Who is told: a devotee (their channels and language; `devotee` when already read), or one address. */
export type Audience =
  | { customerId: number }
  | { devotee: DevoteeContact }
  | { email: string; customerId?: number | null; firstName?: string | null; language?: Locale }
  | { phone: string; channel: "sms" | "whatsapp"; customerId?: number | null; firstName?: string | null; language?: Locale };

export interface Recipient {
  customerId: number | null;
  channel: MessageChannel;
  /** An e-mail address, or a phone in E.164. */
  address: string;
  language: Locale;
  firstName: string | null;
}

/** The columns of `DevoteeContact`, for a query that joins customers. */
export const DEVOTEE_CONTACT = {
  customerId: customers.id,
  email: customers.email,
  firstName: customers.firstName,
  phone: customers.phoneMobile,
  language: customers.language,
  whatsappOptIn: customers.whatsappOptIn,
  smsOptIn: customers.smsOptIn,
  remindersOptIn: customers.remindersOptIn,
  role: customers.role,
};

async function readDevotee(db: Database, customerId: number): Promise<DevoteeContact | null> {
  const [row] = await db.select(DEVOTEE_CONTACT).from(customers).where(eq(customers.id, customerId)).limit(1);
  return row ?? null;
}

const INDIA = "+91";

const localeOr = (language: string | null | undefined, fallback: Locale): Locale => (language && isLocale(language) ? language : fallback);

/** The recipients of a message of `kind` to `audience` (none: the devotee is unknown, or turned such messages off). */
export async function recipientsFor(db: Database, kind: NotificationKind, audience: Audience): Promise<Recipient[]> {
  if ("email" in audience || "phone" in audience) {
    const customerId = audience.customerId ?? null;
    const language = audience.language ?? currentLocale();
    const firstName = audience.firstName ?? null;
    if ("email" in audience) return [{ customerId, channel: "email", address: audience.email, language, firstName }];
    const phone = toE164(audience.phone);
    return phone ? [{ customerId, channel: audience.channel, address: phone, language, firstName }] : [];
  }
  if (ADDRESSED_KINDS.has(kind)) throw new Error(`A ${kind} message goes to an address, not to a devotee's channels`);
  const devotee = "devotee" in audience ? audience.devotee : await readDevotee(db, audience.customerId);
  // The walk-in account's address receives nothing: a counter sale's devotee is told at the phone they gave.
  if (!devotee || devotee.role === "walkin" || (REMINDER_KINDS.has(kind) && !devotee.remindersOptIn)) return [];
  const base = { customerId: devotee.customerId, language: localeOr(devotee.language, baseLocale), firstName: devotee.firstName };
  const recipients: Recipient[] = [{ ...base, channel: "email", address: devotee.email }];
  const phone = toE164(devotee.phone);
  if (phone && devotee.whatsappOptIn) recipients.push({ ...base, channel: "whatsapp", address: phone });
  // SMS go by India's DLT templates: a number abroad gets WhatsApp or nothing.
  else if (phone?.startsWith(INDIA) && devotee.smsOptIn) recipients.push({ ...base, channel: "sms", address: phone });
  return recipients;
}
