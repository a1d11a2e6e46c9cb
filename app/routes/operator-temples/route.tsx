/** Temples: find one, switch online booking and assisted status, and assign its staff. */
import { data } from "react-router";
import { DeskTable } from "~/components/desk/desk-table";
import { TempleFinder } from "~/components/search/temple-finder";
import { deskStatusHandlers, GeneralErrorBoundary } from "~/components/layout/error-boundary";
import { OperatorTempleRow } from "./operator-temple-row";
import { assignStaffSchema, OPERATOR_MESSAGES as M, removeStaffSchema, templeSettingsSchema } from "~/domain/temples-admin/console";
import {
  assignStaff,
  listOperatorTemples,
  type OperatorTemple,
  removeStaff,
  updateTempleSettings,
} from "~/domain/temples-admin/temples.server";
import { isSearchTextTooLong, SEARCH_MESSAGES, SEARCH_TEXT_MAX } from "~/domain/catalog/search";
import { firstCharacters } from "~/domain/text";
import { dbFrom } from "~/lib/db.server";
import { pageMeta } from "~/lib/meta";
import { operatorAccess } from "~/web/role-guards.server";
import type { Route } from "./+types/route";
import { backWithToast } from "~/web/staff-actions.server";
import { parseSubmission, readForm } from "~/lib/form-data.server";
import { notFound } from "~/lib/not-found.server";
import { m } from "~/paraglide/messages";
import { replyFor, replyToForm, rowForm } from "~/web/form-reply";

export async function loader({ request, context }: Route.LoaderArgs) {
  const query = new URL(request.url).searchParams.get("q") ?? "";
  if (isSearchTextTooLong(query.trim())) {
    return data(
      {
        query: firstCharacters(query, SEARCH_TEXT_MAX),
        temples: [] as OperatorTemple[],
        message: SEARCH_MESSAGES.tooLong as string | null,
      },
      { status: 400 },
    );
  }
  return { query, temples: await listOperatorTemples(dbFrom(context), query), message: null as string | null };
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = operatorAccess(context);
  const formData = await readForm(request);
  const db = dbFrom(context);
  const back = "/operator/temples";
  const intent = formData.get("intent");
  if (intent === "assign") {
    const submission = parseSubmission(formData, assignStaffSchema);
    const form = rowForm("assign", Number(formData.get("templeId")));
    if (submission.status !== "success") return replyToForm(form, submission.reply());
    const assigned = await assignStaff(db, user.id, submission.value.templeId, submission.value.email);
    if (!assigned.ok) return replyToForm(form, submission.reply({ fieldErrors: { email: [assigned.message] } }));
    return backWithToast(context, formData, back, { type: "success", message: assigned.message });
  }
  if (intent === "unassign") {
    const parsed = removeStaffSchema.safeParse(Object.fromEntries(formData));
    const message = parsed.success ? await removeStaff(db, user.id, parsed.data.templeId, parsed.data.customerId) : null;
    if (!message) throw notFound();
    return backWithToast(context, formData, back, { type: "success", message });
  }
  const parsed = templeSettingsSchema.safeParse(Object.fromEntries(formData));
  if (!parsed.success) throw new Response(null, { status: 400 });
  const { templeId, onlineBooking, isAssisted } = parsed.data;
  if (!(await updateTempleSettings(db, user.id, { templeId, onlineBooking: onlineBooking === "on", isAssisted: isAssisted === "on" }))) {
    throw notFound();
  }
  return backWithToast(context, formData, back, { type: "success", message: M.templeUpdated });
}

export const meta = () => pageMeta(m.operator_meta_temples());

export default function OperatorTemples({ loaderData, actionData }: Route.ComponentProps) {
  const { query, temples, message } = loaderData;
  return (
    <section aria-labelledby="temples-title">
      <h2 id="temples-title">{m.operator_temples_and_staff()}</h2>
      <TempleFinder id="temple-query" query={query} />
      {message ? (
        <p className="empty-state" role="alert">
          {message}
        </p>
      ) : temples.length === 0 ? (
        <p className="empty-state">{m.operator_temples_none({ query })}</p>
      ) : (
        <DeskTable
          caption={query ? m.operator_temples_caption_matching({ query }) : m.operator_temples_caption_staffed()}
          headings={[m.operator_col_temple(), m.operator_col_settings(), m.operator_col_staff()]}
        >
          {temples.map((temple) => (
            <OperatorTempleRow key={temple.id} temple={temple} lastResult={replyFor(actionData, rowForm("assign", temple.id))} />
          ))}
        </DeskTable>
      )}
    </section>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary statusHandlers={deskStatusHandlers} />;
}
