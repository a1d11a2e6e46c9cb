import { getFormProps, useForm } from "@conform-to/react";
import { m } from "~/paraglide/messages";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { useMemo } from "react";
import { useFetcher } from "react-router";
import { changePasswordSchema, passwordHint } from "~/domain/accounts";
import { Field, FieldErrors, SubmitButton } from "./account-field";
import type { ProfileActionData } from "./account-profile-form";

/** Change password: current, new and repeat; the new one may not be the login id. */
export function ChangePasswordForm({ loginId, serverData }: { loginId: string; serverData?: ProfileActionData }) {
  const fetcher = useFetcher<ProfileActionData>({ key: "account-password" });
  const data = fetcher.data ?? serverData;
  const mine = data?.form === "password" ? data : undefined;
  const schema = useMemo(() => changePasswordSchema(loginId), [loginId]);
  const [form, fields] = useForm({
    id: "account-password",
    lastResult: mine?.result,
    constraint: getZodConstraint(schema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  const busy = fetcher.state !== "idle";
  return (
    <fetcher.Form method="post" {...getFormProps(form)} noValidate className="account-form" aria-labelledby="change-password-title">
      <h3 id="change-password-title">{m.account_change_password()}</h3>
      {/* Lets password managers tie the new password to the account. */}
      <input type="email" name="username" value={loginId} autoComplete="username" readOnly hidden />
      <Field label={m.account_current_password()} meta={fields.currentPassword} type="password" autoComplete="current-password" />
      <Field label={m.account_new_password()} meta={fields.newPassword} type="password" autoComplete="new-password" hint={passwordHint()} />
      <Field label={m.account_repeat_password()} meta={fields.confirmPassword} type="password" autoComplete="new-password" />
      <FieldErrors id={form.errorId} errors={form.errors} />
      <div className="account-form__actions">
        <SubmitButton name="intent" value="password" busy={busy}>
          {m.account_change_password()}
        </SubmitButton>
        <p role="status" className="account-status">
          {mine?.status ?? ""}
        </p>
      </div>
    </fetcher.Form>
  );
}
