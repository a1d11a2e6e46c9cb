/**
 * The emulator's state: Razorpay's entities (orders, payments, refunds) with their shapes,
 * the refund idempotency keys, the checkout sessions and the webhook deliveries. All in
 * memory; `npm start` persists it to a JSON file so a restart keeps what was paid.
 */
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";

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
  order_id: string;
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

export interface State {
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
}

export const emptyState = (): State => ({
  orders: {},
  payments: {},
  refunds: {},
  idempotency: {},
  checkouts: {},
  deliveries: [],
  late: {},
  settling: {},
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

/** Loads the state file if there is one (an unreadable file starts empty rather than failing). */
export function loadState(file: string | null): State {
  if (!file || !existsSync(file)) return emptyState();
  try {
    return { ...emptyState(), ...(JSON.parse(readFileSync(file, "utf8")) as Partial<State>) };
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
