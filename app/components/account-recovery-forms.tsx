import { pagePath } from "~/lib/i18n";
import { m } from "~/paraglide/messages";
import { getFormProps } from "@conform-to/react";
import { useEffect, useRef, useState } from "react";
import { createPortal } from "react-dom";
import { useLocation } from "react-router";
import { Link } from "~/components/localized";
import { z } from "zod";
import { forgotPasswordSchema, passwordHint, resetPasswordSchema } from "~/domain/accounts";
import { type AccountActionData, ActionToast, Emphasised, useAccountFetcher } from "./account-fetcher";
import { SubmitButton, TextField } from "./form-fields";
import { useSchemaForm } from "./use-schema-form";

interface FormProps {
  /** "page", or where the forgot-password dialog sits ("header-dialog", "page-dialog"). */
  placement: string;
  serverData?: AccountActionData;
}

export function ForgotForm({ placement, serverData }: FormProps) {
  const { fetcher, mine, busy } = useAccountFetcher(placement, "forgot", serverData);
  const [form, fields] = useSchemaForm(forgotPasswordSchema, {
    id: `${placement}-forgot`,
    lastResult: mine?.result,
    shouldRevalidate: "onInput",
  });
  return (
    <fetcher.Form method="post" action={pagePath("/login")} {...getFormProps(form)} noValidate className="account-form" aria-label={m.account_heading_forgot()}>
      <p>{m.account_forgot_intro()}</p>
      <TextField field={fields.email} label={m.account_email()} type="email" autoComplete="email" requiredMark={false} />
      <SubmitButton name="intent" value="forgot" busy={busy}>
        {m.account_reset_button()}
      </SubmitButton>
      <ActionToast toast={mine?.toast} />
    </fetcher.Form>
  );
}

/** "Resend code" checks only the email: the code and the new password may still be empty. */
const resendResetSchema = forgotPasswordSchema.extend({
  password: z.string().optional(),
  confirmPassword: z.string().optional(),
  code: z.string().optional(),
});

export function ResetForm({ serverData, email }: { serverData?: AccountActionData; email: string }) {
  const { fetcher, mine, busy } = useAccountFetcher("page", "reset", serverData);
  const [form, fields] = useSchemaForm(resetPasswordSchema, {
    id: "page-reset",
    lastResult: mine?.result,
    defaultValue: { email },
    // "Resend code" never needs the code (or the new password): only the email is checked.
    schemaFor: (formData) => (formData.get("intent") === "resend-reset" ? resendResetSchema : resetPasswordSchema),
    shouldRevalidate: "onInput",
  });
  return (
    <fetcher.Form method="post" action={pagePath("/login")} {...getFormProps(form)} noValidate className="account-form" aria-label={m.account_heading_reset()}>
      <p>
        <Emphasised message={(value) => m.account_reset_code_sent_text({ email: value })} value={email} />
      </p>
      <input type="hidden" name={fields.email.name} value={email} />
      <TextField field={fields.password} label={m.account_new_password()} type="password" autoComplete="new-password" hint={passwordHint()} requiredMark={false} />
      <TextField field={fields.confirmPassword} label={m.account_repeat_password()} type="password" autoComplete="new-password" requiredMark={false} />
      <TextField field={fields.code} label={m.account_verification_code()} autoComplete="one-time-code" requiredMark={false} />
      <div className="account-form__actions">
        <SubmitButton name="intent" value="reset" busy={busy}>
          {m.account_submit()}
        </SubmitButton>
        <button type="submit" className="button" name="intent" value="resend-reset" formNoValidate disabled={busy}>
          {m.account_resend_code()}
        </button>
      </div>
      <p className="account-form__links">
        <Link to="/login">{m.account_back_to_sign_in()}</Link>
      </p>
      <ActionToast toast={mine?.toast} />
    </fetcher.Form>
  );
}

/**
 * "Forgot password?": opens the forgot-password modal (a native modal dialog: focus
 * stays inside, Escape and the backdrop close it, focus returns to the link).
 * Without JavaScript it is a plain link to the form on the login page.
 *
 * The dialog is portalled to <body>: the header's link sits in a <details> drop-down,
 * and a modal left inside it would close with the drop-down (0×0) while the rest of
 * the page stays inert.
 */
export function ForgotPasswordLink({ placement }: { placement: "page" | "header" }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const location = useLocation();
  const [host, setHost] = useState<HTMLElement | null>(null);
  useEffect(() => setHost(document.body), []);
  useEffect(() => {
    dialog.current?.close();
  }, [location.key]);
  const link = useRef<HTMLAnchorElement>(null);
  const modal = (
    <dialog
      ref={dialog}
      className="account-dialog"
      aria-labelledby={`${placement}-forgot-dialog-title`}
      onClose={() => {
        // The link may sit in a drop-down that has closed: give focus to its toggle then.
        const dropdown = link.current?.closest("details");
        if (dropdown && !dropdown.open) dropdown.querySelector("summary")?.focus();
      }}
      onClick={(event) => {
        if (event.target === event.currentTarget) event.currentTarget.close();
      }}
    >
      <div className="account-dialog__body">
        <h2 id={`${placement}-forgot-dialog-title`}>{m.account_heading_forgot()}</h2>
        <ForgotForm placement={`${placement}-dialog`} />
        <button type="button" className="button account-dialog__close" onClick={() => dialog.current?.close()}>
          {m.account_close()}
        </button>
      </div>
    </dialog>
  );
  return (
    <>
      <a
        ref={link}
        href={pagePath("/login?form=forgot")}
        onClick={(event) => {
          if (!dialog.current?.showModal) return;
          event.preventDefault();
          // Close the drop-down the link sits in, then open the modal above the page.
          const dropdown = event.currentTarget.closest("details");
          if (dropdown) dropdown.open = false;
          dialog.current.showModal();
        }}
      >
        {m.account_forgot_password_link()}
      </a>
      {host ? createPortal(modal, host) : null}
    </>
  );
}
