/**
 * A code's message (sign-up, sign-in, a new mobile, a password reset) holds the code only while
 * it may still be sent: once sent, the code is masked out of its row's text, subject, e-mail and
 * parameters, so no list, console or backup keeps a live code. A failed one keeps it while the
 * console's Retry can still help (within any code's life); after that housekeeping masks it, and
 * a code message left queued that long (a lost enqueue) is failed, not sent late.
 * Decision: docs/decisions/008-code-messages.md.
 */
import { and, gt, inArray, lt, ne, type SQL, sql } from "drizzle-orm";
import type { AnySQLiteColumn } from "drizzle-orm/sqlite-core";
import type { Database } from "~/db/client.server";
import { notifications } from "~/db/schema";
import type { NotificationKind } from "./kinds";

/** The kinds whose message carries a code. */
export const CODE_KINDS = ["verification-code", "sign-in-code", "password-reset"] as const satisfies readonly NotificationKind[];

/** What stands where the code was. */
export const MASKED_CODE = "••••••";

/** The statuses of a message that went out. */
const SENT_STATUSES = ["sent", "delivered", "read"] as const;

/** Longer than any code lives (accounts' e-mail codes: 30 minutes; phone codes: 10). */
export const CODE_MESSAGE_MINUTES = 30;

const code = sql`json_extract(${notifications.params}, '$.code')`;
const masked = (column: AnySQLiteColumn) => sql`replace(${column}, ${code}, ${MASKED_CODE})`;

function maskStatement(db: Database, where: SQL) {
  return db
    .update(notifications)
    .set({
      text: masked(notifications.text),
      html: masked(notifications.html),
      subject: masked(notifications.subject),
      // The phone template's one variable is the code itself.
      templateVariables: masked(notifications.templateVariables),
      params: sql`json_set(${notifications.params}, '$.code', ${MASKED_CODE})`,
    })
    .where(and(inArray(notifications.kind, [...CODE_KINDS]), ne(code, MASKED_CODE), where));
}

/** Masks the code in those of these messages that were sent (the queue's consumer calls it after a batch). */
export async function forgetSentCodes(db: Database, ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return;
  await maskStatement(db, and(inArray(notifications.id, [...ids]), inArray(notifications.status, [...SENT_STATUSES]))!);
}

/**
 * Housekeeping: a code message of the last day older than any code's life is failed if still
 * queued (its code has expired) and masked. Answers how many were masked.
 */
export async function forgetStaleCodes(db: Database, now = new Date()): Promise<number> {
  const cutoff = new Date(now.getTime() - CODE_MESSAGE_MINUTES * 60_000).toISOString();
  const since = new Date(now.getTime() - 24 * 60 * 60_000).toISOString();
  const stale = and(inArray(notifications.kind, [...CODE_KINDS]), gt(notifications.createdAt, since), lt(notifications.createdAt, cutoff))!;
  const [, forgotten] = await db.batch([
    db
      .update(notifications)
      .set({ status: "failed", claimedUntil: null, lastError: "the code expired before it was sent", updatedAt: now.toISOString() })
      .where(and(stale, sql`${notifications.status} = 'queued'`)),
    maskStatement(db, stale).returning({ id: notifications.id }),
  ]);
  return forgotten.length;
}
