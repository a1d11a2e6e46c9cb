import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { Form } from "~/components/layout/localized";
import { deitySchema, masterPujaSchema } from "~/domain/temples-admin/console";
import { FormErrors, SubmitButton, TextField, useIsSubmitting } from "../../components/forms/form-fields";
import { useSchemaForm } from "../../components/forms/use-schema-form";
import { m } from "~/paraglide/messages";

/** Adds a deity (name and image) or a master puja (name and description). */
export function SimpleCatalogForm({ kind, lastResult }: { kind: "deity" | "puja"; lastResult?: SubmissionResult<string[]> }) {
  const schema = kind === "deity" ? deitySchema : masterPujaSchema;
  const [form, fields] = useSchemaForm(schema, {
    id: `add-${kind}`,
    lastResult,
  });
  const busy = useIsSubmitting("/operator/catalog", kind);
  const all = fields as Record<string, Parameters<typeof TextField>[0]["field"]>;
  return (
    <Form
      method="post"
      className="desk-form"
      {...getFormProps(form)}
      aria-label={kind === "deity" ? m.operator_catalog_add_deity_label() : m.operator_catalog_add_puja_label()}
    >
      <input type="hidden" name="intent" value={kind} />
      <TextField field={all.name!} label={kind === "deity" ? m.operator_catalog_deity_name() : m.operator_catalog_puja_name()} />
      {kind === "deity" ? (
        <TextField field={all.imagePath!} label={m.operator_catalog_image_path()} hint={m.operator_catalog_image_hint()} />
      ) : (
        <TextField field={all.description!} label={m.operator_catalog_description_optional()} />
      )}
      <div className="form-actions">
        <FormErrors form={form} />
        <SubmitButton busy={busy}>{kind === "deity" ? m.operator_catalog_add_deity() : m.operator_catalog_add_puja()}</SubmitButton>
      </div>
    </Form>
  );
}
