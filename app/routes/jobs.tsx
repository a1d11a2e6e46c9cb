import { getFormProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { data, useLocation } from "react-router";
import { Form } from "~/components/localized";
import { FormErrors, SelectField, SubmitButton, TextAreaField, TextField, useFailureToast, useIsSubmitting } from "~/components/form-fields";
import { ENQUIRY_MESSAGES, JOB_TYPES, jobEnquirySchema } from "~/domain/enquiries";
import { saveJobEnquiry } from "~/domain/enquiries.server";
import { cacheControlHeaders, publicCacheHeaders } from "~/lib/edge-cache.server";
import { handleEnquiry } from "~/web/enquiry-action.server";
import { pageMeta } from "~/lib/meta";
import type { Route } from "./+types/jobs";
import { readForm } from "~/lib/form-data.server";

export function loader({ request }: Route.LoaderArgs) {
  return data(null, { headers: publicCacheHeaders(request) });
}

export const headers = cacheControlHeaders;

export async function action({ context, request }: Route.ActionArgs) {
  return handleEnquiry({
    context,
    formData: await readForm(request),
    schema: jobEnquirySchema,
    save: saveJobEnquiry,
    success: ENQUIRY_MESSAGES.submitted,
    redirectTo: "/jobs",
  });
}

export const meta = () => pageMeta("Jobs", "Work with Sannidhi: temple coordinators, devotee support, prasad logistics and engineering.");

const OPENINGS = [
  { title: "Temple coordinator", text: "Visit temples in your district, help their staff put pujas online and train them to use the booking list. Travel in Kerala, Tamil Nadu or Karnataka; Malayalam, Tamil or Kannada needed." },
  { title: "Devotee support", text: "Answer devotees by phone, e-mail and chat about bookings, prasad and refunds, in English and at least one Indian language." },
  { title: "Prasad logistics", text: "Work with temples and the post office so prasad reaches devotees quickly and every parcel has a tracking number." },
  { title: "Software engineering", text: "Build the portal and the temple apps: TypeScript, React and Cloudflare Workers." },
];

function JobForm({ lastResult }: { lastResult?: Route.ComponentProps["actionData"] }) {
  const [form, fields] = useForm({
    id: "job-enquiry",
    lastResult: lastResult?.result,
    constraint: getZodConstraint(jobEnquirySchema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: jobEnquirySchema }),
  });
  useFailureToast(lastResult?.result);
  const busy = useIsSubmitting("/jobs");
  return (
    <Form method="post" className="form-grid" {...getFormProps(form)}>
      <TextField field={fields.name} label="Name" autoComplete="name" />
      <TextField field={fields.email} label="E-mail" type="email" inputMode="email" autoComplete="email" />
      <TextField field={fields.phone} label="Mobile number" type="tel" inputMode="tel" autoComplete="tel" />
      <SelectField field={fields.jobType} label="Job" options={JOB_TYPES} placeholder="Choose a job" />
      <TextAreaField field={fields.comments} label="About you" className="form-grid__wide" hint="Your experience, languages and where you live." />
      <div className="form-grid__wide form-actions">
        <FormErrors form={form} />
        <SubmitButton busy={busy}>Send</SubmitButton>
      </div>
    </Form>
  );
}

export default function Jobs({ actionData }: Route.ComponentProps) {
  const location = useLocation();
  return (
    <div className="page page--narrow">
      <h1 id="jobs-title">Jobs</h1>
      <p>
        We work with temples across India and look for people who know them. Tell us about yourself and we will reach
        you when a job fits.
      </p>
      <section aria-labelledby="openings-title">
        <h2 id="openings-title">What we are looking for</h2>
        <ul className="openings">
          {OPENINGS.map((opening) => (
            <li key={opening.title}>
              <h3>{opening.title}</h3>
              <p>{opening.text}</p>
            </li>
          ))}
        </ul>
      </section>
      <section aria-labelledby="enquiry-title">
        <h2 id="enquiry-title">Send an enquiry</h2>
        <JobForm key={location.key} lastResult={actionData} />
      </section>
    </div>
  );
}
