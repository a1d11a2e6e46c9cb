/**
 * D1 read replication through the Sessions API. With replication on (a database setting,
 * see README), D1 answers reads from a replica near the Worker; a session keeps one
 * request's queries sequentially consistent, and a bookmark carried between requests keeps
 * a devotee reading their own writes:
 *
 * - a read (GET) starts where the devotee's last write left off (the bookmark cookie), or on
 *   any replica ("first-unconstrained") when they have written nothing lately;
 * - a write (any other method) starts on the primary unless a bookmark says where, and its
 *   answer carries the new bookmark for the next requests.
 *
 * - the temple desk's and the operator console's pages read from the primary: they show what
 *   housekeeping, webhooks and other staff have just written (a reconciliation run, a payment,
 *   a refund), which a replica may not have yet, and they are few next to devotees' reads.
 *
 * The cookie is only ever set on writes, never on a GET, so cached public pages stay
 * shareable; its name does not start with "sn_", so it does not make a page personal.
 * Without replication the same calls work and every bookmark points at the primary.
 */
import { cookieAttributes, readCookie, withSetCookie } from "./session.server";
import { stripLocale } from "./i18n";

export const D1_BOOKMARK_COOKIE = "d1_bookmark";
/** Replicas catch up within seconds: a bookmark older than this no longer matters. */
const BOOKMARK_SECONDS = 300;
/** D1 bookmarks are hex groups separated by dashes. */
const BOOKMARK_PATTERN = /^[0-9a-f]{1,64}(-[0-9a-f]{1,64}){1,7}$/i;

const writes = (request: Request) => request.method !== "GET" && request.method !== "HEAD";
const STAFF_PAGES = /^\/(desk|operator)(\/|$)/;

/** Where a request without a bookmark starts: the primary for a write or a staff page, else any replica. */
export function sessionStart(request: Request): "first-primary" | "first-unconstrained" {
  if (writes(request)) return "first-primary";
  return STAFF_PAGES.test(stripLocale(new URL(request.url).pathname)) ? "first-primary" : "first-unconstrained";
}

/** This request's D1 session and the bookmark it started from. */
export function openD1Session(database: D1Database, request: Request) {
  const value = readCookie(request.headers.get("cookie"), D1_BOOKMARK_COOKIE);
  const bookmark = value && BOOKMARK_PATTERN.test(value) ? value : null;
  const session = database.withSession(bookmark ?? sessionStart(request));
  return { session, bookmark };
}

/** After a write: the answer carries the session's latest bookmark (when it moved on). */
export function withBookmark(request: Request, response: Response, opened: ReturnType<typeof openD1Session>): Response {
  if (!writes(request)) return response;
  const latest = opened.session.getBookmark();
  if (!latest || latest === opened.bookmark || !BOOKMARK_PATTERN.test(latest)) return response;
  return withSetCookie(response, `${D1_BOOKMARK_COOKIE}=${latest}; ${cookieAttributes(new URL(request.url), BOOKMARK_SECONDS)}`);
}
