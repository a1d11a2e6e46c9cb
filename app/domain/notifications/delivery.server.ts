/**
 * The queue's consumer: each message body is a row id. The row is claimed (a second delivery
 * of the same message, at once or later, finds it claimed or sent and sends nothing), composed
 * if it was left to be composed when sent, and handed to its channel with the row id as the
 * provider's idempotency key. A provider that fails is tried again later, each wait longer than
 * the last; after the queue's last retry the message goes to the dead-letter queue, whose
 * consumer marks the row failed. A refused message (a bad address) fails at once.
 */
import { and, eq, isNull, lte, or, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { type NotificationRow, notifications } from "~/db/schema";
import type { AppEnv } from "~/lib/env.server";
import { DeliveryError, type MessageChannel } from "~/lib/outgoing-message";
import { withLocale } from "~/lib/locale.server";
import { baseLocale, isLocale } from "~/lib/i18n";
import { CHANNELS } from "./channels.server";

/** What the consumer needs of a queue message (Cloudflare's Message). */
export interface QueuedMessage {
  readonly body: unknown;
  readonly attempts: number;
  ack(): void;
  retry(options?: { delaySeconds?: number }): void;
}

export interface Composed {
  subject?: string | null;
  text: string;
  html?: string | null;
  /** A phone message's template variables in order (kinds.ts templateVariables, in the row's language). */
  templateVariables?: string[];
}

/** Composes a message left to be composed when sent (a receipt): given its row, in its language. */
export type Composer = (env: AppEnv, db: Database, row: NotificationRow) => Promise<Composed>;
export type Composers = Partial<Record<string, Composer>>;

/** While one delivery sends, another of the same message waits this long and finds it sent. */
const CLAIM_SECONDS = 60;
const FIRST_RETRY_SECONDS = 30;
const LONGEST_RETRY_SECONDS = 600;

/** The wait before the next try after `attempts` tries: 30 s, 1, 2, 4, 8 min, then 10 min each. */
export function retryDelaySeconds(attempts: number): number {
  return Math.min(FIRST_RETRY_SECONDS * 2 ** Math.max(0, attempts - 1), LONGEST_RETRY_SECONDS);
}

/** Short and free of secrets: the first line of the error, at most 200 characters. */
const shortError = (error: unknown) => (error instanceof Error ? error.message : "unknown error").split("\n")[0]!.slice(0, 200);

async function claim(db: Database, id: string, now: Date) {
  const stamp = now.toISOString();
  const [row] = await db
    .update(notifications)
    .set({
      attempts: sql`${notifications.attempts} + 1`,
      claimedUntil: new Date(now.getTime() + CLAIM_SECONDS * 1000).toISOString(),
      updatedAt: stamp,
    })
    .where(
      and(
        eq(notifications.id, id),
        eq(notifications.status, "queued"),
        or(isNull(notifications.claimedUntil), lte(notifications.claimedUntil, stamp)),
      ),
    )
    .returning();
  return row ?? null;
}

async function composeRow(env: AppEnv, db: Database, row: NotificationRow, composers: Composers): Promise<NotificationRow> {
  if (row.text !== null) return row;
  const composer = composers[row.kind];
  if (!composer) throw new DeliveryError(`no composer for ${row.kind} messages`, false);
  const language = isLocale(row.language) ? row.language : baseLocale;
  const composed = await withLocale(language, () => composer(env, db, row));
  const content = {
    subject: composed.subject ?? null,
    text: composed.text,
    html: composed.html ?? null,
    templateVariables: composed.templateVariables ? JSON.stringify(composed.templateVariables) : null,
  };
  await db.update(notifications).set(content).where(eq(notifications.id, row.id));
  return { ...row, ...content };
}

async function settle(db: Database, id: string, values: Partial<typeof notifications.$inferInsert>, now: Date) {
  await db
    .update(notifications)
    .set({ ...values, claimedUntil: null, updatedAt: now.toISOString() })
    .where(and(eq(notifications.id, id), eq(notifications.status, "queued")));
}

/** Sends one queued message; acks or retries it. */
async function deliverOne(env: AppEnv, db: Database, message: QueuedMessage, composers: Composers, now: Date) {
  const id = typeof message.body === "string" ? message.body : null;
  if (!id) return message.ack();
  const row = await claim(db, id, now);
  if (!row) {
    const [current] = await db.select({ status: notifications.status }).from(notifications).where(eq(notifications.id, id)).limit(1);
    // Sent, failed or unknown: nothing to do. Still queued: another delivery holds it; look again after its claim.
    if (current?.status === "queued") return message.retry({ delaySeconds: CLAIM_SECONDS });
    return message.ack();
  }
  try {
    const composed = await composeRow(env, db, row, composers);
    const { providerId } = await CHANNELS[row.channel as MessageChannel].send(env, {
      id: row.id,
      to: row.recipient,
      language: row.language,
      kind: row.kind,
      subject: composed.subject,
      text: composed.text!,
      html: composed.html,
      params: JSON.parse(row.params) as Record<string, unknown>,
      templateVariables: composed.templateVariables ? (JSON.parse(composed.templateVariables) as string[]) : [],
    });
    await settle(db, id, { status: "sent", providerId, sentAt: now.toISOString(), lastError: null }, now);
    message.ack();
  } catch (error) {
    const retryable = !(error instanceof DeliveryError) || error.retryable;
    console.warn(`Message ${id} (${row.kind}, ${row.channel}) not sent${retryable ? ", will retry" : ""}:`, shortError(error));
    if (!retryable) {
      await settle(db, id, { status: "failed", lastError: shortError(error) }, now);
      return message.ack();
    }
    await settle(db, id, { lastError: shortError(error) }, now);
    message.retry({ delaySeconds: retryDelaySeconds(message.attempts) });
  }
}

/** The notifications queue's batch: every message delivered (or retried) independently. */
export async function deliverNotifications(
  env: AppEnv,
  db: Database,
  messages: readonly QueuedMessage[],
  composers: Composers,
  now = () => new Date(),
) {
  await Promise.all(messages.map((message) => deliverOne(env, db, message, composers, now())));
}

/** The dead-letter queue's batch: messages that used every retry; their rows show failed. */
export async function markDeadLettered(db: Database, messages: readonly QueuedMessage[], now = new Date()) {
  for (const message of messages) {
    if (typeof message.body === "string") {
      await db
        .update(notifications)
        .set({
          status: "failed",
          claimedUntil: null,
          updatedAt: now.toISOString(),
          lastError: sql`coalesce(${notifications.lastError}, 'gave up')`,
        })
        .where(and(eq(notifications.id, message.body), eq(notifications.status, "queued")));
    }
    message.ack();
  }
}
