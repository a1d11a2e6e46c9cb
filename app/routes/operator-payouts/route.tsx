/**
 * A temple's payouts in the console (issue 43): its bank account for payouts (shown masked), the
 * request waiting for a second operator, and its linked account at Razorpay Route with its status.
 * The rules are the ledger's (payout-accounts.server.ts, payout-linked-accounts.server.ts).
 */
import { href } from "react-router";
import { deskStatusHandlers, GeneralErrorBoundary } from "~/components/layout/error-boundary";
import { useIsSubmitting } from "~/components/forms/form-fields";
import { linkedAccountSchema, payoutAccountSchema, payoutDecisionSchema } from "~/domain/ledger/payout-account-inputs";
import { decidePayoutChange, requestPayoutChange, tellStaffOfPayoutChange } from "~/domain/ledger/payout-accounts.server";
import { operatorPayoutsPage } from "~/domain/ledger/payout-accounts-view.server";
import {
  createLinkedAccount,
  type LinkedAccountOutcome,
  refreshLinkedAccount,
  sendSettlementAccount,
} from "~/domain/ledger/payout-linked-accounts.server";
import { appEnv } from "~/lib/context.server";
import { dbFrom } from "~/lib/db.server";
import { parseSubmission, readForm } from "~/lib/form-data.server";
import { todayInIndia } from "~/lib/india-time";
import { pageMeta } from "~/lib/meta";
import { notFound } from "~/lib/not-found.server";
import { payoutGateway } from "~/lib/payments/index.server";
import { m } from "~/paraglide/messages";
import { replyFor, replyToForm } from "~/web/form-reply";
import { operatorAccess } from "~/web/role-guards.server";
import { backWithToast } from "~/web/staff-actions.server";
import type { Route } from "./+types/route";
import { businessTypeText, PayoutAccountForm } from "./payout-account-form";
import { LinkedAccountSection, PendingRequest, statusText } from "./payout-sections";

export async function loader({ context, params }: Route.LoaderArgs) {
  const user = operatorAccess(context);
  const templeId = Number(params.templeId);
  const page = Number.isInteger(templeId) && templeId > 0 ? await operatorPayoutsPage(dbFrom(context), templeId, user.id) : null;
  if (!page) throw notFound();
  return page;
}

const REFUSED: Record<string, () => string> = {
  pending: m.payouts_account_refused_pending,
  "not-verified": m.payouts_account_refused_not_verified,
  "own-request": m.payouts_account_refused_own,
  "not-pending": m.payouts_account_refused_not_pending,
  "no-details": m.payouts_account_refused_no_details,
  "already-linked": m.payouts_account_refused_already_linked,
  "not-linked": m.payouts_account_refused_not_linked,
  "no-gateway": m.payouts_account_refused_no_gateway,
};

function linkedMessage(outcome: LinkedAccountOutcome): { ok: boolean; message: string } {
  if ("status" in outcome) return { ok: true, message: m.payouts_account_razorpay_says({ status: statusText(outcome.status) }) };
  if ("failed" in outcome) return { ok: false, message: m.payouts_account_failed({ reason: outcome.failed }) };
  return { ok: false, message: REFUSED[outcome.refused]!() };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const user = operatorAccess(context);
  const env = appEnv(context);
  const db = dbFrom(context);
  const formData = await readForm(request);
  const templeId = Number(params.templeId);
  if (formData.get("templeId") !== params.templeId) throw notFound();
  const back = href("/:lang?/operator/temples/:templeId/payouts", { templeId: params.templeId });
  const intent = formData.get("intent");

  if (intent === "request") {
    const submission = parseSubmission(formData, payoutAccountSchema);
    if (submission.status !== "success") return replyToForm("request", submission.reply());
    const outcome = await requestPayoutChange(db, user.id, submission.value);
    if ("refused" in outcome) {
      if (outcome.refused === "not-found") throw notFound();
      return replyToForm("request", submission.reply({ formErrors: [REFUSED[outcome.refused]!()] }), 409);
    }
    return backWithToast(context, formData, back, { type: "success", message: m.payouts_account_requested() });
  }

  if (intent === "approve" || intent === "reject") {
    const submission = parseSubmission(formData, payoutDecisionSchema);
    if (submission.status !== "success") return replyToForm("decision", submission.reply());
    const outcome = await decidePayoutChange(db, user.id, submission.value);
    if ("refused" in outcome) {
      if (outcome.refused === "not-found") throw notFound();
      return replyToForm("decision", submission.reply({ formErrors: [REFUSED[outcome.refused]!()] }), 409);
    }
    if (outcome.decided === "rejected")
      return backWithToast(context, formData, back, { type: "success", message: m.payouts_account_rejected() });
    await tellStaffOfPayoutChange(env, db, { ...outcome, day: todayInIndia() });
    let message: string = m.payouts_account_approved();
    if (outcome.linkedAccountId) {
      const sent = linkedMessage(await sendSettlementAccount(db, payoutGateway(env.config), templeId));
      if (!sent.ok) return backWithToast(context, formData, back, { type: "error", message: `${message} ${sent.message}` });
      message = `${message} ${sent.message}`;
    }
    return backWithToast(context, formData, back, { type: "success", message });
  }

  const submission = parseSubmission(formData, linkedAccountSchema);
  if (submission.status !== "success") return replyToForm("linked", submission.reply());
  const route = payoutGateway(env.config);
  const run = { "create-linked": createLinkedAccount, "refresh-linked": refreshLinkedAccount, "send-settlements": sendSettlementAccount }[
    submission.value.intent
  ];
  const said = linkedMessage(await run(db, route, templeId));
  if (!said.ok) return replyToForm("linked", submission.reply({ formErrors: [said.message] }), 502);
  return backWithToast(context, formData, back, { type: "success", message: said.message });
}

export const meta: Route.MetaFunction = ({ loaderData }) =>
  pageMeta(loaderData ? m.payouts_account_title({ temple: loaderData.temple.displayName }) : m.payouts_account_link());

export default function OperatorPayouts({ loaderData, actionData }: Route.ComponentProps) {
  const { temple, account, pending, history } = loaderData;
  const templeId = String(temple.id);
  const busy = useIsSubmitting(href("/:lang?/operator/temples/:templeId/payouts", { templeId }), "request");
  return (
    <section aria-labelledby="payouts-title">
      <h2 id="payouts-title">{m.payouts_account_title({ temple: temple.displayName })}</h2>
      <p className="field-hint">{m.payouts_account_intro()}</p>
      <section aria-labelledby="payout-current-title">
        <h3 id="payout-current-title">{m.payouts_account_current_title()}</h3>
        {account ? (
          <dl className="plain-list">
            <dt>{m.payouts_account_beneficiary()}</dt>
            <dd>{account.beneficiaryName}</dd>
            <dt>{m.payouts_account_number()}</dt>
            <dd>{account.account}</dd>
            <dt>{m.payouts_account_ifsc()}</dt>
            <dd>{account.ifsc}</dd>
            <dt>{m.payouts_account_legal_name()}</dt>
            <dd>
              {account.legalName} ({businessTypeText(account.businessType)})
            </dd>
            <dt>{m.payouts_account_contact_name()}</dt>
            <dd>
              {account.contactName} · {account.email} · {account.phone}
              {account.pan ? ` · PAN ${account.pan}` : ""}
            </dd>
          </dl>
        ) : (
          <p>{m.payouts_account_none()}</p>
        )}
      </section>
      <LinkedAccountSection templeId={temple.id} account={account} reply={replyFor(actionData, "linked")} />
      {pending ? (
        <PendingRequest
          templeId={temple.id}
          pending={pending}
          reply={replyFor(actionData, "decision") ?? replyFor(actionData, "request")}
        />
      ) : temple.verified ? (
        <PayoutAccountForm
          templeId={temple.id}
          changing={account !== null}
          current={account}
          lastResult={replyFor(actionData, "request")}
          busy={busy}
        />
      ) : (
        <p>{m.payouts_account_refused_not_verified()}</p>
      )}
      {history.length > 0 ? (
        <section aria-labelledby="payout-history-title">
          <h3 id="payout-history-title">{m.payouts_account_history_title()}</h3>
          <ul className="plain-list">
            {history.map((change) => (
              <li key={change.id}>
                {change.account} · {change.ifsc} · {change.beneficiaryName} · {statusText(change.status)} ·{" "}
                {m.payouts_account_requested_by({ email: change.requestedByEmail, date: change.requestedAt.slice(0, 10) })}
                {change.decidedByEmail
                  ? ` · ${m.payouts_account_decided_by({ email: change.decidedByEmail, date: (change.decidedAt ?? "").slice(0, 10) })}`
                  : ""}
                {change.decisionNote ? ` · ${change.decisionNote}` : ""}
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
