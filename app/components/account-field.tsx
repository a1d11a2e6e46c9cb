import { MessageWith } from "~/components/message-with";
import { type FieldMetadata, getInputProps, type SubmissionResult } from "@conform-to/react";
import { useEffect, useSyncExternalStore } from "react";
import { useFetcher } from "react-router";
import { type ToastMessage, useToast } from "./toaster";
import type { AccountActionData, AccountFormName } from "~/web/account-forms";

export type { AccountActionData, AccountFormName } from "~/web/account-forms";

/**
 * Account forms post to /login through a fetcher, so a form in the header shows its
 * own errors in place; without JavaScript they post as plain forms and the login
 * page renders the answer (`serverData`).
 */
export function useAccountFetcher(placement: string, name: AccountFormName, serverData?: AccountActionData) {
  const fetcher = useFetcher<AccountActionData>({ key: `${placement}-${name}` });
  const data = fetcher.data ?? serverData;
  return { fetcher, mine: data?.form === name ? data : undefined, busy: fetcher.state !== "idle" };
}

const subscribe = () => () => {};

/** False during the server render and hydration, true once the page runs JavaScript. */
export function useHydrated() {
  return useSyncExternalStore(subscribe, () => true, () => false);
}

/**
 * The spec shows server decisions as toasts. With JavaScript they go to the shared
 * toaster; in a page rendered for a form posted without JavaScript, the same message
 * is rendered in place, styled and announced like a toast.
 */
export function ActionToast({ toast }: { toast: ToastMessage | undefined }) {
  const hydrated = useHydrated();
  const show = useToast();
  useEffect(() => {
    if (toast && hydrated) show(toast);
  }, [toast, hydrated, show]);
  if (!toast || hydrated) return null;
  return (
    <div className="toasts toasts--static">
      <div className={`toast toast--${toast.type}`} role={toast.type === "error" ? "alert" : "status"}>
        <p>{toast.message}</p>
      </div>
    </div>
  );
}

/** Stands in for the value while the message is built (no language writes it). */

/** A message with one value shown in bold, wherever each language's sentence puts it. */
export function Emphasised({ message, value }: { message: (value: string) => string; value: string }) {
  return (
    <MessageWith message={message}>
      <strong>{value}</strong>
    </MessageWith>
  );
}

type InputType = "text" | "email" | "password" | "tel";

interface FieldProps {
  label: string;
  meta: FieldMetadata<string | number | undefined>;
  type?: InputType;
  autoComplete?: string;
  hint?: string;
  prefix?: string;
  readOnly?: boolean;
  inputMode?: "numeric" | "tel" | "email" | "text";
  maxLength?: number;
}

/** A labelled input with its hint and its validation messages. */
export function Field({ label, meta, type = "text", autoComplete, hint, prefix, readOnly, inputMode, maxLength }: FieldProps) {
  const hintId = hint ? `${meta.id}-hint` : undefined;
  const inputProps = getInputProps(meta, { type, ariaDescribedBy: hintId });
  const input = <input {...inputProps} key={inputProps.key} autoComplete={autoComplete} readOnly={readOnly} inputMode={inputMode} {...(maxLength ? { maxLength } : {})} />;
  return (
    <div className="account-field">
      <label htmlFor={meta.id}>{label}</label>
      {prefix ? (
        <div className="account-field__prefixed">
          <span className="account-field__prefix" aria-hidden="true">
            {prefix}
          </span>
          {input}
        </div>
      ) : (
        input
      )}
      {hint ? (
        <p id={hintId} className="account-field__hint">
          {hint}
        </p>
      ) : null}
      <FieldErrors id={meta.errorId} errors={meta.errors} />
    </div>
  );
}

export function FieldErrors({ id, errors }: { id: string; errors?: string[] }) {
  return (
    <div id={id} className="account-field__errors" aria-live="polite">
      {[...new Set(errors)].map((error) => (
        <p key={error} className="field-error">
          {error}
        </p>
      ))}
    </div>
  );
}

/** A submit button that shows it is busy and cannot be pressed twice. */
export function SubmitButton({ busy, children, ...rest }: React.ComponentProps<"button"> & { busy: boolean }) {
  return (
    <button type="submit" className="button button--primary" aria-busy={busy} disabled={busy} {...rest}>
      {children}
    </button>
  );
}
