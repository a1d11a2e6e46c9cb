import { DeskForm } from "~/components/desk/desk-form";
import { href } from "react-router";
import { deskStatusHandlers, GeneralErrorBoundary } from "~/components/layout/error-boundary";
import { TextField, useIsSubmitting } from "~/components/forms/form-fields";
import { useSchemaForm } from "~/components/forms/use-schema-form";
import { SearchNamesTable } from "~/components/search/search-names-table";
import { aliasDecisionSchema, proposeAliasSchema, SEARCH_NAME_MESSAGES as M } from "~/domain/temples-admin/search-names";
import { decideAlias, listTempleAliases, proposeAlias } from "~/domain/temples-admin/search-names.server";
import { dbFrom } from "~/lib/db.server";
import { parseSubmission, readForm } from "~/lib/form-data.server";
import { pageMeta } from "~/lib/meta";
import { notFound } from "~/lib/not-found.server";
import { m } from "~/paraglide/messages";
import { replyFor, replyToForm } from "~/web/form-reply";
import { templeDeskAccess } from "~/web/role-guards.server";
import { backWithToast } from "~/web/staff-actions.server";
import type { Route } from "./+types/desk-search-names";

export async function loader({ context }: Route.LoaderArgs) {
  const { templeId } = templeDeskAccess(context);
  return { templeId, aliases: await listTempleAliases(dbFrom(context), templeId) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { templeId, user } = templeDeskAccess(context);
  const formData = await readForm(request, { textCharacters: 60 });
  const db = dbFrom(context);
  const actor = { actorId: user.id, templeId };
  const back = href("/:lang?/desk/:templeId/names", { templeId: String(templeId) });
  if (formData.get("intent") === "withdraw") {
    const parsed = aliasDecisionSchema.safeParse(Object.fromEntries(formData));
    const message =
      parsed.success && parsed.data.intent === "withdraw" ? await decideAlias(db, actor, parsed.data.aliasId, "withdraw") : null;
    if (!message) throw notFound();
    return backWithToast(context, formData, back, { type: "success", message });
  }
  const submission = parseSubmission(formData, proposeAliasSchema);
  if (submission.status !== "success") return replyToForm("propose", submission.reply());
  const proposed = await proposeAlias(db, actor, submission.value.text);
  if (!proposed.ok) return replyToForm("propose", submission.reply({ fieldErrors: { text: [proposed.message] } }));
  return backWithToast(context, formData, back, { type: "success", message: proposed.message });
}

export const meta = () => pageMeta(m.desk_names_desk_meta());

export default function DeskSearchNames({ loaderData, actionData }: Route.ComponentProps) {
  const { templeId, aliases } = loaderData;
  const path = href("/:lang?/desk/:templeId/names", { templeId: String(templeId) });
  const [form, fields] = useSchemaForm(proposeAliasSchema, { id: "propose-name", lastResult: replyFor(actionData, "propose") });
  const busy = useIsSubmitting(path, "propose");
  return (
    <section aria-labelledby="names-title">
      <h2 id="names-title">{m.desk_names_title()}</h2>
      <p>{m.desk_names_desk_intro()}</p>
      <SearchNamesTable aliases={aliases} actions={(alias) => (alias.status === "proposed" ? ["withdraw"] : [])} />
      <DeskForm form={form} title={m.desk_names_propose_title()} intent="propose" submit={m.desk_names_propose_button()} busy={busy}>
        <TextField field={fields.text} label={m.desk_names_text_label()} hint={M.text} />
      </DeskForm>
    </section>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary statusHandlers={deskStatusHandlers} />;
}
