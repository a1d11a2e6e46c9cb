/**
 * The waiting room's page without JavaScript, as its status answers it (workers/waiting-room.ts):
 * a few lines of HTML in the devotee's language with their place, asking again by itself
 * (`Refresh`) when the room says. No React, no session, no D1: a browser waiting without
 * JavaScript costs the room what a script's poll costs. The full page (React, the devotee's
 * header) is drawn once on arrival and once on the turn, when its loader gives the pass.
 */
import type { RoomView } from "~/domain/bookings/seats/waiting-room";
import { formatCount } from "~/domain/text";
import { indiaDateTime } from "~/lib/india-time";
import { type Locale, plural } from "~/lib/i18n";
import { m } from "~/paraglide/messages";

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

function estimate(seconds: number | null): string[] {
  if (seconds === null) return [];
  const minutes = Math.ceil(seconds / 60);
  if (minutes <= 1) return [m.bookings_wait_estimate_soon()];
  return [plural(minutes, m.bookings_wait_estimate_one, m.bookings_wait_estimate_other)({ minutes: formatCount(minutes) })];
}

/** What the page says for a view that still waits (the others go to the full page). */
export function waitingLines(view: RoomView): string[] {
  switch (view.state) {
    case "lobby":
      if (view.place === null)
        return [m.bookings_wait_registered(), m.bookings_wait_registered_count({ count: formatCount(view.registered) })];
      return [m.bookings_wait_place({ place: formatCount(view.place) }), ...estimate(view.estimateSeconds)];
    case "waiting":
      return [
        m.bookings_wait_place({ place: formatCount(view.place) }),
        m.bookings_wait_ahead({ count: formatCount(view.ahead) }),
        ...estimate(view.estimateSeconds),
      ];
    case "full":
      return [m.bookings_wait_place({ place: formatCount(view.place) }), m.bookings_wait_full({ time: indiaDateTime(view.until).time })];
    case "expired":
      return [m.bookings_wait_expired({ time: indiaDateTime(view.rushEnds).time })];
    default:
      return [];
  }
}

/** The page (call inside the devotee's language): its lines, asking again after `refresh` seconds, a link back to the full page. */
export function waitingStatusPage(view: RoomView, refresh: number, locale: Locale, fullPage: string): string {
  const lines = waitingLines(view);
  const [first, ...rest] = lines;
  const title = escapeHtml(m.bookings_wait_title());
  const refreshes = plural(refresh, m.bookings_wait_refreshes_one, m.bookings_wait_refreshes_other);
  const status = [
    first ? `<p class="waiting-room__place">${escapeHtml(first)}</p>` : "",
    ...rest.map((line) => `<p>${escapeHtml(line)}</p>`),
  ];
  return `<!doctype html>
<html lang="${locale}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="refresh" content="${refresh}"><meta name="robots" content="noindex"><title>${title}</title></head>
<body><main class="page page--narrow waiting-room" aria-labelledby="wait-title"><h1 id="wait-title">${title}</h1>
<section class="waiting-room__status" aria-live="polite">${status.join("")}</section>
<p class="field-hint">${escapeHtml(refreshes({ seconds: refresh }))}</p>
<p><a href="${escapeHtml(fullPage)}">${escapeHtml(m.bookings_wait_title())}</a></p></main></body></html>`;
}
