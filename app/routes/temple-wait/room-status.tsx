/** What the waiting room shows a devotee, and its live updates when JavaScript runs. */
import { useEffect, useState } from "react";
import { type RoomView, stillWaiting } from "~/domain/bookings/seats/waiting-room";
import { formatCount, longDate } from "~/domain/text";
import { indiaDateTime } from "~/lib/india-time";
import { plural } from "~/lib/i18n";
import { m } from "~/paraglide/messages";

type Release = { admission: "queue" | "draw"; admitPerMinute: number; passMinutes: number; opening: number };

/**
 * The room as the page was drawn, then as the status answer says, asked again when it says
 * (`retryAfter`: soon near the front, rarely far back; never before `seconds`). On the devotee's
 * turn (or when the room has nothing more to say) the page is loaded again: its loader gives
 * the pass and goes on to the booking form.
 */
export function useLiveRoom(initial: RoomView, statusUrl: string, seconds: number): RoomView {
  const [view, setView] = useState(initial);
  useEffect(() => setView(initial), [initial]);
  useEffect(() => {
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const ask = async () => {
      let next: (RoomView & { retryAfter?: number }) | null = null;
      try {
        const response = await fetch(statusUrl, { headers: { Accept: "application/json" } });
        next = response.ok ? ((await response.json()) as RoomView & { retryAfter?: number }) : null;
      } catch {
        // A moment offline: the next ask tries again.
      }
      if (stopped) return;
      if (next && !stillWaiting(next)) {
        window.location.reload();
        return;
      }
      if (next) setView(next);
      timer = setTimeout(ask, Math.max(seconds, next?.retryAfter ?? seconds) * 1000);
    };
    timer = setTimeout(ask, seconds * 1000);
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [statusUrl, seconds]);
  return view;
}

function Estimate({ seconds }: { seconds: number | null }) {
  if (seconds === null) return null;
  const minutes = Math.ceil(seconds / 60);
  return (
    <p>
      {minutes <= 1
        ? m.bookings_wait_estimate_soon()
        : plural(minutes, m.bookings_wait_estimate_one, m.bookings_wait_estimate_other)({ minutes: formatCount(minutes) })}
    </p>
  );
}

export function RoomStatus({ view, release }: { view: RoomView; release: Release }) {
  const opens = indiaDateTime(release.opening);
  const when = { date: longDate(opens.day), time: opens.time };
  return (
    <section className="waiting-room__status" aria-live="polite" aria-labelledby="wait-status-title">
      <h2 id="wait-status-title" className="visually-hidden">
        {m.bookings_wait_status()}
      </h2>
      {view.state === "lobby" && view.admission === "draw" ? (
        <>
          <p className="waiting-room__place">{m.bookings_wait_registered()}</p>
          <p>{m.bookings_wait_draw_at(when)}</p>
          <p>{m.bookings_wait_registered_count({ count: formatCount(view.registered) })}</p>
        </>
      ) : null}
      {view.state === "lobby" && view.place !== null ? (
        <>
          <p>{m.bookings_wait_opens_at({ ...when, rate: formatCount(release.admitPerMinute) })}</p>
          <p className="waiting-room__place">{m.bookings_wait_place({ place: formatCount(view.place) })}</p>
          <Estimate seconds={view.estimateSeconds} />
        </>
      ) : null}
      {view.state === "waiting" ? (
        <>
          <p className="waiting-room__place">{m.bookings_wait_place({ place: formatCount(view.place) })}</p>
          <p>{m.bookings_wait_ahead({ count: formatCount(view.ahead) })}</p>
          <Estimate seconds={view.estimateSeconds} />
        </>
      ) : null}
      {view.state === "admitted" || view.state === "over" ? <p className="waiting-room__place">{m.bookings_wait_moving_on()}</p> : null}
      {view.state === "full" ? (
        <>
          <p className="waiting-room__place">{m.bookings_wait_place({ place: formatCount(view.place) })}</p>
          <p>{m.bookings_wait_full({ time: indiaDateTime(view.until).time })}</p>
        </>
      ) : null}
      {view.state === "expired" ? <p>{m.bookings_wait_expired({ time: indiaDateTime(view.rushEnds).time })}</p> : null}
    </section>
  );
}
