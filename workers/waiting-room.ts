/**
 * The waiting page's live status, answered by the room before React Router and without a
 * session: the page hands the browser a ticket signed for the devotee and the room
 * (release-pass.server.ts), so a poll costs an HMAC and one call to the room, not a KV and a D1
 * read, and never a React render. JSON for the page's script (`retryAfter`: when to ask again,
 * later the further back the place); `view=html` is the page without JavaScript (a few lines in
 * the devotee's language, `Refresh`). It issues nothing: on the devotee's turn the full page is
 * asked again (the HTML answer sends the browser there), and its loader gives the pass.
 *   GET /t/:slug/wait/status?release=&opening=&customer=&ticket=[&view=html&lang=]
 */
import { Hono } from "hono";
import { ticketHolds } from "~/domain/bookings/seats/release-pass.server";
import { refreshSeconds, stillWaiting } from "~/domain/bookings/seats/waiting-room";
import { lookInWaitingRoom } from "~/domain/bookings/seats/waiting-room-visits.server";
import { readEnv } from "~/lib/env.server";
import { baseLocale, isLocale, locales, localizePath } from "~/lib/i18n";
import { requestLocale, withLocale } from "~/lib/locale.server";
import { documentContentSecurityPolicy } from "~/lib/security-headers.server";
import { waitingArrival } from "~/web/waiting-arrival.server";
import { waitingStatusPage } from "~/web/waiting-status-page.server";

export const waitingRoom = new Hono<{ Bindings: Env }>();

/** Says who answered (tests and the bench read it): the room, not a page render. */
export const ANSWERED_BY = { "X-Answered-By": "waiting-room" };
const NO_STORE = { "Cache-Control": "private, no-store", ...ANSWERED_BY };
/** The least seconds between two asks: a script's, and a page's without one. */
const LIVE_SECONDS = 3;
const PAGE_SECONDS = 5;
const positive = (value: string | undefined) => {
  const n = Number(value);
  return Number.isSafeInteger(n) && n > 0 ? n : null;
};

waitingRoom.get("/t/:slug/wait/status", async (c) => {
  const [releaseId, opening, customerId] = [
    positive(c.req.query("release")),
    positive(c.req.query("opening")),
    positive(c.req.query("customer")),
  ];
  const ticket = c.req.query("ticket") ?? "";
  if (!releaseId || !opening || !customerId || ticket.length > 64) return c.json({ state: "absent" }, 400, NO_STORE);
  const { config, bindings } = readEnv(c.env);
  const room = { releaseId, opening, customerId };
  if (!(await ticketHolds(config.SESSION_SECRET, room, ticket))) return c.json({ state: "absent" }, 403, NO_STORE);
  const view = await lookInWaitingRoom(bindings.WAITING_ROOM, releaseId, opening, customerId);
  if (c.req.query("view") !== "html") {
    const retryAfter = refreshSeconds(view, LIVE_SECONDS);
    return c.json({ ...view, retryAfter, refresh: retryAfter }, 200, { ...NO_STORE, "Retry-After": String(retryAfter) });
  }
  const lang = c.req.query("lang") ?? "";
  const locale = isLocale(lang) ? lang : baseLocale;
  const fullPage = `${localizePath(`/t/${encodeURIComponent(c.req.param("slug"))}/wait`, locale)}?release=${releaseId}`;
  // The turn (or nothing more to wait for): the full page, whose loader gives the pass or sends the devotee on.
  if (!stillWaiting(view)) return c.redirect(fullPage, 303);
  const refresh = refreshSeconds(view, PAGE_SECONDS);
  const page = withLocale(locale, () => waitingStatusPage(view, refresh, locale, fullPage));
  return c.html(page, 200, { ...NO_STORE, Refresh: String(refresh), "Content-Language": locale });
});

/**
 * The waiting page itself as a devotee arrives (or comes back) while they wait: composed from the
 * room's answer without React (app/web/waiting-arrival.server.ts). Anything else (signed out, no
 * room, their turn, a toast, an address to move into the chosen language) goes on to the pages.
 */
/**
 * The arrival's addresses: the base language's and one per language prefix, each spelled out (a
 * `/:lang/…` parameter would make Hono route every request of the Worker through its slower trie
 * router, as its RegExp router cannot order such a path before `/t/:slug/wait/status`).
 */
const ARRIVALS = ["/t/:slug/wait", ...locales.map((lang) => `/${lang}/t/:slug/wait`)];

waitingRoom.on(["GET", "HEAD"], ARRIVALS, async (c, next) => {
  const { locale, redirectTo } = requestLocale(c.req.raw);
  const prefix = new URL(c.req.url).pathname.split("/")[1];
  const lang = prefix === "t" ? undefined : prefix;
  const slug = c.req.param("slug");
  const arrival =
    !slug || redirectTo || (lang !== undefined && (lang === baseLocale || lang !== locale))
      ? null
      : await withLocale(locale, () => waitingArrival(c.req.raw, c.env, slug, locale));
  if (!arrival) return next();
  if (arrival.turn) {
    arrival.turn.headers.set("X-Answered-By", ANSWERED_BY["X-Answered-By"]);
    return arrival.turn;
  }
  const headers = {
    ...NO_STORE,
    "Content-Language": locale,
    "Content-Security-Policy": documentContentSecurityPolicy(arrival.nonce, new URL(c.req.url), import.meta.env.DEV),
  };
  return c.html(arrival.html, 200, arrival.setCookie ? { ...headers, "Set-Cookie": arrival.setCookie } : headers);
});
