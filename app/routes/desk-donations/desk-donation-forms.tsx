import { DeskForm } from "~/components/desk/desk-form";
import type { SubmissionResult } from "@conform-to/react";
import { Form } from "~/components/layout/localized";
import { donationPurposeSchema, presetRupees, taxDetailsSchema } from "~/domain/temples-admin/temple-inputs";
import { m } from "~/paraglide/messages";
import { CheckboxField, TextField } from "../../components/forms/form-fields";
import { useSchemaForm } from "../../components/forms/use-schema-form";

/** The temple's 80G registration and PAN, printed on donation receipts. */
export function TaxDetailsForm(props: {
  registration80g: string | null;
  pan: string | null;
  lastResult?: SubmissionResult<string[]>;
  busy: boolean;
}) {
  const [form, fields] = useSchemaForm(taxDetailsSchema, {
    id: "tax-details",
    lastResult: props.lastResult,
    defaultValue: { registration80g: props.registration80g ?? "", pan: props.pan ?? "" },
  });
  return (
    <DeskForm form={form} title={m.desk_tax_title()} intent="tax" submit={m.desk_tax_save()} busy={props.busy}>
      <TextField field={fields.registration80g} label={m.desk_tax_registration_label()} hint={m.desk_tax_registration_hint()} />
      <TextField field={fields.pan} label={m.desk_tax_pan_label()} autoCapitalize="characters" />
    </DeskForm>
  );
}

export interface PurposeRow {
  id: number;
  name: string;
  presetAmounts: string;
  description: string;
  renovation: boolean;
  active: boolean;
}

/** The year-end export of Form 10BD data (a GET form: it works without JavaScript). */
export function Form10bdExport({ templeId, years }: { templeId: number; years: number[] }) {
  return (
    <Form method="get" action={`/desk/${templeId}/form-10bd.csv`} reloadDocument className="desk-form" aria-labelledby="form-10bd-title">
      <h3 id="form-10bd-title">{m.trust_desk_10bd_title()}</h3>
      <p className="field-hint">{m.trust_desk_10bd_hint()}</p>
      <label htmlFor="form-10bd-year">{m.trust_desk_10bd_year()}</label>
      <select id="form-10bd-year" name="year" defaultValue={years[0]}>
        {years.map((year) => (
          <option key={year} value={year}>
            {`${year}-${String((year + 1) % 100).padStart(2, "0")}`}
          </option>
        ))}
      </select>
      <div className="form-actions">
        <button type="submit" className="button">
          {m.trust_desk_10bd_download()}
        </button>
      </div>
    </Form>
  );
}

/** Adds a donation purpose, or edits the one named by ?edit=. */
export function PurposeForm(props: {
  editing: PurposeRow | null;
  lastResult?: SubmissionResult<string[]>;
  busy: boolean;
  cancelTo: string;
}) {
  const { editing } = props;
  const [form, fields] = useSchemaForm(donationPurposeSchema, {
    id: editing ? `purpose-${editing.id}` : "purpose-new",
    lastResult: props.lastResult,
    defaultValue: editing
      ? {
          name: editing.name,
          presetAmounts: presetRupees(editing.presetAmounts),
          description: editing.description,
          renovation: editing.renovation ? "on" : undefined,
          active: editing.active ? "on" : undefined,
        }
      : { active: "on" },
  });
  return (
    <DeskForm
      form={form}
      title={m.desk_purpose_new()}
      intent="purpose"
      submit={editing ? m.desk_purpose_save() : m.desk_purpose_add()}
      busy={props.busy}
      editing={editing ? { name: editing.name, cancelTo: props.cancelTo } : null}
    >
      {editing ? <input type="hidden" name="purposeId" value={editing.id} /> : null}
      <TextField field={fields.name} label={m.desk_purpose_name_label()} />
      <TextField field={fields.presetAmounts} label={m.desk_col_suggested_amounts()} hint={m.desk_purpose_amounts_hint()} />
      <TextField field={fields.description} label={m.trust_desk_purpose_description()} hint={m.trust_desk_purpose_description_hint()} />
      <CheckboxField field={fields.renovation} label={m.trust_desk_purpose_renovation()} />
      <CheckboxField field={fields.active} label={m.desk_purpose_active()} />
    </DeskForm>
  );
}
