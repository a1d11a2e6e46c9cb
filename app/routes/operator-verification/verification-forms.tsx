import { DeskForm } from "~/components/desk/desk-form";
import type { SubmissionResult } from "@conform-to/react";
import { CheckboxField, FieldErrors, TextAreaField, TextField } from "~/components/forms/form-fields";
import { useSchemaForm } from "~/components/forms/use-schema-form";
import { documentsCheckSchema, EARLIEST_80G_DAY, latest80gDay, withdrawVerificationSchema } from "~/domain/trust/inputs";
import type { TempleVerification } from "~/domain/trust/verification.server";
import { m } from "~/paraglide/messages";

/** The operator's check of the documents: what each said, and that they were seen. */
export function DocumentsCheckForm(props: { verification: TempleVerification; lastResult?: SubmissionResult<string[]>; busy: boolean }) {
  const v = props.verification;
  const [form, fields] = useSchemaForm(documentsCheckSchema, {
    id: "documents-check",
    lastResult: props.lastResult,
    // Checked again as typed and ticked (not on blur), so the click on Record that follows a fix submits.
    shouldRevalidate: "onInput",
    defaultValue: {
      templeId: String(v.id),
      trustName: v.trustName ?? "",
      trustAddress: v.trustAddress ?? "",
      registrationNo: v.registrationNo ?? "",
      pan: v.pan ?? "",
      bankAccountHolder: v.bankAccountHolder ?? "",
      authorisedPerson: v.authorisedPerson ?? "",
      registration80g: v.registration80g ?? "",
      valid80gFrom: v.valid80gFrom ?? "",
      valid80gTo: v.valid80gTo ?? "",
      renovationOnly: v.renovationOnly ? "on" : undefined,
    },
  });
  return (
    <DeskForm
      form={form}
      title={m.trust_operator_documents_title()}
      hint={m.trust_operator_documents_hint()}
      intent="documents"
      hidden={{ templeId: v.id }}
      submit={m.trust_operator_record_check()}
      busy={props.busy}
    >
      <TextField field={fields.trustName} label={m.trust_operator_trust_name()} />
      <TextAreaField field={fields.trustAddress} label={m.trust_operator_trust_address()} rows={2} />
      <TextField field={fields.registrationNo} label={m.trust_operator_registration_no()} />
      <TextField field={fields.pan} label={m.trust_operator_pan()} autoCapitalize="characters" maxLength={10} autoComplete="off" />
      <TextField field={fields.bankAccountHolder} label={m.trust_operator_bank_holder()} hint={m.trust_operator_bank_holder_hint()} />
      <TextField field={fields.authorisedPerson} label={m.trust_operator_authorised_person()} />
      <TextField field={fields.registration80g} label={m.trust_operator_80g()} hint={m.trust_operator_80g_hint()} />
      <TextField field={fields.valid80gFrom} label={m.trust_operator_80g_from()} type="date" min={EARLIEST_80G_DAY} max={latest80gDay()} />
      <TextField field={fields.valid80gTo} label={m.trust_operator_80g_to()} type="date" min={EARLIEST_80G_DAY} max={latest80gDay()} />
      <CheckboxField field={fields.renovationOnly} label={m.trust_operator_renovation_only()} />
      <CheckboxField field={fields.documentsSeen} label={m.trust_operator_documents_seen()} />
      <FieldErrors id={fields.documentsSeen.errorId} errors={fields.documentsSeen.errors} />
    </DeskForm>
  );
}

/** Withdrawing verification: payments stop at once; the reason is kept in the audit log. */
export function WithdrawForm(props: { templeId: number; lastResult?: SubmissionResult<string[]>; busy: boolean }) {
  const [form, fields] = useSchemaForm(withdrawVerificationSchema, { id: "withdraw-verification", lastResult: props.lastResult });
  return (
    <DeskForm
      form={form}
      title={m.trust_operator_withdraw_title()}
      hint={m.trust_operator_withdraw_hint()}
      intent="withdraw"
      hidden={{ templeId: props.templeId }}
      submit={m.trust_operator_withdraw_button()}
      busy={props.busy}
    >
      <TextField field={fields.reason} label={m.trust_operator_withdraw_reason()} />
    </DeskForm>
  );
}
