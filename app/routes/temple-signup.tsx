import { getFormProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { data, useLocation } from "react-router";
import { Form } from "~/components/localized";
import { FormErrors, SelectField, SubmitButton, TextAreaField, TextField, useFailureToast, useIsSubmitting } from "~/components/form-fields";
import { TEMPLE_FAQ } from "~/domain/content";
import { ENQUIRY_MESSAGES, templeSignupSchema } from "~/domain/enquiries";
import { saveTempleRegistration } from "~/domain/enquiries.server";
import { listStateNames } from "~/domain/temples.server";
import { dbFrom } from "~/lib/db.server";
import { cacheControlHeaders, publicCacheHeaders } from "~/lib/edge-cache.server";
import { handleEnquiry } from "~/web/enquiry-action.server";
import { pageMeta } from "~/lib/meta";
import type { Route } from "./+types/temple-signup";
import { readForm } from "~/lib/form-data.server";

export async function loader({ context, request }: Route.LoaderArgs) {
  const states = await listStateNames(dbFrom(context));
  return data({ states: states.map((s) => s.name) }, { headers: publicCacheHeaders(request) });
}

export const headers = cacheControlHeaders;

export async function action({ context, request }: Route.ActionArgs) {
  return handleEnquiry({
    context,
    formData: await readForm(request),
    schema: templeSignupSchema,
    save: saveTempleRegistration,
    success: ENQUIRY_MESSAGES.submitted,
    redirectTo: "/temple-signup",
  });
}

export const meta = () =>
  pageMeta("Register your temple", "Ask for a website, a mobile app or online booking for your temple.");

function TempleSignupForm({ states, lastResult }: { states: string[]; lastResult?: Route.ComponentProps["actionData"] }) {
  const [form, fields] = useForm({
    id: "temple-signup",
    lastResult: lastResult?.result,
    constraint: getZodConstraint(templeSignupSchema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: templeSignupSchema }),
  });
  useFailureToast(lastResult?.result);
  const busy = useIsSubmitting("/temple-signup");
  return (
    <Form method="post" className="form-grid" {...getFormProps(form)}>
      <TextField field={fields.tname} label="Temple name" autoComplete="organization" />
      <TextField field={fields.tlocation} label="Location (town or village)" autoComplete="address-level2" />
      <TextField field={fields.tcontact} label="Contact person" autoComplete="name" />
      <TextField field={fields.tphone} label="Phone number" type="tel" inputMode="tel" autoComplete="tel" hint="With the area code, e.g. +91 98470 12345" />
      <TextField field={fields.temail} label="E-mail" type="email" inputMode="email" autoComplete="email" />
      <SelectField field={fields.tstate} label="State" options={states} placeholder="Choose a state" />
      <TextAreaField field={fields.taddress} label="Address" autoComplete="street-address" className="form-grid__wide" />
      <div className="form-grid__wide form-actions">
        <FormErrors form={form} />
        <SubmitButton busy={busy}>Submit</SubmitButton>
      </div>
    </Form>
  );
}

export default function TempleSignup({ loaderData, actionData }: Route.ComponentProps) {
  const location = useLocation();
  return (
    <div className="page page--narrow">
      <section aria-labelledby="signup-title">
        <h1 id="signup-title">Get a website for your Temple</h1>
        <p>
          Tell us about your temple and we will call you to talk about a listing, online booking, a website or an app.
          Fields marked * are needed.
        </p>
        <TempleSignupForm key={location.key} states={loaderData.states} lastResult={actionData} />
      </section>
      <section aria-labelledby="faq-title" className="faq-list">
        <h2 id="faq-title">Frequently asked questions</h2>
        {TEMPLE_FAQ.map((item) => (
          <details key={item.question} className="faq">
            <summary>{item.question}</summary>
            <p>{item.answer}</p>
          </details>
        ))}
      </section>
    </div>
  );
}
