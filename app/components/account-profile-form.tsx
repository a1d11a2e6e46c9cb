import { getFormProps, getSelectProps, type SubmissionResult, useForm } from "@conform-to/react";
import { m } from "~/paraglide/messages";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { useFetcher } from "react-router";
import { PHONE_PREFIX, profileSchema } from "~/domain/accounts";
import type { Profile } from "~/domain/accounts.server";
import { Field, FieldErrors, SubmitButton } from "./account-field";

export interface ProfileActionData {
  form: "profile" | "password";
  result: SubmissionResult<string[]>;
  status?: string;
}

interface Props {
  profile: Profile;
  stars: { id: number; name: string }[];
  serverData?: ProfileActionData;
}

/** My Profile: the customer's details, with the email read-only. */
export function ProfileForm({ profile, stars, serverData }: Props) {
  const fetcher = useFetcher<ProfileActionData>({ key: "account-profile" });
  const data = fetcher.data ?? serverData;
  const mine = data?.form === "profile" ? data : undefined;
  const [form, fields] = useForm({
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
    constraint: getZodConstraint(profileSchema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: profileSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  const busy = fetcher.state !== "idle";
  const starProps = getSelectProps(fields.starId);
  return (
    <fetcher.Form method="post" {...getFormProps(form)} noValidate className="account-form account-form--grid" aria-label={m.account_tab_profile()}>
      <div className="account-field account-field--wide">
        <label htmlFor="account-email">{m.account_email()}</label>
        <input id="account-email" type="email" value={profile.email} readOnly aria-readonly="true" />
      </div>
      <Field label={m.account_first_name()} meta={fields.firstName} autoComplete="given-name" />
      <Field label={m.account_last_name()} meta={fields.lastName} autoComplete="family-name" />
      <div className="account-field">
        <label htmlFor={fields.starId.id}>{m.account_star()}</label>
        <select {...starProps} key={starProps.key}>
          <option value="">{m.account_choose_star()}</option>
          {stars.map((star) => (
            <option key={star.id} value={star.id}>
              {star.name}
            </option>
          ))}
        </select>
        <FieldErrors id={fields.starId.errorId} errors={fields.starId.errors} />
      </div>
      <Field label={m.account_mobile()} meta={fields.mobile} type="tel" prefix={PHONE_PREFIX} autoComplete="tel-national" inputMode="tel" maxLength={20} />
      <Field label={m.account_landline()} meta={fields.landline} type="tel" prefix={PHONE_PREFIX} inputMode="tel" />
      <Field label={m.account_house_name()} meta={fields.houseName} autoComplete="street-address" />
      <Field label={m.account_city()} meta={fields.city} autoComplete="address-level2" />
      <Field label={m.account_district()} meta={fields.district} />
      <Field label={m.account_state()} meta={fields.state} autoComplete="address-level1" />
      <Field label={m.account_country()} meta={fields.country} autoComplete="country-name" />
      <Field label={m.account_pin_code()} meta={fields.postalCode} autoComplete="postal-code" inputMode="numeric" />
      <FieldErrors id={form.errorId} errors={form.errors} />
      <div className="account-form__actions account-field--wide">
        <SubmitButton name="intent" value="profile" busy={busy}>
          {m.account_update()}
        </SubmitButton>
        <p role="status" className="account-status">
          {mine?.status ?? ""}
        </p>
      </div>
    </fetcher.Form>
  );
}
