/**
 * The phone providers' calls into the Worker (registered with them; README "Phone messages"):
 *   GET  /webhooks/whatsapp          Meta's subscription check: echoes hub.challenge for our verify token
 *   POST /webhooks/whatsapp          Meta's notifications, signed (X-Hub-Signature-256): statuses, and STOP
 *   POST /webhooks/sms?token=…       MSG91's delivery reports; MSG91 signs nothing, so the registered
 *                                    URL carries a secret token (MSG91_WEBHOOK_TOKEN)
 * Authenticated by signature or token instead of sessions, so they sit before the pages' CSRF
 * check. What a status or an opt-out changes is the handlers' (`notificationHandlers`: the
 * notifications area's rows and consents); tests may pass their own to `phoneWebhooks(handlers)`.
 * A handler that throws answers 500, and the provider delivers again later (both retry).
 */
import { type Context, Hono } from "hono";
import { createDb } from "~/db/client.server";
import { withdrawWhatsAppConsent } from "~/domain/notifications/preferences.server";
import { recordDeliveryStatus } from "~/domain/notifications/statuses.server";
import { type AppEnv, readEnv } from "~/lib/env.server";
import type { PhoneStatusUpdate } from "~/lib/phone/delivery.server";
import { readSmsReports, smsReportTokenMatches } from "~/lib/phone/sms-report.server";
import { readWhatsAppNotification, verifyWhatsAppSignature, whatsappChallenge } from "~/lib/phone/whatsapp-webhook.server";
import { readBoundedBytes } from "~/lib/request-body.server";

export interface PhoneWebhookHandlers {
  /** A provider says what became of a message (idempotent: providers deliver at least once). */
  status(env: AppEnv, update: PhoneStatusUpdate): Promise<void>;
  /** A devotee wrote STOP on WhatsApp. */
  optOut(env: AppEnv, request: { channel: "whatsapp"; phone: string }): Promise<void>;
}

/** Meta batches many statuses in one post; far larger is not Meta. */
const MAX_WHATSAPP_BODY = 128 * 1024;
const MAX_SMS_BODY = 64 * 1024;

/** Only the last digits of a phone in a log line. */
const maskPhone = (phone: string) => `…${phone.slice(-4)}`;

/**
 * What the webhooks change: a status moves its message's row forward (by the provider's id, or our
 * id echoed back), a STOP withdraws that phone's WhatsApp consent on every account with it.
 */
export const notificationHandlers: PhoneWebhookHandlers = {
  async status(env, update) {
    const db = createDb(env.bindings.DB);
    const moved = await recordDeliveryStatus(db, update);
    if (!moved) console.info(`phone status left: ${update.channel} ${update.providerId} ${update.status} (unknown or already further)`);
  },
  async optOut(env, request) {
    const changed = await withdrawWhatsAppConsent(createDb(env.bindings.DB), request.phone);
    console.info(`phone opt-out: ${request.channel} ${maskPhone(request.phone)}, ${changed.length} account(s)`);
  },
};

async function rawText(c: Context, maxBytes: number): Promise<string | null | undefined> {
  const bytes = await readBoundedBytes(c.req.raw, maxBytes).catch(() => undefined);
  if (bytes === null) return null;
  return bytes ? new TextDecoder().decode(bytes) : undefined;
}

/** Runs the handlers; false when one failed (logged without the payload). */
async function settle(what: string, work: () => Promise<void>): Promise<boolean> {
  try {
    await work();
    return true;
  } catch (error) {
    console.warn(`${what} left for the provider's redelivery:`, error instanceof Error ? error.message : "unknown error");
    return false;
  }
}

export function phoneWebhooks(handlers: PhoneWebhookHandlers) {
  const webhooks = new Hono<{ Bindings: Env }>();

  webhooks.get("/webhooks/whatsapp", (c) => {
    const challenge = whatsappChallenge(new URL(c.req.url).searchParams, readEnv(c.env).config.WHATSAPP_VERIFY_TOKEN);
    if (challenge === null) return c.text("Forbidden", 403, { "Cache-Control": "no-store" });
    return c.text(challenge, 200, { "Cache-Control": "no-store" });
  });

  webhooks.post("/webhooks/whatsapp", async (c) => {
    const env = readEnv(c.env);
    const raw = await rawText(c, MAX_WHATSAPP_BODY);
    if (raw === null) return c.json({ status: "rejected" }, 413);
    const secret = env.config.WHATSAPP_APP_SECRET;
    if (!secret || !raw || !(await verifyWhatsAppSignature(secret, raw, c.req.header("x-hub-signature-256")))) {
      return c.json({ status: "rejected" }, 401);
    }
    let json: unknown;
    try {
      json = JSON.parse(raw);
    } catch {
      return c.json({ status: "rejected" }, 400);
    }
    const notification = readWhatsAppNotification(json);
    // Signed by Meta but not about messages (another product's object): acknowledged, or Meta retries it for days.
    if (!notification) return c.json({ status: "ignored" });
    const done = await settle("WhatsApp notification", async () => {
      for (const update of notification.statuses) await handlers.status(env, update);
      for (const phone of notification.optOuts) await handlers.optOut(env, { channel: "whatsapp", phone });
    });
    return done ? c.json({ status: "accepted" }) : c.json({ status: "failed" }, 500);
  });

  webhooks.post("/webhooks/sms", async (c) => {
    const env = readEnv(c.env);
    if (!smsReportTokenMatches(env.config.MSG91_WEBHOOK_TOKEN, c.req.query("token"))) return c.json({ status: "rejected" }, 401);
    const raw = await rawText(c, MAX_SMS_BODY);
    if (raw === null) return c.json({ status: "rejected" }, 413);
    let body: unknown;
    try {
      const form = (c.req.header("content-type") ?? "").includes("application/x-www-form-urlencoded");
      body = form ? Object.fromEntries(new URLSearchParams(raw ?? "")) : JSON.parse(raw ?? "");
    } catch {
      return c.json({ status: "rejected" }, 400);
    }
    const updates = readSmsReports(body);
    const done = await settle("SMS delivery report", async () => {
      for (const update of updates) await handlers.status(env, update);
    });
    return done ? c.json({ status: "accepted", count: updates.length }) : c.json({ status: "failed" }, 500);
  });

  return webhooks;
}
