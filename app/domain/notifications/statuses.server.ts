/**
 * What became of a message after it was sent: the providers' delivery reports (webhooks) move
 * a row forward only, queued < sent < delivered < read, or to failed while it was not yet
 * delivered; a report that arrives late or twice changes nothing. A devotee's STOP on WhatsApp
 * withdraws that consent (`withdrawWhatsAppConsent`, preferences.server.ts). A failed message can be sent
 * again (the console's Retry): it is queued once more and sent once.
 */
import { and, desc, eq, inArray, or, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { notifications } from "~/db/schema";
import type { AppEnv } from "~/lib/env.server";
import type { MessageChannel } from "~/lib/outgoing-message";
import { enqueueNotices } from "./notify.server";

export type DeliveryStatus = "sent" | "delivered" | "read" | "failed";

/** The statuses a report of `status` may move a row from. */
const BEFORE: Record<DeliveryStatus, ("queued" | "sent" | "delivered")[]> = {
  sent: ["queued"],
  delivered: ["queued", "sent"],
  read: ["queued", "sent", "delivered"],
  failed: ["queued", "sent"],
};

export interface DeliveryReport {
  channel: MessageChannel;
  /** The provider's id of the message (WhatsApp's wamid, MSG91's request id, Resend's id). */
  providerId: string;
  status: DeliveryStatus;
  at: Date | string;
  error?: string;
  /** Our own id of the message when the provider echoes it (WhatsApp): finds a row whose send's answer was lost. */
  messageId?: string;
}

/**
 * Records a provider's report on the message it knows as `providerId` (or, echoed, as our `messageId`).
 * Answers whether the row moved (false: unknown id, or the row is already as far or further). A report
 * on a message still queued (its send's answer lost) settles it, so the queue's retry sends nothing more.
 */
export async function recordDeliveryStatus(db: Database, report: DeliveryReport): Promise<boolean> {
  const at = typeof report.at === "string" ? report.at : report.at.toISOString();
  const failed = report.status === "failed";
  const moved = await db
    .update(notifications)
    .set({
      status: report.status,
      updatedAt: at,
      claimedUntil: null,
      providerId: sql`coalesce(${notifications.providerId}, ${report.providerId})`,
      ...(failed
        ? { lastError: (report.error ?? "the provider could not deliver it").slice(0, 200) }
        : { sentAt: sql`coalesce(${notifications.sentAt}, ${at})` }),
    })
    .where(
      and(
        report.messageId
          ? or(eq(notifications.providerId, report.providerId), eq(notifications.id, report.messageId))
          : eq(notifications.providerId, report.providerId),
        eq(notifications.channel, report.channel),
        inArray(notifications.status, BEFORE[report.status]),
      ),
    )
    .returning({ id: notifications.id });
  return moved.length > 0;
}

/** Sends a failed message again (once): it is queued anew. False when it is not failed (sent meanwhile, or unknown). */
export async function retryFailed(db: Database, env: AppEnv, id: string, now = new Date()): Promise<boolean> {
  const [row] = await db
    .update(notifications)
    .set({ status: "queued", claimedUntil: null, updatedAt: now.toISOString() })
    .where(and(eq(notifications.id, id), eq(notifications.status, "failed")))
    .returning({ id: notifications.id });
  if (!row) return false;
  await enqueueNotices(env, [row.id]);
  return true;
}

const LISTED = {
  id: notifications.id,
  kind: notifications.kind,
  channel: notifications.channel,
  recipient: notifications.recipient,
  language: notifications.language,
  subject: notifications.subject,
  text: notifications.text,
  trackingNo: notifications.trackingNo,
  templeId: notifications.templeId,
  lineId: notifications.lineId,
  status: notifications.status,
  attempts: notifications.attempts,
  lastError: notifications.lastError,
  createdAt: notifications.createdAt,
  sentAt: notifications.sentAt,
};

/** A devotee's messages, newest first (the account's Notifications tab). */
export function listCustomerNotifications(db: Database, customerId: number, limit = 50) {
  return db
    .select(LISTED)
    .from(notifications)
    .where(eq(notifications.customerId, customerId))
    .orderBy(desc(notifications.createdAt))
    .limit(limit);
}

/** Messages that gave up (the dead-letter list), newest first, for the console's Retry. */
export function listFailedNotifications(db: Database, limit = 100) {
  return db
    .select(LISTED)
    .from(notifications)
    .where(eq(notifications.status, "failed"))
    .orderBy(desc(notifications.createdAt))
    .limit(limit);
}

/**
 * Waits (up to `timeoutMs`) until no message to `recipient` is still queued: the local outbox
 * page does, so a person (or a test) who just asked for a code finds it there although the
 * queue sends it a moment after the answer. Answers whether none is left queued.
 */
export async function waitUntilSent(db: Database, recipient: string, timeoutMs = 5_000, pollMs = 50): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const [row] = await db
      .select({ id: notifications.id })
      .from(notifications)
      .where(and(eq(notifications.recipient, recipient), eq(notifications.status, "queued")))
      .limit(1);
    if (!row) return true;
    if (Date.now() >= deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, pollMs));
  }
}
