/** Bookings and amounts per temple and per day, and the latest changes made by staff and operators. */
import { Link } from "~/components/localized";
import { deskStatusHandlers, GeneralErrorBoundary } from "~/components/error-boundary";
import { addDays } from "~/domain/bookings";
import { listAudit } from "~/domain/audit.server";
import { countRefundsDue, listRefundsDue } from "~/domain/checkout.server";
import { REFUND_REASONS } from "~/domain/checkout-messages";
import type { RefundReason } from "~/domain/checkout-lines";
import { deskPaths } from "~/domain/desk";
import { loadDashboard } from "~/domain/operator-dashboard.server";
import { formatRupees } from "~/domain/text";
import { todayInIndia } from "~/lib/india-time";
import { dbFrom } from "~/lib/db.server";
import { pageMeta } from "~/lib/meta";
import type { Route } from "./+types/operator-dashboard";

const PERIODS = [7, 30, 90, 365] as const;

export async function loader({ request, context }: Route.LoaderArgs) {
  const asked = Number(new URL(request.url).searchParams.get("days"));
  const days = PERIODS.find((p) => p === asked) ?? 30;
  const db = dbFrom(context);
  const [dashboard, audit, refundsDue, refundsDueCount] = await Promise.all([
    loadDashboard(db, addDays(todayInIndia(), -days + 1)),
    listAudit(db, { limit: 20 }),
    listRefundsDue(db),
    countRefundsDue(db),
  ]);
  return { days, ...dashboard, audit, refundsDue, refundsDueCount };
}

export const meta = () => pageMeta("Dashboard · Operator console");

export default function OperatorDashboard({ loaderData }: Route.ComponentProps) {
  const { days, perTemple, perDay, totals, audit } = loaderData;
  return (
    <section aria-labelledby="dashboard-title">
      <RefundsDue refunds={loaderData.refundsDue} total={loaderData.refundsDueCount} />
      <h2 id="dashboard-title">Bookings in the last {days} days</h2>
      <p className="desk-toolbar">
        {PERIODS.map((p) => (
          <Link key={p} className={p === days ? "button button--small button--primary" : "button button--small"} to={`?days=${p}`} aria-current={p === days ? "page" : undefined}>
            {p} days
          </Link>
        ))}
      </p>
      <dl className="desk-stats">
        <div>
          <dt>Paid bookings</dt>
          <dd>{totals.bookings}</dd>
        </div>
        <div>
          <dt>Amount received</dt>
          <dd>{formatRupees(totals.amount)}</dd>
        </div>
      </dl>
      <div className="table-scroll">
        <table className="desk-table">
          <caption>Per temple (top 25 by amount)</caption>
          <thead>
            <tr>
              <th scope="col">Temple</th>
              <th scope="col">Bookings</th>
              <th scope="col">Lines</th>
              <th scope="col">Amount</th>
            </tr>
          </thead>
          <tbody>
            {perTemple.map((row) => (
              <tr key={row.templeId}>
                <th scope="row">
                  <Link to={deskPaths.requests(row.templeId)}>{row.templeName}</Link>
                </th>
                <td className="num">{row.bookings}</td>
                <td className="num">{row.lines}</td>
                <td className="num">{formatRupees(row.amount)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <div className="table-scroll">
        <table className="desk-table">
          <caption>Per day</caption>
          <thead>
            <tr>
              <th scope="col">Day</th>
              <th scope="col">Bookings</th>
              <th scope="col">Amount</th>
            </tr>
          </thead>
          <tbody>
            {perDay.map((row) => (
              <tr key={row.day}>
                <th scope="row">{row.day}</th>
                <td className="num">{row.bookings}</td>
                <td className="num">{formatRupees(row.amount)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <div className="table-scroll">
        <table className="desk-table">
          <caption>Latest changes (audit trail)</caption>
          <thead>
            <tr>
              <th scope="col">When (UTC)</th>
              <th scope="col">Who</th>
              <th scope="col">What</th>
              <th scope="col">Item</th>
              <th scope="col">Temple</th>
            </tr>
          </thead>
          <tbody>
            {audit.map((row) => (
              <tr key={row.id}>
                <th scope="row">{row.createdAt.slice(0, 16).replace("T", " ")}</th>
                <td>{row.actorEmail}</td>
                <td>{row.action}</td>
                <td>
                  {row.entity} {row.entityId}
                </td>
                <td>{row.templeId ?? "—"}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}

type RefundDue = Route.ComponentProps["loaderData"]["refundsDue"][number];

/** Payments that were not booked and whose refund the gateway refused or could not take: settle them by hand. */
function RefundsDue({ refunds, total }: { refunds: RefundDue[]; total: number }) {
  if (total === 0) return null;
  return (
    <div className="table-scroll" role="region" aria-labelledby="refunds-due-title">
      <h3 id="refunds-due-title">Refunds due ({total})</h3>
      <p className="notice">
        These payments were taken but not booked, and the gateway did not accept the refund. Refund each in the gateway's dashboard; the devotee was told
        it comes back in 4-5 working days.
      </p>
      <table className="desk-table">
        <caption className="visually-hidden">Refunds due, oldest first</caption>
        <thead>
          <tr>
            <th scope="col">Since (UTC)</th>
            <th scope="col">Payment</th>
            <th scope="col">Order</th>
            <th scope="col">Devotee</th>
            <th scope="col">Why not booked</th>
            <th scope="col">Amount</th>
          </tr>
        </thead>
        <tbody>
          {refunds.map((refund) => (
            <tr key={refund.id}>
              <th scope="row">{refund.createdAt.slice(0, 16).replace("T", " ")}</th>
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
