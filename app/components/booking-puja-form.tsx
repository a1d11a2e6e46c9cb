/**
 * Book a puja: which puja, one or more devotees (name and star), one or more dates,
 * quantity, and prasad by post. Adding devotees and dates works without JavaScript
 * (Conform's insert/remove intents are ordinary submit buttons).
 */
import { getFormProps, type SubmissionResult, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { Form } from "~/components/localized";
import { addDays, BOOKING_HORIZON_DAYS, MAX_DATES, MAX_DEVOTEES, pujaBookingSchema } from "~/domain/bookings";
import { CART_LIMIT_MESSAGES } from "~/domain/cart";
import type { SavedAddress } from "~/domain/bookings-addresses.server";
import type { TempleSite } from "~/domain/temple-site.server";
import { formatRupees } from "~/domain/text";
import { todayInIndia } from "~/lib/india-time";
import { BookingAddressFields } from "./booking-address-fields";
import { BookingErrors, BookingInput, BookingSelect, starOptions, useFormBusy } from "./booking-fields";
import { offeredDaysLabel } from "./booking-puja-list";
import { useFailureToast } from "./form-fields";

interface Props {
  pujas: TempleSite["pujas"];
  stars: { id: number; name: string }[];
  addresses: SavedAddress[];
  profileAddress: boolean;
  devoteeName: string;
  chosenPuja: number | null;
  lastResult?: SubmissionResult<string[]>;
}

function pujaLabel(puja: TempleSite["pujas"][number]) {
  const post = puja.postalCharge > 0 ? ` (+ ${formatRupees(puja.postalCharge)} by post)` : "";
  return `${puja.name} – ${formatRupees(puja.rate)}${post}${puja.bookingMode === "request" ? " – on request" : ""}`;
}

export function BookingPujaForm({ pujas, stars, addresses, profileAddress, devoteeName, chosenPuja, lastResult }: Props) {
  const busy = useFormBusy("puja");
  const [form, fields] = useForm({
    id: "book-puja-form",
    lastResult,
    defaultValue: {
      templePujaId: String(chosenPuja ?? pujas[0]?.id ?? ""),
      devotees: [{ name: devoteeName, starId: "" }],
      dates: [""],
      quantity: "1",
    },
    constraint: getZodConstraint(pujaBookingSchema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: pujaBookingSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  useFailureToast(lastResult);
  const selected = pujas.find((p) => String(p.id) === String(fields.templePujaId.value)) ?? pujas[0];
  const devotees = fields.devotees.getFieldList();
  const dates = fields.dates.getFieldList();
  const tomorrow = addDays(todayInIndia(), 1);
  const lastDay = addDays(todayInIndia(), BOOKING_HORIZON_DAYS);
  const onRequest = selected?.bookingMode === "request";
  return (
    <section id="book-puja" className="booking-card" aria-labelledby="book-puja-title">
      <h2 id="book-puja-title">Book a puja</h2>
      <Form method="post" {...getFormProps(form)} noValidate aria-labelledby="book-puja-title" className="booking-form">
        <input type="hidden" name="form" value="puja" />
        <BookingSelect
          label="Puja"
          meta={fields.templePujaId}
          options={pujas.map((p) => ({ value: p.id, label: pujaLabel(p) }))}
        />
        {selected ? (
          <p className="field-hint">
            Offered: {offeredDaysLabel(selected.daysOffered)}.
            {onRequest ? " The temple confirms the date first; you pay once it accepts (My Transactions → Accepted)." : ""}
          </p>
        ) : null}
        <fieldset className="booking-fieldset">
          <legend>Devotees</legend>
          {devotees.map((devotee, index) => {
            const entry = devotee.getFieldset();
            return (
              <div key={devotee.key} className="booking-row">
                <BookingInput label={`Devotee ${index + 1} name`} meta={entry.name} inputProps={{ autoComplete: index === 0 ? "name" : "off" }} />
                <BookingSelect label={`Devotee ${index + 1} star`} meta={entry.starId} options={starOptions(stars)} placeholder="Choose a star" />
                {devotees.length > 1 ? (
                  <button className="link-button" {...form.remove.getButtonProps({ name: fields.devotees.name, index })}>
                    Remove devotee {index + 1}
                  </button>
                ) : null}
              </div>
            );
          })}
          <BookingErrors meta={fields.devotees} />
          {devotees.length < MAX_DEVOTEES ? (
            <button className="button button--small" {...form.insert.getButtonProps({ name: fields.devotees.name, defaultValue: { name: "", starId: "" } })}>
              Add another devotee
            </button>
          ) : null}
        </fieldset>
        <fieldset className="booking-fieldset">
          <legend>Puja dates</legend>
          {dates.map((date, index) => (
            <div key={date.key} className="booking-row">
              <BookingInput label={`Date ${index + 1}`} type="date" meta={date} inputProps={{ min: tomorrow, max: lastDay }} />
              {dates.length > 1 ? (
                <button className="link-button" {...form.remove.getButtonProps({ name: fields.dates.name, index })}>
                  Remove date {index + 1}
                </button>
              ) : null}
            </div>
          ))}
          <BookingErrors meta={fields.dates} />
          {dates.length < MAX_DATES ? (
            <button className="button button--small" {...form.insert.getButtonProps({ name: fields.dates.name, defaultValue: "" })}>
              Add another date
            </button>
          ) : null}
        </fieldset>
        {onRequest ? null : <p className="field-hint">{CART_LIMIT_MESSAGES.rule}</p>}
        <BookingInput label="Quantity" type="number" meta={fields.quantity} className="booking-field--short" inputProps={{ min: 1, max: 20, inputMode: "numeric" }} hint="For each devotee and date." />
        <BookingAddressFields
          fields={fields}
          addresses={addresses}
          profileAddress={profileAddress}
          available={(selected?.postalCharge ?? 0) > 0}
          label={selected && selected.postalCharge > 0 ? `Send me the prasad by post (+ ${formatRupees(selected.postalCharge)} each)` : "Send me the prasad by post"}
          note="Only for pujas whose prasad the temple sends by post."
        />
        <BookingErrors meta={{ errorId: form.errorId, errors: form.errors }} />
        <button type="submit" className="button button--primary" disabled={busy} aria-busy={busy || undefined}>
          {onRequest ? "Send request to the temple" : "Add to cart"}
        </button>
      </Form>
    </section>
  );
}
