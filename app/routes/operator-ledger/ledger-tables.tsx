import { Form, Link } from "~/components/layout/localized";
import { indiaMinute } from "~/lib/india-time";
import { DeskTable } from "~/components/desk/desk-table";
import type { LedgerView } from "~/domain/ledger/ledger-view.server";
import { formatCount, formatRupees } from "~/domain/text";
import { plural } from "~/lib/i18n";
import { m } from "~/paraglide/messages";

/** The ledger's address with the same month and temple, and a day's report (and its page). */
export function ledgerLink(view: Pick<LedgerView, "month" | "templeId">, day?: string, page?: number) {
  const params = new URLSearchParams({ month: view.month });
  if (view.templeId) params.set("templeId", String(view.templeId));
  if (day) params.set("day", day);
  if (page && page > 1) params.set("page", String(page));
  return `?${params}`;
}

/**
 * Pick the month, and find a temple by part of its name (plain GET forms: work without JavaScript). Issue 44: the
 * temples found are links, never a list of every temple with bookings in the month sent with each view.
 */
export function LedgerFilter({ view }: { view: LedgerView }) {
  const csv = new URLSearchParams({ month: view.month });
  if (view.templeId) csv.set("templeId", String(view.templeId));
  return (
    <>
      <Form method="get" className="desk-form desk-toolbar" aria-label={m.operator_ledger_filter()}>
        <label htmlFor="ledger-month">{m.operator_ledger_month()}</label>
        <input id="ledger-month" name="month" type="month" defaultValue={view.month} min="2020-01" max="2099-12" required />
        {view.templeId ? <input type="hidden" name="templeId" value={view.templeId} /> : null}
        <button type="submit" className="button button--small">
          {m.operator_ledger_show()}
        </button>
        <a className="button button--small" href={`/operator/ledger.csv?${csv}`} download>
          {m.operator_ledger_csv()}
        </a>
        {view.templeId ? (
          <Link className="button button--small" to={ledgerLink({ month: view.month, templeId: null })}>
            {m.operator_ledger_temple_all()}
          </Link>
        ) : null}
      </Form>
      <Form method="get" className="desk-form desk-toolbar" aria-label={m.operator_ledger_temple_search()}>
        <input type="hidden" name="month" value={view.month} />
        <label htmlFor="ledger-temple">{m.operator_ledger_temple_search()}</label>
        <input id="ledger-temple" name="temple" type="search" defaultValue={view.search?.text ?? ""} maxLength={100} required />
        <button type="submit" className="button button--small">
          {m.operator_ledger_temple_find()}
        </button>
      </Form>
      {view.search ? <TemplesFound view={view} search={view.search} /> : null}
    </>
  );
}

/** The temples whose name holds the text searched for, each a link to the month for that temple. */
function TemplesFound({ view, search }: { view: LedgerView; search: NonNullable<LedgerView["search"]> }) {
  if (search.temples.length === 0) return <p className="notice">{m.operator_ledger_temple_none({ text: search.text })}</p>;
  return (
    <div className="notice">
      <p>{m.operator_ledger_temple_found({ text: search.text })}</p>
      <ul className="plain-list">
        {search.temples.map((temple) => (
          <li key={temple.id}>
            <Link to={ledgerLink({ month: view.month, templeId: temple.id })}>{temple.name}</Link>
          </li>
        ))}
      </ul>
      {search.more ? <p className="field-hint">{m.operator_ledger_temple_more()}</p> : null}
    </div>
  );
}

/** Payments the gateway took that became neither a booking nor a refund: the goal is none. */
export function UnmatchedPayments({ payments }: { payments: LedgerView["unmatched"] }) {
  if (payments.length === 0) {
    return <p className="notice">{m.operator_ledger_unmatched_none()}</p>;
  }
  return (
    <div className="notice notice--alert" role="alert" aria-labelledby="unmatched-title">
      <h3 id="unmatched-title">{m.operator_ledger_unmatched_title({ count: formatCount(payments.length) })}</h3>
      <p>{m.operator_ledger_unmatched_hint()}</p>
      <ul className="plain-list">
        {payments.map((p) => (
          <li key={p.paymentRef}>
            {p.day} · {p.paymentRef} ({p.provider}) · {p.providerOrderId} · {p.devoteeEmail} · {formatRupees(p.amount)}
          </li>
        ))}
      </ul>
    </div>
  );
}

/** One row per day of the month, and the month's totals: received = booked + refunded + refund open + not matched. */
export function LedgerTable({ view }: { view: LedgerView }) {
  const { perDay, totals } = view.ledger;
  const money = (paise: number) => <td className="num">{formatRupees(paise)}</td>;
  // The devotees' convenience fees stand beside the gateway's fees, in a month that has any.
  const convenience = totals.convenience > 0;
  return (
    <DeskTable
      caption={m.operator_ledger_caption()}
      headings={[
        m.operator_col_day(),
        m.operator_ledger_col_payments(),
        m.operator_ledger_col_received(),
        m.operator_ledger_col_booked(),
        m.operator_ledger_col_refunded(),
        m.operator_ledger_col_refund_open(),
        m.operator_ledger_col_unmatched(),
        m.operator_ledger_col_fees(),
        ...(convenience ? [m.payouts_convenience_ledger_col()] : []),
        m.operator_ledger_col_counter_at_temple(),
        m.operator_ledger_col_counter_cancelled(),
      ]}
      footer={
        <tr>
          <th scope="row">{m.operator_ledger_total()}</th>
          <td className="num">{formatCount(totals.payments)}</td>
          {money(totals.received)}
          {money(totals.booked)}
          {money(totals.refunded)}
          {money(totals.refundOpen)}
          {money(totals.unmatched)}
          {money(totals.fees)}
          {convenience ? money(totals.convenience) : null}
          {money(totals.counterAtTemple)}
          {money(totals.counterCancelled)}
        </tr>
      }
    >
      {perDay.map((row) => (
        <tr key={row.day} aria-current={row.day === view.day ? "date" : undefined}>
          <th scope="row">
            <Link to={`${ledgerLink(view, row.day)}#report-title`} preventScrollReset>
              {row.day}
            </Link>
          </th>
          <td className="num">{formatCount(row.payments)}</td>
          {money(row.received)}
          {money(row.booked)}
          {money(row.refunded)}
          {money(row.refundOpen)}
          {money(row.unmatched)}
          {money(row.fees)}
          {convenience ? money(row.convenience) : null}
          {money(row.counterAtTemple)}
          {money(row.counterCancelled)}
        </tr>
      ))}
    </DeskTable>
  );
}

/** The newest reconciliation run: what housekeeping asked the gateway and what it did. */
export function ReconciliationRun({ run, reconciling }: { run: LedgerView["run"]; reconciling: boolean }) {
  return (
    <section aria-labelledby="run-title">
      <h3 id="run-title">{m.operator_ledger_run_title()}</h3>
      {run ? (
        <>
          <dl className="desk-stats">
            <div>
              <dt>{m.operator_ledger_run_started()}</dt>
              <dd>{indiaMinute(run.startedAt)}</dd>
            </div>
            <div>
              <dt>{m.operator_ledger_run_orders()}</dt>
              <dd>{formatCount(run.ordersChecked)}</dd>
            </div>
            <div>
              <dt>{m.operator_ledger_run_booked()}</dt>
              <dd>{formatCount(run.paymentsBooked)}</dd>
            </div>
            <div>
              <dt>{m.operator_ledger_run_refunded()}</dt>
              <dd>{formatCount(run.paymentsRefunded)}</dd>
            </div>
            <div>
              <dt>{m.operator_ledger_run_retried()}</dt>
              <dd>{formatCount(run.refundsRetried)}</dd>
            </div>
            <div>
              <dt>{m.operator_ledger_run_errors()}</dt>
              <dd>{formatCount(run.errors)}</dd>
            </div>
          </dl>
          {run.finishedAt ? null : <p className="notice">{m.operator_ledger_run_unfinished()}</p>}
          {run.unmatched.length === 0 ? (
            <p>{m.operator_ledger_run_unmatched_none()}</p>
          ) : (
            <div className="notice notice--alert" role="alert">
              <p>
                {plural(
                  run.unmatched.length,
                  m.operator_ledger_run_unmatched_one,
                  m.operator_ledger_run_unmatched_other,
                )({
                  count: formatCount(run.unmatched.length),
                })}
              </p>
              <ul className="plain-list">
                {run.unmatched.map((u, i) => (
                  <li key={u.paymentRef ?? i}>
                    {u.paymentRef ?? "—"} · {u.orderRef ?? "—"} · {typeof u.amount === "number" ? formatRupees(u.amount) : "—"}
                  </li>
                ))}
              </ul>
            </div>
          )}
        </>
      ) : (
        <p className="empty-state">{reconciling ? m.operator_ledger_run_none() : m.operator_ledger_run_off()}</p>
      )}
    </section>
  );
}
