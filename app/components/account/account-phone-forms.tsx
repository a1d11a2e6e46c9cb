import { m } from "~/paraglide/messages";
import { Link } from "~/components/layout/localized";
import { SERVER_CHECKED_FORMS } from "~/web/server-checked-forms";
import { type AccountActionData, ActionToast, Emphasised, useAccountFetcher, LoginPostForm } from "./account-fetcher";
import { SubmitButton, TextField } from "../forms/form-fields";
import { useServerForm } from "../forms/use-server-form";
import { CodeStep } from "./account-code-step";
import { HumanCheckField } from "./human-check-field";

interface StepProps {
  serverData?: AccountActionData;
  redirectTo?: string;
}

const RedirectField = ({ to }: { to?: string }) => (to ? <input type="hidden" name="redirectTo" value={to} /> : null);

/** The way back to email and password. */
function PasswordLink() {
  return (
    <p className="account-form__links">
      <Link to="/login">{m.account_phone_email_sign_in_link()}</Link>
    </p>
  );
}

/** Step 1: the mobile, as people type it. */
export function PhoneForm({ serverData, redirectTo }: StepProps) {
  const { fetcher, mine, busy } = useAccountFetcher("page", "phone", serverData);
  const [form, fields] = useServerForm(SERVER_CHECKED_FORMS.phone, { id: "page-phone", lastResult: mine?.result });
  return (
    <div className="account-form-wrap">
      <LoginPostForm fetcher={fetcher} form={form} label={m.account_phone_sign_in_link()}>
        <RedirectField to={redirectTo} />
        <p>{m.account_phone_intro()}</p>
        <TextField
          field={fields.phone}
          label={m.account_phone_number()}
          hint={m.account_phone_number_hint()}
          type="tel"
          autoComplete="tel"
          inputMode="tel"
          maxLength={24}
          requiredMark={false}
        />
        <HumanCheckField widget={mine?.humanCheck} />
        <SubmitButton name="intent" value="phone" busy={busy}>
          {m.account_phone_send_button()}
        </SubmitButton>
        <ActionToast toast={mine?.toast} />
      </LoginPostForm>
      <PasswordLink />
    </div>
  );
}

/** Step 2: the six-digit code, or another one ("Resend code"). */
export function PhoneCodeForm({ serverData, redirectTo, phone }: StepProps & { phone: string }) {
  const { fetcher, mine, busy } = useAccountFetcher("page", "phone-code", serverData);
  const [form, fields] = useServerForm(SERVER_CHECKED_FORMS.phoneCode, { id: "page-phone-code", lastResult: mine?.result });
  return (
    <LoginPostForm fetcher={fetcher} form={form} label={m.account_heading_phone_code()}>
      <p>
        <Emphasised message={(value) => m.account_phone_code_sent_text({ phone: value })} value={phone} />
      </p>
      <input type="hidden" name={fields.phone.name} value={phone} />
      <RedirectField to={redirectTo} />
      <CodeStep code={fields.code} mine={mine} busy={busy} step="phone" />
    </LoginPostForm>
  );
}

export interface AccountChoice {
  id: number;
  firstName: string;
  /** Masked: "d•••e@example.org". */
  email: string;
}

/** Step 3, for a phone of several accounts: one button per account. */
export function PhoneAccountForm({ serverData, redirectTo, choices }: StepProps & { choices: AccountChoice[] }) {
  const { fetcher, mine, busy } = useAccountFetcher("page", "phone-account", serverData);
  return (
    <LoginPostForm fetcher={fetcher} label={m.account_heading_phone_account()}>
      <p>{m.account_phone_account_intro()}</p>
      <input type="hidden" name="intent" value="phone-account" />
      <RedirectField to={redirectTo} />
      <ul className="account-choices">
        {choices.map((choice) => (
          <li key={choice.id}>
            <button type="submit" className="button account-choice" name="customerId" value={choice.id} disabled={busy}>
              <strong>{choice.firstName}</strong> <span>{choice.email}</span>
            </button>
          </li>
        ))}
      </ul>
      <ActionToast toast={mine?.toast} />
    </LoginPostForm>
  );
}
