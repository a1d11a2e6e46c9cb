import { MobileField, SaveActions } from "~/components/account/account-fields";
import { getFormProps } from "@conform-to/react";
import { m } from "~/paraglide/messages";
import { useFetcher } from "react-router";
import { PHONE_PREFIX, profileSchema } from "~/domain/accounts/inputs";
import type { Profile } from "~/domain/accounts/customers.server";
import { type FormReply, formReplyFor } from "~/web/form-reply";
import { FieldErrors, SelectField, TextField } from "../../components/forms/form-fields";
import { useSchemaForm } from "../../components/forms/use-schema-form";
import { useServerForm } from "../../components/forms/use-server-form";
import { CodeStep } from "~/components/account/account-code-step";
import { ActionToast, Emphasised } from "~/components/account/account-fetcher";
import { SERVER_CHECKED_FORMS } from "~/web/server-checked-forms";

/** What the profile panel's actions return: the profile form's or the password form's reply. */
export type ProfileActionData = FormReply<
  "profile" | "password" | "phone-change" | "preferences" | "family-add" | "family-edit" | `move-date-${number}`
>;

interface Props {
  profile: Profile;
  stars: { id: number; name: string }[];
  serverData?: ProfileActionData;
}

/** My Profile: the customer's details, with the email read-only. */
export function ProfileForm({ profile, stars, serverData }: Props) {
  const fetcher = useFetcher<ProfileActionData>({ key: "account-profile" });
  const mine = formReplyFor(fetcher.data ?? serverData, "profile");
  const [form, fields] = useSchemaForm(profileSchema, {
    id: "account-profile",
    lastResult: mine?.result,
    defaultValue: {
      firstName: profile.firstName,
      lastName: profile.lastName,
      starId: profile.starId ? String(profile.starId) : "",
      mobile: profile.mobile,
      landline: profile.landline,
      houseName: profile.houseName,
      city: profile.city,
      district: profile.district,
      state: profile.state,
      country: profile.country,
      postalCode: profile.postalCode,
    },
    shouldRevalidate: "onInput",
  });
  const busy = fetcher.state !== "idle";
  const starNames = new Map(stars.map((star) => [String(star.id), star.name]));
  return (
    <fetcher.Form
      method="post"
      {...getFormProps(form)}
      noValidate
      className="account-form account-form--grid"
      aria-label={m.account_tab_profile()}
    >
      <div className="field form-grid__wide">
        <label htmlFor="account-email">{m.account_email()}</label>
        <input id="account-email" type="email" value={profile.email} readOnly aria-readonly="true" />
      </div>
      <TextField field={fields.firstName} label={m.account_first_name()} autoComplete="given-name" requiredMark={false} />
      <TextField field={fields.lastName} label={m.account_last_name()} autoComplete="family-name" requiredMark={false} />
      <SelectField
        field={fields.starId}
        label={m.account_star()}
        options={stars.map((star) => String(star.id))}
        placeholder={m.account_choose_star()}
        labelOf={(id) => starNames.get(id) ?? id}
        requiredMark={false}
      />
      <MobileField field={fields.mobile} />
      <TextField
        field={fields.landline}
        label={m.account_landline()}
        type="tel"
        prefix={PHONE_PREFIX}
        inputMode="tel"
        requiredMark={false}
      />
      <TextField field={fields.houseName} label={m.account_house_name()} autoComplete="street-address" requiredMark={false} />
      <TextField field={fields.city} label={m.account_city()} autoComplete="address-level2" requiredMark={false} />
      <TextField field={fields.district} label={m.account_district()} requiredMark={false} />
      <TextField field={fields.state} label={m.account_state()} autoComplete="address-level1" requiredMark={false} />
      <TextField field={fields.country} label={m.account_country()} autoComplete="country-name" requiredMark={false} />
      <TextField
        field={fields.postalCode}
        label={m.account_pin_code()}
        autoComplete="postal-code"
        inputMode="numeric"
        requiredMark={false}
      />
      <FieldErrors id={form.errorId} errors={form.errors} />
      <SaveActions intent="profile" busy={busy} status={mine?.status} wide>
        {m.account_update()}
      </SaveActions>
    </fetcher.Form>
  );
}

/**
 * A new mobile waits for the code sent to it; until then the profile keeps the old one. The
 * answer's toast shows even once no change waits any more (verified, or ended meanwhile).
 */
export function PhoneChangeForm({ phone, serverData }: { phone: string | null; serverData?: ProfileActionData }) {
  const fetcher = useFetcher<ProfileActionData>({ key: "account-phone-change" });
  const mine = formReplyFor(fetcher.data ?? serverData, "phone-change");
  const [form, fields] = useServerForm(SERVER_CHECKED_FORMS.phoneChange, { id: "account-phone-change", lastResult: mine?.result });
  return (
    <>
      {phone ? (
        <fetcher.Form method="post" {...form.props} className="account-form" aria-labelledby="phone-change-title">
          <h3 id="phone-change-title">{m.account_heading_phone_change()}</h3>
          <p>
            <Emphasised message={(value) => m.account_phone_change_text({ phone: value })} value={phone} />
          </p>
          <CodeStep code={fields.code} mine={{ humanCheck: mine?.humanCheck }} busy={fetcher.state !== "idle"} step="phone-change" />
        </fetcher.Form>
      ) : null}
      <ActionToast toast={mine?.toast} />
    </>
  );
}
