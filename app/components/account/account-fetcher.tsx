import { MessageWith } from "~/components/layout/message-with";
import { useEffect } from "react";
import { type FetcherWithComponents, useFetcher } from "react-router";
import { pagePath } from "~/lib/i18n";
import { type ToastMessage, useToast } from "../layout/toaster";
import { useHydrated } from "../layout/use-hydrated";
import type { AccountActionData, AccountFormName } from "~/web/account-forms";
import { formReplyFor } from "~/web/form-reply";

export type { AccountActionData, AccountFormName } from "~/web/account-forms";

/**
 * Account forms post to /login through a fetcher, so a form in the header shows its
 * own errors in place; without JavaScript they post as plain forms and the login
 * page renders the answer (`serverData`).
 */
export function useAccountFetcher(placement: string, name: AccountFormName, serverData?: AccountActionData) {
  const fetcher = useFetcher<AccountActionData>({ key: `${placement}-${name}` });
  const data = fetcher.data ?? serverData;
  return { fetcher, mine: formReplyFor(data, name), busy: fetcher.state !== "idle" };
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

/** A message with one value shown in bold, wherever each language's sentence puts it. */
export function Emphasised({ message, value }: { message: (value: string) => string; value: string }) {
  return (
    <MessageWith message={message}>
      <strong>{value}</strong>
    </MessageWith>
  );
}

/** An account form: posts to /login through its fetcher (without JavaScript, as a plain form), labelled for screen readers. */
export function LoginPostForm(props: {
  fetcher: FetcherWithComponents<AccountActionData>;
  /** A server-checked form's ids and ARIA (`useServerForm`). */
  form?: { props: Pick<React.ComponentProps<"form">, "id" | "noValidate" | "aria-invalid" | "aria-describedby" | "onInput"> };
  label: string;
  children: React.ReactNode;
}) {
  const Fetcher = props.fetcher;
  return (
    <Fetcher.Form method="post" action={pagePath("/login")} {...props.form?.props} className="account-form" aria-label={props.label}>
      {props.children}
    </Fetcher.Form>
  );
}
