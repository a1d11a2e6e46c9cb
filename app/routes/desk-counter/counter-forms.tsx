import type { SubmissionResult } from "@conform-to/react";
import { Form, Link } from "~/components/layout/localized";
import { FieldErrors, FormErrors, SelectField, TextField } from "~/components/forms/form-fields";
import { useSchemaForm } from "~/components/forms/use-schema-form";
import { counterSaleSchema } from "~/domain/bookings/counter/counter-inputs";
import type { CounterOffer } from "~/domain/bookings/counter/counter-offer.server";
import type { CounterSale } from "~/domain/bookings/counter/counter-sales.server";
import { formatRupees, longDate } from "~/domain/text";
import { counterReceiptPath } from "~/components/desk/counter-receipt-link";
import { currentLocale, LANGUAGES, type Locale, locales, plural } from "~/lib/i18n";
import { m } from "~/paraglide/messages";
import { SaleDevoteeRows } from "~/components/desk/sale-devotee-rows";

interface SaleFormProps {
  item: string;
  saleKey: string;
  puja: CounterOffer["pujas"][number] | null;
  purpose: CounterOffer["purposes"][number] | null;
  stars: { id: number; name: string }[];
  rows: number;
  lastResult?: SubmissionResult<string[]>;
  action: string;
  cancel: string;
}

const dayLabel = (day: { day: string; left: number | null }) =>
  day.left === null
    ? longDate(day.day)
    : day.left === 0
      ? m.desk_counter_day_full({ day: longDate(day.day) })
      : plural(day.left, m.desk_counter_day_left_one, m.desk_counter_day_left_other)({ day: longDate(day.day), left: day.left });

/** The sale: the day (a puja's) or the amount (a donation's), the devotees, the quantity, the phone and the payment. */
export function CounterSaleForm(props: SaleFormProps) {
  const { puja, purpose } = props;
  const [form, fields] = useSchemaForm(counterSaleSchema, {
    id: "counter-sale",
    lastResult: props.lastResult,
    defaultValue: { saleKey: props.saleKey, item: props.item, quantity: "1", payment: "cash" },
  });
  const rows = puja ? Math.min(props.rows, puja.perDevoteeLimit ?? props.rows) : 1;
  const devotees = fields.devotees;
  return (
    <Form method="post" action={props.action} id={form.id} onSubmit={form.onSubmit} noValidate className="desk-form">
      <h3>{puja ? puja.name : purpose?.name}</h3>
      <FormErrors form={form} />
      <input type="hidden" name={fields.saleKey.name} value={props.saleKey} />
      <input type="hidden" name={fields.item.name} value={props.item} />
      <FieldErrors id={fields.saleKey.errorId} errors={fields.saleKey.errors} />
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
      <SaleDevoteeRows idPrefix="counter" rows={rows} stars={props.stars} list={devotees} errorsOf={(name) => form.allErrors[name] ?? []} />
      {puja ? <TextField field={fields.quantity} label={m.desk_counter_quantity()} type="number" min={1} max={20} /> : null}
      <TextField field={fields.phone} label={m.desk_counter_phone()} type="tel" autoComplete="off" />
      <SelectField
        field={fields.payment}
        label={m.desk_counter_payment()}
        options={[
          { value: "cash", label: m.desk_counter_cash() },
          { value: "upi", label: m.desk_counter_upi() },
          { value: "upi_qr", label: m.desk_counter_upi_qr() },
        ]}
      />
      <TextField field={fields.upiRef} label={m.desk_counter_upi_ref()} autoComplete="off" />
      {/* Not stored: the receipt links after the sale carry it (the devotee's language, not the desk's). */}
      <div className="field">
        <label htmlFor="counter-receipt-language">{m.desk_counter_receipt_language()}</label>
        <select id="counter-receipt-language" name="receiptLanguage" defaultValue={currentLocale()}>
          {locales.map((locale) => (
            <option key={locale} value={locale} lang={locale}>
              {LANGUAGES[locale].name}
            </option>
          ))}
        </select>
      </div>
      <div className="form-actions">
        <button type="submit" className="button button--primary">
          {m.desk_counter_sell()}
        </button>
        <Link to={props.cancel} className="button">
          {m.desk_counter_next_sale()}
        </Link>
      </div>
    </Form>
  );
}

/** The sale just recorded: its numbers and amount, its receipt in two sizes, and the next sale. */
export function SaleDone(props: { sale: CounterSale; next: string; templeId: number; receiptLanguage: Locale }) {
  const { sale, next } = props;
  return (
    <section aria-labelledby="counter-sold" className="desk-form" role="status">
      <h2 id="counter-sold">{m.desk_counter_sold()}</h2>
      <dl>
        <dt>{m.desk_counter_sold_tracking()}</dt>
        <dd data-testid="counter-tracking">{sale.trackingNo}</dd>
        <dt>{m.desk_counter_sold_receipt()}</dt>
        <dd>{sale.receiptNo}</dd>
        <dt>{m.desk_counter_sold_amount()}</dt>
        <dd>{formatRupees(sale.total)}</dd>
      </dl>
      <p className="form-actions">
        <a className="button" href={counterReceiptPath(props.templeId, sale.trackingNo, "80mm", props.receiptLanguage)}>
          {m.desk_counter_print_80mm()}
        </a>
        <a className="button" href={counterReceiptPath(props.templeId, sale.trackingNo, "a4", props.receiptLanguage)}>
          {m.desk_counter_print_a4()}
        </a>
      </p>
      {/* A GET form, so the next sale's form (and its new sale key) is a fresh page; its button
          takes the focus (React and browsers focus a form control, not a link), so Enter goes on. */}
      <Form method="get" action={next}>
        {/* biome-ignore lint/a11y/noAutofocus: a clerk serving a queue goes on with Enter; the page is the answer to their own submit. */}
        <button type="submit" className="button button--primary" autoFocus>
          {m.desk_counter_next_sale()}
        </button>
      </Form>
    </section>
  );
}
