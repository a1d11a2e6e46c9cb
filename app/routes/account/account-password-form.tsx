import { CurrentPasswordField, SaveActions } from "~/components/account/account-fields";
import { getFormProps } from "@conform-to/react";
import { m } from "~/paraglide/messages";
import { useMemo } from "react";
import { useFetcher } from "react-router";
import { changePasswordSchema, passwordHint } from "~/domain/accounts/inputs";
import { formReplyFor } from "~/web/form-reply";
import { FieldErrors, NewPasswordFields } from "../../components/forms/form-fields";
import { useSchemaForm } from "../../components/forms/use-schema-form";
import type { ProfileActionData } from "./account-profile-form";

/** Change password: current, new and repeat; the new one may not be the login id. */
export function ChangePasswordForm({ loginId, serverData }: { loginId: string; serverData?: ProfileActionData }) {
  const fetcher = useFetcher<ProfileActionData>({ key: "account-password" });
  const mine = formReplyFor(fetcher.data ?? serverData, "password");
  const schema = useMemo(() => changePasswordSchema(loginId), [loginId]);
  const [form, fields] = useSchemaForm(schema, {
    id: "account-password",
    lastResult: mine?.result,
    shouldRevalidate: "onInput",
  });
  const busy = fetcher.state !== "idle";
  return (
    <fetcher.Form method="post" {...getFormProps(form)} noValidate className="account-form" aria-labelledby="change-password-title">
      <h3 id="change-password-title">{m.account_change_password()}</h3>
      {/* Lets password managers tie the new password to the account. */}
      <input type="email" name="username" value={loginId} autoComplete="username" readOnly hidden />
      <CurrentPasswordField field={fields.currentPassword} label={m.account_current_password()} />
      <NewPasswordFields
        password={fields.newPassword}
        confirm={fields.confirmPassword}
        labels={{ password: m.account_new_password(), confirm: m.account_repeat_password(), hint: passwordHint() }}
      />
      <FieldErrors id={form.errorId} errors={form.errors} />
      <SaveActions intent="password" busy={busy} status={mine?.status}>
        {m.account_change_password()}
      </SaveActions>
    </fetcher.Form>
  );
}
