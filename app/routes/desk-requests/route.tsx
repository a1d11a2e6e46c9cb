/** A temple's incoming requests (status 2): accept, decline with a reason, or offer another date. */
import { href } from "react-router";
import { DeskTable } from "~/components/desk-table";
import { deskStatusHandlers, GeneralErrorBoundary } from "~/components/error-boundary";
import { RequestRow } from "./desk-request-row";
import { DESK_MESSAGES as M, requestDecisionSchema } from "~/domain/bookings/desk-inputs";
import { requestDecisionEmail } from "~/domain/bookings/devotee-emails.server";
import { decideRequest, listTempleRequests } from "~/domain/bookings/requests.server";
import { longDate } from "~/domain/text";
import { dbFrom } from "~/lib/db.server";
import { pageMeta } from "~/lib/meta";
import { plural } from "~/lib/i18n";
import { m } from "~/paraglide/messages";
import { templeDeskAccess } from "~/web/role-guards.server";
import type { Route } from "./+types/route";
import { backWithToast, emailDevotee, emailedToast } from "~/web/staff-actions.server";
import { parseSubmission, readForm } from "~/lib/form-data.server";
import { notFound } from "~/lib/not-found.server";
import { replyToForm, rowForm } from "~/web/form-reply";

export async function loader({ context }: Route.LoaderArgs) {
  const { templeId } = templeDeskAccess(context);
  return { requests: await listTempleRequests(dbFrom(context), templeId) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { templeId, user } = templeDeskAccess(context);
  const formData = await readForm(request);
  const submission = parseSubmission(formData, requestDecisionSchema);
  // The row's decline or propose form answers (`reject-12`, `propose-12`).
  const form = rowForm(String(formData.get("intent") ?? ""), Number(formData.get("requestId")));
  if (submission.status !== "success") return replyToForm(form, submission.reply());
  const decided = await decideRequest(dbFrom(context), user.id, templeId, submission.value);
  if (!decided.ok) {
    if (decided.status === 404) throw notFound();
    if (decided.field) return replyToForm(form, submission.reply({ fieldErrors: { [decided.field]: [decided.message] } }));
    return backWithToast(context, formData, href("/:lang?/desk/:templeId", { templeId: String(templeId) }), {
      type: "error",
      message: decided.message,
    });
  }
  const done = decided.request;
  const sent = await emailDevotee(context, request, done.email, ({ siteName, origin }) => requestDecisionEmail(siteName, origin, done));
  const message =
    done.decision === "accept"
      ? M.accepted(done.devoteeName)
      : done.decision === "reject"
        ? M.rejected(done.devoteeName)
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
        <DeskTable
          caption={plural(requests.length, m.desk_requests_caption_one, m.desk_requests_caption_other)({ count: requests.length })}
          headings={[
            m.desk_col_puja(),
            m.desk_col_devotee(),
            m.desk_col_star(),
            m.desk_col_date(),
            m.desk_col_qty(),
            m.desk_col_rate(),
            m.desk_col_postage(),
            m.desk_col_answer(),
          ]}
        >
          {requests.map((request) => (
            <RequestRow key={request.id} request={request} actionData={actionData} />
          ))}
        </DeskTable>
      )}
    </section>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary statusHandlers={deskStatusHandlers} />;
}
