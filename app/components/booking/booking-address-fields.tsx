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
  const options = [...savedAddressOptions(addresses, profileAddress), { value: "new", label: m.bookings_new_address() }];
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
          <AddressInputs fields={fields} fillIn={!scripted} parcel />
        </div>
      ) : null}
    </fieldset>
  );
}

/** The saved addresses and the profile's, as choices (the value is the address's id, or "profile"). */
export function savedAddressOptions(addresses: readonly SavedAddress[], profileAddress: boolean) {
  return [
    ...addresses.map((a) => ({ value: String(a.id), label: addressLabel(a) })),
    ...(profileAddress ? [{ value: "profile", label: m.bookings_my_profile_address() }] : []),
  ];
}

type AddressInputMetas = Pick<
  AddressFieldMetas,
  "addressLine1" | "addressCity" | "addressDistrict" | "addressState" | "addressPostalCode"
> &
  Partial<Pick<AddressFieldMetas, "addressName" | "addressLine2" | "addressPhone">>;

/**
 * A new postal address, typed: the receiver's name, the second line and a phone where the form
 * has them (a prasad parcel's; an 80G donor's address has only what the receipt prints).
 */
export function AddressInputs({ fields, fillIn, parcel }: { fields: AddressInputMetas; fillIn: boolean; parcel: boolean }) {
  // Conform's fields answer every name, so `parcel` (not the fields) says which address this is.
  return (
    <>
      {fillIn ? <p className="field-hint booking-grid__wide">{m.bookings_new_address_fill_in()}</p> : null}
      {parcel && fields.addressName ? (
        <TextField field={fields.addressName} label={m.bookings_receiver_name()} autoComplete="name" />
      ) : null}
      <TextField field={fields.addressLine1} label={m.bookings_house_and_street()} autoComplete="address-line1" />
      {parcel && fields.addressLine2 ? (
        <TextField field={fields.addressLine2} label={m.bookings_area_optional()} autoComplete="address-line2" />
      ) : null}
      <TextField field={fields.addressCity} label={m.bookings_city()} autoComplete="address-level2" />
      <TextField field={fields.addressDistrict} label={parcel ? m.bookings_district_optional() : m.bookings_district()} />
      <TextField field={fields.addressState} label={m.bookings_state()} autoComplete="address-level1" />
      <TextField
        field={fields.addressPostalCode}
        label={m.bookings_pin_code()}
        inputMode="numeric"
        maxLength={6}
        autoComplete="postal-code"
      />
      {parcel && fields.addressPhone ? (
        <TextField field={fields.addressPhone} label={m.bookings_mobile_optional()} inputMode="tel" autoComplete="tel-national" />
      ) : null}
    </>
  );
}
