/**
 * The devotee's view cookie: what a cached public page shows of the devotee signed in (their
 * header and a temple site's booking forms: first name, cart count, role, saved addresses,
 * favourites), sealed (AES-GCM, a key derived from SESSION_SECRET) under their session id, for
 * DEVOTEE_VIEW_SECONDS. The next pages are composed from it without reading KV or
 * D1 again (page.server.ts): in a rush, a devotee refreshing a temple site costs the
 * shared reads only (the site, its seats), not a session read and a D1 batch each.
 *
 * - It is a cache of display data, never a credential: every state change (any method but GET
 *   and HEAD) reads the session from KV and its customer from D1 as before, and its answer
 *   clears the cookie, so the devotee's own changes (cart, addresses, favourites, profile,
 *   sign-out) show on the very next page.
 * - It is sealed with the session id as associated data: next to another session's cookie (a
 *   different devotee signed in on the same browser) it does not open. A changed, cut or
 *   expired cookie does not open either; the page then reads as before and seals a new one.
 * - What changed elsewhere (another device, a staff role, a payment booked by the gateway's
 *   webhook alone) shows within DEVOTEE_VIEW_SECONDS.
 * - A devotee whose view would not fit a cookie (many addresses) gets none: their pages read
 *   each time.
 */
import { fromBase64Url, randomBytes, toBase64Url } from "~/lib/crypto.server";
import { COMPOSER_COOKIE } from "~/lib/edge-cache/page-headers.server";
import { Memo } from "~/lib/memo.server";
import { cookieAttributes, readCookie, withSetCookie } from "~/lib/session.server";

/** The edge cache's one cookie for a composer: it never makes a page personal on its own. */
export const DEVOTEE_VIEW_COOKIE = COMPOSER_COOKIE;
/** How long a sealed view is used before the page reads the devotee again. */
export const DEVOTEE_VIEW_SECONDS = 60;
/** A browser keeps about 4 KB a cookie: a bigger view is not sealed. */
const MAX_COOKIE_CHARS = 3600;
/** Raised when the view's shape changes (2: the unseen messages count; 3: the saved people), so an older cookie is read anew. */
const FORMAT = 3;

const encoder = new TextEncoder();
const keys = new Memo<CryptoKey>({ max: 16 });

/** The sealing key, derived from the session secret (HKDF-SHA-256) once per isolate. */
function sealingKey(secret: string): Promise<CryptoKey> {
  // For the isolate's life: the key is derived from the secret alone (a new secret is a new key).
  return keys.get({ key: secret, ttlMs: Number.POSITIVE_INFINITY }, () =>
    crypto.subtle
      .importKey("raw", encoder.encode(secret), "HKDF", false, ["deriveKey"])
      .then((base) =>
        crypto.subtle.deriveKey(
          { name: "HKDF", hash: "SHA-256", salt: encoder.encode("sannidhi"), info: encoder.encode("devotee view cookie v1") },
          base,
          { name: "AES-GCM", length: 256 },
          false,
          ["encrypt", "decrypt"],
        ),
      ),
  );
}

/**
 * The view (what the site shows of the devotee: devotee.server.tsx says what) sealed
 * under `sessionId` until `now` + DEVOTEE_VIEW_SECONDS, or null when it would not fit a cookie. */
export async function sealDevoteeView<View>(secret: string, sessionId: string, view: View, now = Date.now()): Promise<string | null> {
  const plain = encoder.encode(JSON.stringify({ v: FORMAT, e: now + DEVOTEE_VIEW_SECONDS * 1000, d: view }));
  // Base64 grows by a third: anything near the limit is not sealed at all.
  if (((plain.length + 28) * 4) / 3 > MAX_COOKIE_CHARS) return null;
  const iv = randomBytes(12);
  const sealed = new Uint8Array(
    await crypto.subtle.encrypt({ name: "AES-GCM", iv, additionalData: encoder.encode(sessionId) }, await sealingKey(secret), plain),
  );
  const value = new Uint8Array(iv.length + sealed.length);
  value.set(iv);
  value.set(sealed, iv.length);
  return toBase64Url(value);
}

const COOKIE_VALUE = /^[A-Za-z0-9_-]{40,3600}$/;

/** The view sealed in the request's cookie for this session, or null (none, another session's, changed or expired). */
export async function openDevoteeView<View>(request: Request, secret: string, sessionId: string, now = Date.now()): Promise<View | null> {
  const value = readCookie(request.headers.get("cookie"), DEVOTEE_VIEW_COOKIE);
  if (!value || !COOKIE_VALUE.test(value)) return null;
  try {
    const bytes = fromBase64Url(value);
    const plain = await crypto.subtle.decrypt(
      { name: "AES-GCM", iv: bytes.subarray(0, 12), additionalData: encoder.encode(sessionId) },
      await sealingKey(secret),
      bytes.subarray(12),
    );
    const opened = JSON.parse(new TextDecoder().decode(plain)) as { v?: number; e?: number; d?: View };
    return opened.v === FORMAT && typeof opened.e === "number" && opened.e > now && opened.d ? opened.d : null;
  } catch {
    return null;
  }
}

/** After a write (any method but GET and HEAD): the answer drops the view, so what the devotee just changed shows on the next page. */
export function forgetDevoteeView(request: Request, response: Response): Response {
  if (readCookie(request.headers.get("cookie"), DEVOTEE_VIEW_COOKIE) === null) return response;
  return withSetCookie(response, clearedDevoteeViewCookie(new URL(request.url)));
}

/** The Set-Cookie line for a sealed view. */
export function devoteeViewCookie(value: string, url: URL): string {
  return `${DEVOTEE_VIEW_COOKIE}=${value}; ${cookieAttributes(url, DEVOTEE_VIEW_SECONDS)}`;
}

/** The Set-Cookie line that drops the view (after a write, the next page reads the devotee again). */
export function clearedDevoteeViewCookie(url: URL): string {
  return `${DEVOTEE_VIEW_COOKIE}=; ${cookieAttributes(url, 0)}`;
}
