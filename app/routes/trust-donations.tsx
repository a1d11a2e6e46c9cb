/**
 * A verified temple's "Donations received": the last 12 months by month and by purpose, with the
 * number of donations and what the temple says each purpose is for. Aggregates only: no names,
 * and a month or purpose with fewer than 5 donations is folded into "other".
 */
import { data, href } from "react-router";
import { Chart } from "~/components/charts/chart";
import { Link } from "~/components/layout/localized";
import { GeneralErrorBoundary } from "~/components/layout/error-boundary";
import { MIN_DONATIONS_SHOWN } from "~/domain/trust/open-books";
import { loadDonationsReceived } from "~/domain/trust/open-books.server";
import { formatCount, formatRupees, monthShort, monthYear as monthName } from "~/domain/text";
import { cacheControlHeaders, publicCacheHeaders } from "~/lib/edge-cache/page-headers.server";
import { dbFrom } from "~/lib/db.server";
import { pageMeta } from "~/lib/meta";
import { notFound } from "~/lib/not-found.server";
import { plural } from "~/lib/i18n";
import { m } from "~/paraglide/messages";
import type { Route } from "./+types/trust-donations";

/** Bookings move these figures and do not raise the content version: a visitor's copy is at most 10 minutes old. */
const DONATIONS_PAGE_SECONDS = 600;

export async function loader({ params, context, request }: Route.LoaderArgs) {
  const books = await loadDonationsReceived(dbFrom(context), params.slug);
  if (!books) throw notFound();
  return data({ books }, { headers: publicCacheHeaders(request, DONATIONS_PAGE_SECONDS) });
}

export const headers = cacheControlHeaders;

export const meta: Route.MetaFunction = ({ loaderData }) =>
  pageMeta(loaderData ? m.trust_donations_title({ temple: loaderData.books.temple.displayName }) : m.trust_donations_received());

export default function DonationsReceived({ loaderData }: Route.ComponentProps) {
  const { books } = loaderData;
  const site = href("/:lang?/t/:slug", { slug: books.temple.slug });
  return (
    <article className="page open-books" aria-labelledby="donations-title">
      <h1 id="donations-title">{m.trust_donations_title({ temple: books.temple.displayName })}</h1>
      <p>{m.trust_donations_intro({ min: MIN_DONATIONS_SHOWN })}</p>
      <p className="open-books__summary">
        {plural(
          books.count,
          m.trust_donations_summary_one,
          m.trust_donations_summary_other,
        )({ count: formatCount(books.count), total: formatRupees(books.total), since: monthName(books.since) })}
      </p>
      {books.count === 0 ? (
        <p className="empty-state">{m.trust_donations_none()}</p>
      ) : (
        <>
          <DonationsChart byMonth={books.byMonth} />
          <CountsTable
            caption={m.trust_donations_by_month()}
            firstColumn={m.trust_col_month()}
            rows={books.byMonth.map((row) => ({ ...row, head: row.key ? monthName(row.key) : m.trust_other_months() }))}
          />
          <CountsTable
            caption={m.trust_donations_by_purpose()}
            firstColumn={m.trust_col_purpose()}
            rows={books.byPurpose.map((row) => ({
              ...row,
              head: (
                <>
                  {row.key === null ? m.trust_other_purposes() : (row.name ?? m.bookings_offering())}
                  {row.description ? <span className="booking-table__note">{row.description}</span> : null}
                </>
              ),
            }))}
          />
        </>
      )}
      {books.purposes.length > 0 ? (
        <section aria-labelledby="purposes-title">
          <h2 id="purposes-title">{m.trust_donations_purposes_title()}</h2>
          <dl>
            {books.purposes.map((purpose) => (
              <div key={purpose.id}>
                <dt>{purpose.name}</dt>
                <dd>{purpose.description}</dd>
              </div>
            ))}
          </dl>
        </section>
      ) : null}
      <p>
        <Link to={site}>{m.trust_back_to_temple()}</Link> ·{" "}
        <Link to={href("/:lang?/t/:slug/verified", { slug: books.temple.slug })}>{m.trust_verified_what_title()}</Link>
      </p>
    </article>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}

/** The months the table shows on their own (not "other months"), oldest first: the same figures as a bar chart. */
function DonationsChart({ byMonth }: { byMonth: { key: string | null; total: number }[] }) {
  const months = byMonth
    .flatMap((row) => (row.key ? [{ month: row.key, total: row.total }] : []))
    .sort((a, b) => a.month.localeCompare(b.month));
  return (
    <Chart
      kind="bars"
      title={m.trust_donations_chart()}
      emptyText={m.trust_donations_chart_empty()}
      labels={months.map((row) => monthName(row.month))}
      axisLabels={months.map((row) => monthShort(row.month))}
      series={[{ key: "total", name: m.trust_col_total(), values: months.map((row) => row.total) }]}
      formatValue={formatRupees}
    />
  );
}

/** Donations counted and summed by one thing (a month, a purpose): the first column names it. */
function CountsTable(props: {
  caption: string;
  firstColumn: string;
  rows: { key: string | number | null; head: React.ReactNode; count: number; total: number }[];
}) {
  return (
    <table className="booking-table booking-table--stack">
      <caption>{props.caption}</caption>
      <thead>
        <tr>
          <th scope="col">{props.firstColumn}</th>
          <th scope="col">{m.trust_col_count()}</th>
          <th scope="col">{m.trust_col_total()}</th>
        </tr>
      </thead>
      <tbody>
        {props.rows.map((row) => (
          <tr key={row.key ?? "other"}>
            <th scope="row">{row.head}</th>
            <td className="num" data-label={m.trust_col_count()}>
              {formatCount(row.count)}
            </td>
            <td className="num" data-label={m.trust_col_total()}>
              {formatRupees(row.total)}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
