/**
 * Refunds the portal still owes, oldest first: the gateway has not accepted them (due), a call for
 * it is in flight (being sent), or it has and not paid out yet (pending). A due one can be sent
 * again ("Retry", with the same idempotency key) or marked refunded outside the portal (a
 * reference and a reason, audited); one being sent has neither until the gateway answers.
 */
import { data, href } from "react-router";
import { DeskTable } from "~/components/desk/desk-table";
import { deskStatusHandlers, GeneralErrorBoundary } from "~/components/layout/error-boundary";
import { markRefundedOutside, retryRefund } from "~/domain/ledger/refund-actions.server";
import { refundOutsideSchema, refundRetrySchema } from "~/domain/ledger/refund-inputs";
import { countOpenRefunds, listOpenRefunds } from "~/domain/ledger/refund-list.server";
import { formatCount } from "~/domain/text";
import { appEnv } from "~/lib/context.server";
import { dbFrom } from "~/lib/db.server";
import { parseSubmission, readForm } from "~/lib/form-data.server";
import { pageMeta } from "~/lib/meta";
import { checkoutProvider } from "~/lib/payments/index.server";
import { m } from "~/paraglide/messages";
import { replyFor, replyToForm, rowForm } from "~/web/form-reply";
import { operatorAccess } from "~/web/role-guards.server";
import { backWithToast } from "~/web/staff-actions.server";
import type { Route } from "./+types/route";
import { RefundRow } from "./refund-row";

export async function loader({ context }: Route.LoaderArgs) {
  const db = dbFrom(context);
  const [refunds, counts] = await Promise.all([listOpenRefunds(db), countOpenRefunds(db)]);
  return { refunds, counts };
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = operatorAccess(context);
  const formData = await readForm(request, { textCharacters: 700 });
  const db = dbFrom(context);
  const back = href("/:lang?/operator/refunds");
  if (formData.get("intent") === "retry") {
    const parsed = refundRetrySchema.safeParse(Object.fromEntries(formData));
    if (!parsed.success) throw data(m.operator_refund_unknown(), { status: 400 });
    const provider = checkoutProvider(appEnv(context).config);
    if (!provider) return backWithToast(context, formData, back, { type: "error", message: m.operator_refund_no_gateway() });
    const result = await retryRefund(db, provider, parsed.data.refundId);
    if (!result.ok && result.inFlight) return backWithToast(context, formData, back, { type: "error", message: result.message });
    return backWithToast(context, formData, back, {
      type: result.ok ? "success" : "error",
      message: result.ok
        ? result.status === "refunded"
          ? m.operator_refund_retry_refunded()
          : m.operator_refund_retry_pending()
        : m.operator_refund_retry_failed({ message: result.message }),
    });
  }
  const refundId = Number(formData.get("refundId"));
  const form = rowForm("outside", Number.isSafeInteger(refundId) ? refundId : 0);
  const submission = parseSubmission(formData, refundOutsideSchema);
  if (submission.status !== "success") return replyToForm(form, submission.reply());
  const { reference, reason } = submission.value;
  const result = await markRefundedOutside(db, submission.value.refundId, { reference, reason, operatorId: user.id });
  if (!result.ok) return replyToForm(form, submission.reply({ formErrors: [result.message] }), 409);
  return backWithToast(context, formData, back, { type: "success", message: m.operator_refund_outside_done({ reference }) });
}

export const meta = () => pageMeta(m.operator_refunds_title());

export default function OperatorRefunds({ loaderData, actionData }: Route.ComponentProps) {
  const { refunds, counts } = loaderData;
  return (
    <section aria-labelledby="refunds-title">
      <h2 id="refunds-title">{m.operator_refunds_title()}</h2>
      <p className="field-hint">{m.operator_refunds_intro()}</p>
      <p>{m.operator_refunds_counts({ due: formatCount(counts.due), pending: formatCount(counts.pending) })}</p>
      {refunds.length === 0 ? (
        <p className="empty-state">{m.operator_refunds_none()}</p>
      ) : (
        <DeskTable
          caption={m.operator_refunds_caption()}
          headings={[
            m.operator_col_since_ist(),
            m.operator_col_payment(),
            m.operator_col_devotee(),
            m.operator_col_amount(),
            m.operator_refunds_col_state(),
            m.operator_refunds_col_attempts(),
            m.operator_refunds_col_actions(),
          ]}
        >
          {refunds.map((refund) => (
            <RefundRow key={refund.id} refund={refund} lastResult={replyFor(actionData, rowForm("outside", refund.id))} />
          ))}
        </DeskTable>
      )}
    </section>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary statusHandlers={deskStatusHandlers} />;
}
