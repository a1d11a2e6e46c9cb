import { getFormProps, getSelectProps, type SubmissionResult, useForm } from "@conform-to/react";
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
    <fetcher.Form method="post" {...getFormProps(form)} noValidate className="account-form account-form--grid" aria-label="My Profile">
      <div className="account-field account-field--wide">
        <label htmlFor="account-email">E-mail</label>
        <input id="account-email" type="email" value={profile.email} readOnly aria-readonly="true" />
      </div>
      <Field label="First name" meta={fields.firstName} autoComplete="given-name" />
      <Field label="Last name" meta={fields.lastName} autoComplete="family-name" />
      <div className="account-field">
        <label htmlFor={fields.starId.id}>Star (nakshatra)</label>
        <select {...starProps} key={starProps.key}>
          <option value="">Choose your star</option>
          {stars.map((star) => (
            <option key={star.id} value={star.id}>
              {star.name}
            </option>
          ))}
        </select>
        <FieldErrors id={fields.starId.errorId} errors={fields.starId.errors} />
      </div>
      <Field label="Mobile" meta={fields.mobile} type="tel" prefix={PHONE_PREFIX} autoComplete="tel-national" inputMode="tel" maxLength={20} />
      <Field label="Landline" meta={fields.landline} type="tel" prefix={PHONE_PREFIX} inputMode="tel" />
      <Field label="House name or address" meta={fields.houseName} autoComplete="street-address" />
      <Field label="City" meta={fields.city} autoComplete="address-level2" />
      <Field label="District" meta={fields.district} />
      <Field label="State" meta={fields.state} autoComplete="address-level1" />
      <Field label="Country" meta={fields.country} autoComplete="country-name" />
      <Field label="Pin code" meta={fields.postalCode} autoComplete="postal-code" inputMode="numeric" />
      <FieldErrors id={form.errorId} errors={form.errors} />
      <div className="account-form__actions account-field--wide">
        <SubmitButton name="intent" value="profile" busy={busy}>
          Update
        </SubmitButton>
        <p role="status" className="account-status">
          {mine?.status ?? ""}
        </p>
      </div>
    </fetcher.Form>
  );
}
