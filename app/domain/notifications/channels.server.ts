/**
 * The channels a message can go by, each an adapter behind one interface (lib/outgoing-message.ts):
 * e-mail through Resend (or locally the outbox), SMS and WhatsApp through their providers. A
 * phone message sent locally is kept in the local outbox too, beside mail, so a person trying
 * the portal reads it at /dev/outbox.
 */
import { EmailDeliveryError, outboxEnabled, recordInOutbox, sendEmail } from "~/lib/email.server";
import { emailDocument } from "~/lib/email-layout.server";
import type { AppEnv } from "~/lib/env.server";
import { type ChannelAdapter, DeliveryError, type MessageChannel, type OutgoingMessage } from "~/lib/outgoing-message";
import { sendSms, sendWhatsApp } from "./channels-phone.server";

export { DeliveryError };

const email: ChannelAdapter = {
  async send(env, message) {
    const subject = message.subject ?? "";
    try {
      return await sendEmail(
        env,
        { to: message.to, subject, text: message.text, html: message.html ?? emailDocument(subject, "") },
        { idempotencyKey: message.id },
      );
    } catch (error) {
      if (error instanceof EmailDeliveryError) throw error;
      // Anything else (the network, KV) may pass on a later try.
      throw new DeliveryError(error instanceof Error ? error.message : "unknown error", true);
    }
  },
};

/** A phone channel: its provider's adapter, and the local outbox after a local send. */
function phone(channel: "sms" | "whatsapp", send: (env: AppEnv, message: OutgoingMessage) => Promise<{ providerId: string }>) {
  return {
    async send(env, message) {
      const sent = await send(env, message);
      if (outboxEnabled(env.config)) {
        await recordInOutbox(env.bindings.SESSIONS, {
          channel,
          to: message.to,
          subject: "",
          text: message.text,
          from: env.config.SITE_NAME,
        });
      }
      return sent;
    },
  } satisfies ChannelAdapter;
}

export const CHANNELS: Record<MessageChannel, ChannelAdapter> = {
  email,
  sms: phone("sms", sendSms),
  whatsapp: phone("whatsapp", sendWhatsApp),
};
