/**
 * Stand-ins for the phone channels until their adapters (app/lib/phone/sms.server.ts and
 * whatsapp.server.ts: MSG91 and the WhatsApp Business Cloud API, each with a local emulator)
 * are wired in: a phone message is refused, not retried, so its row shows failed.
 */
import type { AppEnv } from "~/lib/env.server";
import { DeliveryError, type OutgoingMessage } from "~/lib/outgoing-message";

export async function sendSms(_env: AppEnv, _message: OutgoingMessage): Promise<{ providerId: string }> {
  throw new DeliveryError("SMS is not configured", false);
}

export async function sendWhatsApp(_env: AppEnv, _message: OutgoingMessage): Promise<{ providerId: string }> {
  throw new DeliveryError("WhatsApp is not configured", false);
}
