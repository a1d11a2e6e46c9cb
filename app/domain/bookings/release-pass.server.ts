/**
 * The pass a waiting room gives a devotee whose turn it is: signed (HMAC-SHA256 under the
 * session secret), bound to the devotee's customer id and to one opening of one release,
 * and short-lived. The booking path reads it back (the web layer carries it in a cookie).
 */
import { hmacSha256, timingSafeEqualText } from "~/lib/crypto.server";

export interface ReleasePass {
  releaseId: number;
  /** The opening (epoch ms) whose room issued it. */
  opening: number;
  customerId: number;
  /** Epoch ms. */
  expires: number;
}

/** The pass as a devotee presents it (null: none) and the secret to check it with. */
export interface PresentedPass {
  token: string | null;
  secret: string;
}

const VERSION = "p1";
const NUMBER = /^\d{1,16}$/;

const signature = (secret: string, body: string) => hmacSha256(secret, `release-pass:${body}`);

export async function signPass(secret: string, pass: ReleasePass): Promise<string> {
  const body = [VERSION, pass.releaseId, pass.opening, pass.customerId, pass.expires].join(".");
  return `${body}.${await signature(secret, body)}`;
}

/** The pass a token stands for, if it is well formed and signed with `secret`; its expiry is the caller's to judge. */
export async function readPass(secret: string, token: string | null): Promise<ReleasePass | null> {
  if (!token || token.length > 200) return null;
  const parts = token.split(".");
  if (parts.length !== 6 || parts[0] !== VERSION || !parts.slice(1, 5).every((part) => NUMBER.test(part))) return null;
  const body = parts.slice(0, 5).join(".");
  if (!timingSafeEqualText(await signature(secret, body), parts[5]!)) return null;
  const [releaseId, opening, customerId, expires] = parts.slice(1, 5).map(Number) as [number, number, number, number];
  return { releaseId, opening, customerId, expires };
}

/** True when `pass` lets `customerId` book the dates of `releaseId`'s opening at `now`. */
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
