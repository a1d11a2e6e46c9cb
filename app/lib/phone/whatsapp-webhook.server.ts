/**
 * Meta's webhook for WhatsApp: the subscription check (`hub.challenge` echoed when
 * `hub.verify_token` is ours), the signature (`X-Hub-Signature-256: sha256=` HMAC-SHA256 of
 * the raw body under the app secret), and what a notification holds: message statuses
 * (sent, delivered, read, failed) and the devotee's own messages, of which "STOP" opts out.
 */
import { z } from "zod";
import { hmacSha256Hex, timingSafeEqualText } from "../crypto.server";
import type { PhoneStatusUpdate } from "./delivery.server";
import { isE164 } from "./phone-number";

/** The challenge to echo, or null when the request is not Meta subscribing with our verify token. */
export function whatsappChallenge(query: URLSearchParams, verifyToken: string | undefined): string | null {
  const challenge = query.get("hub.challenge");
  if (!verifyToken || query.get("hub.mode") !== "subscribe" || !challenge || challenge.length > 200) return null;
  return timingSafeEqualText(query.get("hub.verify_token") ?? "", verifyToken) ? challenge : null;
}

/** Whether `header` is `sha256=<hex>` of `rawBody` under the app secret (compared in constant time). */
export async function verifyWhatsAppSignature(appSecret: string, rawBody: string, header: string | null | undefined): Promise<boolean> {
  const signature = /^sha256=([0-9a-f]{64})$/i.exec(header?.trim() ?? "")?.[1];
  if (!signature) return false;
  return timingSafeEqualText(await hmacSha256Hex(appSecret, rawBody), signature.toLowerCase());
}

const statusEntry = z.object({
  id: z.string().min(1).max(200),
  status: z.enum(["sent", "delivered", "read", "failed"]),
  timestamp: z.union([z.string().regex(/^\d{1,12}$/), z.number().int().nonnegative()]),
  biz_opaque_callback_data: z.string().max(512).optional(),
  errors: z
    .array(z.object({ code: z.number().optional(), title: z.string().optional(), message: z.string().optional() }).loose())
    .optional(),
});

const inboundEntry = z.object({
  from: z.string().regex(/^\d{8,15}$/),
  type: z.string(),
  text: z.object({ body: z.string() }).optional(),
  button: z.object({ text: z.string() }).optional(),
});

const notification = z.object({
  object: z.literal("whatsapp_business_account"),
  entry: z
    .array(
      z.object({
        changes: z
          .array(
            z.object({
              field: z.string(),
              value: z.object({ statuses: z.array(z.unknown()).optional(), messages: z.array(z.unknown()).optional() }).loose(),
            }),
          )
          .max(1000),
      }),
    )
    .max(1000),
});

export interface WhatsAppNotification {
  statuses: PhoneStatusUpdate[];
  /** Numbers (E.164) that wrote STOP. */
  optOuts: string[];
}

function failureOf(errors: z.infer<typeof statusEntry>["errors"]): string | undefined {
  const first = errors?.[0];
  if (!first) return undefined;
  return `${first.code ?? ""} ${first.title ?? first.message ?? ""}`.trim().slice(0, 200) || undefined;
}

/** Whether an inbound message asks to stop: STOP on its own, in any case, typed or from a quick-reply button. */
function saysStop(message: z.infer<typeof inboundEntry>): boolean {
  const text = message.type === "button" ? message.button?.text : message.text?.body;
  return typeof text === "string" && text.trim().toLowerCase() === "stop";
}

/** The statuses and opt-outs of a notification; entries it does not know are skipped, never fatal. Null: not one. */
export function readWhatsAppNotification(json: unknown): WhatsAppNotification | null {
  const parsed = notification.safeParse(json);
  if (!parsed.success) return null;
  const result: WhatsAppNotification = { statuses: [], optOuts: [] };
  for (const change of parsed.data.entry.flatMap((entry) => entry.changes)) {
    if (change.field !== "messages") continue;
    for (const raw of change.value.statuses ?? []) {
      const status = statusEntry.safeParse(raw);
      if (!status.success) continue;
      const error = status.data.status === "failed" ? failureOf(status.data.errors) : undefined;
      result.statuses.push({
        channel: "whatsapp",
        providerId: status.data.id,
        status: status.data.status,
        at: new Date(Number(status.data.timestamp) * 1000),
        ...(error ? { error } : {}),
        ...(status.data.biz_opaque_callback_data ? { messageId: status.data.biz_opaque_callback_data } : {}),
      });
    }
    for (const raw of change.value.messages ?? []) {
      const message = inboundEntry.safeParse(raw);
      const phone = message.success ? `+${message.data.from}` : "";
      if (message.success && saysStop(message.data) && isE164(phone) && !result.optOuts.includes(phone)) result.optOuts.push(phone);
    }
  }
  return result;
}
