import type { SubmissionResult } from "@conform-to/react";
import { useLocation } from "react-router";
import { DeskForm } from "~/components/desk/desk-form";
import { DeskTable } from "~/components/desk/desk-table";
import { FieldErrors, TextField, TextAreaField, useIsSubmitting } from "~/components/forms/form-fields";
import { Form } from "~/components/layout/localized";
import { useSchemaForm } from "~/components/forms/use-schema-form";
import type { CashBook, CashBookEntry } from "~/domain/bookings/counter/cash-book.server";
import {
  CANCEL_REASON_MAX,
  COUNTER_METHODS,
  closeShiftSchema,
  DENOMINATIONS,
  denominationField,
} from "~/domain/bookings/counter/shift-inputs";
import { formatRupees } from "~/domain/text";
import { indiaMinute } from "~/lib/india-time";
import { m } from "~/paraglide/messages";
import { differenceText, methodName } from "~/components/desk/counter-money";
import { type FormReply, replyFor } from "~/web/form-reply";

/** Whose shift, since when, its float; once closed, what was counted against what the book said. */
export function ClosedSummary({ book }: { book: CashBook }) {
  const { shift } = book;
  return (
    <dl className="desk-book-summary">
      <dt>{m.desk_book_staff()}</dt>
      <dd>{shift.staffName}</dd>
      <dt>{m.desk_book_opened()}</dt>
      <dd>{indiaMinute(shift.openedAt)}</dd>
      <dt>{m.desk_book_float()}</dt>
      <dd>{formatRupees(shift.openingFloat)}</dd>
      <dt>{m.desk_book_expected()}</dt>
      <dd data-testid="book-expected">{formatRupees(shift.expectedCash ?? book.expectedCash)}</dd>
      {shift.closedAt ? (
        <>
          <dt>{m.desk_book_closed()}</dt>
          <dd>{indiaMinute(shift.closedAt)}</dd>
          <dt>{m.desk_book_counted()}</dt>
          <dd>{formatRupees(shift.countedCash ?? 0)}</dd>
          <dt>{m.desk_book_difference()}</dt>
          <dd data-testid="book-difference">
            {shift.difference ? <span className="badge badge--full">{differenceText(shift.difference)}</span> : differenceText(0)}
          </dd>
          {shift.closeNote ? (
            <>
              <dt>{m.desk_book_note()}</dt>
              <dd>{shift.closeNote}</dd>
            </>
          ) : null}
        </>
      ) : null}
    </dl>
  );
}

/** Sales, cancellations and net by payment method. */
export function BookTotals({ book }: { book: CashBook }) {
  return (
    <DeskTable
      caption={m.desk_book_totals()}
      headings={[m.desk_book_col_method(), m.desk_book_col_sales(), m.desk_book_col_cancelled(), m.desk_book_col_net()]}
    >
      {COUNTER_METHODS.map((method) => (
        <tr key={method} data-testid={`book-total-${method}`}>
          <th scope="row">{methodName(method)}</th>
          <td className="num">{formatRupees(book.sales[method])}</td>
          <td className="num">{formatRupees(book.cancelled[method])}</td>
          <td className="num">{formatRupees(book.net[method])}</td>
        </tr>
      ))}
    </DeskTable>
  );
}

/** Every sale and cancellation of the shift in order; a sale that may still be cancelled has its form. */
export function BookTable({ book, me, isAdmin, actionData }: { book: CashBook; me: number; isAdmin: boolean; actionData?: FormReply }) {
  if (book.entries.length === 0) return <p className="empty-state">{m.desk_book_empty()}</p>;
  const headings = [
    m.desk_book_col_time(),
    m.desk_book_col_entry(),
    m.desk_col_receipt(),
    m.desk_book_col_item(),
    m.desk_book_col_method(),
    m.desk_book_col_amount(),
    m.desk_book_col_action(),
  ];
  return (
    <DeskTable caption={m.desk_book_entries()} headings={headings}>
      {book.entries.map((entry) => (
        <tr key={`${entry.kind}-${entry.trackingNo}`}>
          <td>{indiaMinute(entry.at)}</td>
          <th scope="row">{entry.kind === "sale" ? m.desk_book_sale() : m.desk_book_cancellation()}</th>
          <td>
            {entry.receiptNo}
            <br />
            {entry.trackingNo}
          </td>
          <td>
            {entry.item}
            {entry.devotees ? <span className="field-hint"> · {entry.devotees}</span> : null}
          </td>
          <td>{methodName(entry.payment)}</td>
          <td className="num">{entry.kind === "cancel" ? `−${formatRupees(entry.total)}` : formatRupees(entry.total)}</td>
          <td>
            <EntryState entry={entry} me={me} isAdmin={isAdmin} lastResult={replyFor(actionData, `cancel-${entry.trackingNo}`)} />
          </td>
        </tr>
      ))}
    </DeskTable>
  );
}

function EntryState({
  entry,
  me,
  isAdmin,
  lastResult,
}: {
  entry: CashBookEntry;
  me: number;
  isAdmin: boolean;
  lastResult?: SubmissionResult<string[]>;
}) {
  const location = useLocation();
  if (entry.cancelledAt) {
    return (
      <>
        <span className="badge badge--full">{m.desk_book_cancelled()}</span> {entry.cancelReason}
        {entry.cancelledByName ? <span className="field-hint"> · {entry.cancelledByName}</span> : null}
      </>
    );
  }
  if (entry.kind !== "sale" || !(isAdmin || (entry.soldBy === me && entry.shiftOpen))) return null;
  const id = `cancel-${entry.trackingNo}`;
  const errors = lastResult?.error?.reason ?? [];
  return (
    <Form method="post" className="desk-inline-form" aria-label={m.desk_book_cancel_label({ trackingNo: entry.trackingNo })}>
      <input type="hidden" name="intent" value="cancel" />
      <input type="hidden" name="trackingNo" value={entry.trackingNo} />
      <input type="hidden" name="redirectTo" value={`${location.pathname}${location.search}`} />
      <label htmlFor={`${id}-reason`}>{m.desk_book_cancel_reason()}</label>
      <input
        id={`${id}-reason`}
        name="reason"
        required
        minLength={3}
        maxLength={CANCEL_REASON_MAX}
        autoComplete="off"
        aria-invalid={errors.length > 0 ? true : undefined}
        aria-describedby={`${id}-errors`}
      />
      <FieldErrors id={`${id}-errors`} errors={errors} />
      <button type="submit" className="button button--small">
        {m.desk_book_cancel_button()}
      </button>
    </Form>
  );
}

/** Closing the shift: the cash counted by note and coin, and a note. */
export function CloseShiftForm({ shiftId, lastResult }: { shiftId: number; lastResult?: SubmissionResult<string[]> }) {
  const [form, fields] = useSchemaForm(closeShiftSchema, { id: "close-shift", lastResult });
  const busy = useIsSubmitting("", "close");
  return (
    <DeskForm
      form={form}
      title={m.desk_book_close_title()}
      hint={m.desk_book_close_intro()}
      intent="close"
      hidden={{ shiftId }}
      submit={m.desk_book_close_button()}
      busy={busy}
    >
      <fieldset className="desk-book-denominations">
        <legend>{m.desk_book_denominations()}</legend>
        {DENOMINATIONS.map((rupees) => (
          <TextField
            key={rupees}
            field={fields[denominationField(rupees)]}
            label={m.desk_book_pieces({ rupees })}
            inputMode="numeric"
            autoComplete="off"
          />
        ))}
      </fieldset>
      <TextAreaField field={fields.note} label={m.desk_book_note()} rows={2} />
    </DeskForm>
  );
}
