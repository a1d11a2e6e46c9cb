/**
 * The pass a waiting room gives a devotee whose turn it is: signed (HMAC-SHA256 under the
 * session secret), bound to the devotee's customer id, to the session it was given in and to
 * one opening of one release, and short-lived. The booking path reads it back (the web layer
 * carries it in a cookie); it admits one checkout, which spends it (`passKey`, checkout.server.ts).
 */
import { hmacSha256, timingSafeEqualText } from "~/lib/crypto.server";

export interface ReleasePass {
  releaseId: number;
  /** The opening (epoch ms) whose room issued it. */
  opening: number;
  customerId: number;
  /** Epoch ms. */
  expires: number;
  /** The session it was given in, as `passHolder` names it. */
  holder: string;
}

/** The pass as a devotee presents it (null: none), the secret to check it with and the session presenting it. */
export interface PresentedPass {
  token: string | null;
  secret: string;
  sessionId: string;
}

// p1 passes (before issue 37) named no session: they are refused, and the room gives a p2 one.
const VERSION = "p2";
const NUMBER = /^\d{1,16}$/;
const HOLDER = /^[\w-]{22}$/;

const signature = (secret: string, body: string) => hmacSha256(secret, `release-pass:${body}`);

/** A session's name in a pass: keyed, so the cookie never shows the session id itself. */
export async function passHolder(secret: string, sessionId: string): Promise<string> {
  return (await hmacSha256(secret, `pass-holder:${sessionId}`)).slice(0, 22);
}

export async function signPass(secret: string, pass: ReleasePass): Promise<string> {
  const body = [VERSION, pass.releaseId, pass.opening, pass.customerId, pass.expires, pass.holder].join(".");
  return `${body}.${await signature(secret, body)}`;
}

/** The pass a token stands for, if it is well formed and signed with `secret`; its expiry and holder are the caller's to judge. */
export async function readPass(secret: string, token: string | null): Promise<ReleasePass | null> {
  if (!token || token.length > 200) return null;
  const parts = token.split(".");
  if (parts.length !== 7 || parts[0] !== VERSION || !parts.slice(1, 5).every((part) => NUMBER.test(part)) || !HOLDER.test(parts[5]!)) {
    return null;
  }
  const body = parts.slice(0, 6).join(".");
  if (!timingSafeEqualText(await signature(secret, body), parts[6]!)) return null;
  const [releaseId, opening, customerId, expires] = parts.slice(1, 5).map(Number) as [number, number, number, number];
  return { releaseId, opening, customerId, expires, holder: parts[5]! };
}

/** True when `pass` lets `customerId` book the dates of `releaseId`'s opening at `now` (in whichever session). */
export function passAdmits(
  pass: ReleasePass | null,
  need: { releaseId: number; opening: number; customerId: number },
  now: number,
): boolean {
  return (
    pass !== null &&
    pass.releaseId === need.releaseId &&
    pass.opening === need.opening &&
    pass.customerId === need.customerId &&
    now < pass.expires
  );
}

/**
 * What a checkout with the pass spends: one per devotee and opening, not per session or
 * token, so another sign-in that goes through the room (and gets the same turn) spends the same.
 */
export const passKey = (pass: Pick<ReleasePass, "releaseId" | "opening" | "customerId">) =>
  `${pass.releaseId}:${pass.opening}:${pass.customerId}`;

/**
 * A waiting page's ticket for its live status: names the devotee and the room, signed, so the
 * status answers without a session lookup (no KV, no D1). It lets one read one's own place, nothing more.
 */
export function statusTicket(secret: string, room: { releaseId: number; opening: number; customerId: number }): Promise<string> {
  return hmacSha256(secret, `room-status:${room.releaseId}:${room.opening}:${room.customerId}`);
}

export async function ticketHolds(
  secret: string,
  room: { releaseId: number; opening: number; customerId: number },
  ticket: string,
): Promise<boolean> {
  return timingSafeEqualText(await statusTicket(secret, room), ticket);
}
