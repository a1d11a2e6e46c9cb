/** One list of visitor enquiries (registrations, jobs, contacts, newsletter), with a CSV download. */
import { deskStatusHandlers, GeneralErrorBoundary } from "~/components/error-boundary";
import { ENQUIRY_KINDS, isEnquiryKind } from "~/domain/operator";
import { listEnquiries } from "~/domain/operator-lists.server";
import { dbFrom } from "~/lib/db.server";
import { pageMeta } from "~/lib/meta";
import type { Route } from "./+types/operator-enquiries";
import { notFound } from "~/lib/not-found.server";

export async function loader({ context, params }: Route.LoaderArgs) {
  if (!isEnquiryKind(params.kind)) throw notFound();
  return { kind: params.kind, rows: await listEnquiries(dbFrom(context), params.kind, 200) };
}

export const meta = ({ loaderData }: Route.MetaArgs) => pageMeta(`${loaderData ? ENQUIRY_KINDS[loaderData.kind].title : "Enquiries"} · Operator console`);

export default function OperatorEnquiries({ loaderData }: Route.ComponentProps) {
  const { kind, rows } = loaderData;
  const { title, columns } = ENQUIRY_KINDS[kind];
  return (
    <section aria-labelledby="enquiries-title">
      <h2 id="enquiries-title">{title}</h2>
      <p>
        <a className="button button--primary button--small" href={`/operator/export/${kind}`} download>
          Download all as CSV
        </a>
      </p>
      {rows.length === 0 ? (
        <p className="empty-state">Nothing has come in yet.</p>
      ) : (
        <div className="table-scroll">
          <table className="desk-table">
            <caption>
              {title}: the newest {rows.length}
            </caption>
            <thead>
              <tr>
                {columns.map((column) => (
                  <th key={column} scope="col">
                    {column}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rows.map((row, index) => (
                <tr key={index}>
                  {row.map((cell, i) =>
                    i === 0 ? (
                      <th key={i} scope="row">
                        {cell}
                      </th>
                    ) : (
                      <td key={i}>{cell}</td>
                    ),
                  )}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary statusHandlers={deskStatusHandlers} />;
}
