import { getFormProps, getInputProps, type SubmissionResult } from "@conform-to/react";
import { Form } from "~/components/layout/localized";
import { RowHidden, SeatsLeft, useRowBusy } from "./row-form";
import { declineMoveSchema } from "~/domain/bookings/desk/date-change-inputs";
import type { TempleDateChange } from "~/domain/bookings/desk/date-changes.server";
import { shortDate } from "~/domain/text";
import { m } from "~/paraglide/messages";
import { type FormReply, replyFor, rowForm } from "~/web/form-reply";
import { FieldErrors } from "../../components/forms/form-fields";
import { useSchemaForm } from "../../components/forms/use-schema-form";

function DeclineForm({ change, lastResult }: { change: TempleDateChange; lastResult?: SubmissionResult<string[]> }) {
  const [form, fields] = useSchemaForm(declineMoveSchema, { id: `move-decline-${change.id}`, lastResult });
  const busy = useRowBusy("changeId", change.id, "move-decline");
  const { reason } = fields;
  return (
    <Form
      method="post"
      className="desk-inline-form"
      {...getFormProps(form)}
      aria-label={m.desk_move_decline_aria({ puja: change.pujaName, devotee: change.devoteeName })}
    >
      <RowHidden idName="changeId" id={change.id} intent="move-decline" />
      <label htmlFor={reason.id}>{m.desk_request_reason_label()}</label>
      <input {...getInputProps(reason, { type: "text" })} key={reason.key} aria-describedby={reason.errorId} />
      <FieldErrors id={reason.errorId} errors={reason.errors} />
      <button type="submit" className="button button--small" disabled={busy} aria-busy={busy || undefined}>
        {m.desk_request_decline_submit()}
      </button>
    </Form>
  );
}

/** One devotee's ask to move a booked puja: what the new day has left, then move it or decline with a reason. */
export function MoveRow({ change, actionData }: { change: TempleDateChange; actionData?: FormReply }) {
  const declined = replyFor(actionData, rowForm("move-decline", change.id));
  const moving = useRowBusy("changeId", change.id, "move-accept");
  const seats = change.seats;
  return (
    <tr>
      <th scope="row">{change.pujaName}</th>
      <td>{change.devoteeName}</td>
      <td>{change.starName ?? "—"}</td>
      <td>{shortDate(change.fromDate)}</td>
      <td>{shortDate(change.toDate)}</td>
      <td className="num">{change.quantity}</td>
      <td>{change.note ?? "—"}</td>
      <td className="desk-actions">
        {seats ? <SeatsLeft seats={seats} /> : null}
        <Form method="post">
          <RowHidden idName="changeId" id={change.id} intent="move-accept" />
          <button
            type="submit"
            className="button button--primary button--small"
            disabled={moving}
            aria-busy={moving || undefined}
            aria-label={m.desk_move_accept_aria({ puja: change.pujaName, devotee: change.devoteeName, date: shortDate(change.toDate) })}
          >
            {m.desk_move_accept()}
          </button>
        </Form>
        <details className="desk-details" open={declined ? true : undefined}>
          <summary>{m.desk_request_decline_toggle()}</summary>
          <DeclineForm change={change} lastResult={declined} />
        </details>
      </td>
    </tr>
  );
}
