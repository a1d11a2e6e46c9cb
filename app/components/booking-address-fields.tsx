/** Postal prasad: the checkbox, where to send it (saved, profile or new address) and a new address. */
import { type FieldMetadata, getInputProps } from "@conform-to/react";
import { m } from "~/paraglide/messages";
import { addressLabel } from "~/domain/bookings/inputs";
import type { SavedAddress } from "~/domain/bookings/addresses.server";
import { BookingErrors, BookingInput, BookingSelect, useScripted } from "./booking-fields";

type Meta = FieldMetadata<unknown>;

export interface AddressFieldMetas {
  postal: Meta;
  addressId: Meta;
  addressName: Meta;
  addressLine1: Meta;
  addressLine2: Meta;
  addressCity: Meta;
  addressDistrict: Meta;
  addressState: Meta;
  addressPostalCode: Meta;
  addressPhone: Meta;
}

interface Props {
  fields: AddressFieldMetas;
  addresses: readonly SavedAddress[];
  profileAddress: boolean;
  /** Postal prasad is offered for what is being booked. */
  available: boolean;
  label: string;
  note?: string;
}

export function BookingAddressFields({ fields, addresses, profileAddress, available, label, note }: Props) {
  const scripted = useScripted();
  if (scripted && !available) return null;
  const postal = fields.postal.value === "on";
  const choice = String(fields.addressId.value ?? "");
  const options = [
    ...addresses.map((a) => ({ value: a.id, label: addressLabel(a) })),
    ...(profileAddress ? [{ value: "profile", label: m.bookings_my_profile_address() }] : []),
    { value: "new", label: m.bookings_new_address() },
  ];
  const checkbox = getInputProps(fields.postal as FieldMetadata<string>, { type: "checkbox" });
  return (
    <fieldset className="booking-fieldset">
      <legend>{m.bookings_prasad_by_post()}</legend>
      <div className="booking-check">
        <input {...checkbox} key={checkbox.key} />
        <label htmlFor={fields.postal.id}>{label}</label>
      </div>
      {note ? <p className="field-hint">{note}</p> : null}
      <BookingErrors meta={fields.postal} />
      {!scripted || postal ? (
        <BookingSelect label={m.bookings_send_prasad_to()} meta={fields.addressId} options={options} placeholder={m.bookings_choose_an_address()} />
      ) : null}
      {!scripted || (postal && choice === "new") ? (
        <div className="booking-grid">
          {!scripted ? <p className="field-hint booking-grid__wide">{m.bookings_new_address_fill_in()}</p> : null}
          <BookingInput label={m.bookings_receiver_name()} meta={fields.addressName} inputProps={{ autoComplete: "name" }} />
          <BookingInput label={m.bookings_house_and_street()} meta={fields.addressLine1} inputProps={{ autoComplete: "address-line1" }} />
          <BookingInput label={m.bookings_area_optional()} meta={fields.addressLine2} inputProps={{ autoComplete: "address-line2" }} />
          <BookingInput label={m.bookings_city()} meta={fields.addressCity} inputProps={{ autoComplete: "address-level2" }} />
          <BookingInput label={m.bookings_district_optional()} meta={fields.addressDistrict} />
          <BookingInput label={m.bookings_state()} meta={fields.addressState} inputProps={{ autoComplete: "address-level1" }} />
          <BookingInput label={m.bookings_pin_code()} meta={fields.addressPostalCode} inputProps={{ inputMode: "numeric", maxLength: 6, autoComplete: "postal-code" }} />
          <BookingInput label={m.bookings_mobile_optional()} meta={fields.addressPhone} inputProps={{ inputMode: "tel", autoComplete: "tel-national" }} />
        </div>
      ) : null}
    </fieldset>
  );
}
