import { pagePath } from "~/lib/i18n";
import { m } from "~/paraglide/messages";
import { getFormProps } from "@conform-to/react";
import { Link } from "~/components/localized";
import { loginSchema } from "~/domain/accounts";
import { type AccountActionData, ActionToast, useAccountFetcher } from "./account-fetcher";
import { SubmitButton, TextField } from "./form-fields";
import { useSchemaForm } from "./use-schema-form";
import { ForgotPasswordLink } from "./account-recovery-forms";

interface SignInFormProps {
  /** Keeps the header's and the page's forms apart (ids, pending state). */
  placement: "page" | "header";
  /** The action's answer when this page was rendered for a form posted without JavaScript. */
  serverData?: AccountActionData;
  redirectTo?: string;
}

export function SignInForm({ placement, serverData, redirectTo }: SignInFormProps) {
  const { fetcher, mine, busy } = useAccountFetcher(placement, "login", serverData);
  const [form, fields] = useSchemaForm(loginSchema, {
    id: `${placement}-login`,
    lastResult: mine?.result,
    shouldRevalidate: "onInput",
  });
  // The links sit outside the form: the forgot-password modal holds a form of its own.
  return (
    <div className="account-form-wrap">
      <fetcher.Form method="post" action={pagePath("/login")} {...getFormProps(form)} noValidate className="account-form" aria-label={m.account_sign_in()}>
        {redirectTo ? <input type="hidden" name="redirectTo" value={redirectTo} /> : null}
        <TextField field={fields.email} label={m.account_email()} type="email" autoComplete="username" requiredMark={false} />
        <TextField field={fields.password} label={m.account_password()} type="password" autoComplete="current-password" requiredMark={false} />
        <SubmitButton name="intent" value="login" busy={busy}>
          {m.account_sign_in_button()}
        </SubmitButton>
        <ActionToast toast={mine?.toast} />
      </fetcher.Form>
      <div className="account-form__links">
        <ForgotPasswordLink placement={placement} />
        {placement === "header" ? <Link to="/login?form=register">{m.account_new_here()}</Link> : null}
      </div>
    </div>
  );
}
