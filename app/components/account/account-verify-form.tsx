import { m } from "~/paraglide/messages";
import { SERVER_CHECKED_FORMS } from "~/web/server-checked-forms";
import { type AccountActionData, Emphasised, useAccountFetcher, LoginPostForm } from "./account-fetcher";
import { useServerForm } from "../forms/use-server-form";
import { CodeStep } from "./account-code-step";

/** The code sent to a new devotee's email (the login page's third step of signing up). */
export function VerifyForm({ serverData, email }: { serverData?: AccountActionData; email: string }) {
  const { fetcher, mine, busy } = useAccountFetcher("page", "verify", serverData);
  // "Resend code" never needs the code: the action checks only the email then.
  const [form, fields] = useServerForm(SERVER_CHECKED_FORMS.verify, { id: "page-verify", lastResult: mine?.result });
  return (
    <LoginPostForm fetcher={fetcher} form={form} label={m.account_heading_verify()}>
      <p>
        <Emphasised message={(value) => m.account_verify_code_sent_text({ email: value })} value={email} />
      </p>
      <input type="hidden" name={fields.email.name} value={email} />
      <CodeStep code={fields.code} mine={mine} busy={busy} step="verify" />
    </LoginPostForm>
  );
}
