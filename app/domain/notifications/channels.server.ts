/**
 * The channels a message can go by, each an adapter behind one interface (lib/outgoing-message.ts):
 * e-mail through Resend (or locally the outbox), SMS through MSG91 and WhatsApp through Meta's
 * Cloud API (locally their emulators). A phone message sent locally is kept in the local outbox
 * too, beside mail, so a person trying the portal reads it at /dev/outbox.
 */
import { EmailDeliveryError, outboxEnabled, recordInOutbox, sendEmail } from "~/lib/email.server";
import { emailDocument } from "~/lib/email-layout.server";
import type { AppEnv } from "~/lib/env.server";
import { type ChannelAdapter, DeliveryError, type MessageChannel } from "~/lib/outgoing-message";
import { isLocale } from "~/lib/i18n";
import { PhoneDeliveryError, type PhoneMessage } from "~/lib/phone/delivery.server";
import { sendSms } from "~/lib/phone/sms.server";
import { sendWhatsApp } from "~/lib/phone/whatsapp.server";

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

type PhoneSender = (env: AppEnv, message: PhoneMessage) => Promise<{ providerId: string }>;

/**
 * A phone channel: its provider's adapter (app/lib/phone) with the message as the provider takes it,
 * its error as the queue's (same `retryable`), and the local outbox after a local send, once per message.
 */
function phone(channel: "sms" | "whatsapp", send: PhoneSender): ChannelAdapter {
  return {
    async send(env, message) {
      if (!isLocale(message.language)) throw new DeliveryError(`no ${channel} template language ${message.language}`, false);
      let sent: { providerId: string };
      try {
        sent = await send(env, {
          id: message.id,
          to: message.to,
          language: message.language,
          kind: message.kind,
          text: message.text,
          params: message.templateVariables,
        });
      } catch (error) {
        if (error instanceof PhoneDeliveryError) throw new DeliveryError(error.message, error.retryable);
        throw new DeliveryError(error instanceof Error ? error.message : "unknown error", true);
      }
      if (outboxEnabled(env.config)) {
        const entry = { channel, to: message.to, subject: "", text: message.text, from: env.config.SITE_NAME };
        await recordInOutbox(env.bindings.SESSIONS, entry, undefined, message.id);
      }
      return sent;
    },
  };
}

export const CHANNELS: Record<MessageChannel, ChannelAdapter> = {
  email,
  sms: phone("sms", sendSms),
  whatsapp: phone("whatsapp", sendWhatsApp),
};
