/**
 * Book a puja: which puja, one or more devotees (name, star and gotra, or a person saved in
 * the account), one or more dates,
 * quantity, and prasad by post. Adding devotees and dates works without JavaScript
 * (Conform's insert/remove intents are ordinary submit buttons).
 */
import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { Form, Link } from "~/components/layout/localized";
import { m } from "~/paraglide/messages";
import { addDays, BOOKING_HORIZON_DAYS, MAX_DATES, MAX_DEVOTEES, pujaBookingSchema } from "~/domain/bookings/cart/inputs";
import { CART_LIMIT_MESSAGES } from "~/domain/bookings/cart/cart";
import type { SavedAddress } from "~/domain/bookings/cart/addresses.server";
import type { TempleSite } from "~/domain/catalog/temple-site.server";
import { formatRupees } from "~/domain/text";
import { todayInIndia } from "~/lib/india-time";
import { BookingAddressFields } from "./booking-address-fields";
import { offeredDaysLabel, seatDayLabel } from "./booking-puja-list";
import {
  FieldErrors,
  namedOptions,
  SelectField,
  SubmitButton,
  TextField,
  useFailureToast,
  useIsSubmittingForm,
} from "../forms/form-fields";
import { usePersonalHeader } from "~/compose/hooks";
import { useSchemaForm } from "../forms/use-schema-form";
import type { SavedPerson } from "~/domain/accounts/family.server";
import { SavedPersonSelect } from "./saved-person-select";

interface Props {
  pujas: TempleSite["pujas"];
  /** The people saved in the devotee's account: each devotee may be one of them. */
  savedPeople: SavedPerson[];
  stars: { id: number; name: string }[];
  addresses: SavedAddress[];
  profileAddress: boolean;
  devoteeName: string;
  chosenPuja: number | null;
  /** The form just put a puja in the cart: it says so, beside itself. */
  addedToCart: boolean;
  lastResult?: SubmissionResult<string[]>;
}

function pujaLabel(puja: TempleSite["pujas"][number]) {
  const post = puja.postalCharge > 0 ? ` (${m.bookings_plus_by_post({ amount: formatRupees(puja.postalCharge) })})` : "";
  const onRequest = puja.bookingMode === "request" ? ` – ${m.bookings_on_request_lower()}` : "";
  return `${puja.name} – ${formatRupees(puja.rate)}${post}${onRequest}`;
}

/** "Added to your cart · View cart (2)": where the devotee's eyes are after the form, announced politely. */
function AddedToCart() {
  const { cartCount } = usePersonalHeader();
  return (
    <p className="booking-added" role="status">
      <span>{m.bookings_added_to_cart_status()}</span>
      <span aria-hidden="true"> · </span>
      <Link to="/cart">{m.bookings_view_cart_count({ count: cartCount })}</Link>
    </p>
  );
}

export function BookingPujaForm({
  pujas,
  savedPeople,
  stars,
  addresses,
  profileAddress,
  devoteeName,
  chosenPuja,
  addedToCart,
  lastResult,
}: Props) {
  const busy = useIsSubmittingForm("puja");
  const [form, fields] = useSchemaForm(pujaBookingSchema, {
    id: "book-puja-form",
    lastResult,
    defaultValue: {
      templePujaId: String(chosenPuja ?? pujas[0]?.id ?? ""),
      devotees: [{ name: devoteeName, starId: "", gotra: "" }],
      dates: [""],
      quantity: "1",
    },
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
      <h2 id="book-puja-title">{m.bookings_book_a_puja()}</h2>
      {addedToCart ? <AddedToCart /> : null}
      {/* With JavaScript too the page keeps its place: an answer with errors does not jump to the top. */}
      <Form method="post" preventScrollReset {...getFormProps(form)} noValidate aria-labelledby="book-puja-title" className="booking-form">
        <input type="hidden" name="form" value="puja" />
        <SelectField
          field={fields.templePujaId}
          label={m.bookings_puja()}
          options={pujas.map((p) => ({ value: p.id, label: pujaLabel(p) }))}
          requiredMark={false}
        />
        {selected ? (
          <p className="field-hint">
            {m.bookings_offered_days({ days: offeredDaysLabel(selected.daysOffered) })}
            {onRequest ? ` ${m.bookings_request_hint()}` : ""}
            {selected.seats ? ` ${m.bookings_limited_hint()}` : ""}
            {selected.seats?.perDevoteeLimit ? ` ${m.bookings_devotee_limit({ max: selected.seats.perDevoteeLimit })}` : ""}
          </p>
        ) : null}
        <fieldset className="booking-fieldset">
          <legend>{m.bookings_devotees()}</legend>
          {devotees.map((devotee, index) => {
            const entry = devotee.getFieldset();
            return (
              <div key={devotee.key} className="booking-row">
                <SavedPersonSelect
                  name={`${devotee.name}.savedPerson`}
                  id={`${devotee.id}-saved`}
                  label={m.bookings_devotee_n_saved_person({ n: index + 1 })}
                  people={savedPeople}
                  onChoose={(person) => {
                    form.update({ name: entry.name.name, value: person.name });
                    form.update({ name: entry.starId.name, value: person.starId ? String(person.starId) : "" });
                    form.update({ name: entry.gotra.name, value: person.gotra });
                  }}
                />
                <TextField
                  field={entry.name}
                  label={m.bookings_devotee_n_name({ n: index + 1 })}
                  autoComplete={index === 0 ? "name" : "off"}
                  requiredMark={false}
                />
                <SelectField
                  field={entry.starId}
                  label={m.bookings_devotee_n_star({ n: index + 1 })}
                  options={namedOptions(stars)}
                  placeholder={m.bookings_choose_a_star()}
                  requiredMark={false}
                />
                <TextField
                  field={entry.gotra}
                  label={m.bookings_devotee_n_gotra({ n: index + 1 })}
                  autoComplete="off"
                  requiredMark={false}
                />
                {devotees.length > 1 ? (
                  <button className="link-button" {...form.remove.getButtonProps({ name: fields.devotees.name, index })}>
                    {m.bookings_remove_devotee_n({ n: index + 1 })}
                  </button>
                ) : null}
              </div>
            );
          })}
          <FieldErrors id={fields.devotees.errorId} errors={fields.devotees.errors} />
          {devotees.length < MAX_DEVOTEES ? (
            <button
              className="button button--small"
              {...form.insert.getButtonProps({ name: fields.devotees.name, defaultValue: { name: "", starId: "", gotra: "" } })}
            >
              {m.bookings_add_devotee()}
            </button>
          ) : null}
        </fieldset>
        <fieldset className="booking-fieldset">
          <legend>{m.bookings_puja_dates()}</legend>
          {dates.map((date, index) => (
            <div key={date.key} className="booking-row">
              {selected?.seats ? (
                // A limited puja: its bookable days with what each has left; a full day cannot be chosen.
                <SelectField
                  field={date}
                  label={m.bookings_date_n({ n: index + 1 })}
                  options={selected.seats.days.map((day) => ({ value: day.day, label: seatDayLabel(day), disabled: day.full }))}
                  placeholder={m.bookings_choose_a_day()}
                  requiredMark={false}
                />
              ) : (
                <TextField
                  field={date}
                  label={m.bookings_date_n({ n: index + 1 })}
                  type="date"
                  min={tomorrow}
                  max={lastDay}
                  requiredMark={false}
                />
              )}
              {dates.length > 1 ? (
                <button className="link-button" {...form.remove.getButtonProps({ name: fields.dates.name, index })}>
                  {m.bookings_remove_date_n({ n: index + 1 })}
                </button>
              ) : null}
            </div>
          ))}
          <FieldErrors id={fields.dates.errorId} errors={fields.dates.errors} />
          {dates.length < MAX_DATES ? (
            <button className="button button--small" {...form.insert.getButtonProps({ name: fields.dates.name, defaultValue: "" })}>
              {m.bookings_add_date()}
            </button>
          ) : null}
        </fieldset>
        {onRequest ? null : <p className="field-hint">{CART_LIMIT_MESSAGES.rule}</p>}
        <TextField
          field={fields.quantity}
          label={m.bookings_quantity()}
          type="number"
          min={1}
          max={20}
          inputMode="numeric"
          hint={m.bookings_quantity_hint()}
        />
        <BookingAddressFields
          fields={fields}
          addresses={addresses}
          profileAddress={profileAddress}
          available={(selected?.postalCharge ?? 0) > 0}
          label={
            selected && selected.postalCharge > 0
              ? m.bookings_send_prasad_by_post_each({ amount: formatRupees(selected.postalCharge) })
              : m.bookings_send_prasad_by_post()
          }
          note={m.bookings_postal_note()}
        />
        <FieldErrors id={form.errorId} errors={form.errors} />
        <SubmitButton busy={busy}>{onRequest ? m.bookings_send_request() : m.bookings_add_to_cart()}</SubmitButton>
      </Form>
    </section>
  );
}
