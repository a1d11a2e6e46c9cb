/**
 * The local sandbox gateway: it stands in for Razorpay where no keys are configured.
 * Its payment page lets a tester pay or fail; a successful payment is signed exactly
 * like Razorpay's (HMAC-SHA256 of order_id|payment_id), under a key derived from the
 * session secret, so the callback path is the same one real payments take.
 */
import { hmacSha256Hex, randomToken } from "../crypto.server";
import type { GatewayPayment, PaymentProvider } from "./provider";
import { paymentMessage, verifyHmacHex } from "./signature.server";

const signingKey = (secret: string) => `sandbox-gateway:${secret}`;

export function sandboxProvider(secret: string): PaymentProvider {
  return {
    name: "sandbox",
    async createOrder() {
      return { providerOrderId: `order_sbx_${randomToken(12)}` };
    },
    verifyPayment(payment: GatewayPayment) {
      return verifyHmacHex(signingKey(secret), paymentMessage(payment.providerOrderId, payment.paymentId), payment.signature);
    },
    async verifyWebhook() {
      return false;
    },
    /** No money moved, so there is nothing to return: the refund is recorded at once. */
    async refund(paymentId: string, amount: number) {
      return { id: `rfnd_sbx_${randomToken(12)}`, paymentId, amount, status: "processed" as const, createdAt: null };
    },
    async fetchOrderPayments() {
      return [];
    },
    async fetchPayment() {
      return null;
    },
    async fetchRefunds() {
      return [];
    },
    async capture(): Promise<never> {
      throw new Error("The sandbox has no payments to capture");
    },
  };
}

/** What the sandbox's "Pay" button posts to the callback: a fresh payment id and its signature. */
export async function sandboxSuccessFields(secret: string, providerOrderId: string) {
  const paymentId = `pay_sbx_${randomToken(12)}`;
  return {
    razorpay_order_id: providerOrderId,
    razorpay_payment_id: paymentId,
    razorpay_signature: await hmacSha256Hex(signingKey(secret), paymentMessage(providerOrderId, paymentId)),
  };
}
