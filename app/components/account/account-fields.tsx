/** Fields and actions the account forms share: the mobile, the current password, and a save row with its status. */
import { PHONE_PREFIX } from "~/domain/accounts/fields";
import { m } from "~/paraglide/messages";
import { SubmitButton, TextField } from "../forms/form-fields";
import type { FieldState } from "../forms/use-server-form";

/** An Indian mobile as people type it, after the +91 the field shows. */
export function MobileField({ field }: { field: FieldState }) {
  return (
    <TextField
      field={field}
      label={m.account_mobile()}
      type="tel"
      prefix={PHONE_PREFIX}
      autoComplete="tel-national"
      inputMode="tel"
      maxLength={20}
      requiredMark={false}
    />
  );
}

export function CurrentPasswordField({ field, label }: { field: FieldState; label: string }) {
  return <TextField field={field} label={label} type="password" autoComplete="current-password" requiredMark={false} />;
}

/** A profile form's save button and the status line that says it was saved. */
export function SaveActions(props: { intent: string; busy: boolean; status?: string; wide?: boolean; children: React.ReactNode }) {
  return (
    <div className={props.wide ? "account-form__actions form-grid__wide" : "account-form__actions"}>
      <SubmitButton name="intent" value={props.intent} busy={props.busy}>
        {props.children}
      </SubmitButton>
      <p role="status" className="account-status">
        {props.status ?? ""}
      </p>
    </div>
  );
}
