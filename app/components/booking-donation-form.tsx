/** A donation: purpose, amount (typed or a preset), in whose name, optional star and PAN (80G). */
import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { Form } from "~/components/localized";
import { m } from "~/paraglide/messages";
import { donationSchema } from "~/domain/bookings/inputs";
import type { TempleSite } from "~/domain/temple-site.server";
import { formatRupees } from "~/domain/text";
import { BookingErrors, BookingInput, BookingSelect, starOptions, useFormBusy, useScripted } from "./booking-fields";
import { useFailureToast } from "./form-fields";
import { useSchemaForm } from "./use-schema-form";

interface Props {
  purposes: TempleSite["donationPurposes"];
  stars: { id: number; name: string }[];
  has80g: boolean;
  lastResult?: SubmissionResult<string[]>;
}

export function BookingDonationForm({ purposes, stars, has80g, lastResult }: Props) {
  const busy = useFormBusy("donation");
  const scripted = useScripted();
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
        <BookingSelect label={m.bookings_donation_for()} meta={fields.donationPurposeId} options={purposes.map((p) => ({ value: p.id, label: p.name }))} />
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
        <BookingInput
          label={m.bookings_amount_rupees()}
          type="number"
          meta={fields.amount}
          className="booking-field--short"
          inputProps={{ min: 1, step: 1, inputMode: "numeric" }}
          hint={!scripted && presets.length > 0 ? m.bookings_suggested({ amounts: presets.map((p) => formatRupees(p)).join(", ") }) : undefined}
        />
        <BookingInput label={m.bookings_in_the_name_of()} meta={fields.devoteeName} inputProps={{ autoComplete: "name" }} />
        <BookingSelect label={m.bookings_star_optional()} meta={fields.starId} options={starOptions(stars)} placeholder={m.bookings_not_given()} />
        {has80g ? (
          <BookingInput
            label={m.bookings_pan_80g()}
            meta={fields.pan}
            inputProps={{ autoCapitalize: "characters", maxLength: 10, autoComplete: "off" }}
            hint={m.bookings_80g_hint()}
          />
        ) : null}
        <BookingErrors meta={{ errorId: form.errorId, errors: form.errors }} />
        <button type="submit" className="button button--primary" disabled={busy} aria-busy={busy || undefined}>
          {m.bookings_add_donation()}
        </button>
      </Form>
    </section>
  );
}
