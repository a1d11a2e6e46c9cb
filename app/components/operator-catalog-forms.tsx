import { getFormProps, type SubmissionResult, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { Form } from "~/components/localized";
import { deitySchema, masterPujaSchema } from "~/domain/operator";
import { FormErrors, SubmitButton, TextField, useIsSubmitting } from "./form-fields";

/** Adds a deity (name and image) or a master puja (name and description). */
export function SimpleCatalogForm({ kind, lastResult }: { kind: "deity" | "puja"; lastResult?: SubmissionResult<string[]> }) {
  const schema = kind === "deity" ? deitySchema : masterPujaSchema;
  const [form, fields] = useForm({
    id: `add-${kind}`,
    lastResult,
    constraint: getZodConstraint(schema),
    shouldValidate: "onBlur",
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
  });
  const busy = useIsSubmitting("/operator/catalog", kind);
  const all = fields as Record<string, Parameters<typeof TextField>[0]["field"]>;
  return (
    <Form method="post" className="desk-form" {...getFormProps(form)} aria-label={kind === "deity" ? "Add a deity" : "Add a puja"}>
      <input type="hidden" name="intent" value={kind} />
      <TextField field={all.name!} label={kind === "deity" ? "Deity name" : "Puja name"} />
      {kind === "deity" ? (
        <TextField field={all.imagePath!} label="Image path" hint="An image under public/images, e.g. /images/deities/ganesha.svg." />
      ) : (
        <TextField field={all.description!} label="Description (optional)" />
      )}
      <div className="form-actions">
        <FormErrors form={form} />
        <SubmitButton busy={busy}>{kind === "deity" ? "Add deity" : "Add puja"}</SubmitButton>
      </div>
    </Form>
  );
}
