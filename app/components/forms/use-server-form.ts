import type { FieldMetadata, FormMetadata, SubmissionResult } from "@conform-to/react";
import { useEffect, useState } from "react";
import type { ServerCheckedForm } from "~/web/server-checked-forms";

/** What a control of the form kit reads of its field: Conform's metadata, or a server-checked form's. */
export type FieldState = Pick<
  FieldMetadata<unknown>,
  "id" | "name" | "key" | "initialValue" | "errors" | "errorId" | "descriptionId" | "required"
>;

/** What `FormErrors` reads of a form. */
export type FormState = Pick<FormMetadata, "id" | "errorId" | "errors">;

interface ServerFormOptions {
  /** Conform derives every field's id from it, as for a schema form. */
  id: string;
  /** The action's reply to this form (Conform's `SubmissionResult`, as a schema form reads it). */
  lastResult?: SubmissionResult<string[]> | null;
}

/**
 * A form checked by the server only. Its schema checks every post, in the action, and the
 * reply is shown exactly as a schema form (`useSchemaForm`) shows it: the same ids, ARIA,
 * messages and focus on the first field in error; a field's messages go once it is
 * edited, and a reply that resets the form empties it. The page ships neither zod nor
 * Conform for it. The forms every page carries (the header's account forms), the rest of
 * the account forms and the home page's boxes use it (`SERVER_CHECKED_FORMS`): devotees
 * on a phone download 37 KB less on every page, and a mistake costs one round trip.
 */
export function useServerForm<Input>({ required }: ServerCheckedForm<Input>, { id, lastResult }: ServerFormOptions) {
  type Name = keyof Input & string;
  // The reply shown, the fields edited since it came, and how many times a reply emptied the form.
  const [shown, setShown] = useState({ result: lastResult, edited: new Set<string>(), resets: 0 });
  if (shown.result !== lastResult) {
    setShown({ result: lastResult, edited: new Set(), resets: lastResult?.initialValue === null ? shown.resets + 1 : shown.resets });
  }
  const errorsOf = (name: string) => {
    const errors = lastResult?.error?.[name];
    return errors && errors.length > 0 && !shown.edited.has(name) ? errors : undefined;
  };

  // Like Conform: after a refused post, the first field in error takes the focus.
  useEffect(() => {
    if (lastResult?.status !== "error") return;
    const form = document.forms.namedItem(id);
    for (const element of form?.elements ?? []) {
      const name = (element as HTMLInputElement).name;
      if (name && lastResult.error?.[name]?.length && element instanceof HTMLElement && element.getAttribute("type") !== "hidden") {
        element.focus();
        break;
      }
    }
  }, [id, lastResult]);

  const form: FormState & {
    props: Pick<React.ComponentProps<"form">, "id" | "noValidate" | "aria-invalid" | "aria-describedby" | "onInput">;
  } = {
    id,
    errorId: `${id}-error`,
    errors: errorsOf(""),
    props: {
      id,
      noValidate: true,
      "aria-invalid": errorsOf("") ? true : undefined,
      "aria-describedby": errorsOf("") ? `${id}-error` : undefined,
      onInput: (event) => {
        const name = (event.target as HTMLInputElement).name;
        if (name && errorsOf(name)) setShown((current) => ({ ...current, edited: new Set(current.edited).add(name) }));
      },
    },
  };
  const field = (name: Name): FieldState => {
    const initialValue = lastResult?.initialValue?.[name];
    return {
      id: `${id}-${name}`,
      name,
      key: `${shown.resets}`,
      initialValue: typeof initialValue === "string" ? initialValue : undefined,
      errors: errorsOf(name),
      errorId: `${id}-${name}-error`,
      descriptionId: `${id}-${name}-description`,
      required: required.includes(name),
    } as FieldState;
  };
  const fields = new Proxy({} as Record<Name, FieldState>, { get: (_, name) => field(name as Name) });
  return [form, fields] as const;
}
