import { pagePath } from "~/lib/i18n";
import { m } from "~/paraglide/messages";
import { getFormProps } from "@conform-to/react";
import { Link } from "~/components/localized";
import { passwordHint, PHONE_PREFIX, registerSchema, verifySchema } from "~/domain/accounts";
import { type AccountActionData, ActionToast, Emphasised, useAccountFetcher } from "./account-fetcher";
import { SubmitButton, TextField } from "./form-fields";
import { useSchemaForm } from "./use-schema-form";

interface FormProps {
  placement: "page" | "header";
  serverData?: AccountActionData;
}

export function RegisterForm({ placement, serverData }: FormProps) {
  const { fetcher, mine, busy } = useAccountFetcher(placement, "register", serverData);
  const [form, fields] = useSchemaForm(registerSchema, {
    id: `${placement}-register`,
    lastResult: mine?.result,
    shouldRevalidate: "onInput",
  });
  return (
    <fetcher.Form method="post" action={pagePath("/login")} {...getFormProps(form)} noValidate className="account-form" aria-label={m.account_sign_up()}>
      <TextField field={fields.name} label={m.account_name()} autoComplete="name" requiredMark={false} />
      <TextField field={fields.mobile} label={m.account_mobile()} type="tel" prefix={PHONE_PREFIX} autoComplete="tel-national" inputMode="tel" maxLength={20} requiredMark={false} />
      <TextField field={fields.email} label={m.account_email()} type="email" autoComplete="email" requiredMark={false} />
      <TextField field={fields.password} label={m.account_password()} type="password" autoComplete="new-password" hint={passwordHint()} requiredMark={false} />
      <TextField field={fields.confirmPassword} label={m.account_confirm_password()} type="password" autoComplete="new-password" requiredMark={false} />
      <SubmitButton name="intent" value="register" busy={busy}>
        {m.account_sign_up_button()}
      </SubmitButton>
      {placement === "header" ? (
        <p className="account-form__links">
          <Link to="/login">{m.account_already_registered()}</Link>
        </p>
      ) : null}
      <ActionToast toast={mine?.toast} />
    </fetcher.Form>
  );
}

export function VerifyForm({ serverData, email }: Omit<FormProps, "placement"> & { email: string }) {
  const { fetcher, mine, busy } = useAccountFetcher("page", "verify", serverData);
  const [form, fields] = useSchemaForm(verifySchema, {
    id: "page-verify",
    lastResult: mine?.result,
    defaultValue: { email },
    // "Resend code" never needs the code: only the email is checked.
    schemaFor: (formData) => (formData.get("intent") === "resend-signup" ? verifySchema.partial({ code: true }) : verifySchema),
    shouldRevalidate: "onInput",
  });
  return (
    <fetcher.Form method="post" action={pagePath("/login")} {...getFormProps(form)} noValidate className="account-form" aria-label={m.account_heading_verify()}>
      <p>
        <Emphasised message={(value) => m.account_verify_code_sent_text({ email: value })} value={email} />
      </p>
      <input type="hidden" name={fields.email.name} value={email} />
      <TextField field={fields.code} label={m.account_verification_code()} autoComplete="one-time-code" requiredMark={false} />
      <div className="account-form__actions">
        <SubmitButton name="intent" value="verify" busy={busy}>
          {m.account_verify_button()}
        </SubmitButton>
        <button type="submit" className="button" name="intent" value="resend-signup" formNoValidate disabled={busy}>
          {m.account_resend_code()}
        </button>
      </div>
      <p className="account-form__links">
        <Link to="/login?form=register">{m.account_use_different_email()}</Link>
      </p>
      <ActionToast toast={mine?.toast} />
    </fetcher.Form>
  );
}
