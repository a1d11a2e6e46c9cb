/**
 * The one way a phone code leaves the portal: a notification (kind `sign-in-code`, or
 * `verification-code` for a new mobile on the profile) addressed to the phone, by WhatsApp when
 * one of the accounts with that phone said yes to WhatsApp, else by SMS, in the page's language.
 * Every phone meets the same checks and the same work up to the row: the configuration check
 * first, the accounts' consent read and the message composed; only a phone with accounts has
 * its row written and queued. The row keeps the code only until it is sent
 * (`notifications/code-messages.server.ts`).
 */
import { and, inArray, isNotNull, sql } from "drizzle-orm";
import { runBatch } from "~/db/batch.server";
import { createDb, type Database } from "~/db/client.server";
import { customers } from "~/db/schema";
import { outboxEnabled } from "~/lib/email.server";
import type { AppConfig, AppEnv } from "~/lib/env.server";
import { enqueueNotices, noticeStatements, prepareNotice } from "~/domain/notifications/notify.server";
import type { PhoneCodeMessage } from "./phone-codes.server";

/** SMS reaches every phone, so it must be there (MSG91, or locally the outbox); WhatsApp only where it is set up. */
const smsReady = (config: AppConfig) => outboxEnabled(config) || Boolean(config.MSG91_AUTH_KEY && config.MSG91_SENDER_ID);
const whatsappReady = (config: AppConfig) =>
  outboxEnabled(config) || Boolean(config.WHATSAPP_ACCESS_TOKEN && config.WHATSAPP_PHONE_NUMBER_ID);

/** Whether one of these accounts said yes to WhatsApp (read for every phone, none included). */
async function wantsWhatsApp(db: Database, customerIds: readonly number[]): Promise<boolean> {
  const [row] = await db
    .select({ n: sql<number>`count(*)` })
    .from(customers)
    .where(and(inArray(customers.id, [...customerIds]), isNotNull(customers.whatsappOptIn)));
  return (row?.n ?? 0) > 0;
}

export async function sendPhoneCode(env: AppEnv, message: PhoneCodeMessage): Promise<void> {
  if (!smsReady(env.config)) throw new Error("phone messages are not configured");
  const db = createDb(env.bindings.DB);
  const whatsapp = whatsappReady(env.config) && (await wantsWhatsApp(db, message.customerIds));
  const notice = await prepareNotice(env, db, {
    kind: message.purpose === "sign-in" ? "sign-in-code" : "verification-code",
    to: {
      phone: message.phone,
      channel: whatsapp ? "whatsapp" : "sms",
      customerId: message.customerIds.length === 1 ? message.customerIds[0] : null,
      language: message.language,
    },
    params: { code: message.code },
  });
  if (message.customerIds.length === 0) return;
  if (notice.rows.length === 0) throw new Error("the phone cannot take messages");
  await runBatch(db, noticeStatements(db, notice));
  await enqueueNotices(env, notice.ids);
}
