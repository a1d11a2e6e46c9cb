/**
 * A public enquiry page's form (jobs, temple sign-up): a schema form checked as the visitor types,
 * laid out on the form grid, with its error and submit button across the grid's width.
 */
import { type FormMetadata, getFormProps, type SubmissionResult } from "@conform-to/react";
import { Form } from "~/components/layout/localized";
import { FormErrors, SubmitButton, useFailureToast, useIsSubmitting } from "./form-fields";
import { type AnySchema, useSchemaForm } from "./use-schema-form";

/** The form's state; the page posts to `path` and a refused post shows its toast. */
export function useEnquiryForm<Schema extends AnySchema>(
  schema: Schema,
  { id, path, lastResult }: { id: string; path: string; lastResult?: SubmissionResult<string[]> },
) {
  const [form, fields] = useSchemaForm(schema, { id, lastResult, shouldRevalidate: "onInput" });
  useFailureToast(lastResult);
  return { form, fields, busy: useIsSubmitting(path) };
}

export function EnquiryForm(props: {
  // biome-ignore lint/suspicious/noExplicitAny: any schema form's metadata
  form: FormMetadata<any, string[]>;
  busy: boolean;
  submit: React.ReactNode;
  children: React.ReactNode;
}) {
  return (
    <Form method="post" className="form-grid" {...getFormProps(props.form)}>
      {props.children}
      <div className="form-grid__wide form-actions">
        <FormErrors form={props.form} />
        <SubmitButton busy={props.busy}>{props.submit}</SubmitButton>
      </div>
    </Form>
  );
}
