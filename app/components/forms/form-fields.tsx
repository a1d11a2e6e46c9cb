/**
 * The one form-field kit: labelled controls wired to Conform fields (label, hint, inline
 * messages, ARIA), form-level errors and the submit button. Forms build their Conform
 * state with `useSchemaForm` (./use-schema-form), or with `useServerForm` when only the
 * server checks them (./use-server-form).
 */
import type { SubmissionResult } from "@conform-to/react";
import { useEffect } from "react";
import { useNavigation } from "react-router";
import { stripLocale } from "~/lib/i18n";
import { useToast } from "../layout/toaster";
import type { FieldState, FormState } from "./use-server-form";

/** A schema form's field (Conform) or a server-checked form's (`useServerForm`). */
type Field = FieldState;

interface FieldProps {
  field: Field;
  label: string;
  /** Shown between the label and the control, which it describes. */
  hint?: string;
  className?: string;
  /** False leaves out the "*" after a required field's label (the account forms are drawn without it). */
  requiredMark?: boolean;
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

/** The one field frame: label, hint, the control, then the field's messages. */
function FieldFrame({ field, label, hint, className, requiredMark = true, children }: FieldProps & { children: React.ReactNode }) {
  return (
    <div className={className ? `field ${className}` : "field"}>
      <label htmlFor={field.id}>
        {label}
        {requiredMark && field.required ? <span aria-hidden="true"> *</span> : null}
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

/**
 * A field's (or a form's) messages, each distinct one once: a value may break several
 * rules at once (a password too short and without a digit). Hidden while empty.
 */
export function FieldErrors({ id, errors }: { id: string; errors?: string[] }) {
  return (
    <div id={id} className="field-errors" aria-live="polite">
      {[...new Set(errors)].map((error) => (
        <p key={error} className="field-error">
          {error}
        </p>
      ))}
    </div>
  );
}

type TextFieldProps = FieldProps & {
  /** Shown in a box before the input and not read out (the "+91" of a phone number). */
  prefix?: string;
} & Omit<React.InputHTMLAttributes<HTMLInputElement>, "name" | "id" | "defaultValue" | "prefix">;

/** A labelled input; other input attributes (type, autoComplete, inputMode, maxLength, readOnly…) pass through. */
export function TextField(props: TextFieldProps) {
  const { field, label, hint, className, requiredMark, prefix, ...input } = props;
  const control = <input key={field.key} {...input} {...controlProps(field, hint)} />;
  return (
    <FieldFrame field={field} label={label} hint={hint} className={className} requiredMark={requiredMark}>
      {prefix ? (
        <div className="field-prefixed">
          <span className="field-prefix" aria-hidden="true">
            {prefix}
          </span>
          {control}
        </div>
      ) : (
        control
      )}
    </FieldFrame>
  );
}

/**
 * A new password and its repetition, as sign-up, the reset and the profile's change ask them:
 * the password rules as the first field's hint, both left to the browser's password manager.
 */
export function NewPasswordFields({
  password,
  confirm,
  labels,
}: {
  password: Field;
  confirm: Field;
  labels: { password: string; confirm: string; hint: string };
}) {
  return (
    <>
      <TextField
        field={password}
        label={labels.password}
        type="password"
        autoComplete="new-password"
        hint={labels.hint}
        requiredMark={false}
      />
      <TextField field={confirm} label={labels.confirm} type="password" autoComplete="new-password" requiredMark={false} />
    </>
  );
}

export function TextAreaField(props: FieldProps & Omit<React.TextareaHTMLAttributes<HTMLTextAreaElement>, "name" | "id" | "defaultValue">) {
  const { field, label, hint, className, requiredMark, ...textarea } = props;
  return (
    <FieldFrame field={field} label={label} hint={hint} className={className} requiredMark={requiredMark}>
      <textarea key={field.key} rows={4} {...textarea} {...controlProps(field, hint)} />
    </FieldFrame>
  );
}

/** An option whose value and label differ, e.g. a numeric id and the name it stands for. */
/** An option of a select; a disabled one is shown but cannot be chosen (a full day). */
export type SelectOption = { value: string | number; label: string; disabled?: boolean };

/** Options for rows with an id and a name (stars, donation purposes): the id is sent, the name shown. */
export function namedOptions(rows: readonly { id: number; name: string }[]): SelectOption[] {
  return rows.map((row) => ({ value: row.id, label: row.name }));
}

/**
 * A select of fixed values (`labelOf` names a value in the page's language; the value sent
 * stays as it is) or of `SelectOption`s. Without a placeholder the first option is chosen.
 */
export function SelectField<Value extends string>(
  props: FieldProps & { options: readonly (Value | SelectOption)[]; placeholder?: string; labelOf?: (value: Value) => string },
) {
  const { field, label, hint, className, requiredMark, options, placeholder, labelOf } = props;
  return (
    <FieldFrame field={field} label={label} hint={hint} className={className} requiredMark={requiredMark}>
      <select key={field.key} {...controlProps(field, hint)}>
        {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
        {options.map((option) => {
          const {
            value,
            label: text,
            disabled,
          } = typeof option === "object" ? option : { value: option, label: labelOf ? labelOf(option) : option, disabled: false };
          return (
            <option key={value} value={value} disabled={disabled}>
              {text}
            </option>
          );
        })}
      </select>
    </FieldFrame>
  );
}

/** The values a field starts with: one (a radio, a box) or several (boxes of one name). */
function initialValues(field: Field): string[] {
  const initial = field.initialValue;
  if (Array.isArray(initial)) return initial.filter((value): value is string => typeof value === "string");
  return typeof initial === "string" ? [initial] : [];
}

type CheckboxProps = { label: string; value?: string } & (
  | { field: Field; name?: never; defaultChecked?: never }
  /** A box of a form with no schema state (a table row's own small form). */
  | { field?: never; name: string; defaultChecked: boolean }
);

/** One box to tick, its text its label: a schema field's ("on" when ticked), or a plain named one. */
export function CheckboxField({ label, value = "on", ...props }: CheckboxProps) {
  const name = props.field ? props.field.name : props.name;
  const checked = props.field ? initialValues(props.field).includes(value) : props.defaultChecked;
  return (
    <label className="field-check">
      <input type="checkbox" name={name} value={value} defaultChecked={checked} key={props.field?.key} />
      <span>{label}</span>
    </label>
  );
}

/**
 * A choice among fixed values: radios (one value) or boxes (several of one name), in a
 * fieldset with its legend and the field's messages. `labelOf` names a value in the page's language.
 */
export function ChoiceField<Value extends string>({
  field,
  legend,
  type,
  options,
  labelOf,
}: {
  field: Field;
  legend: string;
  type: "radio" | "checkbox";
  options: readonly Value[];
  labelOf: (value: Value) => string;
}) {
  const chosen = initialValues(field);
  return (
    <fieldset className="field-choices" aria-describedby={field.errorId} aria-invalid={field.errors ? true : undefined}>
      <legend>{legend}</legend>
      {options.map((option) => (
        <label key={option} className="field-check">
          <input type={type} name={field.name} value={option} defaultChecked={chosen.includes(option)} key={`${field.key}-${option}`} />
          <span>{labelOf(option)}</span>
        </label>
      ))}
      <FieldErrors id={field.errorId} errors={field.errors} />
    </fieldset>
  );
}

/** Errors about the whole form (e.g. it could not be stored), next to the button. */
export function FormErrors({ form }: { form: Pick<FormState, "errorId" | "errors"> }) {
  return (
    <div id={form.errorId} className="form-error" role="alert">
      {form.errors?.[0] ?? null}
    </div>
  );
}

/** The navigation while a form is being posted (any form: the callers tell theirs apart). */
function usePosting() {
  const navigation = useNavigation();
  return navigation.state !== "idle" && navigation.formMethod?.toUpperCase() === "POST" ? navigation : undefined;
}

/** True while this form's submission (identified by `intent` or its action) is in flight. */
export function useIsSubmitting(action: string, intent?: string) {
  const navigation = usePosting();
  if (!navigation) return false;
  if (intent) return navigation.formData?.get("intent") === intent;
  // The form posts to the page's language ("/ml/desk/4/pujas"); `action` is the path as written.
  return stripLocale(navigation.formAction?.split("?")[0] ?? "") === stripLocale(action);
}

/**
 * True while the form posting `form=<name>` is in flight: a temple's or a package's
 * booking forms post to the page itself and name themselves in a `form` field.
 */
export function useIsSubmittingForm(name: string) {
  return usePosting()?.formData?.get("form") === name;
}

/** The form's main button: disabled and marked busy while its submission is in flight, so it cannot be pressed twice. */
export function SubmitButton({ busy, children, ...rest }: React.ComponentProps<"button"> & { busy: boolean }) {
  return (
    <button type="submit" className="button button--primary" disabled={busy} aria-busy={busy || undefined} {...rest}>
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
