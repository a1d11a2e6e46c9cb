/**
 * The waiting room's word for whose a session is (issue 44): `sn_who` holds the customer's id and
 * an HMAC binding it to the session cookie's id, set beside that cookie at sign-in
 * (session.server.ts). Only the waiting room's arrival reads it, to take or show a place in a
 * queue without reading KV or D1 in a burst; it grants nothing else. Plain (no Worker types), so
 * the bench signs its devotees' cookies with the same code.
 */
import { hmacSha256, timingSafeEqualText } from "./crypto.server.ts";

export const WHO_COOKIE = "sn_who"; // (the edge cache's page-headers.server.ts names it too: it makes no page personal)
const CUSTOMER_ID = /^[1-9]\d{0,14}$/;

const whoSignature = (secret: string, sessionId: string, customerId: number) =>
  hmacSha256(secret, `session-who:${sessionId}:${customerId}`);

/** The cookie's value for `customerId` beside the session cookie `sessionId`. */
export async function whoValue(secret: string, sessionId: string, customerId: number): Promise<string> {
  return `${customerId}.${await whoSignature(secret, sessionId, customerId)}`;
}

/** The customer `value` names, when it is signed for `sessionId`; else null. */
export async function whoOf(secret: string, sessionId: string, value: string): Promise<number | null> {
  if (value.length > 80) return null;
  const [id = "", signature = ""] = value.split(".", 2);
  if (!CUSTOMER_ID.test(id)) return null;
  const customerId = Number(id);
  return timingSafeEqualText(await whoSignature(secret, sessionId, customerId), signature) ? customerId : null;
}
