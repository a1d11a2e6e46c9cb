/**
 * A release's waiting room at a temple (/t/:slug/wait): the devotee's place and an estimated
 * wait. While they wait, the Worker answers this address itself, without React (the same page
 * as a string: app/web/waiting-arrival.server.ts); this route draws it when that one steps aside
 * (a toast to show) and answers everything else: to sign in, back to the site, and on the
 * devotee's turn the pass (a cookie) and the booking form. Either page is refreshed without
 * JavaScript (a meta refresh inside <noscript> to the room's own small page) and live with it
 * (the room's JSON status), both answered by the room (workers/waiting-room.ts), every few
 * seconds near the front and less often further back. */
import { data, href } from "react-router";
import { GeneralErrorBoundary } from "~/components/layout/error-boundary";
import { Link } from "~/components/layout/localized";
import { nextWaitingRoom } from "~/domain/bookings/seats/release-turns.server";
import { longDate } from "~/domain/text";
import { indiaDateTime } from "~/lib/india-time";
import { refreshSeconds } from "~/domain/bookings/seats/waiting-room";
import { enterWaitingRoom } from "~/domain/bookings/seats/waiting-room-visits.server";
import { appEnv } from "~/lib/context.server";
import { dbFrom } from "~/lib/db.server";
import { pageMeta } from "~/lib/meta";
import { redirectWithToast } from "~/lib/toast.server";
import { currentLocale, plural } from "~/lib/i18n";
import { m } from "~/paraglide/messages";
import { requireCustomer } from "~/web/auth.server";
import { redirect } from "~/web/redirect.server";
import { bookingFormOf, roomStatusAddresses, turnRedirect } from "~/web/waiting-arrival.server";
import type { Route } from "./+types/route";
import { RoomStatus, useLiveRoom } from "./room-status";

/** The least time (seconds) before the page asks again, without JavaScript and with it (refreshSeconds: more further back). */
const REFRESH_SECONDS = 5;
const LIVE_SECONDS = 3;
const NO_STORE = { "Cache-Control": "private, no-store" };

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const session = await requireCustomer(context, request);
  const { bindings, config } = appEnv(context);
  const url = new URL(request.url);
  const releaseId = Number(url.searchParams.get("release")) || null;
  const site = href("/:lang?/t/:slug", { slug: params.slug });
  const entered = await enterWaitingRoom(dbFrom(context), bindings.WAITING_ROOM, params.slug, releaseId, {
    customerId: session.customer.id,
    sessionId: session.sessionId,
    secret: config.SESSION_SECRET,
  });
  if (!entered)
    throw await redirectWithToast(site, config.SESSION_SECRET, {
      type: "info",
      message: await notOpenYet(context, params.slug, releaseId),
    });
  const { view, rule, opening, temple, pass } = entered;
  if (view.state === "over") throw redirect(bookingFormOf(entered));
  if (pass) throw await turnRedirect(entered, pass, url, config.SESSION_SECRET);
  const room = { releaseId: rule.id, opening, customerId: session.customer.id };
  const { status, statusPage } = await roomStatusAddresses(config.SESSION_SECRET, params.slug, room, currentLocale());
  return data(
    {
      temple: { slug: temple.slug, name: temple.displayName },
      view,
      status,
      // Without JavaScript: the room's own page in the devotee's language, not this one again.
      statusPage,
      refresh: refreshSeconds(view, REFRESH_SECONDS),
      release: { admission: rule.admission, admitPerMinute: rule.admitPerMinute, passMinutes: rule.passMinutes, opening },
    },
    { headers: NO_STORE },
  );
}

/** Why a devotee is sent back: when the room opens next (India time, in their language), or that none is coming. */
async function notOpenYet(context: Route.LoaderArgs["context"], slug: string, releaseId: number | null): Promise<string> {
  const next = await nextWaitingRoom(dbFrom(context), slug, releaseId);
  if (!next) return m.bookings_wait_none();
  const lobby = indiaDateTime(next.lobbyOpens);
  return m.bookings_wait_opens_later({ date: longDate(lobby.day), time: lobby.time, opensAt: indiaDateTime(next.opening).time });
}

export const meta: Route.MetaFunction = ({ loaderData }) =>
  pageMeta(loaderData ? m.bookings_wait_meta_title({ temple: loaderData.temple.name }) : m.bookings_wait_title());

export const headers = () => NO_STORE;

export default function TempleWait({ loaderData }: Route.ComponentProps) {
  const { temple, release, refresh, statusPage } = loaderData;
  const view = useLiveRoom(loaderData.view, loaderData.status, LIVE_SECONDS);
  return (
    <article className="page page--narrow waiting-room" aria-labelledby="wait-title">
      {/* Without JavaScript the room's page asks again by itself; with it, the live updates do (JavaScript never reads this). */}
      <noscript
        dangerouslySetInnerHTML={{ __html: `<meta http-equiv="refresh" content="${refresh};url=${escapeAttribute(statusPage)}">` }}
      />
      <h1 id="wait-title">{m.bookings_wait_title()}</h1>
      <p className="waiting-room__temple">{temple.name}</p>
      <RoomStatus view={view} release={release} />
      <p>{plural(release.passMinutes, m.bookings_wait_next_one, m.bookings_wait_next_other)({ minutes: release.passMinutes })}</p>
      <p className="field-hint">{plural(refresh, m.bookings_wait_refreshes_one, m.bookings_wait_refreshes_other)({ seconds: refresh })}</p>
      <p>
        <Link to={href("/:lang?/t/:slug", { slug: temple.slug })}>{m.bookings_wait_back({ temple: temple.name })}</Link>
      </p>
    </article>
  );
}

const escapeAttribute = (text: string) => text.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;");

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
