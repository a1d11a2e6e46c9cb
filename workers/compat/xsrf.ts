/**
 * The spec's XSRF double-submit (section 6): /GenerateSessionID and /token set a
 * script-readable XSRF-TOKEN cookie; browser clients copy it into an X-XSRF-TOKEN
 * header on non-GET calls. A state-changing call that carries the portal session
 * cookie (ambient authority a cross-site page could ride on) must carry that header,
 * equal to the cookie and minted by us. Calls authenticated by a bearer token or a
 * session id in the payload carry nothing a forged request could borrow.
 */
import type { Context } from "hono";
import { hmacSha256, randomToken, timingSafeEqualText } from "~/lib/crypto.server";
import { cookieIsSecure, readCookie, SESSION_COOKIE, SESSION_TTL_SECONDS } from "~/lib/session.server";
import { errorAnswer } from "./http";

export const XSRF_COOKIE = "XSRF-TOKEN";
export const XSRF_HEADER = "X-XSRF-TOKEN";
const TOKEN_PATTERN = /^([A-Za-z0-9_-]{32})\.([A-Za-z0-9_-]{43})$/;

function signature(secret: string, nonce: string) {
  return hmacSha256(secret, `xsrf:${nonce}`);
}

export async function mintXsrfToken(secret: string): Promise<string> {
  const nonce = randomToken(24);
  return `${nonce}.${await signature(secret, nonce)}`;
}

export async function isOurXsrfToken(secret: string, token: string | null | undefined): Promise<boolean> {
  const match = token ? TOKEN_PATTERN.exec(token) : null;
  if (!match) return false;
  return timingSafeEqualText(await signature(secret, match[1]!), match[2]!);
}

/** Set-Cookie for the XSRF token: readable by scripts (that is the point), SameSite=Lax. */
export function xsrfCookie(token: string, url: URL): string {
  return [`${XSRF_COOKIE}=${token}`, "Path=/", `Max-Age=${SESSION_TTL_SECONDS}`, "SameSite=Lax", cookieIsSecure(url) ? "Secure" : ""]
    .filter(Boolean)
    .join("; ");
}

/** Keeps a valid XSRF cookie the request already has, else mints one; returns the Set-Cookie or null. */
export async function ensureXsrfCookie(c: Context, secret: string): Promise<string | null> {
  const current = readCookie(c.req.header("cookie") ?? null, XSRF_COOKIE);
  if (await isOurXsrfToken(secret, current)) return null;
  return xsrfCookie(await mintXsrfToken(secret), new URL(c.req.url));
}

/** Null when the call may go ahead; else the 403 to send. */
export async function checkXsrf(c: Context, secret: string): Promise<Response | null> {
  const cookies = c.req.header("cookie") ?? null;
  if (!readCookie(cookies, SESSION_COOKIE)) return null;
  const cookie = readCookie(cookies, XSRF_COOKIE);
  const header = c.req.header(XSRF_HEADER) ?? null;
  if (cookie && header && timingSafeEqualText(cookie, header) && (await isOurXsrfToken(secret, header))) return null;
  return errorAnswer(c, 403, "xsrf", XSRF_HEADER, "This call needs the X-XSRF-TOKEN header matching the XSRF-TOKEN cookie.");
}
