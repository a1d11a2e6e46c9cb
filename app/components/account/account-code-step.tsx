/**
 * The end of a form that asks for a code sent to the devotee: the code, the human check when the
 * account is under attack, the submit and "Resend code" buttons (resending never needs the code),
 * a way back, and the action's toast.
 */
import { Link } from "~/components/layout/localized";
import { m } from "~/paraglide/messages";
import { SubmitButton, TextField } from "../forms/form-fields";
import type { FieldState } from "../forms/use-server-form";
import type { ToastMessage } from "../layout/toaster";
import { ActionToast } from "./account-fetcher";
import { HumanCheckField } from "./human-check-field";

export function CodeStep(props: {
  code: FieldState;
  /** The action's reply to this form. */
  mine?: { toast?: ToastMessage; humanCheck?: React.ComponentProps<typeof HumanCheckField>["widget"] };
  busy: boolean;
  submit: { intent: string; label: string };
  resendIntent: string;
  back: { to: string; label: string };
}) {
  const { code, mine, busy, submit, resendIntent, back } = props;
  return (
    <>
      <TextField field={code} label={m.account_verification_code()} autoComplete="one-time-code" requiredMark={false} />
      <HumanCheckField widget={mine?.humanCheck} />
      <div className="account-form__actions">
        <SubmitButton name="intent" value={submit.intent} busy={busy}>
          {submit.label}
        </SubmitButton>
        <button type="submit" className="button" name="intent" value={resendIntent} formNoValidate disabled={busy}>
          {m.account_resend_code()}
        </button>
      </div>
      <p className="account-form__links">
        <Link to={back.to}>{back.label}</Link>
      </p>
      <ActionToast toast={mine?.toast} />
    </>
  );
}
