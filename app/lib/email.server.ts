/**
 * Outgoing mail. With a Resend API key, mail goes through Resend. Without one, and
 * with MAIL_MODE=local (set only in .dev.vars and the test configs, and seen only by
 * requests to a loopback host: lib/local-switches.server.ts), it goes to an outbox in
 * KV that /dev/outbox shows, so a person trying the portal locally can read their
 * codes. With neither, sending fails loudly rather than dropping mail.
 */
import { Resend } from "resend";
import type { EmailContent } from "./email-layout.server";
import type { AppConfig, AppEnv } from "./env.server";
import { isLoopbackHost } from "./loopback";

export interface EmailMessage extends EmailContent {
  to: string;
}

export interface OutboxEntry extends EmailMessage {
  id: string;
  from: string;
  sentAt: string;
  /** "sms": a message to a phone (`to` in E.164, only `text`); mail says "email" (older entries say nothing). */
  channel?: "email" | "sms";
}

const OUTBOX_PREFIX = "outbox:";
const OUTBOX_TTL_SECONDS = 24 * 60 * 60;
const OUTBOX_LIMIT = 50;

export class EmailDeliveryError extends Error {
  constructor(reason: string) {
    super(`Email could not be sent: ${reason}`);
    this.name = "EmailDeliveryError";
  }
}

/** The outbox exists only locally: MAIL_MODE=local and no Resend key. */
export function outboxEnabled(config: AppConfig): boolean {
  return config.MAIL_MODE === "local" && !config.RESEND_API_KEY;
}

export async function sendEmail({ config, bindings }: AppEnv, message: EmailMessage): Promise<void> {
  if (config.RESEND_API_KEY) {
    const resend = new Resend(config.RESEND_API_KEY);
    const { error } = await resend.emails.send({ from: config.EMAIL_FROM, ...message });
    // The provider's message names the problem (bad key, bad address) without secrets.
    if (error) throw new EmailDeliveryError(`Resend answered ${error.name}`);
    return;
  }
  if (!outboxEnabled(config)) throw new EmailDeliveryError("no mail transport is configured");
  await addToOutbox(bindings.SESSIONS, { channel: "email", from: config.EMAIL_FROM, ...message });
}

/** Keeps a message in the local outbox for a day (mail, or a phone message: lib knows no more of it). */
export async function addToOutbox(kv: KVNamespace, message: Omit<OutboxEntry, "id" | "sentAt">): Promise<void> {
  const sentAt = new Date();
  // Keys sort newest first: KV lists keys in lexicographic order.
  const id = `${String(9_999_999_999_999 - sentAt.getTime()).padStart(13, "0")}-${crypto.randomUUID()}`;
  const entry: OutboxEntry = { id, sentAt: sentAt.toISOString(), ...message };
  await kv.put(`${OUTBOX_PREFIX}${id}`, JSON.stringify(entry), { expirationTtl: OUTBOX_TTL_SECONDS });
}

/** A message, or how to compose it (null: nothing to send). */
export type OutgoingEmail = EmailMessage | (() => EmailMessage | null | Promise<EmailMessage | null>);

/**
 * The one way the portal sends mail: composes and sends, and says whether the message
 * went. Any failure, composing included (no origin for links, a record that cannot be
 * read), is logged as "<what> email failed" with its reason, never the message or the
 * address, and answers false, so the caller can tell the person instead of failing.
 */
export async function sendAndLog(env: AppEnv, what: string, email: OutgoingEmail): Promise<boolean> {
  try {
    const message = typeof email === "function" ? await email() : email;
    if (!message) return false;
    await sendEmail(env, message);
    return true;
  } catch (error) {
    console.error(`${what} email failed:`, error instanceof Error ? error.message : "unknown error");
    return false;
  }
}

/**
 * What /dev/outbox shows (`?to=` filters by recipient); null where the outbox does not
 * exist, which includes every host that is not loopback.
 */
export async function readOutbox({ config, bindings }: AppEnv, requestUrl: string) {
  const url = new URL(requestUrl);
  if (!outboxEnabled(config) || !isLoopbackHost(url.hostname)) return null;
  const to = url.searchParams.get("to");
  return { to, messages: await listOutbox(bindings.SESSIONS, to) };
}

/** The newest local messages, optionally only those sent to `to`. */
export async function listOutbox(kv: KVNamespace, to?: string | null): Promise<OutboxEntry[]> {
  const { keys } = await kv.list({ prefix: OUTBOX_PREFIX, limit: 200 });
  const entries = await Promise.all(keys.map((key) => kv.get<OutboxEntry>(key.name, "json")));
  const wanted = to?.trim().toLowerCase();
  return entries
    .filter((entry): entry is OutboxEntry => entry !== null && (!wanted || entry.to.toLowerCase() === wanted))
    .slice(0, OUTBOX_LIMIT);
}
