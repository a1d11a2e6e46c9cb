import { MobileField } from "./account-fields";
import { m } from "~/paraglide/messages";
import { Link } from "~/components/layout/localized";
import { passwordHint } from "~/domain/accounts/fields";
import { SERVER_CHECKED_FORMS } from "~/web/server-checked-forms";
import { type AccountActionData, ActionToast, useAccountFetcher, LoginPostForm } from "./account-fetcher";
import { NewPasswordFields, SubmitButton, TextField } from "../forms/form-fields";
import { useServerForm } from "../forms/use-server-form";
import { HumanCheckField } from "./human-check-field";

interface FormProps {
  placement: "page" | "header";
  serverData?: AccountActionData;
}

export function RegisterForm({ placement, serverData }: FormProps) {
  const { fetcher, mine, busy } = useAccountFetcher(placement, "register", serverData);
  const [form, fields] = useServerForm(SERVER_CHECKED_FORMS.register, { id: `${placement}-register`, lastResult: mine?.result });
  return (
    <LoginPostForm fetcher={fetcher} form={form} label={m.account_sign_up()}>
      <TextField field={fields.name} label={m.account_name()} autoComplete="name" requiredMark={false} />
      <MobileField field={fields.mobile} />
      <TextField field={fields.email} label={m.account_email()} type="email" autoComplete="email" requiredMark={false} />
      <NewPasswordFields
        password={fields.password}
        confirm={fields.confirmPassword}
        labels={{ password: m.account_password(), confirm: m.account_confirm_password(), hint: passwordHint() }}
      />
      <HumanCheckField widget={mine?.humanCheck} />
      <SubmitButton name="intent" value="register" busy={busy}>
        {m.account_sign_up_button()}
      </SubmitButton>
      {placement === "header" ? (
        <p className="account-form__links">
          <Link to="/login">{m.account_already_registered()}</Link>
        </p>
      ) : null}
      <ActionToast toast={mine?.toast} />
    </LoginPostForm>
  );
}
