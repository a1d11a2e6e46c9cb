import type { SubmissionResult } from "@conform-to/react";
import { Form } from "~/components/layout/localized";
import { FieldErrors, FormErrors, SelectField, TextField } from "~/components/forms/form-fields";
import { useSchemaForm } from "~/components/forms/use-schema-form";
import { assistedSaleSchema } from "~/domain/bookings/counter/assisted-inputs";
import type { CounterOffer } from "~/domain/bookings/counter/counter-offer.server";
import { formatRupees, longDate } from "~/domain/text";
import { plural } from "~/lib/i18n";
import { m } from "~/paraglide/messages";
import { SaleDevoteeRows } from "~/components/desk/sale-devotee-rows";

interface AssistedFormProps {
  templeId: number;
  item: string;
  puja: CounterOffer["pujas"][number] | null;
  purpose: CounterOffer["purposes"][number] | null;
  stars: { id: number; name: string }[];
  rows: number;
  lastResult?: SubmissionResult<string[]>;
  action: string;
}

const dayLabel = (day: { day: string; left: number | null }) =>
  day.left === null
    ? longDate(day.day)
    : day.left === 0
      ? m.desk_counter_day_full({ day: longDate(day.day) })
      : plural(day.left, m.desk_counter_day_left_one, m.desk_counter_day_left_other)({ day: longDate(day.day), left: day.left });

/** The counter's fields for the chosen puja or donation, and the devotee who pays and is sent the link. */
export function AssistedForm(props: AssistedFormProps) {
  const { puja, purpose } = props;
  const [form, fields] = useSchemaForm(assistedSaleSchema, {
    id: "assisted-sale",
    lastResult: props.lastResult,
    defaultValue: { templeId: String(props.templeId), item: props.item, quantity: "1" },
  });
  const rows = puja ? Math.min(props.rows, puja.perDevoteeLimit ?? props.rows) : 1;
  return (
    <Form method="post" action={props.action} id={form.id} onSubmit={form.onSubmit} noValidate className="desk-form">
      <h3>{puja ? `${puja.name} · ${formatRupees(puja.rate)}` : purpose?.name}</h3>
      <FormErrors form={form} />
      <input type="hidden" name="intent" value="book" />
      <input type="hidden" name={fields.templeId.name} value={props.templeId} />
      <input type="hidden" name={fields.item.name} value={props.item} />
      <FieldErrors id={fields.templeId.errorId} errors={fields.templeId.errors} />
      {puja ? (
        <SelectField
          field={fields.pujaDate}
          label={m.desk_counter_day()}
          placeholder={m.desk_counter_choose()}
          options={puja.days.map((day) => ({ value: day.day, label: dayLabel(day), disabled: day.left === 0 }))}
        />
      ) : (
        <TextField field={fields.amount} label={m.desk_counter_amount()} inputMode="decimal" />
      )}
      <SaleDevoteeRows
        idPrefix="assisted"
        rows={rows}
        stars={props.stars}
        list={fields.devotees}
        errorsOf={(name) => form.allErrors[name] ?? []}
      />
      {puja ? <TextField field={fields.quantity} label={m.desk_counter_quantity()} type="number" min={1} max={20} /> : null}
      <fieldset>
        <legend>{m.operator_assisted_payer()}</legend>
        <TextField field={fields.name} label={m.operator_assisted_name()} autoComplete="off" />
        <TextField field={fields.email} label={m.operator_assisted_email()} type="email" autoComplete="off" />
        <TextField field={fields.phone} label={m.operator_assisted_phone()} type="tel" autoComplete="off" />
      </fieldset>
      <div className="form-actions">
        <button type="submit" className="button button--primary">
          {m.operator_assisted_send()}
        </button>
      </div>
    </Form>
  );
}
