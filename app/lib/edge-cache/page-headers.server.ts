/**
 * What a route says about caching its page (the loader's `publicCacheHeaders` or
 * `sharedPageHeaders`, the route's `headers: cacheControlHeaders`), and which requests are
 * personal. The edge cache (index.server.ts) stores only what these headers allow.
 */
import type { HeadersFunction } from "react-router";
import { SESSION_COOKIE } from "../session.server";
import { TOAST_COOKIE } from "../toast.server";
import { DEVOTEE_VIEW_COOKIE } from "./devotee-view.server";

export const PUBLIC_PAGE_SECONDS = 300;

/**
 * Our own cookies (sn_session, sn_toast, the sign-up flow and start-up flags) make a
 * page personal; a start-up flag already reset to "false" does not, nor does the devotee's
 * view cookie, which only counts beside their session (devotee-view.server.ts).
 */
export function hasPersonalCookie(request: Request): boolean {
  return personalCookieNames(request).length > 0;
}

/** The names of the cookies that make a page personal (see `hasPersonalCookie`). */
function personalCookieNames(request: Request): string[] {
  const cookie = request.headers.get("cookie");
  if (!cookie) return [];
  return cookie
    .split(";")
    .map((part) => part.split("=").map((s) => s.trim()))
    .filter(([name = "", value = ""]) => name.startsWith("sn_") && name !== DEVOTEE_VIEW_COOKIE && value !== "false")
    .map(([name = ""]) => name);
}

/**
 * A signed-in devotee and nothing else personal but, maybe, the toast a form post left them
 * ("… added to your booking list"): the session cookie is our only other cookie (no sign-up
 * flow, no start-up flag), so the page differs from the public one only where the header shows
 * who they are, and in the toast the site draws for them.
 */
export function composableForDevotee(request: Request): boolean {
  const ours = personalCookieNames(request);
  const sessions = ours.filter((name) => name === SESSION_COOKIE).length;
  const toasts = ours.filter((name) => name === TOAST_COOKIE).length;
  return sessions === 1 && toasts <= 1 && ours.length === sessions + toasts;
}

/** Cache-Control for a public page: shared caches keep it briefly, browsers revalidate. */
export function publicCacheHeaders(request: Request, seconds = PUBLIC_PAGE_SECONDS): HeadersInit {
  return {
    "Cache-Control": hasPersonalCookie(request)
      ? "private, no-store"
      : `public, max-age=0, s-maxage=${seconds}, stale-while-revalidate=${seconds}`,
  };
}

/**
 * Marks a stored page devotees share: the Worker's own note between a page's render and the
 * cache, taken off every answer. Its value is `HEADER_ONLY` when only the header is personal,
 * else the name of the page's own devotee parts, which the site draws for each devotee.
 */
export const SAME_FOR_DEVOTEES_HEADER = "X-Sannidhi-Same-For-Devotees";
export const HEADER_ONLY = "1";

/**
 * Cache-Control for a public page whose cached copy may also be shown to a signed-in devotee,
 * under the devotee's own header: a page whose loaders read nothing of the visitor, or one
 * whose personal side is all in its `part` (elements marked `data-devotee-part`, which the
 * site draws for each devotee; see devotee-pages.server.ts). Any other page that shows
 * something of the devotee uses `publicCacheHeaders` alone.
 */
export function sharedPageHeaders(request: Request, seconds = PUBLIC_PAGE_SECONDS, part = HEADER_ONLY): HeadersInit {
  // A personal render (never stored) carries the note too: the edge cache then composes the next one.
  return { ...publicCacheHeaders(request, seconds), [SAME_FOR_DEVOTEES_HEADER]: part };
}

/** A route's `headers`: pass on the Cache-Control its loader chose (and whether devotees share the page). */
export const cacheControlHeaders: HeadersFunction = ({ loaderHeaders }) => {
  const headers = new Headers();
  for (const name of ["Cache-Control", SAME_FOR_DEVOTEES_HEADER]) {
    const value = loaderHeaders.get(name);
    if (value) headers.set(name, value);
  }
  return headers;
};
