/** Bookings and amounts per temple and per day, and the latest changes made by staff and operators. */
import { href } from "react-router";
import { Link } from "~/components/layout/localized";
import { DeskTable } from "~/components/desk/desk-table";
import { deskStatusHandlers, GeneralErrorBoundary } from "~/components/layout/error-boundary";
import { addDays } from "~/domain/bookings/cart/inputs";
import { listAudit } from "~/domain/audit/audit.server";
import { countOpenRefunds, listOpenRefunds } from "~/domain/ledger/refund-list.server";
import { REFUND_REASONS } from "~/domain/bookings/cart/checkout-messages";
import type { RefundReason } from "~/domain/bookings/cart/checkout-lines";
import { loadDashboard } from "~/domain/temples-admin/dashboard.server";
import { formatRupees } from "~/domain/text";
import { indiaMinute, todayInIndia } from "~/lib/india-time";
import { dbFrom } from "~/lib/db.server";
import { pageMeta } from "~/lib/meta";
import type { Route } from "./+types/operator-dashboard";
import { plural } from "~/lib/i18n";
import { m } from "~/paraglide/messages";

const PERIODS = [7, 30, 90, 365] as const;

export async function loader({ request, context }: Route.LoaderArgs) {
  const asked = Number(new URL(request.url).searchParams.get("days"));
  const days = PERIODS.find((p) => p === asked) ?? 30;
  const db = dbFrom(context);
  const [dashboard, audit, refundsDue, refundsDueCount] = await Promise.all([
    loadDashboard(db, addDays(todayInIndia(), -days + 1)),
    listAudit(db, { limit: 20 }),
    // Refunds the gateway refused or could not be reached for, or being sent (the refunds page has the pending ones too).
    listOpenRefunds(db, { limit: 50, statuses: ["due", "sending"] }),
    countOpenRefunds(db),
  ]);
  return { days, ...dashboard, audit, refundsDue, refundsDueCount: refundsDueCount.due };
}

export const meta = () => pageMeta(m.operator_meta_dashboard());

export default function OperatorDashboard({ loaderData }: Route.ComponentProps) {
  const { days, perTemple, perDay, totals, audit } = loaderData;
  return (
    <section aria-labelledby="dashboard-title">
      <RefundsDue refunds={loaderData.refundsDue} total={loaderData.refundsDueCount} />
      <h2 id="dashboard-title">{plural(days, m.operator_dashboard_title_one, m.operator_dashboard_title_other)({ days })}</h2>
      <p className="desk-toolbar">
        {PERIODS.map((p) => (
          <Link
            key={p}
            className={p === days ? "button button--small button--primary" : "button button--small"}
            to={`?days=${p}`}
            aria-current={p === days ? "page" : undefined}
          >
            {plural(p, m.operator_dashboard_period_one, m.operator_dashboard_period_other)({ days: p })}
          </Link>
        ))}
      </p>
      <dl className="desk-stats">
        <div>
          <dt>{m.operator_dashboard_paid_bookings()}</dt>
          <dd>{totals.bookings}</dd>
        </div>
        <div>
          <dt>{m.operator_dashboard_amount_received()}</dt>
          <dd>{formatRupees(totals.amount)}</dd>
        </div>
      </dl>
      <DeskTable
        caption={m.operator_dashboard_per_temple()}
        headings={[m.operator_col_temple(), m.operator_col_bookings(), m.operator_col_lines(), m.operator_col_amount()]}
      >
        {perTemple.map((row) => (
          <tr key={row.templeId}>
            <th scope="row">
              <Link to={href("/:lang?/desk/:templeId", { templeId: String(row.templeId) })}>{row.templeName}</Link>
            </th>
            <td className="num">{row.bookings}</td>
            <td className="num">{row.lines}</td>
            <td className="num">{formatRupees(row.amount)}</td>
          </tr>
        ))}
      </DeskTable>
      <DeskTable
        caption={m.operator_dashboard_per_day()}
        headings={[m.operator_col_day(), m.operator_col_bookings(), m.operator_col_amount()]}
      >
        {perDay.map((row) => (
          <tr key={row.day}>
            <th scope="row">{row.day}</th>
            <td className="num">{row.bookings}</td>
            <td className="num">{formatRupees(row.amount)}</td>
          </tr>
        ))}
      </DeskTable>
      <DeskTable
        caption={m.operator_dashboard_audit()}
        headings={[m.operator_col_when_ist(), m.operator_col_who(), m.operator_col_what(), m.operator_col_item(), m.operator_col_temple()]}
      >
        {audit.map((row) => (
          <tr key={row.id}>
            <th scope="row">{indiaMinute(row.createdAt)}</th>
            <td>{row.actorEmail}</td>
            <td>{row.action}</td>
            <td>
              {row.entity} {row.entityId}
            </td>
            <td>{row.templeId ?? "—"}</td>
          </tr>
        ))}
      </DeskTable>
    </section>
  );
}

type RefundDue = Route.ComponentProps["loaderData"]["refundsDue"][number];

/** Payments that were not booked and whose refund the gateway refused or could not take: settle them by hand. */
function RefundsDue({ refunds, total }: { refunds: RefundDue[]; total: number }) {
  if (total === 0) return null;
  return (
    <div className="table-scroll" role="region" aria-labelledby="refunds-due-title">
      <h3 id="refunds-due-title">{m.operator_refunds_due_title({ count: total })}</h3>
      <p className="notice">{m.operator_refunds_due_notice()}</p>
      <p>
        <Link to={href("/:lang?/operator/refunds")}>{m.operator_refunds_open_link()}</Link>
      </p>
      <table className="desk-table">
        <caption className="visually-hidden">{m.operator_refunds_due_caption()}</caption>
        <thead>
          <tr>
            <th scope="col">{m.operator_col_since_ist()}</th>
            <th scope="col">{m.operator_col_payment()}</th>
            <th scope="col">{m.operator_col_order()}</th>
            <th scope="col">{m.operator_col_devotee()}</th>
            <th scope="col">{m.operator_col_why_not_booked()}</th>
            <th scope="col">{m.operator_col_amount()}</th>
          </tr>
        </thead>
        <tbody>
          {refunds.map((refund) => (
            <tr key={refund.id}>
              <th scope="row">{indiaMinute(refund.createdAt)}</th>
              <td>
                {refund.paymentRef} ({refund.provider})
              </td>
              <td>{refund.providerOrderId}</td>
              <td>{refund.customerEmail}</td>
              <td>{REFUND_REASONS[refund.reason as RefundReason] ?? refund.reason}</td>
              <td className="num">{formatRupees(refund.amount)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary statusHandlers={deskStatusHandlers} />;
}
