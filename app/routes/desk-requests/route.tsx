/**
 * A temple's incoming requests (status 2): accept, decline with a reason, or offer another date;
 * and devotees' asks to move a booked puja to another date: move it, or decline with a reason.
 */
import { href } from "react-router";
import { DeskTable } from "~/components/desk/desk-table";
import { deskStatusHandlers, GeneralErrorBoundary } from "~/components/layout/error-boundary";
import { RequestRow } from "./desk-request-row";
import { MoveRow } from "./desk-move-row";
import { moveDecisionSchema } from "~/domain/bookings/desk/date-change-inputs";
import { decideDateChange, listTempleDateChanges } from "~/domain/bookings/desk/date-changes.server";
import { dateChangeEmail } from "~/domain/bookings/desk/devotee-emails.server";
import { DATE_CHANGE_MESSAGES } from "~/domain/bookings/desk/date-change-inputs";
import { DESK_MESSAGES as M, requestDecisionSchema } from "~/domain/bookings/desk/desk-inputs";
import { requestDecisionEmail } from "~/domain/bookings/desk/devotee-emails.server";
import { decideRequest, listTempleRequests } from "~/domain/bookings/desk/requests.server";
import { longDate } from "~/domain/text";
import { dbFrom } from "~/lib/db.server";
import { pageMeta } from "~/lib/meta";
import { plural } from "~/lib/i18n";
import { m } from "~/paraglide/messages";
import { templeDeskAccess } from "~/web/role-guards.server";
import type { Route } from "./+types/route";
import { backWithToast, emailedToast, notifyDevotee, type SiteInfo } from "~/web/staff-actions.server";
import { parseSubmission, readForm } from "~/lib/form-data.server";
import { notFound } from "~/lib/not-found.server";
import { type FormReply, replyToForm, rowForm } from "~/web/form-reply";

export async function loader({ context }: Route.LoaderArgs) {
  const { templeId } = templeDeskAccess(context);
  const db = dbFrom(context);
  const [requests, moves] = await Promise.all([listTempleRequests(db, templeId), listTempleDateChanges(db, templeId)]);
  return { requests, moves };
}

/** The desk's answer to a devotee's ask to move a booked puja; the devotee is mailed in their own language. */
async function answerMove({ request, context }: Route.ActionArgs, formData: FormData) {
  const { templeId, user } = templeDeskAccess(context);
  const submission = parseSubmission(formData, moveDecisionSchema);
  const form = rowForm(String(formData.get("intent") ?? ""), Number(formData.get("changeId")));
  if (submission.status !== "success") return replyToForm(form, submission.reply());
  const back = href("/:lang?/desk/:templeId", { templeId: String(templeId) });
  const decided = await decideDateChange(dbFrom(context), user.id, templeId, submission.value);
  if (!decided.ok) {
    if (decided.status === 404) throw notFound();
    return backWithToast(context, formData, back, { type: "error", message: decided.message });
  }
  const { change } = decided;
  const names = { pujaName: change.pujaName, templeName: change.templeName, from: change.fromDate, to: change.toDate };
  const sent = await notifyDevotee(context, request, {
    kind: change.decision === "move-accept" ? "date-moved" : "date-move-declined",
    customerId: change.customerId,
    params: names,
    about: { trackingNo: change.trackingNo, templeId, lineId: change.lineId },
    email: (site) => dateChangeEmail(site.siteName, site.origin, change),
  });
  const message =
    change.decision === "move-accept"
      ? DATE_CHANGE_MESSAGES.moved(change.devoteeName, longDate(change.toDate))
      : DATE_CHANGE_MESSAGES.declined(change.devoteeName);
  return backWithToast(context, formData, back, emailedToast(sent, message));
}

export async function action(args: Route.ActionArgs) {
  const { request, context } = args;
  const { templeId, user } = templeDeskAccess(context);
  const formData = await readForm(request);
  if (String(formData.get("intent") ?? "").startsWith("move-")) return answerMove(args, formData);
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
  const names = { pujaName: done.pujaName, templeName: done.templeName, date: done.pujaDate };
  const about = { templeId };
  const email = ({ siteName, origin }: SiteInfo) => requestDecisionEmail(siteName, origin, done);
  const { customerId } = done;
  const sent = await (done.decision === "accept"
    ? notifyDevotee(context, request, { kind: "request-accepted", customerId, params: names, about, email })
    : done.decision === "reject"
      ? notifyDevotee(context, request, { kind: "request-declined", customerId, params: names, about, email })
      : notifyDevotee(context, request, {
          kind: "request-redated",
          customerId,
          params: { ...names, newDate: done.newDate! },
          about,
          email,
        }));
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
  const { requests, moves } = loaderData;
  return (
    <>
      <RequestsSection requests={requests} actionData={actionData} />
      {moves.length > 0 ? <MovesSection moves={moves} actionData={actionData} /> : null}
    </>
  );
}

function MovesSection({ moves, actionData }: { moves: Route.ComponentProps["loaderData"]["moves"]; actionData?: FormReply }) {
  return (
    <section aria-labelledby="moves-title">
      <h2 id="moves-title">{m.desk_moves_title()}</h2>
      <p className="field-hint">{m.desk_moves_hint()}</p>
      <DeskTable
        caption={
          moves.length === 1 ? m.desk_moves_caption_one({ count: moves.length }) : m.desk_moves_caption_other({ count: moves.length })
        }
        headings={[
          m.desk_col_puja(),
          m.desk_col_devotee(),
          m.desk_col_star(),
          m.desk_col_booked_for(),
          m.desk_col_asked_for(),
          m.desk_col_qty(),
          m.desk_col_devotee_note(),
          m.desk_col_answer(),
        ]}
      >
        {moves.map((change) => (
          <MoveRow key={change.id} change={change} actionData={actionData} />
        ))}
      </DeskTable>
    </section>
  );
}

function RequestsSection({ requests, actionData }: { requests: Route.ComponentProps["loaderData"]["requests"]; actionData?: FormReply }) {
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
