import type { SubmissionResult } from "@conform-to/react";
import { useFetcher } from "react-router";
import { m } from "~/paraglide/messages";
import { SERVER_CHECKED_FORMS } from "~/web/server-checked-forms";
import { type FormReply, replyFor } from "~/web/form-reply";
import { FormErrors, SubmitButton, TextField, useFailureToast } from "../../components/forms/form-fields";
import { useServerForm } from "../../components/forms/use-server-form";

/**
 * A box's form posts through a fetcher: a refused post answers in place and the address
 * stays the home page's (a page form of an index route would move it to "/?index"). Without
 * JavaScript it is a plain post to the same action; `lastResult` is that page's reply.
 */
function useBoxFetcher(form: "newsletter" | "contact", lastResult: SubmissionResult | undefined) {
  const fetcher = useFetcher<FormReply>();
  return { fetcher, reply: replyFor(fetcher.data, form) ?? lastResult, busy: fetcher.state !== "idle" };
}

/** The newsletter box: one e-mail field; signing up twice is harmless. */
export function NewsletterBox({ lastResult }: { lastResult?: SubmissionResult }) {
  const { fetcher, reply, busy } = useBoxFetcher("newsletter", lastResult);
  const [form, fields] = useServerForm(SERVER_CHECKED_FORMS.newsletter, { id: "newsletter", lastResult: reply });
  useFailureToast(reply);
  return (
    <section className="box" id="newsletter-box" aria-labelledby="newsletter-title">
      <h2 id="newsletter-title">{m.home_newsletter_title()}</h2>
      <p>{m.home_newsletter_text()}</p>
      <fetcher.Form method="post" preventScrollReset {...form.props}>
        <input type="hidden" name="intent" value="newsletter" />
        <TextField field={fields.email} label={m.home_newsletter_email()} type="email" inputMode="email" autoComplete="email" />
        <FormErrors form={form} />
        <SubmitButton busy={busy}>{m.home_newsletter_subscribe()}</SubmitButton>
      </fetcher.Form>
    </section>
  );
}

/** The contact-request box: an e-mail address or a phone number, and we call back. */
export function ContactBox({ lastResult }: { lastResult?: SubmissionResult }) {
  const { fetcher, reply, busy } = useBoxFetcher("contact", lastResult);
  const [form, fields] = useServerForm(SERVER_CHECKED_FORMS.contact, { id: "contact", lastResult: reply });
  useFailureToast(reply);
  return (
    <section className="box" id="contact-box" aria-labelledby="contact-title">
      <h2 id="contact-title">{m.home_contact_title()}</h2>
      <p>{m.home_contact_text()}</p>
      <fetcher.Form method="post" preventScrollReset {...form.props}>
        <input type="hidden" name="intent" value="contact" />
        <TextField field={fields.emailOrPhone} label={m.home_contact_field()} autoComplete="email" />
        <FormErrors form={form} />
        <SubmitButton busy={busy}>{m.home_contact_submit()}</SubmitButton>
      </fetcher.Form>
    </section>
  );
}
