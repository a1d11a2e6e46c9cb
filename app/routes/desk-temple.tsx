/** The temple's own details and image, as its site shows them. */
import { getFormProps } from "@conform-to/react";
import { href } from "react-router";
import { Form } from "~/components/layout/localized";
import { deskStatusHandlers, GeneralErrorBoundary } from "~/components/layout/error-boundary";
import { FormErrors, SubmitButton, TextAreaField, TextField, useIsSubmitting } from "~/components/forms/form-fields";
import { useSchemaForm } from "~/components/forms/use-schema-form";
import { IMAGE_LIMIT, TEMPLE_MESSAGES as M, templeDetailsSchema } from "~/domain/temples-admin/temple-inputs";
import { saveTempleImage } from "~/domain/temples-admin/temple-images.server";
import { loadTempleDetails, updateTempleDetails } from "~/domain/temples-admin/temple.server";
import { dbFrom } from "~/lib/db.server";
import { appEnv } from "~/lib/context.server";
import { pageMeta } from "~/lib/meta";
import { m } from "~/paraglide/messages";
import { templeDeskAccess } from "~/web/role-guards.server";
import type { Route } from "./+types/desk-temple";
import { backWithToast } from "~/web/staff-actions.server";
import { FORM_LIMITS, parseSubmission, readForm } from "~/lib/form-data.server";
import { notFound } from "~/lib/not-found.server";
import { replyFor, replyToForm } from "~/web/form-reply";

export async function loader({ context }: Route.LoaderArgs) {
  const { templeId } = templeDeskAccess(context);
  const temple = await loadTempleDetails(dbFrom(context), templeId);
  if (!temple) throw notFound();
  const { displayName, streetName, description, metaDescription, phone, email, imageUrl } = temple;
  return { templeId, temple: { displayName, streetName, description, metaDescription, phone, email, imageUrl } };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { templeId, user } = templeDeskAccess(context);
  const formData = await readForm(request, { maxBytes: IMAGE_LIMIT + FORM_LIMITS.maxBytes });
  const actor = { actorId: user.id, templeId };
  const back = href("/:lang?/desk/:templeId/temple", { templeId: String(templeId) });
  if (formData.get("intent") === "image") {
    const file = formData.get("image");
    const saved = file instanceof File && (await saveTempleImage(dbFrom(context), appEnv(context).bindings.IMAGES, actor, file));
    return backWithToast(context, formData, back, saved ? { type: "success", message: M.imageSaved } : { type: "error", message: M.image });
  }
  const submission = parseSubmission(formData, templeDetailsSchema);
  if (submission.status !== "success") return replyToForm("details", submission.reply());
  await updateTempleDetails(dbFrom(context), actor, submission.value);
  return backWithToast(context, formData, back, { type: "success", message: M.saved });
}

export const meta = () => pageMeta(m.desk_meta_temple());

export default function DeskTemple({ loaderData, actionData }: Route.ComponentProps) {
  const { temple, templeId } = loaderData;
  const [form, fields] = useSchemaForm(templeDetailsSchema, {
    id: "temple-details",
    lastResult: replyFor(actionData, "details"),
    defaultValue: temple,
  });
  const busy = useIsSubmitting(href("/:lang?/desk/:templeId/temple", { templeId: String(templeId) }), "details");
  return (
    <>
      <section aria-labelledby="details-title">
        <h2 id="details-title">{m.desk_nav_temple()}</h2>
        <Form method="post" className="desk-form" {...getFormProps(form)}>
          <input type="hidden" name="intent" value="details" />
          <TextField field={fields.displayName} label={m.desk_temple_name_label()} />
          <TextField field={fields.streetName} label={m.desk_temple_street_label()} autoComplete="street-address" />
          <TextAreaField field={fields.description} label={m.desk_temple_about_label()} rows={6} />
          <TextField field={fields.metaDescription} label={m.desk_temple_summary_label()} hint={m.desk_temple_summary_hint()} />
          <TextField field={fields.phone} label={m.desk_temple_phone_label()} type="tel" inputMode="tel" />
          <TextField field={fields.email} label={m.desk_temple_email_label()} type="email" inputMode="email" />
          <div className="form-actions">
            <FormErrors form={form} />
            <SubmitButton busy={busy}>{m.desk_temple_save()}</SubmitButton>
          </div>
        </Form>
      </section>
      <section aria-labelledby="image-title">
        <h2 id="image-title">{m.desk_temple_image_title()}</h2>
        <img
          src={temple.imageUrl}
          alt={m.desk_temple_image_alt({ name: temple.displayName })}
          width={320}
          height={240}
          className="desk-image"
        />
        <Form method="post" encType="multipart/form-data" className="desk-form">
          <input type="hidden" name="intent" value="image" />
          <div className="field">
            <label htmlFor="temple-image">{m.desk_temple_new_image()}</label>
            <p className="field-hint" id="temple-image-hint">
              {m.desk_temple_image_hint()}
            </p>
            <input
              id="temple-image"
              type="file"
              name="image"
              accept="image/jpeg,image/png,image/webp"
              required
              aria-describedby="temple-image-hint"
            />
          </div>
          <button type="submit" className="button">
            {m.desk_temple_upload_image()}
          </button>
        </Form>
      </section>
    </>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary statusHandlers={deskStatusHandlers} />;
}
