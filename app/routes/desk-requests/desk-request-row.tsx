import { getFormProps, getInputProps, type SubmissionResult } from "@conform-to/react";
import { Form } from "~/components/layout/localized";
import { RowHidden, SeatsLeft, useRowBusy } from "./row-form";
import { proposeDateSchema, rejectRequestSchema } from "~/domain/bookings/desk/desk-inputs";
import type { TempleRequest } from "~/domain/bookings/desk/requests.server";
import { formatRupees, shortDate } from "~/domain/text";
import { m } from "~/paraglide/messages";
import { type FormReply, replyFor, rowForm } from "~/web/form-reply";
import { FieldErrors } from "../../components/forms/form-fields";
import { useSchemaForm } from "../../components/forms/use-schema-form";

function RejectForm({ request, lastResult }: { request: TempleRequest; lastResult?: SubmissionResult<string[]> }) {
  const [form, fields] = useSchemaForm(rejectRequestSchema, {
    id: `reject-${request.id}`,
    lastResult,
  });
  const busy = useRowBusy("requestId", request.id, "reject");
  return (
    <Form
      method="post"
      className="desk-inline-form"
      {...getFormProps(form)}
      aria-label={m.desk_request_decline_aria({ devotee: request.devoteeName })}
    >
      <RowHidden idName="requestId" id={request.id} intent="reject" />
      <label htmlFor={fields.reason.id}>{m.desk_request_reason_label()}</label>
      <input {...getInputProps(fields.reason, { type: "text" })} key={fields.reason.key} aria-describedby={fields.reason.errorId} />
      <FieldErrors id={fields.reason.errorId} errors={fields.reason.errors} />
      <button type="submit" className="button button--small" disabled={busy} aria-busy={busy || undefined}>
        {m.desk_request_decline_submit()}
      </button>
    </Form>
  );
}

function ProposeForm({ request, lastResult }: { request: TempleRequest; lastResult?: SubmissionResult<string[]> }) {
  const [form, fields] = useSchemaForm(proposeDateSchema, {
    id: `propose-${request.id}`,
    lastResult,
  });
  const busy = useRowBusy("requestId", request.id, "propose");
  return (
    <Form
      method="post"
      className="desk-inline-form"
      {...getFormProps(form)}
      aria-label={m.desk_request_propose_aria({ devotee: request.devoteeName })}
    >
      <RowHidden idName="requestId" id={request.id} intent="propose" />
      <label htmlFor={fields.pujaDate.id}>{m.desk_request_new_date()}</label>
      <input {...getInputProps(fields.pujaDate, { type: "date" })} key={fields.pujaDate.key} aria-describedby={fields.pujaDate.errorId} />
      <FieldErrors id={fields.pujaDate.errorId} errors={fields.pujaDate.errors} />
      <label htmlFor={fields.note.id}>{m.desk_request_note()}</label>
      <input {...getInputProps(fields.note, { type: "text" })} key={fields.note.key} aria-describedby={fields.note.errorId} />
      <FieldErrors id={fields.note.errorId} errors={fields.note.errors} />
      <button type="submit" className="button button--small" disabled={busy} aria-busy={busy || undefined}>
        {m.desk_request_propose_submit()}
      </button>
    </Form>
  );
}

/** One incoming request with its three answers: accept, decline with a reason, offer another date. */
export function RequestRow({ request, actionData }: { request: TempleRequest; actionData?: FormReply }) {
  const rejected = replyFor(actionData, rowForm("reject", request.id));
  const proposed = replyFor(actionData, rowForm("propose", request.id));
  const accepting = useRowBusy("requestId", request.id, "accept");
  return (
    <tr>
      <th scope="row">{request.pujaName}</th>
      <td>{request.devoteeName}</td>
      <td>{request.starName ?? "—"}</td>
      <td>{shortDate(request.pujaDate)}</td>
      <td className="num">{request.quantity}</td>
      <td className="num">{formatRupees(request.rate)}</td>
      <td className="num">{request.postalCharge > 0 ? formatRupees(request.postalCharge) : "—"}</td>
      <td className="desk-actions">
        <SeatsLeft seats={request.seats} />
        <Form method="post">
          <RowHidden idName="requestId" id={request.id} intent="accept" />
          <button
            type="submit"
            className="button button--primary button--small"
            disabled={accepting}
            aria-busy={accepting || undefined}
            aria-label={m.desk_request_accept_aria({ devotee: request.devoteeName, puja: request.pujaName })}
          >
            {m.desk_request_accept()}
          </button>
        </Form>
        <details className="desk-details" open={rejected ? true : undefined}>
          <summary>{m.desk_request_decline_toggle()}</summary>
          <RejectForm request={request} lastResult={rejected} />
        </details>
        <details className="desk-details" open={proposed ? true : undefined}>
          <summary>{m.desk_request_propose_toggle()}</summary>
          <ProposeForm request={request} lastResult={proposed} />
        </details>
      </td>
    </tr>
  );
}
