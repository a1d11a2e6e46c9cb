/**
 * The one way a phone code leaves the portal (issue 41: notifications will send it by WhatsApp
 * or SMS). For now it reaches the local outbox, as mail does there; where there is none, it
 * fails. The check comes before anything else, for every phone: a phone without an account
 * (no `customerIds`, nothing sent) fails alike, so no answer tells the two apart.
 */
import { outboxEnabled, recordInOutbox } from "~/lib/email.server";
import type { AppEnv } from "~/lib/env.server";
import { type PhoneCodeMessage, phoneCodeText } from "./phone-codes.server";

export async function sendPhoneCode(env: AppEnv, message: PhoneCodeMessage): Promise<void> {
  if (!outboxEnabled(env.config)) throw new Error("phone messages are not configured");
  if (message.customerIds.length === 0) return;
  await recordInOutbox(env.bindings.SESSIONS, {
    channel: "sms",
    to: message.phone,
    text: phoneCodeText(message),
    subject: "",
    html: "",
    from: "",
  });
}
