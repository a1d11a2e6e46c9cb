/**
 * Book a whole package: one devotee (name, star, gotra, or a person saved in the account), a start
 * date, prasad by post where the temples send it.
 */
import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { Form } from "~/components/layout/localized";
import { m } from "~/paraglide/messages";
import { addDays, BOOKING_HORIZON_DAYS, packageBookingSchema } from "~/domain/bookings/cart/inputs";
import type { SavedAddress } from "~/domain/bookings/cart/addresses.server";
import type { PackageDetails } from "~/domain/bookings/cart/packages.server";
import { todayInIndia } from "~/lib/india-time";
import { BookingAddressFields } from "../../components/booking/booking-address-fields";
import {
  FieldErrors,
  namedOptions,
  SelectField,
  SubmitButton,
  TextField,
  useFailureToast,
  useIsSubmittingForm,
} from "../../components/forms/form-fields";
import { useSchemaForm } from "../../components/forms/use-schema-form";
import { SavedPersonSelect } from "../../components/booking/saved-person-select";
import type { SavedPerson } from "~/domain/accounts/family.server";

interface Props {
  details: PackageDetails;
  stars: { id: number; name: string }[];
  addresses: SavedAddress[];
  profileAddress: boolean;
  devoteeName: string;
  /** The people saved in the devotee's account: the devotee may be one of them. */
  savedPeople: SavedPerson[];
  lastResult?: SubmissionResult<string[]>;
}

export function PackageBookingForm({ details, stars, addresses, profileAddress, devoteeName, savedPeople, lastResult }: Props) {
  const busy = useIsSubmittingForm("package");
  const [form, fields] = useSchemaForm(packageBookingSchema, {
    id: "package-form",
    lastResult,
    defaultValue: { packageId: String(details.package.id), devoteeName },
    shouldRevalidate: "onInput",
  });
  useFailureToast(lastResult);
  return (
    <section id="book-package" className="booking-card" aria-labelledby="book-package-title">
      <h2 id="book-package-title">{m.bookings_book_this_package()}</h2>
      <Form method="post" {...getFormProps(form)} noValidate aria-labelledby="book-package-title" className="booking-form">
        <input type="hidden" name="form" value="package" />
        <input type="hidden" name={fields.packageId.name} value={details.package.id} />
        <SavedPersonSelect
          name="savedPerson"
          id="package-form-saved"
          label={m.bookings_saved_person()}
          people={savedPeople}
          onChoose={(person) => {
            form.update({ name: fields.devoteeName.name, value: person.name });
            form.update({ name: fields.starId.name, value: person.starId ? String(person.starId) : "" });
            form.update({ name: fields.gotra.name, value: person.gotra });
          }}
        />
        <TextField field={fields.devoteeName} label={m.bookings_devotee_name()} autoComplete="name" requiredMark={false} />
        <SelectField
          field={fields.starId}
          label={m.bookings_star()}
          options={namedOptions(stars)}
          placeholder={m.bookings_choose_a_star()}
          requiredMark={false}
        />
        <TextField field={fields.gotra} label={m.bookings_gotra()} hint={m.bookings_gotra_hint()} autoComplete="off" requiredMark={false} />
        <TextField
          field={fields.date}
          label={m.bookings_from_date()}
          type="date"
          min={addDays(todayInIndia(), 1)}
          max={addDays(todayInIndia(), BOOKING_HORIZON_DAYS)}
          hint={m.bookings_from_date_hint()}
          requiredMark={false}
        />
        <BookingAddressFields
          fields={fields}
          addresses={addresses}
          profileAddress={profileAddress}
          available={details.postalTotal > 0}
          label={m.bookings_send_prasad_by_post()}
          note={m.bookings_package_postal_note()}
        />
        <FieldErrors id={form.errorId} errors={form.errors} />
        <SubmitButton busy={busy}>{m.bookings_add_package()}</SubmitButton>
      </Form>
    </section>
  );
}
