import { pagePath } from "~/lib/i18n";
import { getFormProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { Link } from "~/components/localized";
import { PASSWORD_HINT, PHONE_PREFIX, registerSchema, verifySchema } from "~/domain/accounts";
import { type AccountActionData, ActionToast, Field, SubmitButton, useAccountFetcher } from "./account-field";

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
    <fetcher.Form method="post" action={pagePath("/login")} {...getFormProps(form)} noValidate className="account-form" aria-label="Sign up">
      <Field label="Name" meta={fields.name} autoComplete="name" />
      <Field label="Mobile" meta={fields.mobile} type="tel" prefix={PHONE_PREFIX} autoComplete="tel-national" inputMode="tel" maxLength={20} />
      <Field label="E-mail" meta={fields.email} type="email" autoComplete="email" />
      <Field label="Password" meta={fields.password} type="password" autoComplete="new-password" hint={PASSWORD_HINT} />
      <Field label="Confirm password" meta={fields.confirmPassword} type="password" autoComplete="new-password" />
      <SubmitButton name="intent" value="register" busy={busy}>
        Sign Up
      </SubmitButton>
      {placement === "header" ? (
        <p className="account-form__links">
          <Link to="/login">Already registered? Sign in</Link>
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
    <fetcher.Form method="post" action={pagePath("/login")} {...getFormProps(form)} noValidate className="account-form" aria-label="Verify your email">
      <p>
        We have sent a verification code to <strong>{email}</strong>. Enter it here to finish signing up.
      </p>
      <input type="hidden" name={fields.email.name} value={email} />
      <Field label="Verification code" meta={fields.code} autoComplete="one-time-code" />
      <div className="account-form__actions">
        <SubmitButton name="intent" value="verify" busy={busy}>
          Verify
        </SubmitButton>
        <button type="submit" className="button" name="intent" value="resend-signup" formNoValidate disabled={busy}>
          Resend code
        </button>
      </div>
      <p className="account-form__links">
        <Link to="/login?form=register">Use a different email</Link>
      </p>
      <ActionToast toast={mine?.toast} />
    </fetcher.Form>
  );
}
