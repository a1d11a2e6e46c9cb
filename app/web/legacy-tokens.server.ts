/**
 * Access and refresh tokens for the legacy API, over the one session store
 * (session.server.ts): a token pair always belongs to a session record, so ending
 * the session (sign-out, password change or reset) ends its tokens too.
 *
 * - Access token: a JWT signed with HS256 (key derived from SESSION_SECRET), valid
 *   15 minutes, carrying the session id as `sid` and the customer id as `sub`.
 *   Every use re-reads the session, so a revoked session's tokens stop at once.
 * - Refresh token: `rt1.<session id>.<random>`; only the SHA-256 of the random part
 *   is kept, in the record's `refreshTokenHash`. Each refresh replaces it; a token
 *   that does not match the stored hash (an old, rotated one coming back) ends the
 *   session, as a stolen-and-replayed refresh token would.
 */
import { errors, jwtVerify, SignJWT } from "jose";
import type { Database } from "~/db/client.server";
import { authStamp, type CurrentSession, resolveSession } from "./auth.server";
import { hmacSha256, randomToken, sha256Hex, timingSafeEqualText } from "~/lib/crypto.server";
import { Memo } from "~/lib/memo.server";
import { createSession, destroySession, saveSession, SESSION_TTL_SECONDS } from "~/lib/session.server";

export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;
const ISSUER = "sannidhi";
const AUDIENCE = "sannidhi-legacy-api";
const TOKEN_TYPE = "at+jwt";
const REFRESH_PREFIX = "rt1";
const REFRESH_PATTERN = /^rt1\.([A-Za-z0-9_-]{43})\.([A-Za-z0-9_-]{43})$/;

export interface TokenPair {
  accessToken: string;
  refreshToken: string;
  /** Seconds the access token is valid for. */
  expiresIn: number;
  tokenType: "Bearer";
}

export interface LegacySignIn extends TokenPair {
  sessionId: string;
}

const signingKeys = new Memo<Uint8Array>({ max: 16 });

/** A key for tokens only, so no other use of SESSION_SECRET can mint one. */
function signingKey(secret: string): Promise<Uint8Array> {
  // For the isolate's life: the key is derived from the secret alone (a new secret is a new key).
  return signingKeys.get({ key: secret, ttlMs: Number.POSITIVE_INFINITY }, () =>
    hmacSha256(secret, "legacy-access-token/v1").then((derived) => new TextEncoder().encode(derived)),
  );
}

export async function signAccessToken(secret: string, session: { sessionId: string; customerId: number }): Promise<string> {
  return new SignJWT({ sid: session.sessionId })
    .setProtectedHeader({ alg: "HS256", typ: TOKEN_TYPE })
    .setSubject(String(session.customerId))
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setIssuedAt()
    .setExpirationTime(`${ACCESS_TOKEN_TTL_SECONDS}s`)
    .sign(await signingKey(secret));
}

export type AccessTokenCheck = { ok: true; sessionId: string; customerId: number } | { ok: false; reason: "expired" | "invalid" };

/**
 * Checks an access token's signature, issuer, audience and expiry. `allowExpired`
 * accepts a correctly signed token up to a session lifetime old: only for ending
 * that session (signing out with a stale token must still work).
 */
export async function readAccessToken(secret: string, token: string, allowExpired = false): Promise<AccessTokenCheck> {
  if (token.length > 2048) return { ok: false, reason: "invalid" };
  try {
    const { payload } = await jwtVerify(token, await signingKey(secret), {
      algorithms: ["HS256"],
      issuer: ISSUER,
      audience: AUDIENCE,
      typ: TOKEN_TYPE,
      clockTolerance: allowExpired ? SESSION_TTL_SECONDS : 0,
    });
    const customerId = Number(payload.sub);
    if (typeof payload.sid !== "string" || !Number.isInteger(customerId) || customerId <= 0) {
      return { ok: false, reason: "invalid" };
    }
    return { ok: true, sessionId: payload.sid, customerId };
  } catch (error) {
    return { ok: false, reason: error instanceof errors.JWTExpired ? "expired" : "invalid" };
  }
}

async function tokensFor(secret: string, sessionId: string, customerId: number, refreshSecret: string): Promise<TokenPair> {
  return {
    accessToken: await signAccessToken(secret, { sessionId, customerId }),
    refreshToken: `${REFRESH_PREFIX}.${sessionId}.${refreshSecret}`,
    expiresIn: ACCESS_TOKEN_TTL_SECONDS,
    tokenType: "Bearer",
  };
}

/** Signs a customer in for a legacy client: a new session (channel "legacy") with its tokens. */
export async function startLegacySession(
  kv: KVNamespace,
  secret: string,
  customer: { id: number; passwordHash: string },
): Promise<LegacySignIn> {
  const refreshSecret = randomToken(32);
  const { id } = await createSession(kv, {
    customerId: customer.id,
    authStamp: await authStamp(secret, customer.passwordHash),
    channel: "legacy",
    refreshTokenHash: await sha256Hex(refreshSecret),
  });
  return { sessionId: id, ...(await tokensFor(secret, id, customer.id, refreshSecret)) };
}

/** A fresh token pair for a live session; the previous refresh token stops working. */
export async function issueTokens(kv: KVNamespace, secret: string, session: CurrentSession): Promise<TokenPair> {
  const refreshSecret = randomToken(32);
  await saveSession(kv, session.sessionId, { ...session.record, refreshTokenHash: await sha256Hex(refreshSecret) });
  return tokensFor(secret, session.sessionId, session.customer.id, refreshSecret);
}

export type RefreshResult =
  | { ok: true; session: CurrentSession; tokens: TokenPair }
  | { ok: false; reason: "malformed" | "unknown" | "reused" };

/** Exchanges a refresh token for a new pair (rotation); a stale token ends its session. */
export async function refreshTokens(kv: KVNamespace, db: Database, secret: string, refreshToken: string): Promise<RefreshResult> {
  const match = REFRESH_PATTERN.exec(refreshToken);
  if (!match) return { ok: false, reason: "malformed" };
  const [, sessionId, refreshSecret] = match;
  const session = await resolveSession(kv, db, secret, sessionId!);
  if (!session) return { ok: false, reason: "unknown" };
  const stored = session.record.refreshTokenHash ?? "";
  if (!stored || !timingSafeEqualText(await sha256Hex(refreshSecret!), stored)) {
    await destroySession(kv, sessionId!);
    return { ok: false, reason: "reused" };
  }
  return { ok: true, session, tokens: await issueTokens(kv, secret, session) };
}

/** Ends a session and with it every token issued for it. */
export function endLegacySession(kv: KVNamespace, sessionId: string) {
  return destroySession(kv, sessionId);
}
