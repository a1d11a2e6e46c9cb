/** Book a whole package: one devotee, a start date, prasad by post where the temples send it. */
import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { Form } from "~/components/localized";
import { m } from "~/paraglide/messages";
import { addDays, BOOKING_HORIZON_DAYS, packageBookingSchema } from "~/domain/bookings/inputs";
import type { SavedAddress } from "~/domain/bookings/addresses.server";
import type { PackageDetails } from "~/domain/bookings/packages.server";
import { todayInIndia } from "~/lib/india-time";
import { BookingAddressFields } from "./booking-address-fields";
import { BookingErrors, BookingInput, BookingSelect, starOptions, useFormBusy } from "./booking-fields";
import { useFailureToast } from "./form-fields";
import { useSchemaForm } from "./use-schema-form";

interface Props {
  details: PackageDetails;
  stars: { id: number; name: string }[];
  addresses: SavedAddress[];
  profileAddress: boolean;
  devoteeName: string;
  lastResult?: SubmissionResult<string[]>;
}

export function PackageBookingForm({ details, stars, addresses, profileAddress, devoteeName, lastResult }: Props) {
  const busy = useFormBusy("package");
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
        <BookingInput label={m.bookings_devotee_name()} meta={fields.devoteeName} inputProps={{ autoComplete: "name" }} />
        <BookingSelect label={m.bookings_star()} meta={fields.starId} options={starOptions(stars)} placeholder={m.bookings_choose_a_star()} />
        <BookingInput
          label={m.bookings_from_date()}
          type="date"
          meta={fields.date}
          inputProps={{ min: addDays(todayInIndia(), 1), max: addDays(todayInIndia(), BOOKING_HORIZON_DAYS) }}
          hint={m.bookings_from_date_hint()}
        />
        <BookingAddressFields
          fields={fields}
          addresses={addresses}
          profileAddress={profileAddress}
          available={details.postalTotal > 0}
          label={m.bookings_send_prasad_by_post()}
          note={m.bookings_package_postal_note()}
        />
        <BookingErrors meta={{ errorId: form.errorId, errors: form.errors }} />
        <button type="submit" className="button button--primary" disabled={busy} aria-busy={busy || undefined}>
          {m.bookings_add_package()}
        </button>
      </Form>
    </section>
  );
}
