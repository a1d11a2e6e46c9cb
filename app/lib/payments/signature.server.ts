/** HMAC-SHA256 in lower-case hex, as Razorpay signs payments and webhooks. */
import { timingSafeEqualText } from "../crypto.server";

const encoder = new TextEncoder();

export async function hmacSha256Hex(secret: string, message: string): Promise<string> {
  const key = await crypto.subtle.importKey("raw", encoder.encode(secret), { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
  const signature = await crypto.subtle.sign("HMAC", key, encoder.encode(message));
  return [...new Uint8Array(signature)].map((b) => b.toString(16).padStart(2, "0")).join("");
}

/** Whether `signature` is the HMAC of `message` under `secret` (compared in constant time). */
export async function verifyHmacHex(secret: string, message: string, signature: string): Promise<boolean> {
  if (!/^[0-9a-f]{64}$/i.test(signature)) return false;
  return timingSafeEqualText(await hmacSha256Hex(secret, message), signature.toLowerCase());
}

/** Razorpay's payment signature message: `order_id|payment_id`. */
export function paymentMessage(providerOrderId: string, paymentId: string): string {
  return `${providerOrderId}|${paymentId}`;
}
