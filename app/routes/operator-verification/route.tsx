/**
 * One temple's verification in the console: the operator records the check of its documents
 * (registration, PAN, bank account holder, authorised person, 80G validity and renovation-only),
 * sees the staff's confirmation, and can withdraw verification. Every change is in the audit log.
 */
import { href } from "react-router";
import { Link } from "~/components/layout/localized";
import { deskStatusHandlers, GeneralErrorBoundary } from "~/components/layout/error-boundary";
import { useIsSubmitting } from "~/components/forms/form-fields";
import { VerifiedBadge } from "~/components/search/verified-badge";
import { documentsCheckSchema, withdrawVerificationSchema } from "~/domain/trust/inputs";
import { loadVerification, recordDocumentsCheck, withdrawVerification } from "~/domain/trust/verification.server";
import { longDate } from "~/domain/text";
import { dbFrom } from "~/lib/db.server";
import { parseSubmission, readForm } from "~/lib/form-data.server";
import { pageMeta } from "~/lib/meta";
import { notFound } from "~/lib/not-found.server";
import { m } from "~/paraglide/messages";
import { replyFor, replyToForm } from "~/web/form-reply";
import { operatorAccess } from "~/web/role-guards.server";
import { backWithToast } from "~/web/staff-actions.server";
import type { Route } from "./+types/route";
import { DocumentsCheckForm, WithdrawForm } from "./verification-forms";

export async function loader({ context, params }: Route.LoaderArgs) {
  const templeId = Number(params.templeId);
  const verification = Number.isInteger(templeId) && templeId > 0 ? await loadVerification(dbFrom(context), templeId) : null;
  if (!verification) throw notFound();
  return { verification };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const user = operatorAccess(context);
  const formData = await readForm(request);
  const db = dbFrom(context);
  const back = href("/:lang?/operator/temples/:templeId/verification", { templeId: params.templeId });
  if (formData.get("intent") === "withdraw") {
    const submission = parseSubmission(formData, withdrawVerificationSchema);
    if (submission.status !== "success") return replyToForm("withdraw", submission.reply());
    const withdrawn = await withdrawVerification(db, user.id, submission.value.templeId, submission.value.reason);
    return backWithToast(context, formData, back, {
      type: "success",
      message: withdrawn ? m.trust_operator_withdrawn() : m.trust_operator_nothing_to_withdraw(),
    });
  }
  const submission = parseSubmission(formData, documentsCheckSchema);
  if (submission.status !== "success") return replyToForm("documents", submission.reply());
  if (submission.value.templeId !== Number(params.templeId) || !(await recordDocumentsCheck(db, user.id, submission.value)))
    throw notFound();
  return backWithToast(context, formData, back, { type: "success", message: m.trust_operator_checked() });
}

export const meta: Route.MetaFunction = ({ loaderData }) =>
  pageMeta(loaderData ? m.trust_operator_meta({ temple: loaderData.verification.displayName }) : m.trust_operator_nav());

export default function OperatorVerification({ loaderData, actionData }: Route.ComponentProps) {
  const { verification: v } = loaderData;
  const busy = useIsSubmitting(href("/:lang?/operator/temples/:templeId/verification", { templeId: String(v.id) }));
  return (
    <section aria-labelledby="verification-title">
      <h2 id="verification-title">{m.trust_operator_meta({ temple: v.displayName })}</h2>
      <p className="notice" role="status">
        {v.verified ? m.trust_desk_status_verified() : m.trust_operator_status_not_verified()}{" "}
        {v.verified ? <VerifiedBadge slug={v.slug} /> : null}
      </p>
      <ul className="trust-checks">
        <li>
          {v.documentsCheckedAt
            ? m.trust_operator_checked_by({ date: longDate(v.documentsCheckedAt.slice(0, 10)), email: v.documentsCheckedBy ?? "" })
            : m.trust_desk_not_checked()}
        </li>
        <li>
          {v.staffConfirmedAt
            ? m.trust_desk_confirmed_on({ date: longDate(v.staffConfirmedAt.slice(0, 10)), email: v.staffConfirmedBy ?? "" })
            : m.trust_operator_not_confirmed()}
        </li>
      </ul>
      <p>
        <Link to={href("/:lang?/desk/:templeId/listing", { templeId: String(v.id) })}>{m.operator_temple_open_desk()}</Link> ·{" "}
        <Link to={href("/:lang?/t/:slug", { slug: v.slug })}>{m.operator_temple_site()}</Link>
      </p>
      <DocumentsCheckForm verification={v} lastResult={replyFor(actionData, "documents")} busy={busy} />
      {v.documentsCheckedAt ? <WithdrawForm templeId={v.id} lastResult={replyFor(actionData, "withdraw")} busy={busy} /> : null}
      {v.history.length > 0 ? (
        <section aria-labelledby="history-title">
          <h3 id="history-title">{m.trust_operator_history()}</h3>
          <ul className="plain-list">
            {v.history.map((entry) => (
              <li key={entry.id}>
                {entry.createdAt.slice(0, 10)} · {entry.actorEmail} · {entry.action}
                {entry.reason ? ` · ${entry.reason}` : ""}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </section>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary statusHandlers={deskStatusHandlers} />;
}
