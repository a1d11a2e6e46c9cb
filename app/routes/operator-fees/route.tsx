/**
 * A temple's platform fee in the console: what it pays now and from when, a form to set a new
 * fee from a day on (a new rule; the old ones stay as history), and its monthly tax invoices.
 * Every change is in the audit log.
 */
import type { SubmissionResult } from "@conform-to/react";
import { href } from "react-router";
import { DeskForm } from "~/components/desk/desk-form";
import { feeText, kindText } from "~/components/desk/fee-text";
import { deskStatusHandlers, GeneralErrorBoundary } from "~/components/layout/error-boundary";
import { SelectField, TextField, useIsSubmitting } from "~/components/forms/form-fields";
import { useSchemaForm } from "~/components/forms/use-schema-form";
import { earliestFeeDay, FEE_KINDS, latestFeeDay, templeFeeSchema } from "~/domain/ledger/fee-inputs";
import { setTempleFee } from "~/domain/ledger/fees.server";
import { operatorFeesPage } from "~/domain/ledger/fees-view.server";
import { formatRupees, longDate, monthYear } from "~/domain/text";
import { dbFrom } from "~/lib/db.server";
import { parseSubmission, readForm } from "~/lib/form-data.server";
import { todayInIndia } from "~/lib/india-time";
import { pageMeta } from "~/lib/meta";
import { notFound } from "~/lib/not-found.server";
import { m } from "~/paraglide/messages";
import { replyFor, replyToForm } from "~/web/form-reply";
import { operatorAccess } from "~/web/role-guards.server";
import { backWithToast } from "~/web/staff-actions.server";
import type { Route } from "./+types/route";

export async function loader({ context, params }: Route.LoaderArgs) {
  const templeId = Number(params.templeId);
  const page = Number.isInteger(templeId) && templeId > 0 ? await operatorFeesPage(dbFrom(context), templeId, todayInIndia()) : null;
  if (!page) throw notFound();
  return page;
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const user = operatorAccess(context);
  const formData = await readForm(request);
  const submission = parseSubmission(formData, templeFeeSchema);
  if (submission.status !== "success") return replyToForm("fee", submission.reply());
  if (submission.value.templeId !== Number(params.templeId)) throw notFound();
  await setTempleFee(dbFrom(context), user.id, submission.value);
  const back = href("/:lang?/operator/temples/:templeId/fees", { templeId: params.templeId });
  return backWithToast(context, formData, back, { type: "success", message: m.fees_saved() });
}

export const meta: Route.MetaFunction = ({ loaderData }) =>
  pageMeta(loaderData ? m.fees_operator_title({ temple: loaderData.temple.displayName }) : m.fees_operator_link());

function FeeForm(props: { templeId: number; lastResult?: SubmissionResult<string[]>; busy: boolean }) {
  const [form, fields] = useSchemaForm(templeFeeSchema, {
    id: "temple-fee",
    lastResult: props.lastResult,
    defaultValue: { kind: "puja", percent: "", fixedRupees: "", effectiveFrom: earliestFeeDay() },
  });
  return (
    <DeskForm
      form={form}
      title={m.fees_form_title()}
      hint={m.fees_form_hint()}
      intent="fee"
      hidden={{ templeId: props.templeId }}
      submit={m.fees_submit()}
      busy={props.busy}
    >
      <SelectField field={fields.kind} label={m.fees_kind()} options={FEE_KINDS} labelOf={kindText} />
      <TextField field={fields.percent} label={m.fees_percent()} hint={m.fees_percent_hint()} inputMode="decimal" />
      <TextField field={fields.fixedRupees} label={m.fees_fixed()} inputMode="decimal" />
      <TextField field={fields.effectiveFrom} label={m.fees_effective_from()} type="date" min={earliestFeeDay()} max={latestFeeDay()} />
    </DeskForm>
  );
}

export default function OperatorFees({ loaderData, actionData }: Route.ComponentProps) {
  const { temple, fees, invoices, months } = loaderData;
  const templeId = String(temple.id);
  const busy = useIsSubmitting(href("/:lang?/operator/temples/:templeId/fees", { templeId }));
  const pdf = (month: string) => href("/:lang?/operator/temples/:templeId/invoices/:month/invoice.pdf", { templeId, month });
  return (
    <section aria-labelledby="fees-title">
      <h2 id="fees-title">{m.fees_operator_title({ temple: temple.displayName })}</h2>
      <p className="field-hint">{m.fees_operator_intro()}</p>
      <ul className="plain-list">
        {FEE_KINDS.map((kind) => (
          <li key={kind}>
            {m.fees_current({ kind: kindText(kind), fee: feeText(fees[kind].current) })}
            {fees[kind].upcoming.map((rule) => (
              <span key={rule.id}> · {m.fees_upcoming({ date: longDate(rule.effectiveFrom), fee: feeText(rule) })}</span>
            ))}
          </li>
        ))}
      </ul>
      <p className="field-hint">{m.payouts_convenience_operator_hint()}</p>
      <FeeForm templeId={temple.id} lastResult={replyFor(actionData, "fee")} busy={busy} />
      <section aria-labelledby="fee-history-title">
        <h3 id="fee-history-title">{m.fees_history()}</h3>
        <ul className="plain-list">
          {fees.history.map((rule) => (
            <li key={rule.id}>
              {kindText(rule.kind)} · {feeText(rule)} · {m.fees_from({ date: longDate(rule.effectiveFrom) })} ·{" "}
              {rule.createdAt.slice(0, 10)}
              {rule.setByEmail ? ` · ${rule.setByEmail}` : ""}
            </li>
          ))}
        </ul>
      </section>
      <section aria-labelledby="invoices-title">
        <h3 id="invoices-title">{m.fees_invoices_title()}</h3>
        <ul className="plain-list">
          {invoices.map((invoice) => (
            <li key={invoice.id}>
              <a href={pdf(invoice.month)} download>
                {invoice.number}
              </a>{" "}
              · {monthYear(invoice.month)} · {formatRupees(invoice.total)}
            </li>
          ))}
          {months
            .filter((month) => !invoices.some((invoice) => invoice.month === month))
            .map((month) => (
              <li key={month}>
                <a href={pdf(month)} download>
                  {m.fees_invoice_month_link({ month: monthYear(month) })}
                </a>
              </li>
            ))}
        </ul>
      </section>
    </section>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary statusHandlers={deskStatusHandlers} />;
}
