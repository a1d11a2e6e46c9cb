import { href } from "react-router";
import type { ReleaseNotice } from "~/domain/bookings/seats/releases";
import type { PassTurn } from "~/domain/bookings/seats/release-turns.server";
import { longDate } from "~/domain/text";
import { indiaDateTime } from "~/lib/india-time";
import { plural } from "~/lib/i18n";
import { m } from "~/paraglide/messages";
import { Link } from "../layout/localized";

/** When a release's dates open, in words: "Bookings for 1 Jan 2027 – 31 Jan 2027 open on 1 Dec 2026 at 10:00 IST." */
function noticeText(notice: ReleaseNotice, now: number): string {
  const at = (instant: number) => {
    const { day, time } = indiaDateTime(instant);
    return { date: longDate(day), time };
  };
  if (notice.kind === "rolling") {
    const days = notice.daysAhead ?? 0;
    const time = at(notice.opens ?? notice.room?.opening ?? now).time;
    return plural(days, m.bookings_release_rolling_notice_one, m.bookings_release_rolling_notice_other)({ days, time });
  }
  const dates = { first: longDate(notice.firstDay ?? ""), last: longDate(notice.lastDay ?? "") };
  if (notice.room && notice.room.opening <= now) {
    return m.bookings_release_fixed_rush({ ...dates, time: at(notice.room.rushEnds).time });
  }
  return m.bookings_release_fixed_notice({ ...dates, ...at(notice.opens ?? notice.room?.opening ?? now) });
}

/**
 * The devotee's turn from this opening's room, in place of the way in: until when they may book,
 * or that its one checkout is made (then anyone books from the rush's end).
 */
function Turn({ turn, rushEnds }: { turn: PassTurn; rushEnds: number }) {
  const { time } = indiaDateTime(turn.spent ? rushEnds : turn.expires);
  return (
    <strong className="release-notices__turn">
      {turn.spent ? m.bookings_release_pass_used({ time }) : m.bookings_release_your_turn({ time })}
    </strong>
  );
}

/**
 * A temple site's releases: when dates open ("Opens 1 Dec, 10:00 IST", plainly, no countdown),
 * and while an opening's waiting room is open, the way into it (or into its draw), or the
 * devotee's turn once the room let them in (`turn`: their pass; drawn in the devotee's part only).
 */
export function ReleaseNotices(props: {
  notices: ReleaseNotice[];
  pujas: { id: number; name: string }[];
  slug: string;
  now: number;
  turn?: PassTurn | null;
}) {
  const { notices, pujas, slug, now, turn } = props;
  if (notices.length === 0) return null;
  return (
    <section className="release-notices notice" aria-labelledby="release-notices-title">
      <h2 id="release-notices-title">{m.bookings_release_title()}</h2>
      <ul>
        {notices.map((notice) => {
          const puja = pujas.find((p) => p.id === notice.templePujaId);
          const draw = notice.admission === "draw" && notice.room !== null && now < notice.room.opening;
          const mine = turn && notice.room && turn.releaseId === notice.releaseId && turn.opening === notice.room.opening ? turn : null;
          return (
            <li key={notice.releaseId}>
              {puja ? <strong>{puja.name}: </strong> : null}
              {noticeText(notice, now)}
              {draw ? ` ${m.bookings_release_draw_notice({ time: indiaDateTime(notice.room!.opening).time })}` : null}
              {mine && notice.room ? (
                <>
                  {" "}
                  <Turn turn={mine} rushEnds={notice.room.rushEnds} />
                </>
              ) : notice.room ? (
                <>
                  {" "}
                  {/* A document navigation: the waiting page is the room's (workers/waiting-room.ts), not a React Router data request. */}
                  <Link
                    className="button button--primary"
                    reloadDocument
                    to={`${href("/:lang?/t/:slug/wait", { slug })}?release=${notice.releaseId}&opening=${notice.room.opening}`}
                  >
                    {draw ? m.bookings_release_register() : m.bookings_release_join()}
                  </Link>
                </>
              ) : null}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
