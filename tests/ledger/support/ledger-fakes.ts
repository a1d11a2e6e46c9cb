/** Shared steps of the ledger tests: a donor with a donation in the cart, an order on a gateway (the fake one or the emulator), counts. */
import { env } from "cloudflare:workers";
import { expect } from "vitest";
import { createDb } from "~/db/client.server";
import { addDonationToCart } from "~/domain/bookings/cart/cart.server";
import { startCheckout } from "~/domain/bookings/cart/checkout.server";
import { completePayment } from "~/domain/ledger/captured-payments.server";
import type { PaymentProvider } from "~/lib/payments/provider";
import type { FakeGateway } from "./fake-gateway";

export const db = () => createDb(env.DB);
const uid = () => crypto.randomUUID().replace(/-/g, "").slice(0, 12);

export const minutes = (base: Date, n: number) => new Date(base.getTime() + n * 60_000);

/** A devotee (direct insert); `prefix` starts the e-mail, so a test can find its own rows again. */
export async function newDonor(prefix = "ledger"): Promise<number> {
  const row = await env.DB.prepare("insert into customers (email, first_name, password_hash) values (?, ?, ?) returning id")
    .bind(`${prefix}-${uid()}@example.com`, "Meera", "not-a-hash")
    .first<{ id: number }>();
  return row!.id;
}

/** A donor whose cart holds one donation of `rupees`, and the order checkout opened for it on the gateway at `at`. */
export async function orderFor(gateway: PaymentProvider, at: Date, rupees = 1250, prefix?: string) {
  const customerId = await newDonor(prefix);
  const purpose = await env.DB.prepare(
    `select d.id from donation_purposes d join temples t on t.id = d.temple_id
     where d.active = 1 and t.online_booking = 1 and t.verified = 1 order by d.id limit 1`,
  ).first<{ id: number }>();
  const added = await addDonationToCart(db(), customerId, {
    donationPurposeId: purpose!.id,
    amount: rupees * 100,
    devoteeName: "Meera Iyer",
  });
  expect(added).toEqual({ ok: true });
  const started = await startCheckout(db(), gateway, customerId, at);
  if (!started.ok) throw new Error(started.message);
  return { customerId, orderId: started.providerOrderId, amount: started.amount };
}

export async function count(query: string, ...params: unknown[]): Promise<number> {
  const row = await env.DB.prepare(query)
    .bind(...params)
    .first<{ n: number }>();
  return row?.n ?? 0;
}

export const bookingsOf = (paymentRef: string) => count("select count(*) as n from transactions where payment_ref = ?", paymentRef);
export const refundsOf = (paymentRef: string) => count("select count(*) as n from payment_refunds where payment_ref = ?", paymentRef);

export async function refundRow(paymentRef: string) {
  return env.DB.prepare("select * from payment_refunds where payment_ref = ?").bind(paymentRef).first<{
    id: number;
    status: string;
    attempts: number;
    idempotency_key: string;
    next_attempt_at: string | null;
    last_error: string | null;
    refund_ref: string | null;
    started_at: string | null;
  }>();
}

export async function ledgerRow(paymentRef: string) {
  return env.DB.prepare("select * from gateway_payments where payment_ref = ?")
    .bind(paymentRef)
    .first<{ status: string; source: string; amount: number; fee: number | null }>();
}

/** A payment that arrives after its order expired (45 minutes after the order): recorded for refund, and sent. */
export async function lateRefund(gateway: FakeGateway) {
  const t0 = new Date();
  const order = await orderFor(gateway, t0);
  const payment = gateway.pay(order.orderId, minutes(t0, 45));
  const callback = { providerOrderId: order.orderId, paymentId: payment.id, signature: gateway.signature(order.orderId, payment.id) };
  const result = await completePayment(db(), gateway, callback, minutes(t0, 45));
  return { t0, order, payment, result };
}
