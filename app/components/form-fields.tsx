import type { FieldMetadata, FormMetadata } from "@conform-to/react";
import type { SubmissionResult } from "@conform-to/react";
import { useEffect } from "react";
import { useNavigation } from "react-router";
import { stripLocale } from "~/lib/i18n";
import { useToast } from "./toaster";

type Field = FieldMetadata<string | undefined>;

interface FieldProps {
  field: Field;
  label: string;
  hint?: string;
  className?: string;
}

/** Wires a control to its label, hint and inline errors; no native constraint bubbles. */
function controlProps(field: Field, hint?: string) {
  const describedBy = [hint ? field.descriptionId : null, field.errors ? field.errorId : null].filter(Boolean).join(" ");
  return {
    id: field.id,
    name: field.name,
    defaultValue: typeof field.initialValue === "string" ? field.initialValue : undefined,
    "aria-invalid": field.errors ? true : undefined,
    "aria-describedby": describedBy || undefined,
    "aria-required": field.required ? true : undefined,
  } as const;
}

function FieldFrame({ field, label, hint, className, children }: FieldProps & { children: React.ReactNode }) {
  return (
    <div className={className ? `field ${className}` : "field"}>
      <label htmlFor={field.id}>
        {label}
        {field.required ? <span aria-hidden="true"> *</span> : null}
      </label>
      {hint ? (
        <p id={field.descriptionId} className="field-hint">
          {hint}
        </p>
      ) : null}
      {children}
      <FieldErrors id={field.errorId} errors={field.errors} />
    </div>
  );
}

export function FieldErrors({ id, errors }: { id: string; errors?: string[] }) {
  return (
    <div id={id} className="field-error" aria-live="polite">
      {errors?.[0] ?? null}
    </div>
  );
}

export function TextField(
  props: FieldProps & Omit<React.InputHTMLAttributes<HTMLInputElement>, "name" | "id" | "defaultValue">,
) {
  const { field, label, hint, className, ...input } = props;
  return (
    <FieldFrame field={field} label={label} hint={hint} className={className}>
      <input key={field.key} {...input} {...controlProps(field, hint)} />
    </FieldFrame>
  );
}

export function TextAreaField(
  props: FieldProps & Omit<React.TextareaHTMLAttributes<HTMLTextAreaElement>, "name" | "id" | "defaultValue">,
) {
  const { field, label, hint, className, ...textarea } = props;
  return (
    <FieldFrame field={field} label={label} hint={hint} className={className}>
      <textarea key={field.key} rows={4} {...textarea} {...controlProps(field, hint)} />
    </FieldFrame>
  );
}

/** A select of fixed values; `labelOf` names a value in the page's language (the value sent stays as it is). */
export function SelectField<Value extends string>(props: FieldProps & { options: readonly Value[]; placeholder: string; labelOf?: (value: Value) => string }) {
  const { field, label, hint, className, options, placeholder, labelOf } = props;
  return (
    <FieldFrame field={field} label={label} hint={hint} className={className}>
      <select key={field.key} {...controlProps(field, hint)}>
        <option value="">{placeholder}</option>
        {options.map((option) => (
          <option key={option} value={option}>
            {labelOf ? labelOf(option) : option}
          </option>
        ))}
      </select>
    </FieldFrame>
  );
}

/** Errors about the whole form (e.g. it could not be stored), next to the button. */
export function FormErrors({ form }: { form: Pick<FormMetadata, "errorId" | "errors"> }) {
  return (
    <div id={form.errorId} className="form-error" role="alert">
      {form.errors?.[0] ?? null}
    </div>
  );
}

/** True while this form's submission (identified by `intent` or its action) is in flight. */
export function useIsSubmitting(action: string, intent?: string) {
  const navigation = useNavigation();
  if (navigation.state === "idle" || !navigation.formMethod || navigation.formMethod.toUpperCase() !== "POST") return false;
  if (intent) return navigation.formData?.get("intent") === intent;
  // The form posts to the page's language ("/ml/desk/4/pujas"); `action` is the path as written.
  return stripLocale(navigation.formAction?.split("?")[0] ?? "") === stripLocale(action);
}

export function SubmitButton({ busy, children }: { busy: boolean; children: React.ReactNode }) {
  return (
    <button type="submit" className="button button--primary" disabled={busy} aria-busy={busy || undefined}>
      {children}
    </button>
  );
}

/** Repeats a form-level failure (the spec's "Unable to submitted …") as a toast. */
export function useFailureToast(lastResult: SubmissionResult | undefined) {
  const toast = useToast();
  const message = lastResult?.error?.[""]?.[0];
  useEffect(() => {
    if (message) toast({ type: "error", message });
  }, [lastResult, message, toast]);
}
