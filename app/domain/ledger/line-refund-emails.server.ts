/**
 * The devotee is told that a refunded booking line's money is on its way, with the refund
 * e-mail's own words ("Refund of ₹X started on <date>, reference …", notifications kind
 * "refund-started"), once the gateway accepted the refund. Its dedupe key writes the message
 * once per line refund, however often the operator's page or housekeeping tells it. A counter
 * sale under the walk-in account has nobody to tell (the counter does).
 */
import { sql } from "drizzle-orm";
import { runBatch } from "~/db/batch.server";
import type { Database } from "~/db/client.server";
import type { AppEnv } from "~/lib/env.server";
import { walkInAccountId } from "~/domain/accounts/walk-in.server";
import { enqueueNotices, noticeStatements, prepareNotice } from "~/domain/notifications/notify.server";
import { refundStartedEmail } from "./refund-emails.server";

export async function tellLineRefund(env: AppEnv, db: Database, lineRefundId: number, origin: string | null): Promise<boolean> {
  if (!origin) return false;
  const [refund] = await db.all<{
    id: number;
    amount: number;
    reason: string;
    refundRef: string | null;
    startedAt: string;
    customerId: number;
    providerOrderId: string | null;
  }>(sql`select r.id, r.amount, r.reason, r.refund_ref as refundRef, coalesce(r.updated_at, r.created_at) as startedAt,
      t.customer_id as customerId, o.provider_order_id as providerOrderId
    from line_refunds r join transactions t on t.id = r.transaction_id left join payment_orders o on o.id = t.payment_order_id
    where r.id = ${lineRefundId} and r.status in ('pending', 'refunded') and r.refund_ref is not null`);
  if (!refund || refund.customerId === (await walkInAccountId(db))) return false;
  try {
    const notice = await prepareNotice(env, db, {
      kind: "refund-started",
      to: { customerId: refund.customerId },
      params: { amount: refund.amount, reference: refund.refundRef ?? "" },
      // The operator's reason is not one of checkout's: the e-mail gives the amount, date and reference.
      email: (recipient) =>
        refundStartedEmail(env.config.SITE_NAME, origin, {
          ...refund,
          reason: "",
          providerOrderId: refund.providerOrderId ?? "",
          firstName: recipient.firstName ?? "",
        }),
      dedupeKey: `line-refund-started:${refund.id}`,
    });
    await runBatch(db, noticeStatements(db, notice));
    await enqueueNotices(env, notice.ids);
    return true;
  } catch (error) {
    console.warn("A line refund's message was not sent:", error instanceof Error ? error.message : "unknown error");
    return false;
  }
}
