/**
 * A devotee arriving at a release's waiting room (GET /:lang?/t/:slug/wait), answered before
 * React Router while they wait (workers/waiting-room.ts): their session (KV, and their customer
 * in D1), one entry into the room, and the page as a string (waiting-arrival-page.server.ts).
 * Anything else is React Router's: signed out (to sign in), no room open (back to the site,
 * saying when), a toast to show, and the devotee's turn, whose loader gives the pass.
 */
import { statusTicket } from "~/domain/bookings/seats/release-pass.server";
import { refreshSeconds, stillWaiting } from "~/domain/bookings/seats/waiting-room";
import { enterWaitingRoom } from "~/domain/bookings/seats/waiting-room-visits.server";
import type { Locale } from "~/lib/i18n";
import { createNonce } from "~/lib/security-headers.server";
import { readCookie } from "~/lib/session.server";
import { TOAST_COOKIE } from "~/lib/toast.server";
import { openRequestState } from "./request-state.server";
import { waitingArrivalPage } from "./waiting-arrival-page.server";

/** The least seconds before the page asks again without JavaScript (the route's REFRESH_SECONDS). */
const PAGE_SECONDS = 5;

type Room = { releaseId: number; opening: number; customerId: number };

/** The room's status for one devotee (JSON for the page's script) and its own page without JavaScript, in `locale`. */
export async function roomStatusAddresses(secret: string, slug: string, room: Room, locale: Locale) {
  const status = `/t/${encodeURIComponent(slug)}/wait/status?${new URLSearchParams({
    release: String(room.releaseId),
    opening: String(room.opening),
    customer: String(room.customerId),
    ticket: await statusTicket(secret, room),
  })}`;
  return { status, statusPage: `${status}&${new URLSearchParams({ view: "html", lang: locale })}` };
}

/** The arrival's page and its script's nonce, or null when React Router answers (call inside the devotee's language). */
export async function waitingArrival(request: Request, env: Env, slug: string, locale: Locale) {
  if (readCookie(request.headers.get("cookie"), TOAST_COOKIE)) return null;
  const { state } = openRequestState(env, request);
  const session = await state.session();
  if (!session) return null;
  const releaseId = Number(new URL(request.url).searchParams.get("release")) || null;
  const secret = state.env.config.SESSION_SECRET;
  const customerId = session.customer.id;
  const entered = await enterWaitingRoom(state.db, state.env.bindings.WAITING_ROOM, slug, releaseId, {
    customerId,
    sessionId: session.sessionId,
    secret,
  });
  if (!entered || entered.pass) return null;
  const { view, rule, opening, temple } = entered;
  if (!stillWaiting(view)) return null;
  const nonce = createNonce();
  const addresses = await roomStatusAddresses(secret, temple.slug, { releaseId: rule.id, opening, customerId }, locale);
  const html = waitingArrivalPage({
    locale,
    nonce,
    temple: { slug: temple.slug, name: temple.displayName },
    view,
    release: { admission: rule.admission, admitPerMinute: rule.admitPerMinute, passMinutes: rule.passMinutes, opening },
    ...addresses,
    refresh: refreshSeconds(view, PAGE_SECONDS),
  });
  return { html, nonce };
}
