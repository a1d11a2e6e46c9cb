import { DeskForm } from "~/components/desk/desk-form";
import type { SubmissionResult } from "@conform-to/react";
import { deskWeekdayName } from "~/components/desk/desk-weekdays";
import { rupees } from "~/domain/bookings/cart/cart";
import { templePujaSchema, WEEKDAY_CODES } from "~/domain/temples-admin/temple-inputs";
import type { TemplePujaRow } from "~/domain/temples-admin/temple.server";
import { m } from "~/paraglide/messages";
import { CheckboxField, ChoiceField, FieldErrors, TextField } from "../../components/forms/form-fields";
import { useSchemaForm } from "../../components/forms/use-schema-form";

/** Adds a puja to the temple (choose from the master list) or edits one it offers. */
export function PujaForm(props: {
  editing: TemplePujaRow | null;
  others: { id: number; name: string }[];
  lastResult?: SubmissionResult<string[]>;
  busy: boolean;
  cancelTo: string;
}) {
  const { editing, others } = props;
  const [form, fields] = useSchemaForm(templePujaSchema, {
    id: editing ? `puja-${editing.id}` : "puja-new",
    lastResult: props.lastResult,
    defaultValue: editing
      ? {
          rate: rupees(editing.rate),
          postalCharge: rupees(editing.postalCharge),
          bookingMode: editing.bookingMode,
          days: [...editing.daysOffered],
          active: editing.active ? "on" : undefined,
        }
      : { rate: "", postalCharge: "0", bookingMode: "direct", days: [...WEEKDAY_CODES], active: "on" },
  });
  return (
    <DeskForm
      form={form}
      title={m.desk_puja_form_new()}
      intent="puja"
      submit={editing ? m.desk_puja_form_save() : m.desk_puja_form_add()}
      busy={props.busy}
      editing={editing ? { name: editing.name, cancelTo: props.cancelTo } : null}
    >
      {editing ? (
        <input type="hidden" name="templePujaId" value={editing.id} />
      ) : (
        <div className="field">
          <label htmlFor={fields.pujaId.id}>{m.desk_col_puja()}</label>
          <select
            id={fields.pujaId.id}
            name={fields.pujaId.name}
            key={fields.pujaId.key}
            defaultValue=""
            aria-describedby={fields.pujaId.errorId}
            aria-invalid={fields.pujaId.errors ? true : undefined}
          >
            <option value="">{m.desk_puja_form_choose()}</option>
            {others.map((puja) => (
              <option key={puja.id} value={puja.id}>
                {puja.name}
              </option>
            ))}
          </select>
          <FieldErrors id={fields.pujaId.errorId} errors={fields.pujaId.errors} />
        </div>
      )}
      <TextField field={fields.rate} label={m.desk_puja_form_rate()} inputMode="decimal" />
      <TextField field={fields.postalCharge} label={m.desk_puja_form_postal()} inputMode="decimal" hint={m.desk_puja_form_postal_hint()} />
      <ChoiceField
        field={fields.bookingMode}
        legend={m.desk_puja_form_mode_legend()}
        type="radio"
        options={["direct", "request"] as const}
        labelOf={(mode) => (mode === "direct" ? m.desk_puja_form_mode_direct() : m.desk_puja_form_mode_request())}
      />
      <ChoiceField field={fields.days} legend={m.desk_puja_form_days()} type="checkbox" options={WEEKDAY_CODES} labelOf={deskWeekdayName} />
      <CheckboxField field={fields.active} label={m.desk_puja_form_active()} />
    </DeskForm>
  );
}
