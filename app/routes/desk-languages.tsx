/** The temple's name and description in Hindi, Tamil, Malayalam, Telugu and Kannada. */
import { href } from "react-router";
import { ContentVariantsForm } from "~/components/forms/content-variants-form";
import { deskStatusHandlers, GeneralErrorBoundary } from "~/components/layout/error-boundary";
import { useIsSubmitting } from "~/components/forms/form-fields";
import { listVariants } from "~/domain/content/translations.server";
import { loadTempleDetails } from "~/domain/temples-admin/temple.server";
import { dbFrom } from "~/lib/db.server";
import { readForm } from "~/lib/form-data.server";
import { pageMeta } from "~/lib/meta";
import { notFound } from "~/lib/not-found.server";
import { m } from "~/paraglide/messages";
import { saveVariantsAction } from "~/web/content-variants-action.server";
import { replyFor } from "~/web/form-reply";
import { templeDeskAccess } from "~/web/role-guards.server";
import type { Route } from "./+types/desk-languages";

const FIELDS = ["name", "description"] as const;

export async function loader({ context }: Route.LoaderArgs) {
  const { templeId } = templeDeskAccess(context);
  const db = dbFrom(context);
  const [temple, variants] = await Promise.all([loadTempleDetails(db, templeId), listVariants(db, "temple", templeId)]);
  if (!temple) throw notFound();
  return { templeId, form: { fields: FIELDS, english: { name: temple.displayName, description: temple.description }, variants } };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { templeId, user } = templeDeskAccess(context);
  const formData = await readForm(request, { maxFields: 32 });
  return saveVariantsAction(context, formData, {
    kind: "temple",
    refId: templeId,
    fields: FIELDS,
    actor: { actorId: user.id, templeId },
    back: href("/:lang?/desk/:templeId/languages", { templeId: String(templeId) }),
  });
}

export const meta = () => pageMeta(`${m.content_desk_title()} · Temple desk`);

export default function DeskLanguages({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useIsSubmitting(href("/:lang?/desk/:templeId/languages", { templeId: String(loaderData.templeId) }));
  return (
    <section aria-labelledby="languages-title">
      <h2 id="languages-title">{m.content_desk_title()}</h2>
      <p>{m.content_desk_intro()}</p>
      <ContentVariantsForm id="temple-languages" form={loaderData.form} lastResult={replyFor(actionData, "languages")} busy={busy} />
    </section>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary statusHandlers={deskStatusHandlers} />;
}
