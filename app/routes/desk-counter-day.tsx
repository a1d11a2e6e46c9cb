/** The temple's counter day, for its admins: every shift of a day, who kept it, its totals, its difference; closed when all are. */
import { data, href } from "react-router";
import { differenceText, methodName } from "~/components/desk/counter-money";
import { DeskTable } from "~/components/desk/desk-table";
import { deskStatusHandlers, GeneralErrorBoundary } from "~/components/layout/error-boundary";
import { Form, Link } from "~/components/layout/localized";
import { dayOrToday } from "~/domain/bookings/desk/desk-inputs";
import { loadCounterDay } from "~/domain/bookings/counter/cash-book.server";
import { COUNTER_METHODS } from "~/domain/bookings/counter/shift-inputs";
import { formatRupees, longDate } from "~/domain/text";
import { dbFrom } from "~/lib/db.server";
import { indiaMinute } from "~/lib/india-time";
import { pageMeta } from "~/lib/meta";
import { pagePath, plural } from "~/lib/i18n";
import { m } from "~/paraglide/messages";
import { requireTempleAdmin } from "~/web/role-guards.server";
import type { Route } from "./+types/desk-counter-day";

export async function loader({ request, context }: Route.LoaderArgs) {
  const { templeId } = requireTempleAdmin(context);
  const day = dayOrToday(new URL(request.url).searchParams.get("day"));
  const counterDay = await loadCounterDay(dbFrom(context), templeId, day);
  return data({ templeId, day, counterDay }, { headers: { "Cache-Control": "private, no-store" } });
}

export const meta = () => pageMeta(m.desk_day_title());

export default function DeskCounterDay({ loaderData }: Route.ComponentProps) {
  const { templeId, day, counterDay } = loaderData;
  const book = href("/:lang?/desk/:templeId/counter/book", { templeId: String(templeId) });
  const headings = [
    m.desk_book_staff(),
    m.desk_book_opened(),
    m.desk_book_closed(),
    ...COUNTER_METHODS.map(methodName),
    m.desk_book_expected(),
    m.desk_book_counted(),
    m.desk_book_difference(),
    m.desk_day_col_book(),
  ];
  return (
    <section aria-labelledby="counter-day-title">
      <h2 id="counter-day-title">{m.desk_day_heading({ date: longDate(day) })}</h2>
      <Form method="get" className="desk-inline-form desk-inline-form--row">
        <label htmlFor="counter-day">{m.desk_col_date()}</label>
        <input id="counter-day" type="date" name="day" defaultValue={day} key={day} required />
        <button type="submit" className="button button--small">
          {m.desk_sheet_show()}
        </button>
      </Form>
      <p className="desk-toolbar">
        <a className="button button--small" href={pagePath(`/desk/${templeId}/counter-day.csv?day=${day}`)} download>
          {m.desk_day_csv()}
        </a>
      </p>
      <p role="status" data-testid="counter-day-state">
        {counterDay.shifts.length === 0
          ? m.desk_day_none()
          : counterDay.closed
            ? m.desk_day_closed()
            : plural(counterDay.open, m.desk_day_open_shifts_one, m.desk_day_open_shifts_other)({ count: counterDay.open })}
      </p>
      {counterDay.shifts.length > 0 ? (
        <DeskTable caption={m.desk_day_caption({ date: longDate(day) })} headings={headings}>
          {counterDay.shifts.map((shift) => (
            <tr key={shift.id}>
              <th scope="row">{shift.staffName}</th>
              <td>{indiaMinute(shift.openedAt)}</td>
              <td>{shift.closedAt ? indiaMinute(shift.closedAt) : <span className="badge">{m.desk_day_still_open()}</span>}</td>
              {COUNTER_METHODS.map((method) => (
                <td key={method} className="num">
                  {formatRupees(shift.net[method])}
                </td>
              ))}
              <td className="num">{formatRupees(shift.expectedCash)}</td>
              <td className="num">{shift.countedCash === null ? "—" : formatRupees(shift.countedCash)}</td>
              <td>
                {shift.closedAt === null ? (
                  "—"
                ) : shift.difference ? (
                  <span className="badge badge--full">{differenceText(shift.difference)}</span>
                ) : (
                  differenceText(0)
                )}
              </td>
              <td>
                <Link to={`${book}?shift=${shift.id}`}>{m.desk_day_col_book()}</Link>
              </td>
            </tr>
          ))}
          <tr>
            <th scope="row">{m.desk_day_totals()}</th>
            <td />
            <td />
            {COUNTER_METHODS.map((method) => (
              <td key={method} className="num">
                {formatRupees(counterDay.totals[method])}
              </td>
            ))}
            <td />
            <td />
            <td />
            <td />
          </tr>
        </DeskTable>
      ) : null}
    </section>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary statusHandlers={deskStatusHandlers} />;
}
