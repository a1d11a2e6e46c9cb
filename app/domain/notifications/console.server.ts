/**
 * The console's Messages page: the last day per channel and status (one grouped query over
 * the `notifications_recent` index), the dead letters with Retry (audited), and someone's
 * recent messages found by their e-mail or phone, for a devotee who says "I never got it".
 */
import { desc, eq, gte, inArray, or, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { customers, notifications } from "~/db/schema";
import { auditStatement } from "~/domain/audit/audit.server";
import type { AppEnv } from "~/lib/env.server";
import type { MessageChannelName, StatusCounts } from "./states";
import { listFailedNotifications, retryFailed } from "./statuses.server";

const DAY_MS = 24 * 60 * 60 * 1000;

/** The messages written since `since`, counted by channel and status: one statement over one index. */
export function countsSinceQuery(db: Database, since: string) {
  return db
    .select({ channel: notifications.channel, status: notifications.status, n: sql<number>`count(*)` })
    .from(notifications)
    .where(gte(notifications.createdAt, since))
    .groupBy(notifications.channel, notifications.status);
}

/** Per channel, the messages written in the 24 hours before `now`, by status (every channel and status, 0 when none). */
export async function lastDayCounts(db: Database, now = new Date()): Promise<Record<MessageChannelName, StatusCounts>> {
  const rows = await countsSinceQuery(db, new Date(now.getTime() - DAY_MS).toISOString());
  const empty = (): StatusCounts => ({ queued: 0, sent: 0, delivered: 0, read: 0, failed: 0 });
  const counts = { email: empty(), whatsapp: empty(), sms: empty() };
  for (const row of rows) counts[row.channel][row.status] = row.n;
  return counts;
}

/** The dead letters: messages that gave up after their last retry, newest first. */
export function listDeadLetters(db: Database, limit = 100) {
  return listFailedNotifications(db, limit);
}

/**
 * An operator's Retry: the failed message is queued once more (sent once, whatever is pressed
 * twice) and the operator's hand in it is audited. False when it is no longer failed.
 */
export async function retryDeadLetter(db: Database, env: AppEnv, operatorId: number, messageId: string): Promise<boolean> {
  const [row] = await db
    .select({ kind: notifications.kind, channel: notifications.channel })
    .from(notifications)
    .where(eq(notifications.id, messageId))
    .limit(1);
  if (!row || !(await retryFailed(db, env, messageId))) return false;
  await auditStatement(db, {
    actorId: operatorId,
    action: "notification.retry",
    entity: "notification",
    entityId: messageId,
    detail: { kind: row.kind, channel: row.channel },
  });
  return true;
}

export const SEARCH_LIMIT = 50;

/**
 * Someone's recent messages, newest first: those sent to `address` (an e-mail, lower-cased, or
 * a phone in E.164), and those to the account(s) with that e-mail or mobile by any channel.
 */
export function searchMessages(db: Database, address: string, limit = SEARCH_LIMIT) {
  // Accounts keep an Indian mobile as its ten digits.
  const mobile = address.startsWith("+91") ? address.slice(3) : address;
  const accounts = db
    .select({ id: customers.id })
    .from(customers)
    .where(address.includes("@") ? eq(customers.email, address) : eq(customers.phoneMobile, mobile));
  return db
    .select({
      id: notifications.id,
      kind: notifications.kind,
      channel: notifications.channel,
      recipient: notifications.recipient,
      status: notifications.status,
      attempts: notifications.attempts,
      lastError: notifications.lastError,
      trackingNo: notifications.trackingNo,
      createdAt: notifications.createdAt,
      sentAt: notifications.sentAt,
    })
    .from(notifications)
    .where(or(eq(notifications.recipient, address), inArray(notifications.customerId, accounts)))
    .orderBy(desc(notifications.createdAt))
    .limit(limit);
}
