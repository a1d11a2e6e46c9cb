/**
 * The emulator's state: Razorpay's entities (orders, payments, refunds) with their shapes,
 * the refund idempotency keys, the checkout sessions and the webhook deliveries. All in
 * memory; `npm start` persists it to a JSON file so a restart keeps what was paid.
 */
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";
import { emptyRouteState, type RouteState, withDemoAccounts } from "./route-state.ts";

export type OrderStatus = "created" | "attempted" | "paid";
export type PaymentStatus = "created" | "authorized" | "captured" | "refunded" | "failed";
export type RefundStatus = "pending" | "processed" | "failed";

export interface Order {
  id: string;
  entity: "order";
  amount: number;
  amount_paid: number;
  amount_due: number;
  currency: string;
  receipt: string | null;
  offer_id: null;
  status: OrderStatus;
  attempts: number;
  notes: Record<string, string>;
  created_at: number;
}

export interface Payment {
  id: string;
  entity: "payment";
  amount: number;
  currency: string;
  status: PaymentStatus;
  /** null for a payment to a QR code (it has no order). */
  order_id: string | null;
  invoice_id: null;
  international: boolean;
  method: string;
  amount_refunded: number;
  refund_status: "partial" | "full" | null;
  captured: boolean;
  description: string | null;
  card_id: null;
  bank: null;
  wallet: null;
  vpa: string | null;
  email: string;
  contact: string;
  notes: Record<string, string>;
  fee: number | null;
  tax: number | null;
  error_code: string | null;
  error_description: string | null;
  error_source: string | null;
  error_step: string | null;
  error_reason: string | null;
  acquirer_data: Record<string, string | null>;
  created_at: number;
}

export interface Refund {
  id: string;
  entity: "refund";
  amount: number;
  currency: string;
  payment_id: string;
  notes: Record<string, string>;
  receipt: string | null;
  acquirer_data: { arn: string | null };
  created_at: number;
  batch_id: null;
  status: RefundStatus;
  speed_processed: "normal";
  speed_requested: "normal";
}

/** What the hosted checkout was posted (the merchant's callback and cancel addresses). */
export interface CheckoutSession {
  orderId: string;
  callbackUrl: string;
  cancelUrl: string | null;
  /** Seconds the merchant gave the checkout (Razorpay's `timeout`); a late payment arrives after it. */
  timeout: number | null;
  email: string;
  name: string;
}

/** One delivery of a webhook event; a redelivery or a duplicate keeps the event id. */
export interface Delivery {
  id: string;
  eventId: string;
  event: string;
  orderId: string | null;
  body: string;
  signature: string;
  /** Epoch ms before which it is not sent (or listed in pull mode). */
  dueAt: number;
  attempts: number;
  delivered: boolean;
  lastStatus: number | null;
}

export interface IdempotentRefund {
  paymentId: string;
  body: string;
  refundId: string;
}

/** A QR code (Razorpay's QR Codes API): a single-use upi_qr for a fixed amount closes when paid. */
export interface QrCode {
  id: string;
  entity: "qr_code";
  created_at: number;
  name: string | null;
  usage: "single_use" | "multiple_use";
  type: "upi_qr";
  image_url: string;
  payment_amount: number | null;
  status: "active" | "closed";
  description: string | null;
  fixed_amount: boolean;
  payments_amount_received: number;
  payments_count_received: number;
  notes: Record<string, string>;
  customer_id: string | null;
  close_by: number | null;
  closed_at: number | null;
  close_reason: "on_demand" | "paid" | null;
}

/** A payment link (Razorpay's Payment Links API), with the order it pays. */
export interface PaymentLink {
  id: string;
  accept_partial: boolean;
  amount: number;
  amount_paid: number;
  callback_method: string;
  callback_url: string;
  cancelled_at: number;
  created_at: number;
  currency: string;
  customer: { name?: string; email?: string; contact?: string };
  description: string;
  expire_by: number;
  expired_at: number;
  first_min_partial_amount: number;
  notes: Record<string, string> | null;
  notify: { email: boolean; sms: boolean };
  order_id: string;
  payments:
    | {
        amount: number;
        created_at: number;
        method: string;
        payment_id: string;
        plink_id: string;
        status: PaymentStatus;
        updated_at: number;
      }[]
    | null;
  reference_id: string;
  reminder_enable: boolean;
  reminders: unknown[];
  short_url: string;
  status: "created" | "partially_paid" | "paid" | "expired" | "cancelled";
  updated_at: number;
  upi_link: boolean;
  user_id: string;
}

export interface State {
  qrCodes: Record<string, QrCode>;
  /** The payments made to each QR code (a QR payment has no order to list it by). */
  qrPayments: Record<string, string[]>;
  paymentLinks: Record<string, PaymentLink>;
  orders: Record<string, Order>;
  payments: Record<string, Payment>;
  refunds: Record<string, Refund>;
  idempotency: Record<string, IdempotentRefund>;
  checkouts: Record<string, CheckoutSession>;
  deliveries: Delivery[];
  /** Payments waiting to be authorised late: payment id → epoch ms when it happens, and how it is captured. */
  late: Record<string, { at: number; capture: "auto" | "manual" }>;
  /** Refunds still pending: refund id → epoch ms when they settle, and how. */
  settling: Record<string, { at: number; outcome: "processed" | "failed" }>;
  /** Route: linked accounts, transfers, reversals and settlements (route.ts). */
  route: RouteState;
}

export const emptyState = (): State => ({
  qrCodes: {},
  qrPayments: {},
  paymentLinks: {},
  orders: {},
  payments: {},
  refunds: {},
  idempotency: {},
  checkouts: {},
  deliveries: [],
  late: {},
  settling: {},
  route: emptyRouteState(),
});

const ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";

/** Razorpay-style id: a prefix and 14 base62 characters (never starting "SEED", which the demo data uses). */
export function newId(prefix: string): string {
  for (;;) {
    const bytes = randomBytes(14);
    const id = Array.from(bytes, (b) => ALPHABET[b % ALPHABET.length]).join("");
    if (!id.startsWith("SEED")) return prefix ? `${prefix}_${id}` : id;
  }
}

export const nowSeconds = () => Math.floor(Date.now() / 1000);

/** Razorpay's fee on a captured payment, as the emulator charges it: 2% and 18% GST on that. */
export function captureFee(amount: number): { fee: number; tax: number } {
  const base = Math.round(amount * 0.02);
  const tax = Math.round(base * 0.18);
  return { fee: base + tax, tax };
}

/** A payment as the hosted checkout creates it: not yet authorised, nothing refunded. */
export function newPayment(fields: {
  id: string;
  orderId: string | null;
  amount: number;
  currency: string;
  email: string;
  createdAt: number;
}): Payment {
  return {
    id: fields.id,
    entity: "payment",
    amount: fields.amount,
    currency: fields.currency,
    status: "created",
    order_id: fields.orderId,
    invoice_id: null,
    international: false,
    method: "upi",
    amount_refunded: 0,
    refund_status: null,
    captured: false,
    description: null,
    card_id: null,
    bank: null,
    wallet: null,
    vpa: "devotee@emulator",
    email: fields.email,
    contact: "+919000000000",
    notes: {},
    fee: null,
    tax: null,
    error_code: null,
    error_description: null,
    error_source: null,
    error_step: null,
    error_reason: null,
    acquirer_data: { rrn: null },
    created_at: fields.createdAt,
  };
}

/** Loads the state file if there is one (an unreadable file starts empty rather than failing). */
export function loadState(file: string | null): State {
  if (!file || !existsSync(file)) return emptyState();
  try {
    const saved = JSON.parse(readFileSync(file, "utf8")) as Partial<State>;
    return { ...emptyState(), ...saved, route: withDemoAccounts({ ...emptyRouteState(), ...saved.route }) };
  } catch {
    return emptyState();
  }
}

/** Writes the state atomically (a temporary file renamed over the old one). */
export function saveState(file: string | null, state: State) {
  if (!file) return;
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(`${file}.tmp`, JSON.stringify(state));
  renameSync(`${file}.tmp`, file);
}

/** A payment the portal's database says was made at the gateway (the seed's demo payments): order, payment and any refund. */
export interface PaidAtGateway {
  orderId: string;
  paymentId: string;
  /** Paise. */
  amount: number;
  /** Epoch seconds. */
  paidAt: number;
  email: string;
  /** A refund the gateway paid out (the portal holds its reference). */
  refund?: { id: string; amount: number; at: number };
}

/**
 * The state with these payments in it as captured (and refunded) at the gateway, as if they
 * had been paid through it; one already there is left as it is. The seed's demo payments are
 * then the gateway's too: retrying a seeded refund that is due refunds a payment it knows.
 */
export function withPaid(state: State, paid: readonly PaidAtGateway[]): State {
  for (const p of paid) {
    if (state.payments[p.paymentId]) continue;
    state.orders[p.orderId] ??= {
      id: p.orderId,
      entity: "order",
      amount: p.amount,
      amount_paid: p.amount,
      amount_due: 0,
      currency: "INR",
      receipt: null,
      offer_id: null,
      status: "paid",
      attempts: 1,
      notes: {},
      created_at: p.paidAt,
    };
    const refunded = p.refund ? Math.min(p.refund.amount, p.amount) : 0;
    state.payments[p.paymentId] = {
      ...newPayment({ id: p.paymentId, orderId: p.orderId, amount: p.amount, currency: "INR", email: p.email, createdAt: p.paidAt }),
      ...captureFee(p.amount),
      status: refunded >= p.amount ? "refunded" : "captured",
      captured: true,
      amount_refunded: refunded,
      refund_status: refunded === 0 ? null : refunded >= p.amount ? "full" : "partial",
    };
    if (p.refund && !state.refunds[p.refund.id]) {
      state.refunds[p.refund.id] = {
        id: p.refund.id,
        entity: "refund",
        amount: refunded,
        currency: "INR",
        payment_id: p.paymentId,
        notes: {},
        receipt: null,
        acquirer_data: { arn: null },
        created_at: p.refund.at,
        batch_id: null,
        status: "processed",
        speed_processed: "normal",
        speed_requested: "normal",
      };
    }
  }
  return state;
}

/** Adds these payments to a state file (`npm start`'s, read when the emulator starts). */
export function recordPaidInStateFile(file: string, paid: readonly PaidAtGateway[]): void {
  saveState(file, withPaid(loadState(file), paid));
}
