/**
 * A donation's 80G receipt (issue 38): the box that asks for it, the PAN and the donor's postal
 * address (a saved one, the profile's, or typed). Without JavaScript every field shows, the
 * address needed only when the receipt is asked; with it, the address appears once it is asked.
 */
import { type FieldMetadata, getInputProps } from "@conform-to/react";
import { m } from "~/paraglide/messages";
import type { SavedAddress } from "~/domain/bookings/cart/addresses.server";
import { FieldErrors, SelectField, TextField } from "../forms/form-fields";
import { AddressInputs, savedAddressOptions } from "./booking-address-fields";
import { useHydrated } from "../layout/use-hydrated";

type Meta = FieldMetadata<unknown>;

export interface DonorAddressFieldMetas {
  eightyG: Meta;
  pan: Meta;
  addressId: Meta;
  addressLine1: Meta;
  addressCity: Meta;
  addressDistrict: Meta;
  addressState: Meta;
  addressPostalCode: Meta;
}

interface Props {
  fields: DonorAddressFieldMetas;
  addresses: readonly SavedAddress[];
  profileAddress: boolean;
  /** The donor's saved PAN, masked. */
  savedPan?: string | null;
}

export function BookingDonorAddressFields({ fields, addresses, profileAddress, savedPan }: Props) {
  const scripted = useHydrated();
  const asked = fields.eightyG.value === "on" || Boolean(fields.pan.value);
  const choice = String(fields.addressId.value ?? "");
  const options = savedAddressOptions(addresses, profileAddress);
  const checkbox = getInputProps(fields.eightyG as FieldMetadata<string>, { type: "checkbox" });
  const showAddress = !scripted || asked;
  return (
    <fieldset className="booking-fieldset">
      <legend>{m.bookings_80g_receipt()}</legend>
      <p className="field-hint">{m.bookings_80g_hint()}</p>
      <div className="booking-check">
        <input {...checkbox} key={checkbox.key} />
        <label htmlFor={fields.eightyG.id}>{m.bookings_80g_want()}</label>
      </div>
      <FieldErrors id={fields.eightyG.errorId} errors={fields.eightyG.errors} />
      <p className="field-hint">{m.bookings_80g_address_note()}</p>
      <TextField
        field={fields.pan}
        label={m.bookings_pan_80g()}
        autoCapitalize="characters"
        maxLength={10}
        autoComplete="off"
        hint={savedPan ? m.trust_pan_on_file({ pan: savedPan }) : undefined}
      />
      {showAddress && options.length > 0 ? (
        // "" (the first choice) is a new address, typed below.
        <SelectField
          field={fields.addressId}
          label={m.bookings_donor_address()}
          options={options}
          placeholder={m.bookings_new_address()}
          requiredMark={false}
        />
      ) : null}
      {showAddress && (choice === "" || choice === "new") ? (
        <div className="booking-grid">
          <AddressInputs fields={fields} fillIn={!scripted && options.length > 0} parcel={false} />
        </div>
      ) : null}
    </fieldset>
  );
}
