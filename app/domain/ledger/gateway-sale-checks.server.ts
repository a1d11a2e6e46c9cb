/**
 * Asking the gateway about a counter QR or payment link sale (the counter's "Check payment",
 * the operator's list, reconciliation): its payments come from the QR code or the link, each
 * captured one is settled like any other (booked once, or refunded), and a sale whose code closed
 * or link expired unpaid, or whose time is up, closes with nothing booked.
 */
import { eq } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { paymentOrders } from "~/db/schema";
import type { GatewayPaymentRecord, PaymentProvider } from "~/lib/payments/provider";
import { findPaymentOrder, type PaymentOrderRow } from "~/domain/bookings/cart/checkout-payments.server";
import { webhookPaidAt } from "~/domain/bookings/cart/checkout-lines";
import { expireGatewaySale } from "~/domain/bookings/counter/gateway-sales.server";
import { type PaymentNotices, recordedAs, settlePayment } from "./captured-payments.server";

/** An order's payments as the gateway reports them: a checkout's order, a QR code's or a link's. */
export async function orderPayments(
  provider: PaymentProvider,
  order: PaymentOrderRow,
): Promise<{ payments: GatewayPaymentRecord[]; closed: boolean }> {
  // A gateway sale whose code or link the gateway never made (it failed then) has nothing to ask about.
  if (order.providerOrderId.startsWith("pending:")) return { payments: [], closed: true };
  if (order.kind === "counter_qr") {
    const payments = await provider.fetchQrCodePayments(order.providerOrderId);
    return { payments, closed: false };
  }
  if (order.kind === "payment_link") {
    const link = await provider.fetchPaymentLink(order.providerOrderId);
    return { payments: link.payments, closed: link.status === "expired" || link.status === "cancelled" };
  }
  return { payments: await provider.fetchOrderPayments(order.providerOrderId), closed: false };
}

/** An unpaid gateway sale closes when the gateway says so or its time is up (an open QR code is closed too). */
export async function closeIfLapsed(db: Database, provider: PaymentProvider, order: PaymentOrderRow, closed: boolean, now: Date) {
  if (order.kind === "checkout" || order.status !== "created") return;
  const lapsed = order.expiresAt !== null && order.expiresAt <= now.toISOString();
  if (!closed && !lapsed) return;
  if (order.kind === "counter_qr") await provider.closeQrCode(order.providerOrderId).catch(() => undefined);
  await expireGatewaySale(db, order.id, now);
}

/** Asks the gateway about one gateway sale now and settles what it says; answers the order as it stands after. */
export async function checkGatewaySale(
  db: Database,
  provider: PaymentProvider,
  order: PaymentOrderRow,
  now = new Date(),
  notices?: PaymentNotices,
): Promise<PaymentOrderRow> {
  if (order.provider !== provider.name || order.providerOrderId.startsWith("pending:")) return order;
  const { payments, closed } = await orderPayments(provider, order);
  for (const payment of payments) {
    if (payment.status !== "captured" || payment.amount !== order.amount) continue;
    if (await recordedAs(db, payment.id)) continue;
    const fresh = (await findPaymentOrder(db, order.providerOrderId)) ?? order;
    const paidAt = webhookPaidAt(payment.createdAt ?? undefined, now);
    await settlePayment(
      db,
      provider,
      fresh,
      { paymentId: payment.id, paidAt, source: "reconciliation", fee: payment.fee, tax: payment.tax },
      now,
      notices,
    );
  }
  const after = (await findPaymentOrder(db, order.providerOrderId)) ?? order;
  await closeIfLapsed(db, provider, after, closed, now);
  const [latest] = await db.select().from(paymentOrders).where(eq(paymentOrders.id, order.id)).limit(1);
  return latest ?? after;
}
