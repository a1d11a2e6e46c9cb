import { CurrentPasswordField } from "./account-fields";
import { m } from "~/paraglide/messages";
import { Link } from "~/components/layout/localized";
import { SERVER_CHECKED_FORMS } from "~/web/server-checked-forms";
import { type AccountActionData, ActionToast, useAccountFetcher, LoginPostForm } from "./account-fetcher";
import { SubmitButton, TextField } from "../forms/form-fields";
import { useServerForm } from "../forms/use-server-form";
import { HumanCheckField } from "./human-check-field";
import { ForgotPasswordLink } from "./account-forgot-link";

interface SignInFormProps {
  /** Keeps the header's and the page's forms apart (ids, pending state). */
  placement: "page" | "header";
  /** The action's answer when this page was rendered for a form posted without JavaScript. */
  serverData?: AccountActionData;
  redirectTo?: string;
}

export function SignInForm({ placement, serverData, redirectTo }: SignInFormProps) {
  const { fetcher, mine, busy } = useAccountFetcher(placement, "login", serverData);
  const [form, fields] = useServerForm(SERVER_CHECKED_FORMS.login, { id: `${placement}-login`, lastResult: mine?.result });
  // The links sit outside the form: the forgot-password modal holds a form of its own.
  return (
    <div className="account-form-wrap">
      <LoginPostForm fetcher={fetcher} form={form} label={m.account_sign_in()}>
        {redirectTo ? <input type="hidden" name="redirectTo" value={redirectTo} /> : null}
        <TextField field={fields.email} label={m.account_email()} type="email" autoComplete="username" requiredMark={false} />
        <CurrentPasswordField field={fields.password} label={m.account_password()} />
        <HumanCheckField widget={mine?.humanCheck} />
        <SubmitButton name="intent" value="login" busy={busy}>
          {m.account_sign_in_button()}
        </SubmitButton>
        <ActionToast toast={mine?.toast} />
      </LoginPostForm>
      <div className="account-form__links">
        <ForgotPasswordLink placement={placement} />
        {placement === "header" ? <Link to="/login?form=register">{m.account_new_here()}</Link> : null}
      </div>
    </div>
  );
}
