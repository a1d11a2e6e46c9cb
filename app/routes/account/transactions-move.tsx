/**
 * "Cannot come on the day?": under a booking's tables, each puja line that may still move can
 * ask the temple for another date (a native disclosure, so it works without JavaScript), and
 * each line asked about says where its ask stands.
 */
import { getFormProps, getInputProps } from "@conform-to/react";
import { useNavigation } from "react-router";
import { Form } from "~/components/layout/localized";
import { addDays } from "~/domain/bookings/dates";
import { askMoveSchema } from "~/domain/bookings/desk/date-change-inputs";
import type { LineMove } from "~/domain/bookings/records/transactions.server";
import { longDate } from "~/domain/text";
import { todayInIndia } from "~/lib/india-time";
import { m } from "~/paraglide/messages";
import { type FormReply, replyFor, rowForm } from "~/web/form-reply";
import { FieldErrors } from "../../components/forms/form-fields";
import { useSchemaForm } from "../../components/forms/use-schema-form";

const ACTION = "/account?tab=transactions&view=completed";

function useBusy(name: string, value: number) {
  const navigation = useNavigation();
  return navigation.state !== "idle" && navigation.formData?.get(name) === String(value);
}

export function MoveDates({ trackingNo, moves, actionData }: { trackingNo: string; moves: LineMove[]; actionData?: FormReply | null }) {
  if (moves.length === 0) return null;
  const titleId = `move-title-${trackingNo}`;
  return (
    <section className="booking-move" aria-labelledby={titleId}>
      <h3 id={titleId}>{m.bookings_move_section()}</h3>
      <p className="field-hint">{m.bookings_move_intro()}</p>
      {moves.map((move) => (
        <MoveLine key={move.lineId} move={move} actionData={actionData} />
      ))}
    </section>
  );
}

function MoveStatus({ move }: { move: LineMove }) {
  const { change } = move;
  const withdrawing = useBusy("changeId", change?.id ?? 0);
  if (!change) return null;
  const [from, to] = [longDate(change.fromDate), longDate(change.toDate)];
  if (change.status === "moved") return <p className="booking-move__status">{m.bookings_move_status_moved({ from, to })}</p>;
  if (change.status === "declined")
    return <p className="booking-move__status">{m.bookings_move_status_declined({ to, reason: change.staffNote ?? "" })}</p>;
  return (
    <div className="booking-move__status" role="status">
      <p>{m.bookings_move_status_asked({ from, to })}</p>
      <Form method="post" action={ACTION} preventScrollReset>
        <input type="hidden" name="changeId" value={change.id} />
        <button
          type="submit"
          name="intent"
          value="withdraw-move"
          className="link-button"
          disabled={withdrawing}
          aria-busy={withdrawing || undefined}
        >
          {m.bookings_move_withdraw()}
        </button>
      </Form>
    </div>
  );
}

function MoveLine({ move, actionData }: { move: LineMove; actionData?: FormReply | null }) {
  const name = rowForm("move-date", move.lineId);
  const lastResult = replyFor(actionData ?? undefined, name);
  const label = m.bookings_move_toggle({ pujaName: move.itemName, devoteeName: move.devoteeName, date: longDate(move.pujaDate) });
  return (
    <div className="booking-move__line">
      <MoveStatus move={move} />
      {move.movable ? (
        <details className="booking-move__ask" open={lastResult ? true : undefined}>
          <summary>{label}</summary>
          <AskForm move={move} formId={name} lastResult={lastResult} />
        </details>
      ) : null}
    </div>
  );
}

function AskForm({ move, formId, lastResult }: { move: LineMove; formId: string; lastResult?: FormReply["result"] }) {
  const [form, fields] = useSchemaForm(askMoveSchema, { id: formId, lastResult });
  const busy = useBusy("lineId", move.lineId);
  return (
    <Form method="post" action={ACTION} preventScrollReset className="booking-move__form" {...getFormProps(form)}>
      <input type="hidden" name="intent" value="move-date" />
      <input type="hidden" name="lineId" value={move.lineId} />
      <FieldErrors id={form.errorId} errors={form.errors} />
      <label htmlFor={fields.pujaDate.id}>{m.bookings_move_new_date()}</label>
      <input
        {...getInputProps(fields.pujaDate, { type: "date" })}
        key={fields.pujaDate.key}
        min={addDays(todayInIndia(), 1)}
        aria-describedby={fields.pujaDate.errorId}
      />
      <FieldErrors id={fields.pujaDate.errorId} errors={fields.pujaDate.errors} />
      <label htmlFor={fields.note.id}>{m.bookings_move_note()}</label>
      <input {...getInputProps(fields.note, { type: "text" })} key={fields.note.key} aria-describedby={fields.note.errorId} />
      <FieldErrors id={fields.note.errorId} errors={fields.note.errors} />
      <button type="submit" className="button button--primary button--small" disabled={busy} aria-busy={busy || undefined}>
        {m.bookings_move_submit()}
      </button>
    </Form>
  );
}
