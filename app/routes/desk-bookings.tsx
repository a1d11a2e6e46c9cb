/** A temple's day sheet: the pujas to perform on one day, printable, each marked done with its video. */
import { href } from "react-router";
import { Form, Link } from "~/components/layout/localized";
import { deskStatusHandlers, GeneralErrorBoundary } from "~/components/layout/error-boundary";
import { DaySheetTable } from "~/components/desk/desk-sheet-table";
import { addDays } from "~/domain/bookings/cart/inputs";
import { dayOrToday } from "~/domain/bookings/desk/desk-inputs";
import { type DaySheetPage, listDaySheetPage } from "~/domain/bookings/desk/performing.server";
import { type DaySeatsLine, listDaySeats } from "~/domain/bookings/seats/day-seats.server";
import { channelSeatsText } from "~/domain/bookings/seats/day-seats-text";
import { longDate } from "~/domain/text";
import { dbFrom } from "~/lib/db.server";
import { pageMeta } from "~/lib/meta";
import { pagePath, plural } from "~/lib/i18n";
import { m } from "~/paraglide/messages";
import { templeDeskAccess } from "~/web/role-guards.server";
import type { Route } from "./+types/desk-bookings";
import { handleLineAction } from "~/web/desk-line-actions.server";

export async function loader({ request, context }: Route.LoaderArgs) {
  const { templeId } = templeDeskAccess(context);
  const params = new URL(request.url).searchParams;
  const day = dayOrToday(params.get("date"));
  const page = Math.min(Math.max(1, Math.trunc(Number(params.get("page")) || 1)), 10_000);
  const db = dbFrom(context);
  const [sheet, seats] = await Promise.all([listDaySheetPage(db, templeId, day, page), listDaySeats(db, templeId, day)]);
  return { templeId, day, daySheet: sheet, seats };
}

export async function action({ request, context }: Route.ActionArgs) {
  return handleLineAction({
    request,
    context,
    fallback: (templeId) => href("/:lang?/desk/:templeId/bookings", { templeId: String(templeId) }),
  });
}

export const meta = () => pageMeta(m.desk_meta_day_sheet());

export default function DeskBookings({ loaderData, actionData }: Route.ComponentProps) {
  const { templeId, day, daySheet, seats } = loaderData;
  const sheet = href("/:lang?/desk/:templeId/bookings", { templeId: String(templeId) });
  return (
    <section aria-labelledby="sheet-title">
      <h2 id="sheet-title">{m.desk_sheet_title({ date: longDate(day) })}</h2>
      <div className="desk-toolbar">
        <Link className="button button--small" to={`${sheet}?date=${addDays(day, -1)}`}>
          {m.desk_sheet_previous_day()}
        </Link>
        <Form method="get" className="desk-inline-form desk-inline-form--row">
          <label htmlFor="sheet-date">{m.desk_col_date()}</label>
          <input id="sheet-date" type="date" name="date" defaultValue={day} key={day} required />
          <button type="submit" className="button button--small">
            {m.desk_sheet_show()}
          </button>
        </Form>
        <Link className="button button--small" to={`${sheet}?date=${addDays(day, 1)}`}>
          {m.desk_sheet_next_day()}
        </Link>
        <a
          className="button button--primary button--small"
          href={pagePath(href("/:lang?/desk/:templeId/day-sheet/:day", { templeId: String(templeId), day }))}
          download
        >
          {m.desk_sheet_print()}
        </a>
      </div>
      {seats.length > 0 ? <DaySeats seats={seats} /> : null}
      {daySheet.totals.lines === 0 ? (
        <p className="empty-state">{m.desk_sheet_empty()}</p>
      ) : (
        <>
          <DaySheetTable templeId={templeId} day={day} lines={daySheet.lines} totals={daySheet.totals} actionData={actionData} />
          <SheetPages sheet={`${sheet}?date=${day}`} paging={daySheet.paging} total={daySheet.totals.lines} />
        </>
      )}
    </section>
  );
}

/** Where this page sits in the day's lines, with plain links (no JavaScript needed) to the lines before and after. */
function SheetPages({ sheet, paging, total }: { sheet: string; paging: DaySheetPage["paging"]; total: number }) {
  if (paging.page === 1 && !paging.hasNext) return null;
  return (
    <nav className="desk-toolbar" aria-label={m.desk_sheet_pages_label()}>
      {paging.page > 1 ? (
        <Link className="button button--small" to={paging.page === 2 ? sheet : `${sheet}&page=${paging.page - 1}`}>
          {m.desk_sheet_previous_lines()}
        </Link>
      ) : null}
      <p className="field-hint">{m.desk_sheet_showing({ from: paging.from, to: paging.to, total })}</p>
      {paging.hasNext ? (
        <Link className="button button--small" to={`${sheet}&page=${paging.page + 1}`}>
          {m.desk_sheet_next_lines()}
        </Link>
      ) : null}
    </nav>
  );
}

/** The day's limited pujas: booked / capacity, what payments hold, online, counter and left, and "Full". */
function DaySeats({ seats }: { seats: DaySeatsLine[] }) {
  return (
    <section className="desk-seats" aria-labelledby="sheet-seats-title">
      <h3 id="sheet-seats-title">{m.desk_sheet_seats_title()}</h3>
      <ul className="plain-list">
        {seats.map((line) => (
          <li key={line.templePujaId}>
            {m.desk_sheet_seats_line({ puja: line.name, booked: line.booked, capacity: line.capacity })}
            {line.held > 0
              ? ` · ${plural(line.held, m.desk_sheet_seats_held_one, m.desk_sheet_seats_held_other)({ count: line.held })}`
              : null}
            {` · ${channelSeatsText(line)}`}
            {line.full ? (
              <>
                {" "}
                <span className="badge badge--full">{m.desk_seats_full()}</span>
              </>
            ) : null}
          </li>
        ))}
      </ul>
    </section>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary statusHandlers={deskStatusHandlers} />;
}
