/** Donations received across temples (the last 12 months), as the temples' own pages show them: aggregates, small groups folded. */
import { href } from "react-router";
import { Link } from "~/components/layout/localized";
import { DeskTable } from "~/components/desk/desk-table";
import { deskStatusHandlers, GeneralErrorBoundary } from "~/components/layout/error-boundary";
import { MIN_DONATIONS_SHOWN } from "~/domain/trust/open-books";
import { loadDonationsAcrossTemples } from "~/domain/trust/open-books.server";
import { formatCount, formatRupees, monthYear } from "~/domain/text";
import { dbFrom } from "~/lib/db.server";
import { pageMeta } from "~/lib/meta";
import { plural } from "~/lib/i18n";
import { m } from "~/paraglide/messages";
import type { Route } from "./+types/operator-donations";

export async function loader({ context }: Route.LoaderArgs) {
  return { books: await loadDonationsAcrossTemples(dbFrom(context)) };
}

export const meta = () => pageMeta(m.trust_operator_donations_title());

export default function OperatorDonations({ loaderData }: Route.ComponentProps) {
  const { books } = loaderData;
  return (
    <section aria-labelledby="operator-donations-title" className="open-books">
      <h2 id="operator-donations-title">{m.trust_operator_donations_title()}</h2>
      <p>{m.trust_donations_intro({ min: MIN_DONATIONS_SHOWN })}</p>
      <p>
        {plural(
          books.count,
          m.trust_donations_summary_one,
          m.trust_donations_summary_other,
        )({ count: formatCount(books.count), total: formatRupees(books.total), since: monthYear(books.since) })}
      </p>
      <DeskTable
        caption={m.trust_operator_donations_by_temple()}
        headings={[m.trust_col_temple(), m.trust_col_count(), m.trust_col_total()]}
      >
        {books.byTemple.map((row) => (
          <tr key={row.key ?? "other"}>
            <th scope="row">
              {row.temple ? (
                <Link to={href("/:lang?/t/:slug/donations", { slug: row.temple.slug })}>{row.temple.displayName}</Link>
              ) : (
                m.trust_other_temples()
              )}
            </th>
            <td>{formatCount(row.count)}</td>
            <td>{formatRupees(row.total)}</td>
          </tr>
        ))}
      </DeskTable>
      <DeskTable caption={m.trust_donations_by_month()} headings={[m.trust_col_month(), m.trust_col_count(), m.trust_col_total()]}>
        {books.byMonth.map((row) => (
          <tr key={row.key ?? "other"}>
            <th scope="row">{row.key ? monthYear(row.key) : m.trust_other_months()}</th>
            <td>{formatCount(row.count)}</td>
            <td>{formatRupees(row.total)}</td>
          </tr>
        ))}
      </DeskTable>
    </section>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary statusHandlers={deskStatusHandlers} />;
}
