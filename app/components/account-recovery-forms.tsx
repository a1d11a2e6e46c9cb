import { getFormProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { useEffect, useRef } from "react";
import { Link, useLocation } from "react-router";
import { forgotPasswordSchema, PASSWORD_HINT, resetPasswordSchema } from "~/domain/accounts";
import { type AccountActionData, ActionToast, Field, SubmitButton, useAccountFetcher } from "./account-field";

interface FormProps {
  /** "page", or where the forgot-password dialog sits ("header-dialog", "page-dialog"). */
  placement: string;
  serverData?: AccountActionData;
}

export function ForgotForm({ placement, serverData }: FormProps) {
  const { fetcher, mine, busy } = useAccountFetcher(placement, "forgot", serverData);
  const [form, fields] = useForm({
    id: `${placement}-forgot`,
    lastResult: mine?.result,
    constraint: getZodConstraint(forgotPasswordSchema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: forgotPasswordSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  return (
    <fetcher.Form method="post" action="/login" {...getFormProps(form)} noValidate className="account-form" aria-label="Forgot password">
      <p>Enter the email you signed up with. We will send you a code to reset your password.</p>
      <Field label="E-mail" meta={fields.email} type="email" autoComplete="email" />
      <SubmitButton name="intent" value="forgot" busy={busy}>
        Reset
      </SubmitButton>
      <ActionToast toast={mine?.toast} />
    </fetcher.Form>
  );
}

export function ResetForm({ serverData, email }: { serverData?: AccountActionData; email: string }) {
  const { fetcher, mine, busy } = useAccountFetcher("page", "reset", serverData);
  const [form, fields] = useForm({
    id: "page-reset",
    lastResult: mine?.result,
    defaultValue: { email },
    constraint: getZodConstraint(resetPasswordSchema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: resetPasswordSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  return (
    <fetcher.Form method="post" action="/login" {...getFormProps(form)} noValidate className="account-form" aria-label="Reset password">
      <p>
        We have sent a code to <strong>{email}</strong>. Choose a new password and enter the code.
      </p>
      <input type="hidden" name={fields.email.name} value={email} />
      <Field label="New password" meta={fields.password} type="password" autoComplete="new-password" hint={PASSWORD_HINT} />
      <Field label="Repeat password" meta={fields.confirmPassword} type="password" autoComplete="new-password" />
      <Field label="Verification code" meta={fields.code} autoComplete="one-time-code" />
      <div className="account-form__actions">
        <SubmitButton name="intent" value="reset" busy={busy}>
          Submit
        </SubmitButton>
        <button type="submit" className="button" name="intent" value="resend-reset" formNoValidate disabled={busy}>
          Resend code
        </button>
      </div>
      <p className="account-form__links">
        <Link to="/login">Back to sign in</Link>
      </p>
      <ActionToast toast={mine?.toast} />
    </fetcher.Form>
  );
}

/**
 * "Forgot password?": opens the forgot-password modal (a native modal dialog: focus
 * stays inside, Escape and the backdrop close it, focus returns to the link).
 * Without JavaScript it is a plain link to the form on the login page.
 */
export function ForgotPasswordLink({ placement }: { placement: "page" | "header" }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const location = useLocation();
  useEffect(() => {
    dialog.current?.close();
  }, [location.key]);
  return (
    <>
      <a
        href="/login?form=forgot"
        onClick={(event) => {
          if (!dialog.current?.showModal) return;
          event.preventDefault();
          dialog.current.showModal();
        }}
      >
        Forgot password?
      </a>
      <dialog
        ref={dialog}
        className="account-dialog"
        aria-labelledby={`${placement}-forgot-dialog-title`}
        onClick={(event) => {
          if (event.target === event.currentTarget) event.currentTarget.close();
        }}
      >
        <div className="account-dialog__body">
          <h2 id={`${placement}-forgot-dialog-title`}>Forgot password</h2>
          <ForgotForm placement={`${placement}-dialog`} />
          <button type="button" className="button account-dialog__close" onClick={() => dialog.current?.close()}>
            Close
          </button>
        </div>
      </dialog>
    </>
  );
}
