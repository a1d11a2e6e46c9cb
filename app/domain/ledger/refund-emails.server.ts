/**
 * "Refund of ₹X started on <date>, reference …": the devotee is e-mailed once per refund the
 * gateway accepted, in the language they chose. Each refund is claimed (notified_at set)
 * before its mail is sent, so two senders (a webhook, housekeeping) never mail it twice; a
 * mail that fails is logged and not tried again (the order page shows the same line).
 */
import { and, desc, eq, inArray, isNotNull, isNull } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { customers, paymentOrders, paymentRefunds } from "~/db/schema";
import { type EmailContent, emailLayout } from "~/lib/email-layout.server";
import { sendAndLog } from "~/lib/email.server";
import type { AppEnv } from "~/lib/env.server";
import { baseLocale, isLocale, localizePath } from "~/lib/i18n";
import { todayInIndia } from "~/lib/india-time";
import { withLocale } from "~/lib/locale.server";
import { linkOrigin } from "~/lib/public-origin.server";
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

/** Mails every started refund not yet mailed (at most `limit` per call); answers how many went. */
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
    .select({ id: paymentRefunds.id })
    .from(paymentRefunds)
    .where(
      and(isNotNull(paymentRefunds.startedAt), isNull(paymentRefunds.notifiedAt), inArray(paymentRefunds.status, ["pending", "refunded"])),
    )
    .orderBy(paymentRefunds.startedAt)
    .limit(limit);
  let sent = 0;
  for (const { id } of waiting) {
    const [claimed] = await db
      .update(paymentRefunds)
      .set({ notifiedAt: now.toISOString() })
      .where(and(eq(paymentRefunds.id, id), isNull(paymentRefunds.notifiedAt)))
      .returning({ id: paymentRefunds.id });
    if (!claimed) continue;
    const [refund] = await db
      .select({
        amount: paymentRefunds.amount,
        reason: paymentRefunds.reason,
        startedAt: paymentRefunds.startedAt,
        refundRef: paymentRefunds.refundRef,
        providerOrderId: paymentOrders.providerOrderId,
        firstName: customers.firstName,
        email: customers.email,
        language: customers.language,
      })
      .from(paymentRefunds)
      .innerJoin(paymentOrders, eq(paymentOrders.id, paymentRefunds.paymentOrderId))
      .innerJoin(customers, eq(customers.id, paymentRefunds.customerId))
      .where(eq(paymentRefunds.id, id))
      .limit(1);
    if (!refund?.startedAt) continue;
    const locale = refund.language && isLocale(refund.language) ? refund.language : baseLocale;
    const started = { ...refund, startedAt: refund.startedAt };
    const message = withLocale(locale, () => ({ to: refund.email, ...refundStartedEmail(env.config.SITE_NAME, origin, started) }));
    if (await sendAndLog(env, "Refund started", message)) sent += 1;
  }
  return sent;
}
