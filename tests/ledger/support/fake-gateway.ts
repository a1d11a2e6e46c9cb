/**
 * A unit-test double of the payment gateway: an in-memory PaymentProvider with Razorpay's
 * rules that the money core relies on (payments of an order, capture, refunds that honour
 * an idempotency key) and faults on demand. It is not the Razorpay emulator: the domain's
 * integration tests move onto the emulator (tests/support/razorpay-emulator.ts) when it lands.
 */
import {
  type GatewayPaymentRecord,
  type GatewayRefund,
  type GatewayRefundStatus,
  PaymentGatewayError,
  type PaymentProvider,
} from "~/lib/payments/provider";

export interface FakeGateway extends PaymentProvider {
  orders: Map<string, { amount: number }>;
  payments: Map<string, GatewayPaymentRecord>;
  /** Refunds by idempotency key (one refund per key, as Razorpay keeps them). */
  refundsByKey: Map<string, GatewayRefund>;
  /** Every refund call: the key it carried and whether money moved on it. */
  refundCalls: { paymentId: string; key: string; created: boolean }[];
  faults: { refuseRefunds: number; failFetches: number; refundStatus: GatewayRefundStatus };
  /** A payment of the order (captured unless said otherwise), made at `at`. */
  pay(orderId: string, at: Date, status?: "captured" | "authorized" | "failed"): GatewayPaymentRecord;
  /** The callback's signature for a payment. */
  signature(orderId: string, paymentId: string): string;
  /** Paise refunded per payment, counted when money moved. */
  refundedOf(paymentId: string): number;
  /**
   * Holds the next refund call open, as a slow gateway does: the refund is made (money moves) when the
   * call arrives, its answer only when `release` is called. `arrived` resolves once the call is in.
   */
  holdNextRefund(): { arrived: Promise<void>; release: () => void };
}

export function fakeGateway(): FakeGateway {
  let sequence = 0;
  const next = (prefix: string) => `${prefix}_fake${String(++sequence).padStart(6, "0")}${Math.random().toString(36).slice(2, 8)}`;
  const orders = new Map<string, { amount: number }>();
  const payments = new Map<string, GatewayPaymentRecord>();
  const refundsByKey = new Map<string, GatewayRefund>();
  const refundCalls: FakeGateway["refundCalls"] = [];
  const faults: FakeGateway["faults"] = { refuseRefunds: 0, failFetches: 0, refundStatus: "processed" };
  let held: { arrived: () => void; answer: Promise<void> } | null = null;
  const refundsOf = (paymentId: string) => [...refundsByKey.values()].filter((r) => r.paymentId === paymentId);
  const unreachable = () => {
    if (faults.failFetches > 0) {
      faults.failFetches -= 1;
      throw new PaymentGatewayError("Razorpay refused the payments (HTTP 503)", 503);
    }
  };
  async function makeRefund(paymentId: string, amount: number, idempotencyKey: string): Promise<GatewayRefund> {
    if (faults.refuseRefunds > 0) {
      faults.refuseRefunds -= 1;
      refundCalls.push({ paymentId, key: idempotencyKey, created: false });
      throw new PaymentGatewayError("Razorpay refused the refund (HTTP 502)", 502);
    }
    const known = refundsByKey.get(idempotencyKey);
    if (known) {
      refundCalls.push({ paymentId, key: idempotencyKey, created: false });
      return known;
    }
    const payment = payments.get(paymentId);
    if (payment?.status !== "captured" || payment.amountRefunded + amount > payment.amount)
      throw new PaymentGatewayError("Razorpay refused the refund (HTTP 400)", 400);
    const refund: GatewayRefund = { id: next("rfnd"), paymentId, amount, status: faults.refundStatus, createdAt: null };
    refundsByKey.set(idempotencyKey, refund);
    refundCalls.push({ paymentId, key: idempotencyKey, created: true });
    if (refund.status !== "failed") {
      payment.amountRefunded += amount;
      if (payment.amountRefunded === payment.amount) payment.status = "refunded";
    }
    return { ...refund };
  }
  return {
    name: "razorpay",
    orders,
    payments,
    refundsByKey,
    refundCalls,
    faults,
    async createOrder(order) {
      const id = next("order");
      orders.set(id, { amount: order.amount });
      return { providerOrderId: id };
    },
    async verifyPayment(payment) {
      return payment.signature === `sig:${payment.providerOrderId}|${payment.paymentId}` && payments.has(payment.paymentId);
    },
    async verifyWebhook() {
      return false;
    },
    async refund(paymentId, amount, idempotencyKey) {
      const hold = held;
      held = null;
      const answer = await makeRefund(paymentId, amount, idempotencyKey);
      if (hold) {
        hold.arrived();
        await hold.answer;
      }
      return answer;
    },
    async fetchOrderPayments(orderId) {
      unreachable();
      return [...payments.values()].filter((p) => p.orderId === orderId).map((p) => ({ ...p }));
    },
    async fetchPayment(paymentId) {
      unreachable();
      const payment = payments.get(paymentId);
      return payment ? { ...payment } : null;
    },
    async fetchRefunds(paymentId) {
      unreachable();
      return refundsOf(paymentId).map((r) => ({ ...r }));
    },
    async capture(paymentId, amount) {
      const payment = payments.get(paymentId);
      if (payment?.status !== "authorized" || payment.amount !== amount)
        throw new PaymentGatewayError("Razorpay refused the capture (HTTP 400)", 400);
      payment.status = "captured";
      payment.fee = Math.round(amount * 0.02);
      payment.tax = Math.round(amount * 0.0036);
      return { ...payment };
    },
    // The ledger's fake knows checkout orders only; counter QR codes and payment links are the emulator's (tests/bookings).
    async createQrCode() {
      throw new PaymentGatewayError("The fake gateway has no QR codes", 400);
    },
    async fetchQrCode() {
      throw new PaymentGatewayError("The fake gateway has no QR codes", 400);
    },
    async fetchQrCodePayments() {
      throw new PaymentGatewayError("The fake gateway has no QR codes", 400);
    },
    async closeQrCode() {
      throw new PaymentGatewayError("The fake gateway has no QR codes", 400);
    },
    async createPaymentLink() {
      throw new PaymentGatewayError("The fake gateway has no payment links", 400);
    },
    async fetchPaymentLink() {
      throw new PaymentGatewayError("The fake gateway has no payment links", 400);
    },
    pay(orderId, at, status = "captured") {
      const order = orders.get(orderId);
      if (!order) throw new Error(`The fake gateway has no order ${orderId}`);
      const payment: GatewayPaymentRecord = {
        id: next("pay"),
        orderId,
        amount: order.amount,
        status,
        amountRefunded: 0,
        createdAt: Math.floor(at.getTime() / 1000),
        fee: status === "captured" ? Math.round(order.amount * 0.02) : null,
        tax: status === "captured" ? Math.round(order.amount * 0.0036) : null,
      };
      payments.set(payment.id, payment);
      return { ...payment };
    },
    signature(orderId, paymentId) {
      return `sig:${orderId}|${paymentId}`;
    },
    holdNextRefund() {
      let arrived = () => {};
      let release = () => {};
      const entered = new Promise<void>((resolve) => {
        arrived = resolve;
      });
      held = { arrived: () => arrived(), answer: new Promise<void>((resolve) => (release = resolve)) };
      return { arrived: entered, release: () => release() };
    },
    refundedOf(paymentId) {
      return refundsOf(paymentId)
        .filter((r) => r.status !== "failed")
        .reduce((sum, r) => sum + r.amount, 0);
    },
  };
}
