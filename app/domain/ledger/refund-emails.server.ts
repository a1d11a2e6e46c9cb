/**
 * "Refund of ₹X started on <date>, reference …": the devotee is told once per refund the
 * gateway accepted, in the language they chose (notifications kind "refund-started"). Each
 * refund is claimed (notified_at set) in the batch that writes its message, and the message's
 * dedupe key writes it once, so two senders (a webhook, housekeeping) never tell it twice; the
 * queue sends it, retrying a provider that is down (the order page shows the same line).
 */
import { and, desc, eq, inArray, isNotNull, isNull } from "drizzle-orm";
import { runBatch } from "~/db/batch.server";
import type { Database } from "~/db/client.server";
import { paymentOrders, paymentRefunds } from "~/db/schema";
import { type EmailContent, emailLayout } from "~/lib/email-layout.server";
import type { AppEnv } from "~/lib/env.server";
import { localizePath } from "~/lib/i18n";
import { todayInIndia } from "~/lib/india-time";
import { linkOrigin } from "~/lib/public-origin.server";
import type { BatchItem } from "drizzle-orm/batch";
import { enqueueNotices, type NoticeInput, noticeStatements, prepareNotice } from "~/domain/notifications/notify.server";
import type { NotificationKind } from "~/domain/notifications/kinds";
import type { Audience } from "~/domain/notifications/recipients.server";
import { walkInAccountId } from "~/domain/accounts/walk-in.server";
import { m } from "~/paraglide/messages";
import { formatRupees, longDate } from "~/domain/text";
import { REFUND_REASONS } from "~/domain/bookings/cart/checkout-messages";
import type { RefundReason } from "~/domain/bookings/cart/checkout-lines";

export interface StartedRefund {
  amount: number;
  reason: string;
  startedAt: string;
  refundRef: string | null;
  providerOrderId: string;
  firstName: string;
}

/** The refund-started line as the order page and the e-mail say it, in the current language. */
export function refundStartedLine(refund: Pick<StartedRefund, "amount" | "startedAt" | "refundRef">): string {
  return m.bookings_refund_started({
    amount: formatRupees(refund.amount),
    date: longDate(todayInIndia(new Date(refund.startedAt))),
    reference: refund.refundRef ?? "",
  });
}

/** My Transactions: the devotee's refunds the gateway accepted, newest first, each as its one line. */
export async function listStartedRefundLines(db: Database, customerId: number, limit = 20) {
  const rows = await db
    .select({
      id: paymentRefunds.id,
      amount: paymentRefunds.amount,
      startedAt: paymentRefunds.startedAt,
      refundRef: paymentRefunds.refundRef,
    })
    .from(paymentRefunds)
    .where(and(eq(paymentRefunds.customerId, customerId), isNotNull(paymentRefunds.startedAt), isNotNull(paymentRefunds.refundRef)))
    .orderBy(desc(paymentRefunds.startedAt))
    .limit(limit);
  return rows.map((row) => ({ id: row.id, text: refundStartedLine({ ...row, startedAt: row.startedAt ?? "" }) }));
}

export function refundStartedEmail(siteName: string, origin: string, refund: StartedRefund): EmailContent {
  const amount = formatRupees(refund.amount);
  const reason = REFUND_REASONS[refund.reason as RefundReason] ?? "";
  return {
    subject: m.emails_refund_started_subject({ amount }),
    ...emailLayout({
      siteName,
      greeting: m.emails_greeting({ firstName: refund.firstName }),
      paragraphs: [
        ...(reason ? [m.emails_refund_started_why({ amount, reason })] : []),
        refundStartedLine(refund),
        m.emails_refund_started_next(),
      ],
      link: {
        href: `${origin}${localizePath(`/checkout/done/${encodeURIComponent(refund.providerOrderId)}`)}`,
        label: m.emails_refund_started_link(),
      },
    }),
  };
}

/**
 * Tells every devotee whose refund started and was not yet told (at most `limit` per call):
 * the refund is claimed (notified_at) in the same batch that writes its message, which is
 * written once per refund (its dedupe key) however many senders race. Answers how many.
 */
export async function notifyStartedRefunds(
  env: AppEnv,
  db: Database,
  requestUrl: string | null,
  now = new Date(),
  limit = 20,
): Promise<number> {
  const origin = requestUrl
    ? linkOrigin(env.config, requestUrl)
    : env.config.PUBLIC_ORIGIN
      ? new URL(env.config.PUBLIC_ORIGIN).origin
      : null;
  if (!origin) return 0;
  const waiting = await db
    .select({
      id: paymentRefunds.id,
      customerId: paymentRefunds.customerId,
      amount: paymentRefunds.amount,
      reason: paymentRefunds.reason,
      startedAt: paymentRefunds.startedAt,
      refundRef: paymentRefunds.refundRef,
      providerOrderId: paymentOrders.providerOrderId,
      kind: paymentOrders.kind,
      contact: paymentOrders.contact,
    })
    .from(paymentRefunds)
    .innerJoin(paymentOrders, eq(paymentOrders.id, paymentRefunds.paymentOrderId))
    .where(
      and(isNotNull(paymentRefunds.startedAt), isNull(paymentRefunds.notifiedAt), inArray(paymentRefunds.status, ["pending", "refunded"])),
    )
    .orderBy(paymentRefunds.startedAt)
    .limit(limit);
  const audience = await refundAudiences(db);
  let sent = 0;
  for (const refund of waiting) {
    const started = { ...refund, startedAt: refund.startedAt ?? now.toISOString() };
    const claim = db
      .update(paymentRefunds)
      .set({ notifiedAt: now.toISOString() })
      .where(and(eq(paymentRefunds.id, refund.id), isNull(paymentRefunds.notifiedAt)));
    const told = await claimAndTell(env, db, claim, {
      kind: "refund-started",
      to: audience(refund),
      params: { amount: refund.amount, reference: refund.refundRef ?? "" },
      // In the language the devotee chose, whatever page or job started the refund.
      email: (recipient) => refundStartedEmail(env.config.SITE_NAME, origin, { ...started, firstName: recipient.firstName ?? "" }),
      dedupeKey: `refund-started:${refund.id}`,
    });
    if (told) sent += 1;
  }
  return sent;
}

/**
 * "Your refund of ₹X is complete": every devotee whose refund the gateway processed (a webhook,
 * reconciliation) and who was not yet told, once per refund (claimed in the batch that writes the
 * message, which its dedupe key writes once), at most `limit` per call. Answers how many.
 */
export async function notifyCompletedRefunds(env: AppEnv, db: Database, now = new Date(), limit = 20): Promise<number> {
  const waiting = await db
    .select({
      id: paymentRefunds.id,
      customerId: paymentRefunds.customerId,
      amount: paymentRefunds.amount,
      refundRef: paymentRefunds.refundRef,
      kind: paymentOrders.kind,
      contact: paymentOrders.contact,
    })
    .from(paymentRefunds)
    .innerJoin(paymentOrders, eq(paymentOrders.id, paymentRefunds.paymentOrderId))
    .where(and(eq(paymentRefunds.status, "refunded"), isNull(paymentRefunds.completedNotifiedAt)))
    .orderBy(paymentRefunds.id)
    .limit(limit);
  const audience = await refundAudiences(db);
  let sent = 0;
  for (const refund of waiting) {
    const claim = db
      .update(paymentRefunds)
      .set({ completedNotifiedAt: now.toISOString() })
      .where(and(eq(paymentRefunds.id, refund.id), isNull(paymentRefunds.completedNotifiedAt)));
    const told = await claimAndTell(env, db, claim, {
      kind: "refund-completed",
      to: audience(refund),
      params: { amount: refund.amount, reference: refund.refundRef ?? "" },
      dedupeKey: `refund-completed:${refund.id}`,
    });
    if (told) sent += 1;
  }
  return sent;
}

/**
 * Who hears of a refund: the devotee's account; for an assisted booking under the walk-in account,
 * the e-mail the devotee gave; for a counter QR sale nobody (the counter tells them; the walk-in
 * account has no address).
 */
async function refundAudiences(db: Database) {
  const walkIn = await walkInAccountId(db);
  return (refund: { customerId: number; kind: string; contact: string | null }): Audience | null => {
    if (refund.customerId !== walkIn) return { customerId: refund.customerId };
    if (refund.kind !== "payment_link" || !refund.contact) return null;
    const contact = JSON.parse(refund.contact) as { email: string; name: string };
    return { email: contact.email, firstName: contact.name, customerId: refund.customerId };
  };
}

/** The refund's claim and its message in one batch, then the message queued; a message that cannot be written leaves it claimed. */
async function claimAndTell<K extends NotificationKind>(
  env: AppEnv,
  db: Database,
  claim: BatchItem<"sqlite">,
  input: Omit<NoticeInput<K>, "to"> & { to: Audience | null },
) {
  const { to } = input;
  if (!to) {
    await runBatch(db, [claim]);
    return false;
  }
  const notice = await prepareNotice(env, db, { ...input, to } as NoticeInput<K>).catch((error: unknown) => {
    // Claimed all the same, like a mail that failed before: the order page says it too.
    console.error(`Refund message (${input.kind}) not sent:`, error instanceof Error ? error.message : "unknown error");
    return null;
  });
  await runBatch(db, [claim, ...(notice ? noticeStatements(db, notice) : [])]);
  if (notice) await enqueueNotices(env, notice.ids);
  return notice !== null;
}
