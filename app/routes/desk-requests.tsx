/** A temple's incoming requests (status 2): accept, decline with a reason, or offer another date. */
import { data, href } from "react-router";
import { deskStatusHandlers, GeneralErrorBoundary } from "~/components/error-boundary";
import { type RequestActionData, RequestRow } from "~/components/desk-request-row";
import { DESK_MESSAGES as M, requestDecisionSchema } from "~/domain/desk";
import { requestDecisionEmail } from "~/domain/desk-emails.server";
import { decideRequest, listTempleRequests } from "~/domain/desk-requests.server";
import { longDate } from "~/domain/text";
import { dbFrom } from "~/lib/db.server";
import { pageMeta } from "~/lib/meta";
import { m } from "~/paraglide/messages";
import { templeDeskAccess } from "~/web/role-guards.server";
import type { Route } from "./+types/desk-requests";
import { backWithToast, emailDevotee, emailedToast } from "./desk-actions.server";
import { parseSubmission, readForm } from "~/lib/form-data.server";
import { notFound } from "~/lib/not-found.server";

export async function loader({ context }: Route.LoaderArgs) {
  const { templeId } = templeDeskAccess(context);
  return { requests: await listTempleRequests(dbFrom(context), templeId) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { templeId, user } = templeDeskAccess(context);
  const formData = await readForm(request);
  const submission = parseSubmission(formData, requestDecisionSchema);
  const requestId = Number(formData.get("requestId"));
  const intent = String(formData.get("intent") ?? "");
  if (submission.status !== "success") {
    return data<RequestActionData>({ requestId, intent, result: submission.reply() }, { status: 400 });
  }
  const decided = await decideRequest(dbFrom(context), user.id, templeId, submission.value);
  if (!decided.ok) {
    if (decided.status === 404) throw notFound();
    if (decided.field) {
      const result = submission.reply({ fieldErrors: { [decided.field]: [decided.message] } });
      return data<RequestActionData>({ requestId, intent, result }, { status: 400 });
    }
    return backWithToast(context, formData, href("/:lang?/desk/:templeId", { templeId: String(templeId) }), { type: "error", message: decided.message });
  }
  const done = decided.request;
  const sent = await emailDevotee(context, request, done.email, ({ siteName, origin }) => requestDecisionEmail(siteName, origin, done));
  const message =
    done.decision === "accept" ? M.accepted(done.devoteeName)
    : done.decision === "reject" ? M.rejected(done.devoteeName)
    : M.proposed(done.devoteeName, longDate(done.newDate!));
  return backWithToast(context, formData, href("/:lang?/desk/:templeId", { templeId: String(templeId) }), emailedToast(sent, message));
}

export const meta = () => pageMeta(m.desk_meta_requests());

export default function DeskRequests({ loaderData, actionData }: Route.ComponentProps) {
  const { requests } = loaderData;
  return (
    <section aria-labelledby="requests-title">
      <h2 id="requests-title">{m.desk_requests_title()}</h2>
      {requests.length === 0 ? (
        <p className="empty-state">{m.desk_requests_empty()}</p>
      ) : (
        <div className="table-scroll">
          <table className="desk-table">
            <caption>
              {requests.length === 1 ? m.desk_requests_caption_one({ count: requests.length }) : m.desk_requests_caption_other({ count: requests.length })}
            </caption>
            <thead>
              <tr>
                <th scope="col">{m.desk_col_puja()}</th>
                <th scope="col">{m.desk_col_devotee()}</th>
                <th scope="col">{m.desk_col_star()}</th>
                <th scope="col">{m.desk_col_date()}</th>
                <th scope="col">{m.desk_col_qty()}</th>
                <th scope="col">{m.desk_col_rate()}</th>
                <th scope="col">{m.desk_col_postage()}</th>
                <th scope="col">{m.desk_col_answer()}</th>
              </tr>
            </thead>
            <tbody>
              {requests.map((request) => (
                <RequestRow key={request.id} request={request} actionData={actionData as RequestActionData | undefined} />
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
