/**
 * Outgoing mail's transport. With a Resend API key, mail goes through Resend (locally, the
 * Resend emulator when RESEND_API_BASE names a loopback address). Without one, and with
 * MAIL_MODE=local (set only in .dev.vars and the test configs, and seen only by requests
 * to a loopback host: lib/local-switches.server.ts), it goes to an outbox in KV that
 * /dev/outbox shows, so a person trying the portal locally can read their codes. With
 * neither, sending fails loudly rather than dropping mail. What to send, to whom and when
 * is the notifications area's business (app/domain/notifications): it calls this.
 */
import { Resend } from "resend";
import type { EmailContent } from "./email-layout.server";
import type { AppConfig, AppEnv } from "./env.server";
import { isLoopbackHost } from "./loopback";
import { DeliveryError } from "./outgoing-message";

export interface EmailMessage extends EmailContent {
  to: string;
}

/** A message in the local outbox: mail, or a phone message (sms, whatsapp) sent locally. */
export interface OutboxEntry {
  id: string;
  channel: "email" | "sms" | "whatsapp";
  to: string;
  subject: string;
  text: string;
  html?: string;
  from: string;
  sentAt: string;
}

const OUTBOX_PREFIX = "outbox:";
/** Which message each outbox entry holds (by the message's id), so a retried send adds no second entry. */
const OUTBOX_ONCE_PREFIX = "outbox-of:";
const OUTBOX_TTL_SECONDS = 24 * 60 * 60;
const OUTBOX_LIMIT = 50;
/** Resend answers in well under a second; a send that hangs longer is retried later (same idempotency key). */
const RESEND_TIMEOUT_MS = 15_000;
const RESEND_API = "https://api.resend.com";

export class EmailDeliveryError extends DeliveryError {
  constructor(reason: string, retryable = false) {
    super(`Email could not be sent: ${reason}`, retryable);
    this.name = "EmailDeliveryError";
  }
}

/** The outbox exists only locally: MAIL_MODE=local and no Resend key. */
export function outboxEnabled(config: AppConfig): boolean {
  return config.MAIL_MODE === "local" && !config.RESEND_API_KEY;
}

/** Whether mail can be sent at all under this configuration (a Resend key, or the local outbox). */
export function emailTransportAvailable(config: AppConfig): boolean {
  return Boolean(config.RESEND_API_KEY) || outboxEnabled(config);
}

/**
 * Resend's API base: the real one, unless RESEND_API_BASE names a loopback address (the local
 * Resend emulator). Any other value is ignored, and the deploy checks refuse the setting.
 */
export function resendApiBase(config: AppConfig): string {
  const base = config.RESEND_API_BASE;
  if (!base) return RESEND_API;
  try {
    const url = new URL(base);
    if ((url.protocol === "http:" || url.protocol === "https:") && isLoopbackHost(url.hostname)) return base.replace(/\/+$/, "");
  } catch {
    // Not a URL: ignored like any other non-loopback value.
  }
  return RESEND_API;
}

/** Resend's errors that a later try may get past: no answer, rate limits, its own failures, a concurrent same-key send. */
function retryableStatus(statusCode: number | null | undefined): boolean {
  return statusCode == null || statusCode === 409 || statusCode === 429 || statusCode >= 500;
}

/**
 * Sends one message and answers the provider's id for it. `idempotencyKey` (the message's
 * row id) makes a second send of the same message a no-op at Resend, so a retry after a lost
 * answer never mails twice.
 */
export async function sendEmail(
  { config, bindings }: AppEnv,
  message: EmailMessage,
  options: { idempotencyKey?: string } = {},
): Promise<{ providerId: string }> {
  if (config.RESEND_API_KEY) {
    const resend = new Resend(config.RESEND_API_KEY, { baseUrl: resendApiBase(config) });
    const { data, error } = await resend.emails.send(
      { from: config.EMAIL_FROM, ...message },
      { idempotencyKey: options.idempotencyKey, signal: AbortSignal.timeout(RESEND_TIMEOUT_MS) },
    );
    // The provider's error names the problem (bad key, bad address) without secrets.
    if (error) throw new EmailDeliveryError(`Resend answered ${error.name}`, retryableStatus(error.statusCode));
    return { providerId: data?.id ?? "" };
  }
  if (!outboxEnabled(config)) throw new EmailDeliveryError("no mail transport is configured");
  const id = await recordInOutbox(
    bindings.SESSIONS,
    { channel: "email", from: config.EMAIL_FROM, ...message },
    undefined,
    options.idempotencyKey,
  );
  return { providerId: `outbox:${id}` };
}

/**
 * Keeps a message in the local outbox (mail, or a phone message sent locally); answers its outbox id.
 * With `messageId` (the message's row id) a second send of that message (a retry after a lost answer)
 * adds nothing: the outbox shows each message once, as the provider's idempotency key would.
 */
export async function recordInOutbox(
  kv: KVNamespace,
  message: Omit<OutboxEntry, "id" | "sentAt">,
  sentAt = new Date(),
  messageId?: string,
) {
  const once = messageId ? `${OUTBOX_ONCE_PREFIX}${messageId}` : null;
  const earlier = once ? await kv.get(once) : null;
  if (earlier) return earlier;
  // Keys sort newest first: KV lists keys in lexicographic order.
  const id = `${String(9_999_999_999_999 - sentAt.getTime()).padStart(13, "0")}-${crypto.randomUUID()}`;
  const entry: OutboxEntry = { id, sentAt: sentAt.toISOString(), ...message };
  await kv.put(`${OUTBOX_PREFIX}${id}`, JSON.stringify(entry), { expirationTtl: OUTBOX_TTL_SECONDS });
  if (once) await kv.put(once, id, { expirationTtl: OUTBOX_TTL_SECONDS });
  return id;
}

/**
 * What /dev/outbox shows (`?to=` filters by recipient); null where the outbox does not
 * exist, which includes every host that is not loopback.
 */
export async function readOutbox({ config, bindings }: AppEnv, requestUrl: string) {
  const url = new URL(requestUrl);
  if (!outboxEnabled(config) || !isLoopbackHost(url.hostname)) return null;
  const to = outboxAddress(url.searchParams.get("to"));
  return { to, messages: await listOutbox(bindings.SESSIONS, to) };
}

/** An address as the outbox filters by it: lower-cased; a phone whose `+` a query string turned into a space gets it back. */
export function outboxAddress(to: string | null): string | null {
  const address = to?.trim().toLowerCase();
  if (!address) return null;
  return /^\d{8,15}$/.test(address) ? `+${address}` : address;
}

/** The newest local messages, optionally only those sent to `to`. */
export async function listOutbox(kv: KVNamespace, to?: string | null): Promise<OutboxEntry[]> {
  const { keys } = await kv.list({ prefix: OUTBOX_PREFIX, limit: 200 });
  const entries = await Promise.all(keys.map((key) => kv.get<OutboxEntry>(key.name, "json")));
  const wanted = to?.trim().toLowerCase();
  return entries
    .filter((entry): entry is OutboxEntry => entry !== null && (!wanted || entry.to.toLowerCase() === wanted))
    .map((entry) => ({ ...entry, channel: entry.channel ?? "email" }))
    .slice(0, OUTBOX_LIMIT);
}
