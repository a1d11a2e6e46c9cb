/**
 * Who is calling the legacy API. Spec section 6: calls carry a bearer access token
 * when the client has one, and the session id in the POST payload; the portal's own
 * session cookie works too (with the XSRF header on writes). All three lead to the
 * same session record, so ending it ends them all.
 *
 * Order: a valid bearer token, else the payload's sessionId, else the cookie. An
 * expired access token does not sink a call that also names a live session id (the
 * spec's client sends both and never refreshes mid-page).
 */
import type { Context } from "hono";
import type { Database } from "~/db/client.server";
import { type CurrentSession, resolveSession } from "~/web/auth.server";
import type { AppEnv } from "~/lib/env.server";
import { readAccessToken } from "~/web/legacy-tokens.server";
import { clearedSessionCookie, readCookie, readSessionId, SESSION_COOKIE } from "~/lib/session.server";
import { errorAnswer, type JsonBody, pick } from "./http";

export type CredentialSource = "bearer" | "payload" | "cookie";

export type SessionLookup =
  | { kind: "signed-in"; session: CurrentSession; via: CredentialSource }
  | { kind: "stale"; via: CredentialSource; expired: boolean; staleCookie: boolean }
  | { kind: "none" };

/** The bearer token of the request, if any (clients that store "null" send it as such). */
export function bearerToken(c: Context): string | null {
  const token = /^Bearer\s+(\S+)\s*$/i.exec(c.req.header("authorization") ?? "")?.[1];
  return token && token !== "null" && token !== "undefined" ? token : null;
}

/** The sessionId field of a payload, when it is a non-empty string. */
export function payloadSessionId(json: JsonBody): string | null {
  const value = pick(json, "sessionId");
  return typeof value === "string" && value.trim() ? value.trim() : null;
}

export async function findSession(c: Context, env: AppEnv, db: Database, json: JsonBody): Promise<SessionLookup> {
  const kv = env.bindings.SESSIONS;
  const secret = env.config.SESSION_SECRET;
  let stale: { via: CredentialSource; expired: boolean } | null = null;

  const bearer = bearerToken(c);
  if (bearer) {
    const check = await readAccessToken(secret, bearer);
    if (check.ok) {
      const session = await resolveSession(kv, db, secret, check.sessionId);
      if (session) return { kind: "signed-in", session, via: "bearer" };
    }
    stale = { via: "bearer", expired: !check.ok && check.reason === "expired" };
  }

  const fromPayload = payloadSessionId(json);
  if (fromPayload) {
    const session = await resolveSession(kv, db, secret, fromPayload);
    if (session) return { kind: "signed-in", session, via: "payload" };
    stale ??= { via: "payload", expired: false };
  }

  const cookieHeader = c.req.header("cookie") ?? null;
  const hasCookie = readCookie(cookieHeader, SESSION_COOKIE) !== null;
  if (hasCookie) {
    const cookieId = readSessionId(c.req.raw);
    const session = cookieId ? await resolveSession(kv, db, secret, cookieId) : null;
    if (session) return { kind: "signed-in", session, via: "cookie" };
    stale ??= { via: "cookie", expired: false };
  }
  return stale ? { kind: "stale", ...stale, staleCookie: hasCookie } : { kind: "none" };
}

const FIELD: Record<CredentialSource, string> = { bearer: "Authorization", payload: "sessionId", cookie: "Cookie" };

/**
 * The 401 for a customer call without a live session. A credential that was sent
 * but leads nowhere gets Status "clearcookie" (and a stale portal cookie is cleared);
 * no credential at all gets "Failed".
 */
export function unauthorized(c: Context, lookup: Exclude<SessionLookup, { kind: "signed-in" }>): Response {
  if (lookup.kind === "none") {
    return errorAnswer(c, 401, "unauthorized", "Authorization", "Please sign in to continue.");
  }
  if (lookup.staleCookie) c.header("Set-Cookie", clearedSessionCookie(new URL(c.req.url)), { append: true });
  return errorAnswer(
    c,
    401,
    lookup.expired ? "token_expired" : "unauthorized",
    FIELD[lookup.via],
    lookup.expired ? "The access token has expired: refresh it at /token." : "Your session has ended. Please sign in again.",
    "clearcookie",
  );
}
