/** Razorpay's signatures: HMAC-SHA256 in lower-case hex over payments and webhooks. */
import { hmacSha256Hex, timingSafeEqualText } from "../crypto.server";

/** Whether `signature` is the HMAC of `message` under `secret` (compared in constant time). */
export async function verifyHmacHex(secret: string, message: string, signature: string): Promise<boolean> {
  if (!/^[0-9a-f]{64}$/i.test(signature)) return false;
  return timingSafeEqualText(await hmacSha256Hex(secret, message), signature.toLowerCase());
}

/** Razorpay's payment signature message: `order_id|payment_id`. */
export function paymentMessage(providerOrderId: string, paymentId: string): string {
  return `${providerOrderId}|${paymentId}`;
}
