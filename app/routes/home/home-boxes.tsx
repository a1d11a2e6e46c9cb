import type { SubmissionResult } from "@conform-to/react";
import { m } from "~/paraglide/messages";
import { Form } from "~/components/localized";
import { SERVER_CHECKED_FORMS } from "~/web/server-checked-forms";
import { FormErrors, SubmitButton, TextField, useFailureToast, useIsSubmitting } from "../../components/form-fields";
import { useServerForm } from "../../components/use-server-form";

/** The newsletter box: one e-mail field; signing up twice is harmless. */
export function NewsletterBox({ lastResult }: { lastResult?: SubmissionResult }) {
  const [form, fields] = useServerForm(SERVER_CHECKED_FORMS.newsletter, { id: "newsletter", lastResult });
  useFailureToast(lastResult);
  const busy = useIsSubmitting("/", "newsletter");
  return (
    <section className="box" id="newsletter-box" aria-labelledby="newsletter-title">
      <h2 id="newsletter-title">{m.home_newsletter_title()}</h2>
      <p>{m.home_newsletter_text()}</p>
      <Form method="post" preventScrollReset {...form.props}>
        <input type="hidden" name="intent" value="newsletter" />
        <TextField field={fields.email} label={m.home_newsletter_email()} type="email" inputMode="email" autoComplete="email" />
        <FormErrors form={form} />
        <SubmitButton busy={busy}>{m.home_newsletter_subscribe()}</SubmitButton>
      </Form>
    </section>
  );
}

/** The contact-request box: an e-mail address or a phone number, and we call back. */
export function ContactBox({ lastResult }: { lastResult?: SubmissionResult }) {
  const [form, fields] = useServerForm(SERVER_CHECKED_FORMS.contact, { id: "contact", lastResult });
  useFailureToast(lastResult);
  const busy = useIsSubmitting("/", "contact");
  return (
    <section className="box" id="contact-box" aria-labelledby="contact-title">
      <h2 id="contact-title">{m.home_contact_title()}</h2>
      <p>{m.home_contact_text()}</p>
      <Form method="post" preventScrollReset {...form.props}>
        <input type="hidden" name="intent" value="contact" />
        <TextField field={fields.emailOrPhone} label={m.home_contact_field()} autoComplete="email" />
        <FormErrors form={form} />
        <SubmitButton busy={busy}>{m.home_contact_submit()}</SubmitButton>
      </Form>
    </section>
  );
}
