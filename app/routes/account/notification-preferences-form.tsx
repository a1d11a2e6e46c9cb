/**
 * How the portal reaches the devotee (My Profile): e-mail always, WhatsApp and SMS each only
 * with their consent (the box says what they agree to; the time they agreed is shown), and
 * reminders. A plain form: it works without JavaScript.
 */
import { getFormProps } from "@conform-to/react";
import { useFetcher } from "react-router";
import { SaveActions } from "~/components/account/account-fields";
import { CheckboxField, FieldErrors } from "~/components/forms/form-fields";
import { useSchemaForm } from "~/components/forms/use-schema-form";
import { notificationPreferencesSchema } from "~/domain/notifications/preference-inputs";
import type { NotificationPreferences } from "~/domain/notifications/preferences.server";
import { longDate } from "~/domain/text";
import { indiaDateTime } from "~/lib/india-time";
import { m } from "~/paraglide/messages";
import { formReplyFor } from "~/web/form-reply";
import type { ProfileActionData } from "./account-profile-form";

const ticked = (on: boolean) => (on ? "on" : undefined);

/** The day a consent was given, in India, as the page's language writes it. */
const agreedOn = (iso: string) => longDate(indiaDateTime(Date.parse(iso)).day);

export function NotificationPreferencesForm({
  preferences,
  serverData,
}: {
  preferences: NotificationPreferences;
  serverData?: ProfileActionData;
}) {
  const fetcher = useFetcher<ProfileActionData>({ key: "account-preferences" });
  const mine = formReplyFor(fetcher.data ?? serverData, "preferences");
  const [form, fields] = useSchemaForm(notificationPreferencesSchema, {
    id: "account-preferences",
    lastResult: mine?.result,
    defaultValue: {
      whatsapp: ticked(Boolean(preferences.whatsappSince)),
      sms: ticked(Boolean(preferences.smsSince)),
      reminders: ticked(preferences.reminders),
    },
  });
  const phone = preferences.phone;
  const fieldErrors = [fields.whatsapp, fields.sms, fields.reminders].flatMap((field) => field.errors ?? []);
  return (
    <fetcher.Form
      method="post"
      {...getFormProps(form)}
      noValidate
      className="account-form account-preferences"
      aria-labelledby="message-preferences"
    >
      <h3 id="message-preferences">{m.account_notify_prefs_title()}</h3>
      <p>{m.account_notify_prefs_email({ email: preferences.email })}</p>
      {phone ? null : <p className="field-hint">{m.account_notify_prefs_no_mobile_hint()}</p>}
      <div className="account-preferences__choice">
        <CheckboxField field={fields.whatsapp} label={m.account_notify_prefs_whatsapp({ phone: phone ?? "—" })} />
        <p className="field-hint">{m.account_notify_prefs_whatsapp_consent()}</p>
        {preferences.whatsappSince ? (
          <p className="field-hint">{m.account_notify_prefs_agreed_on({ date: agreedOn(preferences.whatsappSince) })}</p>
        ) : null}
      </div>
      <div className="account-preferences__choice">
        <CheckboxField field={fields.sms} label={m.account_notify_prefs_sms({ phone: phone ?? "—" })} />
        <p className="field-hint">{m.account_notify_prefs_sms_hint()}</p>
        {preferences.smsSince ? (
          <p className="field-hint">{m.account_notify_prefs_agreed_on({ date: agreedOn(preferences.smsSince) })}</p>
        ) : null}
      </div>
      <div className="account-preferences__choice">
        <CheckboxField field={fields.reminders} label={m.account_notify_prefs_reminders()} />
      </div>
      <FieldErrors id={form.errorId} errors={[...(form.errors ?? []), ...fieldErrors]} />
      <SaveActions intent="preferences" busy={fetcher.state !== "idle"} status={mine?.status}>
        {m.account_notify_prefs_save()}
      </SaveActions>
    </fetcher.Form>
  );
}
