import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { Form } from "~/components/layout/localized";
import { FormErrors, SubmitButton, TextField, useIsSubmitting } from "~/components/forms/form-fields";
import { useSchemaForm } from "~/components/forms/use-schema-form";
import type { RefundReason } from "~/domain/bookings/cart/checkout-lines";
import { REFUND_REASONS } from "~/domain/bookings/cart/checkout-messages";
import { REASON_MAX, REFERENCE_MAX, refundOutsideSchema } from "~/domain/ledger/refund-inputs";
import type { OpenRefund } from "~/domain/ledger/refund-list.server";
import { formatRupees } from "~/domain/text";
import { indiaMinute } from "~/lib/india-time";
import { m } from "~/paraglide/messages";

const BACK = "/operator/refunds";
const minute = indiaMinute;

/** The operator settled it outside the portal: a reference and a reason, both required (no JavaScript needed). */
function MarkOutsideForm({ refund, lastResult }: { refund: OpenRefund; lastResult?: SubmissionResult<string[]> }) {
  const [form, fields] = useSchemaForm(refundOutsideSchema, {
    id: `outside-${refund.id}`,
    lastResult,
    // Checked again as typed (not on blur), so the click on the button that follows a fix submits.
    shouldRevalidate: "onInput",
  });
  const busy = useIsSubmitting(BACK, "outside");
  return (
    <Form
      method="post"
      className="desk-inline-form"
      {...getFormProps(form)}
      aria-label={m.operator_refund_outside_label({ payment: refund.paymentRef, amount: formatRupees(refund.amount) })}
    >
      <input type="hidden" name="intent" value="outside" />
      <input type="hidden" name="refundId" value={refund.id} />
      <TextField field={fields.reference} label={m.operator_refund_reference()} maxLength={REFERENCE_MAX * 2} autoComplete="off" />
      <TextField field={fields.reason} label={m.operator_refund_reason()} maxLength={REASON_MAX * 2} />
      <FormErrors form={form} />
      <SubmitButton busy={busy} className="button button--small">
        {m.operator_refund_outside_button()}
      </SubmitButton>
    </Form>
  );
}

/** Its state: due, being sent (a gateway call in flight, or one whose Worker never answered), or in progress. */
function stateText(refund: OpenRefund) {
  if (refund.status === "pending")
    return m.operator_refunds_state_pending({ date: minute(refund.startedAt), reference: refund.refundRef ?? "—" });
  if (refund.status === "sending")
    return refund.sendable
      ? m.operator_refunds_state_sending_lapsed({ date: minute(refund.updatedAt) })
      : m.operator_refunds_state_sending({ date: minute(refund.updatedAt) });
  return m.operator_refunds_state_due();
}

/** One refund owed: since when, which payment, to whom, how much, its state, the gateway's attempts and the actions. */
export function RefundRow({ refund, lastResult }: { refund: OpenRefund; lastResult?: SubmissionResult<string[]> }) {
  const busy = useIsSubmitting(BACK, "retry");
  return (
    <tr data-refund={refund.id}>
      <th scope="row">{minute(refund.createdAt)}</th>
      <td>
        {refund.paymentRef} ({refund.provider})
        <span className="booking-table__note">
          {refund.providerOrderId} · {REFUND_REASONS[refund.reason as RefundReason] ?? refund.reason}
        </span>
      </td>
      <td>{refund.customerEmail}</td>
      <td className="num">{formatRupees(refund.amount)}</td>
      <td>{stateText(refund)}</td>
      <td>
        {m.operator_refunds_attempts({ count: refund.attempts })}
        {refund.lastError ? (
          <span className="booking-table__note">{m.operator_refunds_last_error({ error: refund.lastError })}</span>
        ) : null}
        {refund.nextAttemptAt && refund.status === "due" ? (
          <span className="booking-table__note">
            {refund.nextAttemptPassed
              ? m.operator_refunds_next_attempt_due()
              : m.operator_refunds_next_attempt({ when: minute(refund.nextAttemptAt) })}
          </span>
        ) : null}
      </td>
      <td>
        {refund.sendable ? (
          <Form method="post" className="desk-inline-form" aria-label={m.operator_refund_retry_label({ payment: refund.paymentRef })}>
            <input type="hidden" name="intent" value="retry" />
            <input type="hidden" name="refundId" value={refund.id} />
            <SubmitButton busy={busy} className="button button--small">
              {m.operator_refund_retry()}
            </SubmitButton>
          </Form>
        ) : null}
        {refund.outsideAllowed ? (
          <MarkOutsideForm refund={refund} lastResult={lastResult} />
        ) : lastResult?.error?.[""]?.[0] ? (
          // Refused because a gateway call took it meanwhile: the form is gone, its answer stays.
          <p className="form-error" role="alert">
            {lastResult.error[""][0]}
          </p>
        ) : null}
        {refund.status === "pending" ? m.operator_refunds_waiting() : null}
        {refund.status === "sending" && !refund.sendable ? m.operator_refunds_sending_wait() : null}
      </td>
    </tr>
  );
}
