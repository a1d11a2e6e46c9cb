/**
 * A code's message (sign-up, sign-in, a new mobile, a password reset) holds the code only while
 * it waits to be sent: once its row is settled (sent or failed) the code is masked out of its
 * text, subject, e-mail and parameters, so no list, console or backup keeps a live code. A code
 * message left queued past any code's life (a lost enqueue) is not sent late: housekeeping fails
 * it and masks it. Decision: docs/decisions/008-code-messages.md.
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
      params: sql`json_set(${notifications.params}, '$.code', ${MASKED_CODE})`,
    })
    .where(and(inArray(notifications.kind, [...CODE_KINDS]), ne(code, MASKED_CODE), where));
}

/** Masks the code in those of these messages that are settled (the queue's consumer calls it after a batch). */
export async function forgetSentCodes(db: Database, ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return;
  await maskStatement(db, and(inArray(notifications.id, [...ids]), ne(notifications.status, "queued"))!);
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
