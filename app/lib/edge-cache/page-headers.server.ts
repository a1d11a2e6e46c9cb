/**
 * What a route says about caching its page (the loader's `publicCacheHeaders` or
 * `sharedPageHeaders`, the route's `headers: cacheControlHeaders`), and which requests are
 * personal. The edge cache (index.server.ts) stores only what these headers allow.
 */
import type { HeadersFunction } from "react-router";

export const PUBLIC_PAGE_SECONDS = 300;

/**
 * The one cookie of ours a composer may keep beside the session (what it read, to spare the
 * next pages the reads): it only counts beside that session, so alone it makes nothing personal.
 */
export const COMPOSER_COOKIE = "sn_view";

/**
 * The waiting room's word for whose a session is (`WHO_COOKIE`, app/lib/session.server.ts): it
 * verifies only beside its session and shows nothing, so like the composer's it makes nothing personal.
 */
const SESSION_WORD_COOKIE = "sn_who";

/**
 * Our own cookies (sn_session, sn_toast, the sign-up flow and start-up flags) make a
 * page personal; a start-up flag already reset to "false" does not, nor do the composer's
 * cookie and the waiting room's, which only count beside a session.
 */
export function hasPersonalCookie(request: Request): boolean {
  return personalCookieNames(request).length > 0;
}

/** The names of the cookies that make a page personal (see `hasPersonalCookie`). */
export function personalCookieNames(request: Request): string[] {
  const cookie = request.headers.get("cookie");
  if (!cookie) return [];
  return cookie
    .split(";")
    .map((part) => part.split("=").map((s) => s.trim()))
    .filter(
      ([name = "", value = ""]) => name.startsWith("sn_") && name !== COMPOSER_COOKIE && name !== SESSION_WORD_COOKIE && value !== "false",
    )
    .map(([name = ""]) => name);
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
 * Marks a stored page a signed-in request may be composed from: the Worker's own note between a
 * page's render and the cache, taken off every answer. Its value is `HEADER_ONLY` when only the
 * header is personal, else the name of the page's own part, which the composer draws.
 */
export const SHARED_COPY_HEADER = "X-Sannidhi-Shared-Copy";
export const HEADER_ONLY = "1";

/**
 * Cache-Control for a public page whose cached copy may also be composed for a signed-in
 * request (app/compose): a page whose loaders read nothing of the visitor, or one whose personal
 * side is all in its `part` (an element marked with the part's name, which the composer draws
 * for each request). Any other page that shows something personal uses `publicCacheHeaders` alone.
 */
export function sharedPageHeaders(request: Request, seconds = PUBLIC_PAGE_SECONDS, part = HEADER_ONLY): HeadersInit {
  // A personal render (never stored) carries the note too: the edge cache then composes the next one.
  return { ...publicCacheHeaders(request, seconds), [SHARED_COPY_HEADER]: part };
}

/** A route's `headers`: pass on the Cache-Control its loader chose (and whether its copy may be composed). */
export const cacheControlHeaders: HeadersFunction = ({ loaderHeaders }) => {
  const headers = new Headers();
  for (const name of ["Cache-Control", SHARED_COPY_HEADER]) {
    const value = loaderHeaders.get(name);
    if (value) headers.set(name, value);
  }
  return headers;
};
