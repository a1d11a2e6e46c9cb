/**
 * A devotee arriving at a release's waiting room (GET /:lang?/t/:slug/wait), answered before
 * React Router while they wait (workers/waiting-room.ts): by the site's link with their signed
 * `sn_who`, one call to the room alone; else their session (KV, and their customer in D1) and
 * one entry into the room; then the page as a string (waiting-arrival-page.server.ts);
 * on their turn, the pass and the redirect to the booking form (as the route's loader gives them).
 * Anything else is React Router's: signed out (to sign in), no room open (back to the site,
 * saying when), a toast to show.
 */
import { statusTicket } from "~/domain/bookings/seats/release-pass.server";
import { indiaDateTime } from "~/lib/india-time";
import { plural } from "~/lib/i18n";
import { redirectWithToast } from "~/lib/toast.server";
import { m } from "~/paraglide/messages";
import { passCookie } from "./release-pass.server";
import { refreshSeconds, stillWaiting } from "~/domain/bookings/seats/waiting-room";
import { type WaitingRoomRule, waitingRoomOf, waitingRoomRulesQuery } from "~/domain/bookings/seats/releases.server";
import { arriveByLink, enterFoundRoom } from "~/domain/bookings/seats/waiting-room-visits.server";
import type { RoomConfig, RoomView } from "~/domain/bookings/seats/waiting-room";
import { readEnv } from "~/lib/env.server";
import type { Locale } from "~/lib/i18n";
import { createNonce } from "~/lib/security-headers.server";
import { readCookie, readWho, whoCookie } from "~/lib/session.server";
import { TOAST_COOKIE } from "~/lib/toast.server";
import { openRequestState } from "./request-state.server";
import { waitingArrivalPage } from "./waiting-arrival-page.server";

/** The least seconds before the page asks again without JavaScript (the route's REFRESH_SECONDS). */
const PAGE_SECONDS = 5;
/** The least seconds before the page's script asks the status (the status's own floor, workers/waiting-room.ts). */
const LIVE_SECONDS = 3;

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

type Entered = Awaited<ReturnType<typeof enterFoundRoom>>;
const NO_STORE = { "Cache-Control": "private, no-store" };

/** The site's booking form for the room's puja (its first when the release is the temple's), in the devotee's language. */
export const bookingFormOf = (entered: Pick<Entered, "temple" | "rule">) =>
  `/t/${encodeURIComponent(entered.temple.slug)}${entered.rule.templePujaId ? `?puja=${entered.rule.templePujaId}` : ""}#book-puja`;

/**
 * The devotee's turn: their pass in a cookie and on to the booking form, saying until when it
 * lets them book (or, its one checkout made, that it is spent). Call inside their language.
 */
export function turnRedirect(entered: Entered, pass: NonNullable<Entered["pass"]>, url: URL, secret: string) {
  const cookie = passCookie(pass.token, url, pass.expires);
  const minutes = Math.max(1, Math.round((pass.expires - Date.now()) / 60_000));
  const toast = pass.spent
    ? { type: "info" as const, message: m.bookings_release_pass_used({ time: indiaDateTime(entered.config.rushEnds).time }) }
    : { type: "success" as const, message: plural(minutes, m.bookings_wait_your_turn_one, m.bookings_wait_your_turn_other)({ minutes }) };
  return redirectWithToast(bookingFormOf(entered), secret, toast, { headers: { "Set-Cookie": cookie, ...NO_STORE } });
}

/**
 * The arrival's page and its script's nonce (and a cookie to set), or on the devotee's turn the
 * redirect with their pass; null when React Router answers (call inside the devotee's language).
 * By the temple site's link (it names the release and the opening) with a signed `sn_who`, the
 * room answers alone (`arrivalByLink`); else, or when the room cannot, the session and the
 * release are read (KV and one D1 batch) and the devotee is given `sn_who` for next time.
 */
export async function waitingArrival(request: Request, env: Env, slug: string, locale: Locale) {
  if (readCookie(request.headers.get("cookie"), TOAST_COOKIE)) return null;
  const url = new URL(request.url);
  const byLink = await arrivalByLink(request, env, url, slug, locale);
  if (byLink) return byLink;
  const { state } = openRequestState(env, request);
  const releaseId = Number(url.searchParams.get("release")) || null;
  // The room's release is read in the session's own D1 batch (beside its customer): one D1 call for the arrival.
  const rules = state.alongsideSession((db) => [waitingRoomRulesQuery(db, slug, releaseId)]);
  const session = await state.session();
  if (!session) return null;
  const now = Date.now();
  const found = waitingRoomOf(((await rules)?.[0] ?? []) as WaitingRoomRule[], now);
  if (!found) return null;
  const secret = state.env.config.SESSION_SECRET;
  const customerId = session.customer.id;
  const entered = await enterFoundRoom(state.db, state.env.bindings.WAITING_ROOM, found, {
    customerId,
    sessionId: session.sessionId,
    secret,
    now,
  });
  if (entered.pass) return { turn: await turnRedirect(entered, entered.pass, url, secret) };
  const { view, temple } = entered;
  if (!stillWaiting(view)) return null;
  // Signed in before `sn_who` was given at sign-in: from now on this browser arrives by the link without a session read.
  const known = await readWho(secret, request);
  const setCookie = known?.customerId === customerId ? null : await whoCookie(secret, session.sessionId, customerId, url);
  const room = { temple: { slug: temple.slug, name: temple.displayName }, config: entered.config };
  return { ...(await arrivalPage(secret, locale, view, room, customerId)), setCookie };
}

type ShownRoom = { temple: { slug: string; name: string }; config: RoomConfig };

/** The waiting page of a devotee still waiting, as a string, with its script's nonce. */
async function arrivalPage(secret: string, locale: Locale, view: RoomView, room: ShownRoom, customerId: number) {
  const { temple, config } = room;
  const nonce = createNonce();
  const addresses = await roomStatusAddresses(
    secret,
    temple.slug,
    { releaseId: config.releaseId, opening: config.opening, customerId },
    locale,
  );
  const html = waitingArrivalPage({
    locale,
    nonce,
    temple,
    view,
    release: {
      admission: config.admission,
      admitPerMinute: config.admitPerMinute,
      passMinutes: config.passMinutes,
      opening: config.opening,
    },
    ...addresses,
    refresh: refreshSeconds(view, PAGE_SECONDS),
    // The script's first ask, as the status would pace it: 2,000 arrivals within seconds do not all come back 3 s later.
    after: refreshSeconds(view, LIVE_SECONDS),
  });
  return { html, nonce };
}

const ID = /^[1-9]\d{0,14}$/;

/**
 * The arrival in a burst: by the site's link, the devotee known by `sn_who` (an HMAC, no KV), the
 * room's settings and temple name its own (no D1): one Durable Object call. Only while they wait;
 * their turn, and anything the room cannot answer alone, goes the way that reads the session.
 */
async function arrivalByLink(request: Request, env: Env, url: URL, slug: string, locale: Locale) {
  const [release, opening] = [url.searchParams.get("release") ?? "", url.searchParams.get("opening") ?? ""];
  if (!ID.test(release) || !ID.test(opening)) return null;
  const { config, bindings } = readEnv(env);
  const who = await readWho(config.SESSION_SECRET, request);
  if (!who) return null;
  const room = { releaseId: Number(release), opening: Number(opening) };
  const arrived = await arriveByLink(bindings.WAITING_ROOM, room, slug, who.customerId);
  if (!arrived || !stillWaiting(arrived.view)) return null;
  const shown = { temple: arrived.temple, config: arrived.config };
  return { ...(await arrivalPage(config.SESSION_SECRET, locale, arrived.view, shown, who.customerId)), setCookie: null };
}
