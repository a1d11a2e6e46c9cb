import { EnquiryForm, useEnquiryForm } from "~/components/forms/enquiry-form";
import type { SubmissionResult } from "@conform-to/react";
import { data, useLocation } from "react-router";
import { SelectField, TextAreaField, TextField } from "~/components/forms/form-fields";
import { templeFaq } from "~/domain/content/offering-details";
import { ENQUIRY_MESSAGES, templeSignupSchema } from "~/domain/enquiries/inputs";
import { saveTempleRegistration } from "~/domain/enquiries/enquiries.server";
import { listStateNames } from "~/domain/catalog/temples.server";
import { dbFrom } from "~/lib/db.server";
import { cacheControlHeaders, sharedPageHeaders } from "~/lib/edge-cache/page-headers.server";
import { handleEnquiry } from "~/web/enquiry-action.server";
import { replyFor } from "~/web/form-reply";
import { pageMeta } from "~/lib/meta";
import type { Route } from "./+types/temple-signup";
import { readForm } from "~/lib/form-data.server";
import { m } from "~/paraglide/messages";

export async function loader({ context, request }: Route.LoaderArgs) {
  const states = await listStateNames(dbFrom(context));
  return data({ states: states.map((s) => s.name) }, { headers: sharedPageHeaders(request) });
}

export const headers = cacheControlHeaders;

export async function action({ context, request }: Route.ActionArgs) {
  return handleEnquiry({
    context,
    formData: await readForm(request),
    form: "signup",
    schema: templeSignupSchema,
    save: saveTempleRegistration,
    success: ENQUIRY_MESSAGES.submitted,
    redirectTo: "/temple-signup",
  });
}

export const meta = () => pageMeta(m.pages_signup_meta_title(), m.pages_signup_meta_description());

function TempleSignupForm({ states, lastResult }: { states: string[]; lastResult?: SubmissionResult<string[]> }) {
  const { form, fields, busy } = useEnquiryForm(templeSignupSchema, { id: "temple-signup", path: "/temple-signup", lastResult });
  return (
    <EnquiryForm form={form} busy={busy} submit={m.pages_signup_submit()}>
      <TextField field={fields.tname} label={m.pages_signup_temple_name()} autoComplete="organization" />
      <TextField field={fields.tlocation} label={m.pages_signup_location()} autoComplete="address-level2" />
      <TextField field={fields.tcontact} label={m.pages_signup_contact_person()} autoComplete="name" />
      <TextField
        field={fields.tphone}
        label={m.pages_signup_phone()}
        type="tel"
        inputMode="tel"
        autoComplete="tel"
        hint={m.pages_signup_phone_hint()}
      />
      <TextField field={fields.temail} label={m.pages_signup_email()} type="email" inputMode="email" autoComplete="email" />
      <SelectField field={fields.tstate} label={m.pages_signup_state()} options={states} placeholder={m.pages_signup_choose_state()} />
      <TextAreaField field={fields.taddress} label={m.pages_signup_address()} autoComplete="street-address" className="form-grid__wide" />
    </EnquiryForm>
  );
}

export default function TempleSignup({ loaderData, actionData }: Route.ComponentProps) {
  const location = useLocation();
  return (
    <div className="page page--narrow">
      <section aria-labelledby="signup-title">
        <h1 id="signup-title">{m.pages_signup_title()}</h1>
        <p>{m.pages_signup_intro()}</p>
        <TempleSignupForm key={location.key} states={loaderData.states} lastResult={replyFor(actionData, "signup")} />
      </section>
      <section aria-labelledby="faq-title" className="faq-list">
        <h2 id="faq-title">{m.pages_signup_faq_title()}</h2>
        {templeFaq().map((item) => (
          <details key={item.question} className="faq">
            <summary>{item.question}</summary>
            <p>{item.answer}</p>
          </details>
        ))}
      </section>
    </div>
  );
}
