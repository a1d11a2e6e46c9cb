/** The console's payout account request form: the trust, its contact, and the bank account typed twice. */
import type { SubmissionResult } from "@conform-to/react";
import { DeskForm } from "~/components/desk/desk-form";
import { SelectField, TextField } from "~/components/forms/form-fields";
import { useSchemaForm } from "~/components/forms/use-schema-form";
import { PAYOUT_BUSINESS_TYPES, type PayoutBusinessType, payoutAccountSchema } from "~/domain/ledger/payout-account-inputs";
import { m } from "~/paraglide/messages";

export function businessTypeText(type: string): string {
  const words: Record<PayoutBusinessType, () => string> = {
    trust: m.payouts_account_type_trust,
    society: m.payouts_account_type_society,
    ngo: m.payouts_account_type_ngo,
  };
  return (words[type as PayoutBusinessType] ?? (() => type))();
}

export function PayoutAccountForm(props: {
  templeId: number;
  changing: boolean;
  lastResult?: SubmissionResult<string[]>;
  busy: boolean;
  /** The approved details but the bank account, to start a change from. */
  current?: { legalName: string; businessType: string; contactName: string; email: string; phone: string; pan: string | null } | null;
}) {
  const current = props.current;
  const [form, fields] = useSchemaForm(payoutAccountSchema, {
    id: "payout-account",
    lastResult: props.lastResult,
    defaultValue: {
      legalName: current?.legalName ?? "",
      businessType: current?.businessType ?? "trust",
      contactName: current?.contactName ?? "",
      email: current?.email ?? "",
      phone: current?.phone ?? "",
      pan: current?.pan ?? "",
    },
  });
  return (
    <DeskForm
      form={form}
      title={props.changing ? m.payouts_account_form_title_change() : m.payouts_account_form_title_new()}
      hint={m.payouts_account_form_hint()}
      intent="request"
      hidden={{ templeId: props.templeId }}
      submit={m.payouts_account_submit()}
      busy={props.busy}
    >
      <TextField field={fields.legalName} label={m.payouts_account_legal_name()} autoComplete="organization" />
      <SelectField
        field={fields.businessType}
        label={m.payouts_account_business_type()}
        options={PAYOUT_BUSINESS_TYPES}
        labelOf={businessTypeText}
      />
      <TextField field={fields.contactName} label={m.payouts_account_contact_name()} autoComplete="name" />
      <TextField field={fields.email} label={m.payouts_account_email()} type="email" autoComplete="email" />
      <TextField field={fields.phone} label={m.payouts_account_phone()} type="tel" autoComplete="tel" />
      <TextField field={fields.pan} label={m.payouts_account_pan()} autoCapitalize="characters" />
      <TextField field={fields.beneficiaryName} label={m.payouts_account_beneficiary()} />
      <TextField field={fields.accountNumber} label={m.payouts_account_number()} inputMode="numeric" autoComplete="off" />
      <TextField field={fields.accountNumberAgain} label={m.payouts_account_number_again()} inputMode="numeric" autoComplete="off" />
      <TextField field={fields.ifsc} label={m.payouts_account_ifsc()} autoCapitalize="characters" autoComplete="off" />
    </DeskForm>
  );
}
