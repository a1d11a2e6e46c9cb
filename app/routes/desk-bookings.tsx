/** A temple's day sheet: the pujas to perform on one day, printable, each marked done with its video. */
import { href } from "react-router";
import { Form, Link } from "~/components/localized";
import { deskStatusHandlers, GeneralErrorBoundary } from "~/components/error-boundary";
import { DaySheetTable } from "~/components/desk-sheet-table";
import { addDays } from "~/domain/bookings/inputs";
import { dayOrToday } from "~/domain/bookings/desk-inputs";
import { listDaySheet } from "~/domain/bookings/performing.server";
import { longDate } from "~/domain/text";
import { dbFrom } from "~/lib/db.server";
import { pageMeta } from "~/lib/meta";
import { pagePath } from "~/lib/i18n";
import { m } from "~/paraglide/messages";
import { templeDeskAccess } from "~/web/role-guards.server";
import type { Route } from "./+types/desk-bookings";
import { handleLineAction } from "~/web/desk-line-actions.server";

export async function loader({ request, context }: Route.LoaderArgs) {
  const { templeId } = templeDeskAccess(context);
  const day = dayOrToday(new URL(request.url).searchParams.get("date"));
  return { templeId, day, lines: await listDaySheet(dbFrom(context), templeId, day) };
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
  const { templeId, day, lines } = loaderData;
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
      {lines.length === 0 ? (
        <p className="empty-state">{m.desk_sheet_empty()}</p>
      ) : (
        <DaySheetTable templeId={templeId} day={day} lines={lines} actionData={actionData} />
      )}
    </section>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary statusHandlers={deskStatusHandlers} />;
}
