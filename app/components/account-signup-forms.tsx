import { pagePath } from "~/lib/i18n";
import { m } from "~/paraglide/messages";
import { getFormProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { Link } from "~/components/localized";
import { passwordHint, PHONE_PREFIX, registerSchema, verifySchema } from "~/domain/accounts";
import { type AccountActionData, ActionToast, Emphasised, Field, SubmitButton, useAccountFetcher } from "./account-field";

interface FormProps {
  placement: "page" | "header";
  serverData?: AccountActionData;
}

export function RegisterForm({ placement, serverData }: FormProps) {
  const { fetcher, mine, busy } = useAccountFetcher(placement, "register", serverData);
  const [form, fields] = useForm({
    id: `${placement}-register`,
    lastResult: mine?.result,
    constraint: getZodConstraint(registerSchema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: registerSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  return (
    <fetcher.Form method="post" action={pagePath("/login")} {...getFormProps(form)} noValidate className="account-form" aria-label={m.account_sign_up()}>
      <Field label={m.account_name()} meta={fields.name} autoComplete="name" />
      <Field label={m.account_mobile()} meta={fields.mobile} type="tel" prefix={PHONE_PREFIX} autoComplete="tel-national" inputMode="tel" maxLength={20} />
      <Field label={m.account_email()} meta={fields.email} type="email" autoComplete="email" />
      <Field label={m.account_password()} meta={fields.password} type="password" autoComplete="new-password" hint={passwordHint()} />
      <Field label={m.account_confirm_password()} meta={fields.confirmPassword} type="password" autoComplete="new-password" />
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
  const [form, fields] = useForm({
    id: "page-verify",
    lastResult: mine?.result,
    defaultValue: { email },
    constraint: getZodConstraint(verifySchema),
    // "Resend code" never needs the code: only the email is checked.
    onValidate: ({ formData }) =>
      parseWithZod(formData, { schema: formData.get("intent") === "resend-signup" ? verifySchema.partial({ code: true }) : verifySchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  return (
    <fetcher.Form method="post" action={pagePath("/login")} {...getFormProps(form)} noValidate className="account-form" aria-label={m.account_heading_verify()}>
      <p>
        <Emphasised message={(value) => m.account_verify_code_sent_text({ email: value })} value={email} />
      </p>
      <input type="hidden" name={fields.email.name} value={email} />
      <Field label={m.account_verification_code()} meta={fields.code} autoComplete="one-time-code" />
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
