/**
 * The desk's and the console's form frame: a titled schema form posting one intent, with the
 * form's error and its submit button at the end; editing a record, an "Edit {name}" title and a
 * Cancel link. The fields are the children; `hidden` carries the record the form is about (a
 * temple's id, where to go back to).
 */
import { type FormMetadata, getFormProps } from "@conform-to/react";
import { Form, Link } from "~/components/layout/localized";
import { m } from "~/paraglide/messages";
import { FormErrors, SubmitButton } from "../forms/form-fields";

interface DeskFormProps {
  // biome-ignore lint/suspicious/noExplicitAny: any schema form's metadata
  form: FormMetadata<any, string[]>;
  /** A new record's title; while `editing`, "Edit {name}" and a Cancel link back to `cancelTo`. */
  title: React.ReactNode;
  editing?: { name: string; cancelTo: string } | null;
  hint?: React.ReactNode;
  intent: string;
  hidden?: Record<string, string | number | undefined>;
  action?: string;
  submit: React.ReactNode;
  busy: boolean;
  children: React.ReactNode;
}

export function DeskForm({ form, title, editing, hint, intent, hidden = {}, action, submit, busy, children }: DeskFormProps) {
  // The form is named by its title (a screen reader announces it; tests find it by it).
  const titleId = `${form.id}-title`;
  return (
    <Form method="post" action={action} className="desk-form" {...getFormProps(form)} aria-labelledby={titleId}>
      <h3 id={titleId}>{editing ? m.desk_edit_named({ name: editing.name }) : title}</h3>
      {hint ? <p className="field-hint">{hint}</p> : null}
      <input type="hidden" name="intent" value={intent} />
      {Object.entries(hidden).map(([name, value]) =>
        value === undefined ? null : <input key={name} type="hidden" name={name} value={value} />,
      )}
      {children}
      <div className="form-actions">
        <FormErrors form={form} />
        <SubmitButton busy={busy}>{submit}</SubmitButton>
        {editing ? <Link to={editing.cancelTo}>{m.desk_cancel()}</Link> : null}
      </div>
    </Form>
  );
}
