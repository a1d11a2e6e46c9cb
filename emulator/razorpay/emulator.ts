/**
 * What the emulated Razorpay does, apart from HTTP: orders, payments (paid, failed, paid
 * late), capture, refunds with idempotency keys, and the webhooks each change sends.
 */
import { createHmac } from "node:crypto";
import { FaultBook, type FaultContext } from "./faults.ts";
import { checkReverseAll, onCaptured, reverseAll } from "./route.ts";
import type { TransferRequest } from "./route-state.ts";
import {
  type CheckoutSession,
  type Delivery,
  loadState,
  newId,
  nowSeconds,
  type Order,
  type Payment,
  type Refund,
  type State,
  saveState,
  captureFee,
  newPayment,
  type PaidAtGateway,
  withPaid,
} from "./store.ts";

export interface EmulatorOptions {
  keyId: string;
  keySecret: string;
  webhookSecret: string;
  /** Where webhooks are posted; without it they wait to be pulled (GET /__emulator/webhooks). */
  webhookUrl?: string | null;
  /** Where the state is kept across restarts (npm start); in memory only without it. */
  stateFile?: string | null;
  /**
   * Realistic delivery: each webhook after a random delay up to `maxWebhookDelayMs` (so some
   * arrive before the browser's callback and some out of order), and now and then twice.
   */
  realism?: boolean;
  /** Every webhook waits at least this long (the e2e server uses it to keep journeys deterministic). */
  minWebhookDelayMs?: number;
  maxWebhookDelayMs?: number;
  /** How long a refund stays pending before it is processed (0: processed at once). */
  refundSettleMs?: number;
  /** How long a "pay late" payment waits when the checkout gave no timeout. */
  lateDelayMs?: number;
  /** The account id webhooks carry. */
  accountId?: string;
}

export type PayOutcome = "success" | "fail" | "close" | "late";

/** The fields the hosted checkout posts to the merchant's callback_url. */
export type CallbackFields = Record<string, string>;

export class EmulatorError extends Error {
  readonly status: number;
  readonly code: "BAD_REQUEST_ERROR" | "GATEWAY_ERROR" | "SERVER_ERROR";
  readonly field: string | null;
  constructor(status: number, code: EmulatorError["code"], description: string, field: string | null = null) {
    super(description);
    this.status = status;
    this.code = code;
    this.field = field;
  }
}

const stable = (value: unknown): string =>
  JSON.stringify(value, (_key, v) =>
    v && typeof v === "object" && !Array.isArray(v) ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => a.localeCompare(b))) : v,
  );

export const hmacHex = (secret: string, message: string) => createHmac("sha256", secret).update(message).digest("hex");

export class RazorpayEmulator {
  state: State;
  readonly faults = new FaultBook();
  private saveTimer: NodeJS.Timeout | null = null;

  readonly options: EmulatorOptions;

  constructor(options: EmulatorOptions) {
    this.options = options;
    this.state = loadState(options.stateFile ?? null);
  }

  /** Persists soon (many changes of one request are written once). */
  changed() {
    if (!this.options.stateFile || this.saveTimer) return;
    this.saveTimer = setTimeout(() => {
      this.saveTimer = null;
      saveState(this.options.stateFile ?? null, this.state);
    }, 50);
  }

  flush() {
    if (this.saveTimer) clearTimeout(this.saveTimer);
    this.saveTimer = null;
    saveState(this.options.stateFile ?? null, this.state);
  }

  /** Payments made before the emulator knew of them (the seed's): captured, and refunded where said. */
  importPaid(paid: readonly PaidAtGateway[]) {
    withPaid(this.state, paid);
    this.changed();
  }

  reset(orderId?: string) {
    this.faults.clear(orderId);
    if (!orderId) {
      this.state = { ...loadState(null) };
    } else {
      this.state.deliveries = this.state.deliveries.filter((delivery) => delivery.orderId !== orderId);
    }
    this.changed();
  }

  order(id: string): Order {
    const order = this.state.orders[id];
    if (!order) throw new EmulatorError(400, "BAD_REQUEST_ERROR", "The id provided does not exist", "id");
    return order;
  }

  payment(id: string): Payment {
    const payment = this.state.payments[id];
    if (!payment) throw new EmulatorError(400, "BAD_REQUEST_ERROR", "The id provided does not exist", "id");
    return payment;
  }

  refundById(id: string): Refund {
    const refund = this.state.refunds[id];
    if (!refund) throw new EmulatorError(400, "BAD_REQUEST_ERROR", "The id provided does not exist", "id");
    return refund;
  }

  /** The fault scope of a call about a payment or an order. */
  contextOf(orderId: string | null | undefined, payment?: string): FaultContext {
    const order = orderId ? this.state.orders[orderId] : payment ? this.state.orders[this.state.payments[payment]?.order_id ?? ""] : null;
    return { orderId: order?.id ?? orderId ?? null, receipt: order?.receipt ?? null, notes: order?.notes };
  }

  createOrder(input: {
    amount: number;
    currency: string;
    receipt: string | null;
    notes: Record<string, string>;
    transfers?: TransferRequest[] | null;
  }): Order {
    const order: Order = {
      id: newId("order"),
      entity: "order",
      amount: input.amount,
      amount_paid: 0,
      amount_due: input.amount,
      currency: input.currency,
      receipt: input.receipt,
      offer_id: null,
      status: "created",
      attempts: 0,
      notes: input.notes,
      created_at: nowSeconds(),
    };
    this.state.orders[order.id] = order;
    if (input.transfers) this.state.route.orderTransfers[order.id] = input.transfers;
    this.changed();
    return order;
  }

  paymentsOf(orderId: string): Payment[] {
    this.order(orderId);
    return Object.values(this.state.payments)
      .filter((payment) => payment.order_id === orderId)
      .sort((a, b) => b.created_at - a.created_at);
  }

  refundsOf(paymentId: string): Refund[] {
    this.payment(paymentId);
    return Object.values(this.state.refunds)
      .filter((refund) => refund.payment_id === paymentId)
      .sort((a, b) => b.created_at - a.created_at);
  }

  openCheckout(session: CheckoutSession) {
    this.state.checkouts[session.orderId] = session;
    this.changed();
  }

  /**
   * A payment attempt as the hosted checkout makes it. `success` and `close` capture at
   * once (close: the browser never returns, only the webhooks tell the merchant);
   * `late` leaves it created and authorises it after the checkout's timeout; `fail` fails.
   * Returns the fields the checkout posts to callback_url (none for close and late).
   */
  pay(orderId: string, outcome: PayOutcome, late: { delayMs?: number; capture?: "auto" | "manual" } = {}) {
    // A paid order can be paid again (two tabs): the merchant refunds the second payment.
    const order = this.order(orderId);
    const session = this.state.checkouts[orderId];
    const injected = outcome === "success" || outcome === "close" ? this.faults.take("late-authorization", this.contextOf(orderId)) : null;
    const effective: PayOutcome = injected ? "late" : outcome;
    const payment = newPayment({
      id: newId("pay"),
      orderId: order.id,
      amount: order.amount,
      currency: order.currency,
      email: session?.email || "devotee@example.com",
      createdAt: nowSeconds(),
    });
    this.state.payments[payment.id] = payment;
    order.attempts += 1;
    order.status = "attempted";
    this.changed();
    if (effective === "fail") {
      Object.assign(payment, {
        status: "failed",
        error_code: "BAD_REQUEST_ERROR",
        error_description: "Payment failed because the bank declined it (local emulator)",
        error_source: "bank",
        error_step: "payment_authorization",
        error_reason: "payment_failed",
      });
      this.emit("payment.failed", { payment });
      return {
        payment,
        callback: {
          "error[code]": "BAD_REQUEST_ERROR",
          "error[description]": payment.error_description ?? "",
          "error[source]": "bank",
          "error[step]": "payment_authorization",
          "error[reason]": "payment_failed",
          "error[metadata]": JSON.stringify({ payment_id: payment.id, order_id: order.id }),
        } as CallbackFields,
      };
    }
    if (effective === "late") {
      const delayMs =
        injected?.delayMs ?? late.delayMs ?? (session?.timeout ? session.timeout * 1000 + 1000 : (this.options.lateDelayMs ?? 60_000));
      this.state.late[payment.id] = { at: Date.now() + delayMs, capture: injected?.capture ?? late.capture ?? "auto" };
      return { payment, callback: null };
    }
    this.authorize(payment);
    this.captureNow(payment);
    return { payment, callback: effective === "success" ? this.successFields(order.id, payment.id) : null };
  }

  successFields(orderId: string, paymentId: string): CallbackFields {
    return {
      razorpay_payment_id: paymentId,
      razorpay_order_id: orderId,
      razorpay_signature: hmacHex(this.options.keySecret, `${orderId}|${paymentId}`),
    };
  }

  private authorize(payment: Payment) {
    payment.status = "authorized";
    this.emit("payment.authorized", { payment });
    this.changed();
  }

  private captureNow(payment: Payment) {
    const order = this.state.orders[payment.order_id ?? ""]!;
    Object.assign(payment, { status: "captured", captured: true, ...captureFee(payment.amount) });
    this.emit("payment.captured", { payment });
    order.amount_paid = order.amount;
    order.amount_due = 0;
    order.status = "paid";
    this.emit("order.paid", { payment, order });
    onCaptured(this, payment);
    this.changed();
  }

  /** Authorises (and captures) the late payments whose time has come. */
  tick() {
    const now = Date.now();
    for (const [paymentId, late] of Object.entries(this.state.late)) {
      if (late.at > now) continue;
      delete this.state.late[paymentId];
      const payment = this.state.payments[paymentId];
      if (payment?.status !== "created") continue; // paid another way meanwhile
      this.authorize(payment);
      if (late.capture === "auto") this.captureNow(payment);
    }
    for (const [refundId, settle] of Object.entries(this.state.settling)) {
      if (settle.at > now) continue;
      delete this.state.settling[refundId];
      const refund = this.state.refunds[refundId];
      if (refund) this.settleRefund(refund, settle.outcome);
    }
  }

  capture(paymentId: string, amount: number): Payment {
    const payment = this.payment(paymentId);
    if (payment.status === "captured" || payment.status === "refunded")
      throw new EmulatorError(400, "BAD_REQUEST_ERROR", "This payment has already been captured");
    if (payment.status !== "authorized")
      throw new EmulatorError(400, "BAD_REQUEST_ERROR", "Only payments which have been authorized and not yet captured can be captured");
    if (amount !== payment.amount)
      throw new EmulatorError(400, "BAD_REQUEST_ERROR", "Capture amount must be equal to the amount authorized", "amount");
    this.captureNow(payment);
    return payment;
  }

  /**
   * A refund of a captured payment. With an idempotency key, the same key and body answer
   * the refund already made; the same key with another body is refused.
   */
  refund(paymentId: string, body: Record<string, unknown>, idempotencyKey: string | null): Refund {
    if (idempotencyKey !== null && !/^[A-Za-z0-9_-]{10,}$/.test(idempotencyKey))
      throw new EmulatorError(400, "BAD_REQUEST_ERROR", "The idempotency key must be at least 10 characters of letters, digits, - and _");
    const payment = this.payment(paymentId);
    const bodyKey = stable(body);
    if (idempotencyKey !== null) {
      const known = this.state.idempotency[idempotencyKey];
      if (known) {
        if (known.paymentId !== paymentId || known.body !== bodyKey)
          throw new EmulatorError(400, "BAD_REQUEST_ERROR", "Different request with the same idempotency key has already been processed.");
        return this.refundById(known.refundId);
      }
    }
    if (payment.status !== "captured")
      throw new EmulatorError(
        400,
        "BAD_REQUEST_ERROR",
        payment.status === "refunded"
          ? "The payment has been fully refunded already"
          : "Refund is not allowed on a payment that is not captured",
      );
    const left = payment.amount - payment.amount_refunded;
    const amount = body.amount === undefined ? left : Number(body.amount);
    if (!Number.isInteger(amount) || amount < 100)
      throw new EmulatorError(400, "BAD_REQUEST_ERROR", "The amount must be atleast INR 1.00", "amount");
    if (amount > left)
      throw new EmulatorError(400, "BAD_REQUEST_ERROR", "The refund amount provided is greater than amount captured", "amount");
    const reverse = checkReverseAll(this, payment, body);
    const fails = this.faults.take("refund-fails", this.contextOf(payment.order_id));
    const refund: Refund = {
      id: newId("rfnd"),
      entity: "refund",
      amount,
      currency: payment.currency,
      payment_id: paymentId,
      notes: (body.notes as Record<string, string>) ?? {},
      receipt: typeof body.receipt === "string" ? body.receipt : null,
      acquirer_data: { arn: null },
      created_at: nowSeconds(),
      batch_id: null,
      status: "pending",
      speed_processed: "normal",
      speed_requested: "normal",
    };
    this.state.refunds[refund.id] = refund;
    if (idempotencyKey !== null) this.state.idempotency[idempotencyKey] = { paymentId, body: bodyKey, refundId: refund.id };
    if (reverse) reverseAll(this, payment, refund);
    this.applyRefund(payment, amount);
    this.emit("refund.created", { refund, payment });
    const settleMs = this.options.refundSettleMs ?? 0;
    const outcome = fails ? "failed" : "processed";
    if (settleMs === 0 && !fails) this.settleRefund(refund, outcome);
    else this.state.settling[refund.id] = { at: Date.now() + settleMs, outcome };
    this.changed();
    return refund;
  }

  private applyRefund(payment: Payment, amount: number) {
    payment.amount_refunded += amount;
    payment.refund_status = payment.amount_refunded >= payment.amount ? "full" : payment.amount_refunded > 0 ? "partial" : null;
    payment.status = payment.amount_refunded >= payment.amount ? "refunded" : "captured";
  }

  private settleRefund(refund: Refund, outcome: "processed" | "failed") {
    if (refund.status !== "pending") return;
    const payment = this.state.payments[refund.payment_id]!;
    refund.status = outcome;
    if (outcome === "failed") this.applyRefund(payment, -refund.amount);
    else refund.acquirer_data.arn = `EMU${refund.id.slice(5, 15).toUpperCase()}`;
    this.emit(outcome === "processed" ? "refund.processed" : "refund.failed", { refund, payment });
    this.changed();
  }

  /**
   * Queues one event's deliveries, shaped by the realism setting and the order's webhook faults. A QR
   * code's or payment link's event is listed under that code's or link's id (`scope`).
   */
  emit(
    event: string,
    entities: {
      payment?: Payment;
      order?: Order;
      refund?: Refund;
      qr_code?: unknown;
      payment_link?: unknown;
      transfer?: unknown;
      settlement?: unknown;
      account?: unknown;
      merchant_product?: unknown;
    },
    scope?: string,
  ) {
    const payload: Record<string, { entity: unknown }> = {};
    if (entities.merchant_product)
      payload.merchant_product = { entity: { ...(entities.merchant_product as object) }, data: [] } as { entity: unknown };
    if (entities.account) payload.account = { entity: { ...(entities.account as object) } };
    if (entities.settlement) payload.settlement = { entity: { ...(entities.settlement as object) } };
    if (entities.transfer) payload.transfer = { entity: { ...(entities.transfer as object) } };
    if (entities.payment_link) payload.payment_link = { entity: { ...(entities.payment_link as object) } };
    if (entities.qr_code) payload.qr_code = { entity: { ...(entities.qr_code as object) } };
    if (entities.refund) payload.refund = { entity: { ...entities.refund } };
    if (entities.payment) payload.payment = { entity: { ...entities.payment } };
    if (entities.order) payload.order = { entity: { ...entities.order } };
    const body = JSON.stringify({
      entity: "event",
      account_id: this.options.accountId ?? "acc_EmulatorLocal01",
      event,
      contains: Object.keys(payload),
      payload,
      created_at: nowSeconds(),
    });
    const orderId = scope ?? entities.payment?.order_id ?? entities.order?.id ?? null;
    const fault = this.faults.take("webhook", this.contextOf(orderId));
    if (fault?.drop) return;
    const realism = this.options.realism ?? false;
    const min = this.options.minWebhookDelayMs ?? 0;
    const max = Math.max(min, this.options.maxWebhookDelayMs ?? 3000);
    const delay = () => fault?.delayMs ?? (realism ? min + Math.floor(Math.random() * (max - min)) : min);
    const copies = 1 + (fault?.duplicate ?? (realism && Math.random() < 0.15 ? 1 : 0));
    const eventId = newId("");
    const now = Date.now();
    let dueAt = now + delay();
    if (fault?.reorder) {
      // The newest event goes first: the order's earlier pending deliveries wait behind it.
      dueAt = now;
      for (const earlier of this.state.deliveries)
        if (earlier.orderId === orderId && !earlier.delivered) earlier.dueAt = Math.max(earlier.dueAt, now + 500);
    }
    for (let copy = 0; copy < copies; copy++) {
      const delivery: Delivery = {
        id: newId("dlv"),
        eventId,
        event,
        orderId,
        body,
        signature: hmacHex(this.options.webhookSecret, body),
        dueAt: copy === 0 || !realism ? dueAt : dueAt + copy * (200 + Math.floor(Math.random() * 1500)),
        attempts: 0,
        delivered: false,
        lastStatus: null,
      };
      this.state.deliveries.push(delivery);
    }
    this.changed();
  }

  /** The deliveries due and not yet acknowledged (oldest due first), optionally of one order. */
  pending(orderId?: string, includeLater = false): Delivery[] {
    const now = Date.now();
    return this.state.deliveries
      .filter((d) => !d.delivered && (includeLater || d.dueAt <= now) && (!orderId || d.orderId === orderId))
      .sort((a, b) => a.dueAt - b.dueAt);
  }

  acknowledge(ids: readonly string[]) {
    const wanted = new Set(ids);
    for (const delivery of this.state.deliveries) if (wanted.has(delivery.id)) delivery.delivered = true;
    // Delivered events are kept a while for inspection, then forgotten.
    const delivered = this.state.deliveries.filter((d) => d.delivered);
    if (delivered.length > 2000) {
      const drop = new Set(delivered.slice(0, delivered.length - 2000));
      this.state.deliveries = this.state.deliveries.filter((d) => !drop.has(d));
    }
    this.changed();
  }

  /** The headers Razorpay sends with a webhook. */
  static headersOf(delivery: Delivery): Record<string, string> {
    return {
      "content-type": "application/json",
      "x-razorpay-signature": delivery.signature,
      "x-razorpay-event-id": delivery.eventId,
      "user-agent": "Razorpay-Webhook/v1 (local emulator)",
    };
  }
}
