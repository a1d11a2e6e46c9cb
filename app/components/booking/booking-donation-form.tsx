/** A donation: purpose, amount (typed or a preset), in whose name, optional star; an 80G receipt with PAN and address. */
import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { Form } from "~/components/layout/localized";
import { m } from "~/paraglide/messages";
import { donationSchema } from "~/domain/bookings/cart/inputs";
import type { TempleSite } from "~/domain/catalog/temple-site.server";
import type { SavedAddress } from "~/domain/bookings/cart/addresses.server";
import { formatRupees } from "~/domain/text";
import { BookingDonorAddressFields } from "./booking-donor-address-fields";
import {
  FieldErrors,
  namedOptions,
  SelectField,
  SubmitButton,
  TextField,
  useFailureToast,
  useIsSubmittingForm,
} from "../forms/form-fields";
import { useHydrated } from "../layout/use-hydrated";
import { useSchemaForm } from "../forms/use-schema-form";

interface Props {
  purposes: TempleSite["donationPurposes"];
  stars: { id: number; name: string }[];
  has80g: boolean;
  /** The donor's saved PAN, masked: a new one replaces it. */
  savedPan?: string | null;
  /** The donor's saved addresses and whether the profile has one (for the 80G receipt's address). */
  addresses: readonly SavedAddress[];
  profileAddress: boolean;
  lastResult?: SubmissionResult<string[]>;
}

export function BookingDonationForm({ purposes, stars, has80g, savedPan, addresses, profileAddress, lastResult }: Props) {
  const busy = useIsSubmittingForm("donation");
  const scripted = useHydrated();
  const [form, fields] = useSchemaForm(donationSchema, {
    id: "donation-form",
    lastResult,
    defaultValue: { donationPurposeId: String(purposes[0]?.id ?? "") },
    shouldRevalidate: "onInput",
  });
  useFailureToast(lastResult);
  const purpose = purposes.find((p) => String(p.id) === String(fields.donationPurposeId.value)) ?? purposes[0];
  const presets = purpose?.presets ?? [];
  return (
    <section id="donate" className="booking-card" aria-labelledby="donate-title">
      <h2 id="donate-title">{m.bookings_make_donation()}</h2>
      <Form method="post" {...getFormProps(form)} noValidate aria-labelledby="donate-title" className="booking-form">
        <input type="hidden" name="form" value="donation" />
        <SelectField
          field={fields.donationPurposeId}
          label={m.bookings_donation_for()}
          options={namedOptions(purposes)}
          requiredMark={false}
        />
        {scripted && presets.length > 0 ? (
          <div className="preset-amounts" role="group" aria-label={m.bookings_suggested_amounts()}>
            {presets.map((paise) => (
              <button
                key={paise}
                type="button"
                className="button button--small"
                aria-pressed={String(fields.amount.value) === String(paise / 100)}
                onClick={() => form.update({ name: fields.amount.name, value: String(paise / 100) })}
              >
                {formatRupees(paise)}
              </button>
            ))}
          </div>
        ) : null}
        <TextField
          field={fields.amount}
          label={m.bookings_amount_rupees()}
          type="number"
          min={1}
          step={1}
          inputMode="numeric"
          hint={
            !scripted && presets.length > 0 ? m.bookings_suggested({ amounts: presets.map((p) => formatRupees(p)).join(", ") }) : undefined
          }
          requiredMark={false}
        />
        <TextField field={fields.devoteeName} label={m.bookings_in_the_name_of()} autoComplete="name" requiredMark={false} />
        <SelectField
          field={fields.starId}
          label={m.bookings_star_optional()}
          options={namedOptions(stars)}
          placeholder={m.bookings_not_given()}
        />
        {has80g ? (
          <BookingDonorAddressFields fields={fields} addresses={addresses} profileAddress={profileAddress} savedPan={savedPan} />
        ) : null}
        <FieldErrors id={form.errorId} errors={form.errors} />
        <SubmitButton busy={busy}>{m.bookings_add_donation()}</SubmitButton>
      </Form>
    </section>
  );
}
