import { pagePath } from "~/lib/i18n";
import { m } from "~/paraglide/messages";
import { Link } from "~/components/layout/localized";
import { SERVER_CHECKED_FORMS } from "~/web/server-checked-forms";
import { type AccountActionData, ActionToast, Emphasised, useAccountFetcher } from "./account-fetcher";
import { SubmitButton, TextField } from "../forms/form-fields";
import { useServerForm } from "../forms/use-server-form";
import { HumanCheckField } from "./human-check-field";

/** The code sent to a new devotee's email (the login page's third step of signing up). */
export function VerifyForm({ serverData, email }: { serverData?: AccountActionData; email: string }) {
  const { fetcher, mine, busy } = useAccountFetcher("page", "verify", serverData);
  // "Resend code" never needs the code: the action checks only the email then.
  const [form, fields] = useServerForm(SERVER_CHECKED_FORMS.verify, { id: "page-verify", lastResult: mine?.result });
  return (
    <fetcher.Form
      method="post"
      action={pagePath("/login")}
      {...form.props}
      className="account-form"
      aria-label={m.account_heading_verify()}
    >
      <p>
        <Emphasised message={(value) => m.account_verify_code_sent_text({ email: value })} value={email} />
      </p>
      <input type="hidden" name={fields.email.name} value={email} />
      <TextField field={fields.code} label={m.account_verification_code()} autoComplete="one-time-code" requiredMark={false} />
      <HumanCheckField widget={mine?.humanCheck} />
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
