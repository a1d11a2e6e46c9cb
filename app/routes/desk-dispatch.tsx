/** Prasad dispatch: postal lines waiting for a tracking number, and those already sent. */
import { deskStatusHandlers, GeneralErrorBoundary } from "~/components/error-boundary";
import { TrackingForm } from "~/components/desk-line-forms";
import type { LineActionResult } from "~/components/desk-sheet-table";
import { addDays } from "~/domain/bookings";
import { deskPaths } from "~/domain/desk";
import { listDispatch, type SheetLine } from "~/domain/desk-bookings.server";
import { shortDate } from "~/domain/text";
import { todayInIndia } from "~/lib/india-time";
import { dbFrom } from "~/lib/db.server";
import { pageMeta } from "~/lib/meta";
import { templeDeskAccess } from "~/web/role-guards.server";
import type { Route } from "./+types/desk-dispatch";
import { handleLineAction } from "./desk-lines.server";

export async function loader({ context }: Route.LoaderArgs) {
  const { templeId } = templeDeskAccess(context);
  // Prasad of pujas up to a week ahead can be packed now.
  return listDispatch(dbFrom(context), templeId, addDays(todayInIndia(), 7));
}

export async function action({ request, context }: Route.ActionArgs) {
  return handleLineAction({ request, context, fallback: (templeId) => deskPaths.dispatch(templeId) });
}

export const meta = () => pageMeta("Prasad dispatch · Temple desk");

function DispatchTable({ caption, lines, actionData }: { caption: string; lines: SheetLine[]; actionData?: LineActionResult }) {
  return (
    <div className="table-scroll">
      <table className="desk-table">
        <caption>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">Puja</th>
            <th scope="col">Date</th>
            <th scope="col">Devotee</th>
            <th scope="col">Receipt</th>
            <th scope="col">Send to</th>
            <th scope="col">Tracking number</th>
          </tr>
        </thead>
        <tbody>
          {lines.map((line) => (
            <tr key={line.id}>
              <th scope="row">{line.itemName}</th>
              <td>{shortDate(line.pujaDate)}</td>
              <td>{line.devoteeName}</td>
              <td>{line.receiptNo}</td>
              <td className="desk-address">
                {line.address ?? "Address missing: contact the devotee"}
                {line.addressPhone ? <> · {line.addressPhone}</> : null}
              </td>
              <td>
                <TrackingForm line={line} lastResult={actionData?.lineId === line.id ? actionData.result : undefined} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export default function DeskDispatch({ loaderData, actionData }: Route.ComponentProps) {
  const { pending, sent } = loaderData;
  const result = actionData as LineActionResult | undefined;
  return (
    <section aria-labelledby="dispatch-title">
      <h2 id="dispatch-title">Prasad by post</h2>
      {pending.length === 0 ? (
        <p className="empty-state">Nothing is waiting to be posted. Prasad of pujas up to a week ahead appears here.</p>
      ) : (
        <DispatchTable caption={`To post (${pending.length}): enter the tracking number once sent; the devotee is emailed.`} lines={pending} actionData={result} />
      )}
      {sent.length > 0 ? <DispatchTable caption="Recently posted" lines={sent} actionData={result} /> : null}
    </section>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary statusHandlers={deskStatusHandlers} />;
}
