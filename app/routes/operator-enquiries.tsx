/** One list of visitor enquiries (registrations, jobs, contacts, newsletter), with a CSV download. */
import { DeskTable } from "~/components/desk/desk-table";
import { deskStatusHandlers, GeneralErrorBoundary } from "~/components/layout/error-boundary";
import { ENQUIRY_KINDS, isEnquiryKind } from "~/domain/temples-admin/console";
import { listEnquiries } from "~/domain/enquiries/lists.server";
import { dbFrom } from "~/lib/db.server";
import { pageMeta } from "~/lib/meta";
import type { Route } from "./+types/operator-enquiries";
import { notFound } from "~/lib/not-found.server";
import { m } from "~/paraglide/messages";

export async function loader({ context, params }: Route.LoaderArgs) {
  if (!isEnquiryKind(params.kind)) throw notFound();
  return { kind: params.kind, rows: await listEnquiries(dbFrom(context), params.kind, 200) };
}

export const meta = ({ loaderData }: Route.MetaArgs) =>
  pageMeta(loaderData ? m.operator_meta_enquiries({ title: ENQUIRY_KINDS[loaderData.kind].title }) : m.operator_meta_enquiries_fallback());

export default function OperatorEnquiries({ loaderData }: Route.ComponentProps) {
  const { kind, rows } = loaderData;
  const { title, headings } = ENQUIRY_KINDS[kind];
  return (
    <section aria-labelledby="enquiries-title">
      <h2 id="enquiries-title">{title}</h2>
      <p>
        <a className="button button--primary button--small" href={`/operator/export/${kind}`} download>
          {m.operator_enquiries_download()}
        </a>
      </p>
      {rows.length === 0 ? (
        <p className="empty-state">{m.operator_enquiries_empty()}</p>
      ) : (
        <DeskTable caption={m.operator_enquiries_caption({ title, count: rows.length })} headings={headings}>
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
        </DeskTable>
      )}
    </section>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary statusHandlers={deskStatusHandlers} />;
}
