/** Bookings and amounts per temple and per day, and the latest changes made by staff and operators. */
import { Link } from "react-router";
import { DeskErrorBoundary } from "~/components/desk-error-boundary";
import { addDays } from "~/domain/bookings";
import { listAudit } from "~/domain/audit.server";
import { deskPaths } from "~/domain/desk";
import { loadDashboard } from "~/domain/operator-dashboard.server";
import { formatRupees, todayInIndia } from "~/domain/text";
import { dbFrom } from "~/lib/db.server";
import { pageMeta } from "~/lib/meta";
import { requireOperator } from "~/lib/roles.server";
import type { Route } from "./+types/operator-dashboard";

const PERIODS = [7, 30, 90, 365] as const;

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireOperator(context, request);
  const asked = Number(new URL(request.url).searchParams.get("days"));
  const days = PERIODS.find((p) => p === asked) ?? 30;
  const db = dbFrom(context);
  const [dashboard, audit] = await Promise.all([loadDashboard(db, addDays(todayInIndia(), -days + 1)), listAudit(db, { limit: 20 })]);
  return { days, ...dashboard, audit };
}

export const meta = () => pageMeta("Dashboard · Operator console");

export default function OperatorDashboard({ loaderData }: Route.ComponentProps) {
  const { days, perTemple, perDay, totals, audit } = loaderData;
  return (
    <section aria-labelledby="dashboard-title">
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

export function ErrorBoundary() {
  return <DeskErrorBoundary />;
}
