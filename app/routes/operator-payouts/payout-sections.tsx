/** The payout page's linked account (status and its buttons) and the request waiting for a second operator. */
import type { SubmissionResult } from "@conform-to/react";
import { Form } from "~/components/layout/localized";
import type { OperatorPayoutsPage } from "~/domain/ledger/payout-accounts-view.server";
import { m } from "~/paraglide/messages";

/** A linked account's activation status, or a request's state, in words. */
export function statusText(status: string): string {
  const words: Record<string, () => string> = {
    created: m.payouts_account_status_created,
    under_review: m.payouts_account_status_under_review,
    needs_clarification: m.payouts_account_status_needs_clarification,
    activated: m.payouts_account_status_activated,
    suspended: m.payouts_account_status_suspended,
    pending: m.payouts_account_change_pending,
    approved: m.payouts_account_change_approved,
    rejected: m.payouts_account_change_rejected,
    withdrawn: m.payouts_account_change_withdrawn,
  };
  return (words[status] ?? (() => status))();
}

function ReplyError({ reply, id }: { reply?: SubmissionResult<string[]>; id: string }) {
  const errors = reply?.error ? Object.values(reply.error).flat() : [];
  return (
    <p id={id} className="form-error" role="alert">
      {errors[0] ?? null}
    </p>
  );
}

function Button(props: { templeId: number; intent: string; label: string; primary?: boolean }) {
  return (
    <Form method="post" className="desk-inline-form">
      <input type="hidden" name="templeId" value={props.templeId} />
      <button
        type="submit"
        name="intent"
        value={props.intent}
        className={props.primary ? "button button--primary" : "button button--small"}
      >
        {props.label}
      </button>
    </Form>
  );
}

export function LinkedAccountSection(props: {
  templeId: number;
  account: OperatorPayoutsPage["account"];
  reply?: SubmissionResult<string[]>;
}) {
  const { account, templeId } = props;
  const status = account?.activationStatus ?? null;
  return (
    <section aria-labelledby="linked-account-title">
      <h3 id="linked-account-title">{m.payouts_account_linked_title()}</h3>
      {account?.linkedAccountId ? (
        <p>
          {m.payouts_account_linked_status({ id: account.linkedAccountId, status: statusText(status ?? "created") })}
          {account.statusAt ? ` · ${account.statusAt.slice(0, 10)}` : ""}
        </p>
      ) : (
        <p>{m.payouts_account_linked_none()}</p>
      )}
      {status !== "activated" ? <p>{m.payouts_account_outside()}</p> : null}
      <div className="form-actions">
        {account && !account.routeProductId ? (
          <Button templeId={templeId} intent="create-linked" label={m.payouts_account_create_linked()} primary />
        ) : null}
        {account?.linkedAccountId ? <Button templeId={templeId} intent="refresh-linked" label={m.payouts_account_refresh()} /> : null}
        {account?.routeProductId ? (
          <Button templeId={templeId} intent="send-settlements" label={m.payouts_account_send_settlements()} />
        ) : null}
      </div>
      <ReplyError reply={props.reply} id="linked-account-error" />
    </section>
  );
}

export function PendingRequest(props: {
  templeId: number;
  pending: NonNullable<OperatorPayoutsPage["pending"]>;
  reply?: SubmissionResult<string[]>;
}) {
  const { pending, templeId } = props;
  return (
    <section aria-labelledby="pending-change-title">
      <h3 id="pending-change-title">{m.payouts_account_pending_title()}</h3>
      <p>
        {pending.beneficiaryName} · {pending.account} · {pending.ifsc} · {pending.legalName}
      </p>
      <p className="field-hint">
        {m.payouts_account_requested_by({ email: pending.requestedByEmail, date: pending.requestedAt.slice(0, 10) })}
      </p>
      {pending.mine ? (
        <p>{m.payouts_account_pending_own()}</p>
      ) : (
        <Form method="post" className="desk-form" aria-labelledby="pending-change-title">
          <input type="hidden" name="templeId" value={templeId} />
          <input type="hidden" name="changeId" value={pending.id} />
          <label htmlFor="payout-decision-note">{m.payouts_account_note()}</label>
          <textarea id="payout-decision-note" name="note" rows={2} maxLength={500} aria-describedby="payout-decision-error" />
          <div className="form-actions">
            <button type="submit" name="intent" value="approve" className="button button--primary">
              {m.payouts_account_approve()}
            </button>
            <button type="submit" name="intent" value="reject" className="button">
              {m.payouts_account_reject()}
            </button>
          </div>
        </Form>
      )}
      <ReplyError reply={props.reply} id="payout-decision-error" />
    </section>
  );
}
