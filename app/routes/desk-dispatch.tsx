/** Prasad dispatch: postal lines waiting for a tracking number, and those already sent. */
import { href } from "react-router";
import { deskStatusHandlers, GeneralErrorBoundary } from "~/components/layout/error-boundary";
import { TrackingForm } from "~/components/desk/desk-line-forms";
import { DeskTable } from "~/components/desk/desk-table";
import { addDays } from "~/domain/bookings/cart/inputs";
import { listDispatch, type SheetLine } from "~/domain/bookings/desk/performing.server";
import { shortDate } from "~/domain/text";
import { todayInIndia } from "~/lib/india-time";
import { dbFrom } from "~/lib/db.server";
import { pageMeta } from "~/lib/meta";
import { m } from "~/paraglide/messages";
import { templeDeskAccess } from "~/web/role-guards.server";
import type { Route } from "./+types/desk-dispatch";
import { type FormReply, replyFor, rowForm } from "~/web/form-reply";
import { handleLineAction } from "~/web/desk-line-actions.server";

export async function loader({ context }: Route.LoaderArgs) {
  const { templeId } = templeDeskAccess(context);
  // Prasad of pujas up to a week ahead can be packed now.
  return listDispatch(dbFrom(context), templeId, addDays(todayInIndia(), 7));
}

export async function action({ request, context }: Route.ActionArgs) {
  return handleLineAction({
    request,
    context,
    fallback: (templeId) => href("/:lang?/desk/:templeId/dispatch", { templeId: String(templeId) }),
  });
}

export const meta = () => pageMeta(m.desk_meta_dispatch());

function DispatchTable({ caption, lines, actionData }: { caption: string; lines: SheetLine[]; actionData?: FormReply }) {
  return (
    <DeskTable
      caption={caption}
      headings={[
        m.desk_col_puja(),
        m.desk_col_date(),
        m.desk_col_devotee(),
        m.desk_col_receipt(),
        m.desk_col_send_to(),
        m.desk_col_tracking_no(),
      ]}
    >
      {lines.map((line) => (
        <tr key={line.id}>
          <th scope="row">{line.itemName}</th>
          <td>{shortDate(line.pujaDate)}</td>
          <td>{line.devoteeName}</td>
          <td>{line.receiptNo}</td>
          <td className="desk-address">
            {line.address ?? m.desk_address_missing()}
            {line.addressPhone ? <> · {line.addressPhone}</> : null}
          </td>
          <td>
            <TrackingForm line={line} lastResult={replyFor(actionData, rowForm("tracking", line.id))} />
          </td>
        </tr>
      ))}
    </DeskTable>
  );
}

export default function DeskDispatch({ loaderData, actionData }: Route.ComponentProps) {
  const { pending, sent } = loaderData;
  return (
    <section aria-labelledby="dispatch-title">
      <h2 id="dispatch-title">{m.desk_dispatch_title()}</h2>
      {pending.length === 0 ? (
        <p className="empty-state">{m.desk_dispatch_empty()}</p>
      ) : (
        <DispatchTable caption={m.desk_dispatch_to_post({ count: pending.length })} lines={pending} actionData={actionData} />
      )}
      {sent.length > 0 ? <DispatchTable caption={m.desk_dispatch_recent()} lines={sent} actionData={actionData} /> : null}
    </section>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary statusHandlers={deskStatusHandlers} />;
}
