import { DeskTable } from "~/components/desk/desk-table";
import { Link } from "~/components/layout/localized";
import type { LedgerView } from "~/domain/ledger/ledger-view.server";
import { formatCount, formatRupees, longDate } from "~/domain/text";
import { indiaDateTime } from "~/lib/india-time";
import { plural } from "~/lib/i18n";
import { m } from "~/paraglide/messages";
import { outcomeText } from "./outcome";
import { ledgerLink } from "./ledger-tables";

/**
 * The daily reconciliation report: a day's payments, bookings and refunds, every payment matched to
 * neither, and every payment found that day whose money went back more than once.
 */
export function DailyReport({ view }: { view: LedgerView }) {
  const { report } = view;
  return (
    <section aria-labelledby="report-title">
      <h3 id="report-title">{m.operator_ledger_report_title({ day: longDate(report.day) })}</h3>
      <dl className="desk-stats">
        <div>
          <dt>{m.operator_ledger_col_payments()}</dt>
          <dd>{formatCount(report.paging.total)}</dd>
        </div>
        <div>
          <dt>{m.operator_ledger_report_bookings()}</dt>
          <dd>{formatCount(report.booked)}</dd>
        </div>
        <div>
          <dt>{m.operator_ledger_report_refunds()}</dt>
          <dd>{formatCount(report.refunds)}</dd>
        </div>
        <div>
          <dt>{m.operator_ledger_col_unmatched()}</dt>
          <dd>{report.unmatched === 0 ? m.operator_ledger_none() : formatCount(report.unmatched)}</dd>
        </div>
      </dl>
      {report.unmatched > 0 ? (
        <p className="notice notice--alert" role="alert">
          {plural(
            report.unmatched,
            m.operator_ledger_report_unmatched_one,
            m.operator_ledger_report_unmatched_other,
          )({
            count: formatCount(report.unmatched),
          })}
        </p>
      ) : null}
      {report.refundedTwice.length > 0 ? (
        <div className="notice notice--alert" role="alert" data-report="refunded-twice">
          <p>{m.operator_ledger_report_refunded_twice({ count: formatCount(report.refundedTwice.length) })}</p>
          <ul className="plain-list">
            {report.refundedTwice.map((p) => (
              <li key={p.paymentRef}>
                {p.paymentRef} · {p.orderRef} · {formatRupees(p.amount)} ·{" "}
                {p.refundStatus === "outside"
                  ? `${m.operator_ledger_outcome_outside()} (${p.outsideReference ?? "—"})`
                  : `${m.operator_ledger_outcome_refunded()} (${p.refundRef ?? "—"})`}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {report.payoutIssues.length > 0 ? (
        <div className="notice notice--alert" role="alert" data-report="payout-issues">
          <p>{m.payouts_transfer_report_issues()}</p>
          <ul className="plain-list">
            {report.payoutIssues.map((issue) => (
              <li key={issue.lineId}>
                {m.payouts_transfer_report_issue_line({
                  payment: issue.paymentRef,
                  line: String(issue.lineId),
                  state:
                    issue.state === "failed"
                      ? m.payouts_transfer_state_failed()
                      : issue.state === "not-sent"
                        ? m.payouts_transfer_state_not_sent()
                        : m.payouts_transfer_state_not_planned(),
                })}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {report.payments.length === 0 ? (
        <p className="empty-state">{m.operator_ledger_report_empty()}</p>
      ) : (
        <DeskTable
          caption={m.operator_ledger_report_caption({ day: report.day })}
          headings={[
            m.operator_ledger_col_time_india(),
            m.operator_col_payment(),
            m.operator_col_order(),
            m.operator_col_devotee(),
            m.operator_col_amount(),
            m.operator_ledger_col_outcome(),
          ]}
        >
          {report.payments.map((p) => (
            <tr key={p.paymentRef} data-outcome={p.outcome}>
              <th scope="row">{indiaDateTime(Date.parse(p.paidAt)).time}</th>
              <td>
                {p.paymentRef} ({p.provider})
              </td>
              <td>{p.providerOrderId}</td>
              <td>{p.devoteeEmail}</td>
              <td className="num">{formatRupees(p.amount)}</td>
              <td>{outcomeText(p)}</td>
            </tr>
          ))}
        </DeskTable>
      )}
      <ReportPages view={view} />
    </section>
  );
}

/** Where the listed payments sit in the day's, with plain links (no JavaScript needed) to the payments before and after. */
function ReportPages({ view }: { view: LedgerView }) {
  const { paging, day } = view.report;
  if (paging.page === 1 && !paging.hasNext) return null;
  return (
    <nav className="desk-toolbar" aria-label={m.operator_ledger_report_pages_label()}>
      {paging.page > 1 ? (
        <Link className="button button--small" to={`${ledgerLink(view, day, paging.page - 1)}#report-title`} preventScrollReset>
          {m.operator_ledger_report_earlier()}
        </Link>
      ) : null}
      <p className="field-hint">
        {m.operator_ledger_report_showing({ from: formatCount(paging.from), to: formatCount(paging.to), total: formatCount(paging.total) })}
      </p>
      {paging.hasNext ? (
        <Link className="button button--small" to={`${ledgerLink(view, day, paging.page + 1)}#report-title`} preventScrollReset>
          {m.operator_ledger_report_later()}
        </Link>
      ) : null}
    </nav>
  );
}
