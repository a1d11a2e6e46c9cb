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

/** Each code step's buttons and way back. */
const STEPS = {
  verify: {
    intent: "verify",
    resend: "resend-signup",
    label: () => m.account_verify_button(),
    back: "/login?form=register",
    numeric: false,
    backLabel: () => m.account_use_different_email(),
  },
  reset: {
    intent: "reset",
    resend: "resend-reset",
    label: () => m.account_submit(),
    back: "/login",
    numeric: false,
    backLabel: () => m.account_back_to_sign_in(),
  },
  phone: {
    intent: "phone-code",
    resend: "phone-resend",
    label: () => m.account_sign_in_button(),
    back: "/login?form=phone",
    numeric: true,
    backLabel: () => m.account_use_different_number(),
  },
  /** The profile's new mobile: saving the profile again with the old one ends the change. */
  "phone-change": {
    intent: "phone-change",
    resend: "phone-change-resend",
    label: () => m.account_verify_button(),
    back: null,
    numeric: true,
    backLabel: () => "",
  },
} as const;

export function CodeStep(props: {
  code: FieldState;
  /** The action's reply to this form. */
  mine?: { toast?: ToastMessage; humanCheck?: React.ComponentProps<typeof HumanCheckField>["widget"] };
  busy: boolean;
  step: keyof typeof STEPS;
}) {
  const { code, mine, busy } = props;
  const step = STEPS[props.step];
  return (
    <>
      <TextField
        field={code}
        label={m.account_verification_code()}
        autoComplete="one-time-code"
        inputMode={step.numeric ? "numeric" : undefined}
        requiredMark={false}
      />
      <HumanCheckField widget={mine?.humanCheck} />
      <div className="account-form__actions">
        <SubmitButton name="intent" value={step.intent} busy={busy}>
          {step.label()}
        </SubmitButton>
        <button type="submit" className="button" name="intent" value={step.resend} formNoValidate disabled={busy}>
          {m.account_resend_code()}
        </button>
      </div>
      {step.back ? (
        <p className="account-form__links">
          <Link to={step.back}>{step.backLabel()}</Link>
        </p>
      ) : null}
      <ActionToast toast={mine?.toast} />
    </>
  );
}
