/**
 * Razorpay: orders are created server-side with the key id and secret (HTTP Basic),
 * the devotee pays on Razorpay's hosted checkout, and the callback's
 * `razorpay_signature` must equal HMAC-SHA256(order_id|payment_id, key secret).
 * Webhooks carry HMAC-SHA256(raw body, webhook secret) in X-Razorpay-Signature.
 * The same adapter talks to the local Razorpay emulator when a loopback configuration
 * sets RAZORPAY_API_BASE (index.server.ts decides; deployments always use RAZORPAY_API).
 */
import { z } from "zod";
import {
  type GatewayOrderRequest,
  type GatewayPayment,
  type GatewayPaymentRecord,
  type GatewayRefund,
  PaymentGatewayError,
  type PaymentProvider,
} from "./provider";
import { razorpayHttp } from "./razorpay-http.server";
import { razorpaySaleCalls } from "./razorpay-sales.server";
import { paymentMessage, verifyHmacHex } from "./signature.server";

export const RAZORPAY_API = "https://api.razorpay.com/v1";

/** Razorpay's hosted checkout under an API base: a form posted here opens the payment page. */
export const hostedCheckoutUrl = (apiBase: string = RAZORPAY_API) => `${apiBase}/checkout/embedded`;

export interface RazorpayKeys {
  keyId: string;
  keySecret: string;
  webhookSecret?: string;
  /** The API's base URL; RAZORPAY_API unless a loopback configuration points at the emulator. */
  apiBase?: string;
}

const orderAnswer = z.object({ id: z.string().min(1), amount: z.number(), status: z.string() });
const paymentEntity = z.object({
  id: z.string().min(1),
  order_id: z.string().nullable().optional(),
  amount: z.number(),
  status: z.enum(["created", "authorized", "captured", "refunded", "failed"]),
  amount_refunded: z.number().optional(),
  created_at: z.number().optional(),
  fee: z.number().nullable().optional(),
  tax: z.number().nullable().optional(),
});
const refundEntity = z.object({
  id: z.string().min(1),
  payment_id: z.string().min(1),
  amount: z.number(),
  status: z.enum(["pending", "processed", "failed"]),
  created_at: z.number().optional(),
});
const collection = <T extends z.ZodType>(item: T) => z.object({ items: z.array(item) });

function toPayment(entity: z.infer<typeof paymentEntity>): GatewayPaymentRecord {
  return {
    id: entity.id,
    orderId: entity.order_id ?? null,
    amount: entity.amount,
    status: entity.status,
    amountRefunded: entity.amount_refunded ?? 0,
    createdAt: entity.created_at ?? null,
    fee: entity.fee ?? null,
    tax: entity.tax ?? null,
  };
}

function toRefund(entity: z.infer<typeof refundEntity>): GatewayRefund {
  return {
    id: entity.id,
    paymentId: entity.payment_id,
    amount: entity.amount,
    status: entity.status,
    createdAt: entity.created_at ?? null,
  };
}

export function razorpayProvider(keys: RazorpayKeys): PaymentProvider {
  const apiBase = keys.apiBase ?? RAZORPAY_API;
  const http = razorpayHttp(keys);
  const { answer, id } = http;
  /** A server-side call to Razorpay's API (a path under the base) with the key id and secret. */
  const call = (method: "GET" | "POST", path: string, body?: unknown, headers: Record<string, string> = {}) =>
    http.call(method, `${apiBase}${path}`, body, headers);
  const payments = collection(paymentEntity).transform((data) => ({ items: data.items.map(toPayment) }));
  return {
    name: "razorpay",
    ...razorpaySaleCalls(call, answer, payments, id),
    async createOrder(order: GatewayOrderRequest) {
      const response = await call("POST", "/orders", { amount: order.amount, currency: "INR", receipt: order.receipt, notes: order.notes });
      const data = await answer(response, orderAnswer, "order");
      if (data.amount !== order.amount) throw new PaymentGatewayError("Razorpay answered with an unexpected order");
      return { providerOrderId: data.id };
    },
    verifyPayment(payment: GatewayPayment) {
      return verifyHmacHex(keys.keySecret, paymentMessage(payment.providerOrderId, payment.paymentId), payment.signature);
    },
    async verifyWebhook(rawBody: string, signature: string) {
      if (!keys.webhookSecret) return false;
      return verifyHmacHex(keys.webhookSecret, rawBody, signature);
    },
    async refund(paymentId: string, amount: number, idempotencyKey: string) {
      const response = await call("POST", `/payments/${id(paymentId)}/refund`, { amount }, { "X-Refund-Idempotency": idempotencyKey });
      const refund = toRefund(await answer(response, refundEntity, "refund"));
      if (refund.amount !== amount || refund.paymentId !== paymentId)
        throw new PaymentGatewayError("Razorpay answered with an unexpected refund");
      return refund;
    },
    async fetchOrderPayments(providerOrderId: string) {
      const data = await answer(await call("GET", `/orders/${id(providerOrderId)}/payments`), collection(paymentEntity), "payments");
      return data.items.map(toPayment);
    },
    async fetchPayment(paymentId: string) {
      const response = await call("GET", `/payments/${id(paymentId)}`);
      if (response.status === 404 || response.status === 400) {
        await response.body?.cancel();
        return null;
      }
      return toPayment(await answer(response, paymentEntity, "payment"));
    },
    async fetchRefunds(paymentId: string) {
      const data = await answer(await call("GET", `/payments/${id(paymentId)}/refunds`), collection(refundEntity), "refunds");
      return data.items.map(toRefund);
    },
    async capture(paymentId: string, amount: number) {
      const response = await call("POST", `/payments/${id(paymentId)}/capture`, { amount, currency: "INR" });
      return toPayment(await answer(response, paymentEntity, "capture"));
    },
  };
}

/** The events Sannidhi acts on, and the ids they carry (a payment, and for refund events the refund). */
export const razorpayWebhookSchema = z.object({
  event: z.string(),
  payload: z.object({
    payment: z
      .object({
        entity: z.object({
          id: z.string(),
          order_id: z.string().nullable(),
          amount: z.number(),
          status: z.string(),
          /** When the payment was made (Unix seconds). */
          created_at: z.number().optional(),
          /** The gateway's fee and its tax (paise), on captured payments. */
          fee: z.number().nullable().optional(),
          tax: z.number().nullable().optional(),
        }),
      })
      .optional(),
    refund: z
      .object({
        entity: z.object({ id: z.string(), payment_id: z.string(), amount: z.number(), status: z.string() }),
      })
      .optional(),
    /** qr_code.credited / qr_code.closed: the counter's UPI QR code. */
    qr_code: z
      .object({ entity: z.object({ id: z.string(), status: z.string(), close_reason: z.string().nullable().optional() }) })
      .optional(),
    /** payment_link.paid / payment_link.expired / payment_link.cancelled: an assisted booking's link. */
    payment_link: z.object({ entity: z.object({ id: z.string(), status: z.string() }) }).optional(),
  }),
});
