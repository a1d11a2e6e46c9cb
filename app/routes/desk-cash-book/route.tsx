/**
 * A counter shift's cash book: its sales and the cancellations made in it, totals by payment
 * method, the cash the drawer should hold, and the close (the cash counted by denomination).
 * Staff see their own shifts; the temple's admin any shift of the temple (from the counter day).
 */
import { data, href } from "react-router";
import { deskStatusHandlers, GeneralErrorBoundary } from "~/components/layout/error-boundary";
import { FieldErrors } from "~/components/forms/form-fields";
import { Link } from "~/components/layout/localized";
import { cancelCounterSale } from "~/domain/bookings/counter/cancel.server";
import { loadCashBook } from "~/domain/bookings/counter/cash-book.server";
import { cancelSaleSchema, closeShiftSchema, SHIFT_MESSAGES } from "~/domain/bookings/counter/shift-inputs";
import { closeShift, findOpenShift } from "~/domain/bookings/counter/shifts.server";
import { dbFrom } from "~/lib/db.server";
import { parseSubmission, readForm } from "~/lib/form-data.server";
import { pageMeta } from "~/lib/meta";
import { notFound } from "~/lib/not-found.server";
import { m } from "~/paraglide/messages";
import { replyFor, replyToForm } from "~/web/form-reply";
import { templeDeskAccess } from "~/web/role-guards.server";
import { backWithToast } from "~/web/staff-actions.server";
import type { Route } from "./+types/route";
import { BookTable, BookTotals, CloseShiftForm, ClosedSummary } from "./book-parts";

/** The shift in the address (`?shift=12`), or null for the staff member's open one. */
function shiftParam(request: Request): number | null {
  const value = new URL(request.url).searchParams.get("shift");
  if (value === null || value === "") return null;
  if (!/^[1-9]\d{0,9}$/.test(value)) throw notFound();
  return Number(value);
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const { templeId, user, deskRole } = templeDeskAccess(context);
  const db = dbFrom(context);
  const isAdmin = deskRole === "admin";
  const chosen = shiftParam(request);
  const shiftId = chosen ?? (await findOpenShift(db, templeId, user.id))?.id ?? null;
  const book = shiftId === null ? null : await loadCashBook(db, templeId, shiftId);
  if (chosen !== null && (!book || (book.shift.staffId !== user.id && !isAdmin))) throw notFound();
  return data({ templeId, book, me: user.id, isAdmin }, { headers: { "Cache-Control": "private, no-store" } });
}

export async function action({ request, context }: Route.ActionArgs) {
  const { templeId, user, deskRole } = templeDeskAccess(context);
  const db = dbFrom(context);
  const isAdmin = deskRole === "admin";
  const formData = await readForm(request);
  const page = href("/:lang?/desk/:templeId/counter/book", { templeId: String(templeId) });
  if (formData.get("intent") === "cancel") {
    const form = `cancel-${String(formData.get("trackingNo") ?? "")}`;
    const submission = parseSubmission(formData, cancelSaleSchema);
    if (submission.status !== "success") return replyToForm(form, submission.reply());
    const { trackingNo } = submission.value;
    const result = await cancelCounterSale(db, { id: user.id, isAdmin }, templeId, submission.value);
    if (!result.ok && result.reason === "missing") throw notFound();
    if (!result.ok) return replyToForm(form, submission.reply({ formErrors: [SHIFT_MESSAGES.closed] }), 403);
    const message = result.repeated ? m.desk_book_cancel_repeated({ trackingNo }) : m.desk_book_cancelled_toast({ trackingNo });
    return backWithToast(context, formData, page, { type: "success", message });
  }
  const submission = parseSubmission(formData, closeShiftSchema);
  if (submission.status !== "success") return replyToForm("close", submission.reply());
  const closed = await closeShift(db, { id: user.id, mayCloseAny: isAdmin }, templeId, submission.value);
  if (!closed.ok) throw notFound();
  const message = closed.repeated ? m.desk_book_closed_again() : m.desk_book_closed_toast();
  return backWithToast(context, new FormData(), `${page}?shift=${closed.shift.id}`, { type: "success", message });
}

export const meta = () => pageMeta(m.desk_book_title());

export default function DeskCashBook({ loaderData, actionData }: Route.ComponentProps) {
  const { templeId, book, me, isAdmin } = loaderData;
  const counter = href("/:lang?/desk/:templeId/counter", { templeId: String(templeId) });
  // A refused cancellation says why at the top: its row may no longer offer the form.
  const refused = actionData?.form.startsWith("cancel-") ? (actionData.result.error?.[""] ?? []) : [];
  return (
    <section aria-labelledby="book-title" className="desk-cash-book">
      <p>
        <Link to={counter}>{m.desk_book_back()}</Link>
      </p>
      <h2 id="book-title">{m.desk_book_title()}</h2>
      {refused.length > 0 ? (
        <div role="alert" className="desk-notice">
          <FieldErrors id="book-refused" errors={refused} />
        </div>
      ) : null}
      {book ? (
        <>
          <ClosedSummary book={book} />
          <BookTotals book={book} />
          <BookTable book={book} me={me} isAdmin={isAdmin} actionData={actionData} />
          {book.shift.closedAt === null && (book.shift.staffId === me || isAdmin) ? (
            <CloseShiftForm shiftId={book.shift.id} lastResult={replyFor(actionData, "close")} />
          ) : null}
        </>
      ) : (
        <p className="empty-state">{m.desk_book_none()}</p>
      )}
    </section>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary statusHandlers={deskStatusHandlers} />;
}
