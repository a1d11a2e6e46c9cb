/**
 * The desk's and the console's "in other languages" forms post here: the same schema as the
 * form, then every variant of the entity saved in one batch (audited), then back with a toast.
 */
import type { RouterContextProvider } from "react-router";
import { refreshTempleSearchKeys } from "~/domain/catalog/search-keys.server";
import { saveVariants } from "~/domain/content/translations.server";
import { type TranslatedField, type TranslatedKind, variantsSchema } from "~/domain/content/variants";
import { dbFrom } from "~/lib/db.server";
import { appEnv } from "~/lib/context.server";
import { parseSubmission } from "~/lib/form-data.server";
import { redirectWithToast } from "~/lib/toast.server";
import { m } from "~/paraglide/messages";
import { replyToForm } from "./form-reply";

export const variantsFormSchema = (fields: readonly TranslatedField[]) =>
  variantsSchema(fields, (max) => m.content_too_long({ max: String(max) }));

export async function saveVariantsAction(
  context: Readonly<RouterContextProvider>,
  formData: FormData,
  target: {
    kind: TranslatedKind;
    refId: number;
    fields: readonly TranslatedField[];
    actor: { actorId: number; templeId?: number };
    back: string;
  },
) {
  const submission = parseSubmission(formData, variantsFormSchema(target.fields));
  if (submission.status !== "success") return replyToForm("languages", submission.reply());
  const db = dbFrom(context);
  await saveVariants(db, target.actor, target.kind, target.refId, target.fields, submission.value);
  // A temple's names in other languages find it in those scripts.
  if (target.kind === "temple" && target.fields.includes("name")) await refreshTempleSearchKeys(db, [target.refId]);
  return redirectWithToast(
    target.back,
    appEnv(context).config.SESSION_SECRET,
    { type: "success", message: m.content_languages_saved() },
    { status: 303 },
  );
}
