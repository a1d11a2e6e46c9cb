import { m } from "~/paraglide/messages";
import { passwordHint } from "~/domain/accounts/fields";
import { SERVER_CHECKED_FORMS } from "~/web/server-checked-forms";
import { type AccountActionData, ActionToast, Emphasised, useAccountFetcher, LoginPostForm } from "./account-fetcher";
import { NewPasswordFields, SubmitButton, TextField } from "../forms/form-fields";
import { useServerForm } from "../forms/use-server-form";
import { CodeStep } from "./account-code-step";

interface FormProps {
  /** "page", or where the forgot-password dialog sits ("header-dialog", "page-dialog"). */
  placement: string;
  serverData?: AccountActionData;
}

export function ForgotForm({ placement, serverData }: FormProps) {
  const { fetcher, mine, busy } = useAccountFetcher(placement, "forgot", serverData);
  const [form, fields] = useServerForm(SERVER_CHECKED_FORMS.forgot, { id: `${placement}-forgot`, lastResult: mine?.result });
  return (
    <LoginPostForm fetcher={fetcher} form={form} label={m.account_heading_forgot()}>
      <p>{m.account_forgot_intro()}</p>
      <TextField field={fields.email} label={m.account_email()} type="email" autoComplete="email" requiredMark={false} />
      <SubmitButton name="intent" value="forgot" busy={busy}>
        {m.account_reset_button()}
      </SubmitButton>
      <ActionToast toast={mine?.toast} />
    </LoginPostForm>
  );
}

export function ResetForm({ serverData, email }: { serverData?: AccountActionData; email: string }) {
  const { fetcher, mine, busy } = useAccountFetcher("page", "reset", serverData);
  // "Resend code" never needs the code (or the new password): the action checks only the email then.
  const [form, fields] = useServerForm(SERVER_CHECKED_FORMS.reset, { id: "page-reset", lastResult: mine?.result });
  return (
    <LoginPostForm fetcher={fetcher} form={form} label={m.account_heading_reset()}>
      <p>
        <Emphasised message={(value) => m.account_reset_code_sent_text({ email: value })} value={email} />
      </p>
      <input type="hidden" name={fields.email.name} value={email} />
      <NewPasswordFields
        password={fields.password}
        confirm={fields.confirmPassword}
        labels={{ password: m.account_new_password(), confirm: m.account_repeat_password(), hint: passwordHint() }}
      />
      <CodeStep code={fields.code} mine={mine} busy={busy} step="reset" />
    </LoginPostForm>
  );
}
