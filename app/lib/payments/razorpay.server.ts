/**
 * Razorpay: orders are created server-side with the key id and secret (HTTP Basic),
 * the devotee pays on Razorpay's hosted checkout, and the callback's
 * `razorpay_signature` must equal HMAC-SHA256(order_id|payment_id, key secret).
 * Webhooks carry HMAC-SHA256(raw body, webhook secret) in X-Razorpay-Signature.
 */
import { z } from "zod";
import { textToBase64 } from "../crypto.server";
import { type GatewayOrderRequest, type GatewayPayment, PaymentGatewayError, type PaymentProvider } from "./provider";
import { paymentMessage, verifyHmacHex } from "./signature.server";

export const RAZORPAY_API = "https://api.razorpay.com/v1";
/** Razorpay's hosted checkout: a form posted here opens the payment page. */
export const RAZORPAY_HOSTED_CHECKOUT = `${RAZORPAY_API}/checkout/embedded`;

export interface RazorpayKeys {
  keyId: string;
  keySecret: string;
  webhookSecret?: string;
}

const orderAnswer = z.object({ id: z.string().min(1), amount: z.number(), status: z.string() });
const refundAnswer = z.object({ id: z.string().min(1), amount: z.number() });

export function razorpayProvider(keys: RazorpayKeys): PaymentProvider {
  /** A server-side call to Razorpay's API with the key id and secret. */
  async function post(path: string, body: unknown): Promise<Response> {
    try {
      return await fetch(`${RAZORPAY_API}${path}`, {
        method: "POST",
        headers: {
          authorization: `Basic ${textToBase64(`${keys.keyId}:${keys.keySecret}`)}`,
          "content-type": "application/json",
        },
        body: JSON.stringify(body),
      });
    } catch {
      throw new PaymentGatewayError("Razorpay could not be reached");
    }
  }
  return {
    name: "razorpay",
    async createOrder(order: GatewayOrderRequest) {
      const response = await post("/orders", { amount: order.amount, currency: "INR", receipt: order.receipt, notes: order.notes });
      if (!response.ok) throw new PaymentGatewayError(`Razorpay refused the order (HTTP ${response.status})`);
      const parsed = orderAnswer.safeParse(await response.json().catch(() => null));
      if (!parsed.success || parsed.data.amount !== order.amount)
        throw new PaymentGatewayError("Razorpay answered with an unexpected order");
      return { providerOrderId: parsed.data.id };
    },
    verifyPayment(payment: GatewayPayment) {
      return verifyHmacHex(keys.keySecret, paymentMessage(payment.providerOrderId, payment.paymentId), payment.signature);
    },
    async verifyWebhook(rawBody: string, signature: string) {
      if (!keys.webhookSecret) return false;
      return verifyHmacHex(keys.webhookSecret, rawBody, signature);
    },
    async refund(paymentId: string, amount: number) {
      const response = await post(`/payments/${encodeURIComponent(paymentId)}/refund`, { amount });
      if (!response.ok) throw new PaymentGatewayError(`Razorpay refused the refund (HTTP ${response.status})`);
      const parsed = refundAnswer.safeParse(await response.json().catch(() => null));
      if (!parsed.success || parsed.data.amount !== amount) throw new PaymentGatewayError("Razorpay answered with an unexpected refund");
      return { refundId: parsed.data.id };
    },
  };
}

/** The events that mean an order was paid, and the ids they carry. */
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
        }),
      })
      .optional(),
  }),
});
