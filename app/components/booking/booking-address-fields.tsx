/** Postal prasad: the checkbox, where to send it (saved, profile or new address) and a new address. */
import { type FieldMetadata, getInputProps } from "@conform-to/react";
import { m } from "~/paraglide/messages";
import { addressLabel } from "~/domain/bookings/cart/inputs";
import type { SavedAddress } from "~/domain/bookings/cart/addresses.server";
import { FieldErrors, SelectField, TextField } from "../forms/form-fields";
import { useHydrated } from "../layout/use-hydrated";

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
  const scripted = useHydrated();
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
      <FieldErrors id={fields.postal.errorId} errors={fields.postal.errors} />
      {!scripted || postal ? (
        <SelectField
          field={fields.addressId}
          label={m.bookings_send_prasad_to()}
          options={options}
          placeholder={m.bookings_choose_an_address()}
          requiredMark={false}
        />
      ) : null}
      {!scripted || (postal && choice === "new") ? (
        <div className="booking-grid">
          {!scripted ? <p className="field-hint booking-grid__wide">{m.bookings_new_address_fill_in()}</p> : null}
          <TextField field={fields.addressName} label={m.bookings_receiver_name()} autoComplete="name" />
          <TextField field={fields.addressLine1} label={m.bookings_house_and_street()} autoComplete="address-line1" />
          <TextField field={fields.addressLine2} label={m.bookings_area_optional()} autoComplete="address-line2" />
          <TextField field={fields.addressCity} label={m.bookings_city()} autoComplete="address-level2" />
          <TextField field={fields.addressDistrict} label={m.bookings_district_optional()} />
          <TextField field={fields.addressState} label={m.bookings_state()} autoComplete="address-level1" />
          <TextField
            field={fields.addressPostalCode}
            label={m.bookings_pin_code()}
            inputMode="numeric"
            maxLength={6}
            autoComplete="postal-code"
          />
          <TextField field={fields.addressPhone} label={m.bookings_mobile_optional()} inputMode="tel" autoComplete="tel-national" />
        </div>
      ) : null}
    </fieldset>
  );
}
