/**
 * Sessions, the one source of truth for who is signed in.
 *
 * A session is an opaque 256-bit random id. The portal keeps it in the `sn_session`
 * cookie (HttpOnly, SameSite=Lax, Secure except on plain-http localhost); the legacy
 * API's access tokens carry it as `sid` and its refresh tokens are stored hashed in
 * the same record, so signing out or changing the password ends both.
 *
 * Records live in KV under the SHA-256 of the id (a copy of the store holds no usable
 * ids) with a TTL. Each record carries the customer's `authStamp` (a keyed digest of
 * the password hash at sign-in): a password change makes every older record stale,
 * which is how "revoke the other sessions" works without a per-customer index.
 */
import { z } from "zod";
import { randomToken, sha256Hex } from "./crypto.server.ts";
import { Memo } from "./memo.server.ts";
import { WHO_COOKIE, whoOf, whoValue } from "./session-word.ts";

export const SESSION_COOKIE = "sn_session";
export const SESSION_TTL_SECONDS = 14 * 24 * 60 * 60;
const SESSION_ID_PATTERN = /^[A-Za-z0-9_-]{43}$/;

const sessionRecordSchema = z.object({
  version: z.literal(1),
  customerId: z.number().int().positive(),
  authStamp: z.string().min(1),
  /** portal: the cookie; legacy: bearer access token + refresh token. */
  channel: z.enum(["portal", "legacy"]),
  createdAt: z.string(),
  expiresAt: z.string(),
  /** Legacy clients only: SHA-256 of the current refresh token, replaced on each refresh. */
  refreshTokenHash: z.string().optional(),
});

export type SessionRecord = z.infer<typeof sessionRecordSchema>;

async function storageKey(id: string) {
  return `session:${await sha256Hex(id)}`;
}

function remainingSeconds(record: SessionRecord) {
  return Math.floor((Date.parse(record.expiresAt) - Date.now()) / 1000);
}

export async function createSession(
  kv: KVNamespace,
  init: Pick<SessionRecord, "customerId" | "authStamp"> & Partial<Pick<SessionRecord, "channel" | "refreshTokenHash">>,
): Promise<{ id: string; record: SessionRecord }> {
  const id = randomToken(32);
  const now = Date.now();
  const record: SessionRecord = {
    version: 1,
    channel: "portal",
    ...init,
    createdAt: new Date(now).toISOString(),
    expiresAt: new Date(now + SESSION_TTL_SECONDS * 1000).toISOString(),
  };
  await kv.put(await storageKey(id), JSON.stringify(record), { expirationTtl: SESSION_TTL_SECONDS });
  return { id, record };
}

/**
 * Stored texts checked lately: a record's check is a pure function of its text, so a kept one is
 * what the schema would say again (every signed-in request reads one; the check cost a booking
 * POST a quarter of a millisecond). KV is still read on every request, so a rewritten or deleted
 * record counts at once; expiry is checked on every read, and each read gets its own copy.
 */
const checkedRecords = new Memo<SessionRecord | null>({ max: 1000 });

function checkedRecord(text: string): Promise<SessionRecord | null> {
  return checkedRecords.get({ key: text, ttlMs: Number.POSITIVE_INFINITY }, async () => {
    let stored: unknown;
    try {
      stored = JSON.parse(text);
    } catch {
      return null;
    }
    const parsed = sessionRecordSchema.safeParse(stored);
    return parsed.success ? parsed.data : null;
  });
}

export async function readSession(kv: KVNamespace, id: string): Promise<SessionRecord | null> {
  if (!SESSION_ID_PATTERN.test(id)) return null;
  const stored = await kv.get(await storageKey(id), "text");
  const record = stored === null ? null : await checkedRecord(stored);
  if (!record || remainingSeconds(record) <= 0) return null;
  return { ...record };
}

/** Rewrites a record in place (e.g. a rotated refresh token), keeping its expiry. */
export async function saveSession(kv: KVNamespace, id: string, record: SessionRecord) {
  const ttl = remainingSeconds(record);
  if (ttl < 60) return destroySession(kv, id);
  await kv.put(await storageKey(id), JSON.stringify(record), { expirationTtl: ttl });
}

export async function destroySession(kv: KVNamespace, id: string) {
  if (!SESSION_ID_PATTERN.test(id)) return;
  await kv.delete(await storageKey(id));
}

/** The value of cookie `name` in a Cookie header, if present. */
export function readCookie(header: string | null, name: string): string | null {
  if (!header) return null;
  for (const part of header.split(";")) {
    const index = part.indexOf("=");
    if (index > 0 && part.slice(0, index).trim() === name) return part.slice(index + 1).trim();
  }
  return null;
}

export function readSessionId(request: Request): string | null {
  const value = readCookie(request.headers.get("cookie"), SESSION_COOKIE);
  return value && SESSION_ID_PATTERN.test(value) ? value : null;
}

/** Secure everywhere except plain http on the loopback host, where browsers would drop it. */
export function cookieIsSecure(url: URL): boolean {
  return url.protocol === "https:" || !["localhost", "127.0.0.1"].includes(url.hostname);
}

/** Attributes shared by the account cookies. */
export function cookieAttributes(url: URL, maxAgeSeconds: number): string {
  return [`Path=/`, `Max-Age=${maxAgeSeconds}`, "HttpOnly", "SameSite=Lax", cookieIsSecure(url) ? "Secure" : ""].filter(Boolean).join("; ");
}

/** The response with a Set-Cookie line added (copied first when its headers are immutable, as a fetched one's are). */
export function withSetCookie(response: Response, line: string): Response {
  try {
    response.headers.append("Set-Cookie", line);
    return response;
  } catch {
    const copy = new Response(response.body, response);
    copy.headers.append("Set-Cookie", line);
    return copy;
  }
}

export function sessionCookie(id: string, url: URL): string {
  return `${SESSION_COOKIE}=${id}; ${cookieAttributes(url, SESSION_TTL_SECONDS)}`;
}

export { WHO_COOKIE } from "./session-word.ts";

/** The waiting room's `sn_who` beside the session cookie `sessionId` (session-word.ts says what it grants). */
export async function whoCookie(secret: string, sessionId: string, customerId: number, url: URL): Promise<string> {
  return `${WHO_COOKIE}=${await whoValue(secret, sessionId, customerId)}; ${cookieAttributes(url, SESSION_TTL_SECONDS)}`;
}

/** The customer the request's `sn_who` names, when it is signed for the request's own session cookie; else null. */
export async function readWho(secret: string, request: Request): Promise<{ customerId: number; sessionId: string } | null> {
  const header = request.headers.get("cookie");
  const sessionId = readCookie(header, SESSION_COOKIE);
  const who = readCookie(header, WHO_COOKIE);
  if (!sessionId || !SESSION_ID_PATTERN.test(sessionId) || !who) return null;
  const customerId = await whoOf(secret, sessionId, who);
  return customerId === null ? null : { customerId, sessionId };
}

export function clearedSessionCookie(url: URL): string {
  return `${SESSION_COOKIE}=; ${cookieAttributes(url, 0)}`;
}

/** Who a live session signs in (its customer), as loaders, actions and the legacy API see them. */
export interface SignedInCustomer {
  id: number;
  email: string;
  firstName: string;
  /** customer, staff or operator (what the header links to; the desk guards read their temples too). */
  role: "customer" | "staff" | "operator";
}

export interface CurrentSession {
  customer: SignedInCustomer;
  sessionId: string;
  record: SessionRecord;
}
