/** One puja's seats a day at the desk: the daily capacity, a devotee's limit, and exceptions by weekday and by date. */
import { href, useNavigation } from "react-router";
import { DeskTable } from "~/components/desk/desk-table";
import { deskStatusHandlers, GeneralErrorBoundary } from "~/components/layout/error-boundary";
import { useIsSubmitting } from "~/components/forms/form-fields";
import { Link } from "~/components/layout/localized";
import {
  CAPACITY_MESSAGES as M,
  capacityDateSchema,
  capacitySettingsSchema,
  MAX_CAPACITY_DATES,
  removeCapacityDateSchema,
} from "~/domain/temples-admin/puja-capacity-inputs";
import { addCapacityDate, loadPujaSeats, removeCapacityDate, savePujaSeats } from "~/domain/temples-admin/puja-capacity.server";
import { longDate } from "~/domain/text";
import { dbFrom } from "~/lib/db.server";
import { parseSubmission, readForm } from "~/lib/form-data.server";
import { todayInIndia } from "~/lib/india-time";
import { pageMeta } from "~/lib/meta";
import { notFound } from "~/lib/not-found.server";
import { plural } from "~/lib/i18n";
import { m } from "~/paraglide/messages";
import { replyFor, replyToForm } from "~/web/form-reply";
import { templeDeskAccess } from "~/web/role-guards.server";
import { backWithToast } from "~/web/staff-actions.server";
import type { Route } from "./+types/route";
import { AddDateForm, ChannelDays, DateRow, SeatsForm } from "./desk-seats-forms";

/** Days kept past capacity listed by name; the rest are counted. */
const KEPT_SHOWN = 20;

/** The puja in the address: a positive whole number, else not found (whose puja it is, the domain checks). */
function templePujaIdOf(param: string): number {
  const id = Number(param);
  if (!/^[1-9]\d{0,9}$/.test(param) || !Number.isSafeInteger(id)) throw notFound();
  return id;
}

export async function loader({ params, context }: Route.LoaderArgs) {
  const { templeId } = templeDeskAccess(context);
  const today = todayInIndia();
  const page = await loadPujaSeats(dbFrom(context), templeId, templePujaIdOf(params.templePujaId), today);
  if (!page) throw notFound();
  return { templeId, today, page };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const { templeId, user } = templeDeskAccess(context);
  const templePujaId = templePujaIdOf(params.templePujaId);
  const db = dbFrom(context);
  const actor = { actorId: user.id, templeId };
  const formData = await readForm(request);
  const back = href("/:lang?/desk/:templeId/pujas/:templePujaId/seats", { templeId: String(templeId), templePujaId: String(templePujaId) });
  const intent = formData.get("intent");
  if (intent === "remove-date") {
    const submission = parseSubmission(formData, removeCapacityDateSchema);
    if (submission.status !== "success") return replyToForm("remove-date", submission.reply());
    const removed = await removeCapacityDate(db, actor, templePujaId, submission.value);
    if (removed === "missing") throw notFound();
    const toast =
      removed === "removed"
        ? { type: "success" as const, message: M.dateRemoved(submission.value.day) }
        : { type: "error" as const, message: M.dateMissing };
    return backWithToast(context, formData, back, toast);
  }
  if (intent === "add-date") {
    const submission = parseSubmission(formData, capacityDateSchema);
    if (submission.status !== "success") return replyToForm("add-date", submission.reply());
    const added = await addCapacityDate(db, actor, templePujaId, submission.value);
    if (!added.ok && added.reason === "missing") throw notFound();
    if (!added.ok) return replyToForm("add-date", submission.reply({ formErrors: [M.tooManyDates] }), 409);
    const { day } = submission.value;
    const message = added.kept ? M.dateSavedKept(day, added.kept.booked, added.kept.capacity) : M.dateSaved(day);
    return backWithToast(context, formData, back, { type: "success", message });
  }
  const submission = parseSubmission(formData, capacitySettingsSchema);
  if (submission.status !== "success") return replyToForm("seats", submission.reply());
  const saved = await savePujaSeats(db, actor, templePujaId, submission.value);
  if (!saved.ok) throw notFound();
  // Lowering a capacity keeps every booking; the page lists the days now past their capacity.
  const message = saved.kept.length > 0 ? M.savedKept(saved.kept.length) : M.saved;
  return backWithToast(context, formData, back, { type: "success", message });
}

export const meta = () => pageMeta(m.desk_meta_puja_seats());

export default function DeskPujaSeats({ loaderData, actionData }: Route.ComponentProps) {
  const { templeId, today, page } = loaderData;
  const { puja, dates, kept } = page;
  const path = href("/:lang?/desk/:templeId/pujas/:templePujaId/seats", { templeId: String(templeId), templePujaId: String(puja.id) });
  const navigation = useNavigation();
  const removing = navigation.state !== "idle" && navigation.formData?.get("intent") === "remove-date";
  const removeErrors = replyFor(actionData, "remove-date")?.error?.day;
  const saving = useIsSubmitting(path, "seats");
  const adding = useIsSubmitting(path, "add-date");
  return (
    <section aria-labelledby="seats-title">
      <p>
        <Link to={href("/:lang?/desk/:templeId/pujas", { templeId: String(templeId) })}>{m.desk_seats_back()}</Link>
      </p>
      <h2 id="seats-title">{m.desk_seats_title({ puja: puja.name })}</h2>
      <p>{m.desk_seats_intro()}</p>
      {kept.length > 0 ? (
        <section className="desk-notice" aria-labelledby="kept-title">
          <h3 id="kept-title">{m.desk_seats_kept_title()}</h3>
          <p>{m.desk_seats_kept_intro()}</p>
          <ul>
            {kept.slice(0, KEPT_SHOWN).map((day) => (
              <li key={day.day}>{m.desk_seats_kept_day({ date: longDate(day.day), booked: day.booked, capacity: day.capacity })}</li>
            ))}
          </ul>
          {kept.length > KEPT_SHOWN ? (
            <p>
              {plural(
                kept.length - KEPT_SHOWN,
                m.desk_seats_kept_more_one,
                m.desk_seats_kept_more_other,
              )({ count: kept.length - KEPT_SHOWN })}
            </p>
          ) : null}
        </section>
      ) : null}
      <SeatsForm page={page} lastResult={replyFor(actionData, "seats")} busy={saving} />
      {page.channels.length > 0 ? (
        <>
          <h3>{m.desk_seats_channels_title()}</h3>
          <p>{m.desk_seats_channels_hint()}</p>
          <ChannelDays page={page} />
        </>
      ) : null}
      <h3 id="seat-dates-title">{m.desk_seats_dates_title()}</h3>
      <p>{m.desk_seats_dates_hint({ max: MAX_CAPACITY_DATES })}</p>
      {removeErrors ? (
        <p className="form-error" role="alert">
          {removeErrors[0]}
        </p>
      ) : null}
      {dates.length === 0 ? (
        <p className="empty-state">{m.desk_seats_dates_empty()}</p>
      ) : (
        <DeskTable
          caption={m.desk_seats_dates_caption({ count: dates.length })}
          headings={[m.desk_col_date(), m.desk_col_seats(), m.desk_col_booked(), { text: m.desk_col_remove(), hidden: true }]}
        >
          {dates.map((date) => (
            <DateRow key={date.day} date={date} busy={removing} />
          ))}
        </DeskTable>
      )}
      {/* Keyed by the dates listed, so a saved date leaves an empty form behind it. */}
      <AddDateForm
        key={dates.map((date) => `${date.day}:${date.capacity}`).join()}
        page={page}
        today={today}
        lastResult={replyFor(actionData, "add-date")}
        busy={adding}
      />
    </section>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary statusHandlers={deskStatusHandlers} />;
}
