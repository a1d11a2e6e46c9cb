import { EnquiryForm, useEnquiryForm } from "~/components/forms/enquiry-form";
import type { SubmissionResult } from "@conform-to/react";
import { data, useLocation } from "react-router";
import { SelectField, TextAreaField, TextField } from "~/components/forms/form-fields";
import { ENQUIRY_MESSAGES, JOB_TYPES, jobEnquirySchema } from "~/domain/enquiries/inputs";
import { saveJobEnquiry } from "~/domain/enquiries/enquiries.server";
import { cacheControlHeaders, sharedPageHeaders } from "~/lib/edge-cache/page-headers.server";
import { handleEnquiry } from "~/web/enquiry-action.server";
import { replyFor } from "~/web/form-reply";
import { pageMeta } from "~/lib/meta";
import type { Route } from "./+types/jobs";
import { readForm } from "~/lib/form-data.server";
import { m } from "~/paraglide/messages";

export function loader({ request }: Route.LoaderArgs) {
  return data(null, { headers: sharedPageHeaders(request) });
}

export const headers = cacheControlHeaders;

export async function action({ context, request }: Route.ActionArgs) {
  return handleEnquiry({
    context,
    formData: await readForm(request),
    form: "enquiry",
    schema: jobEnquirySchema,
    save: saveJobEnquiry,
    success: ENQUIRY_MESSAGES.submitted,
    redirectTo: "/jobs",
  });
}

export const meta = () => pageMeta(m.pages_jobs_title(), m.pages_jobs_meta_description());

/** The openings, in the page's language (read at render). */
const openings = () => [
  { title: m.pages_jobs_coordinator_title(), text: m.pages_jobs_coordinator_text() },
  { title: m.pages_jobs_support_title(), text: m.pages_jobs_support_text() },
  { title: m.pages_jobs_logistics_title(), text: m.pages_jobs_logistics_text() },
  { title: m.pages_jobs_engineering_title(), text: m.pages_jobs_engineering_text() },
];

/** A job type's name in the page's language; the value sent and stored stays the English one. */
function jobTypeLabel(type: (typeof JOB_TYPES)[number]): string {
  switch (type) {
    case "Temple coordinator":
      return m.pages_jobs_coordinator_title();
    case "Devotee support":
      return m.pages_jobs_support_title();
    case "Prasad logistics":
      return m.pages_jobs_logistics_title();
    case "Software engineering":
      return m.pages_jobs_engineering_title();
    case "Other":
      return m.pages_jobs_type_other();
  }
}

function JobForm({ lastResult }: { lastResult?: SubmissionResult<string[]> }) {
  const { form, fields, busy } = useEnquiryForm(jobEnquirySchema, { id: "job-enquiry", path: "/jobs", lastResult });
  return (
    <EnquiryForm form={form} busy={busy} submit={m.pages_jobs_send()}>
      <TextField field={fields.name} label={m.pages_jobs_name()} autoComplete="name" />
      <TextField field={fields.email} label={m.pages_jobs_email()} type="email" inputMode="email" autoComplete="email" />
      <TextField field={fields.phone} label={m.pages_jobs_mobile()} type="tel" inputMode="tel" autoComplete="tel" />
      <SelectField
        field={fields.jobType}
        label={m.pages_jobs_job()}
        options={JOB_TYPES}
        placeholder={m.pages_jobs_choose_job()}
        labelOf={jobTypeLabel}
      />
      <TextAreaField
        field={fields.comments}
        label={m.pages_jobs_about_you()}
        className="form-grid__wide"
        hint={m.pages_jobs_about_you_hint()}
      />
    </EnquiryForm>
  );
}

export default function Jobs({ actionData }: Route.ComponentProps) {
  const location = useLocation();
  return (
    <div className="page page--narrow">
      <h1 id="jobs-title">{m.pages_jobs_title()}</h1>
      <p>{m.pages_jobs_intro()}</p>
      <section aria-labelledby="openings-title">
        <h2 id="openings-title">{m.pages_jobs_openings_title()}</h2>
        <ul className="openings">
          {openings().map((opening) => (
            <li key={opening.title}>
              <h3>{opening.title}</h3>
              <p>{opening.text}</p>
            </li>
          ))}
        </ul>
      </section>
      <section aria-labelledby="enquiry-title">
        <h2 id="enquiry-title">{m.pages_jobs_enquiry_title()}</h2>
        <JobForm key={location.key} lastResult={replyFor(actionData, "enquiry")} />
      </section>
    </div>
  );
}
