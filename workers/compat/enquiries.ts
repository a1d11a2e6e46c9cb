/**
 * The visitor enquiries: contact request, newsletter, job enquiry (/api/common/*)
 * and temple registration (/api/Temple/savetempleregistration), with the portal
 * forms' schemas, messages and domain functions.
 */
import { type Context, Hono } from "hono";
import { z } from "zod";
import type { Database } from "~/db/client.server";
import {
  contactRequestSchema,
  ENQUIRY_MESSAGES as E,
  JOB_TYPES,
  jobEnquirySchema,
  newsletterSchema,
  submissionFailedMessage,
  templeSignupSchema,
} from "~/domain/enquiries/inputs";
import { saveContactRequest, saveJobEnquiry, saveTempleRegistration, subscribeToNewsletter } from "~/domain/enquiries/enquiries.server";
import { firstCharacters } from "~/domain/text";
import type { AppEnv } from "~/lib/env.server";
import { statusMessage, text, textOrNumber } from "./fields";
import { errorAnswer, type LegacyEnv, validatePortal } from "./http";
import { legacyPost } from "./route";

export const enquiries = new Hono<LegacyEnv>();

/** Stores an enquiry; when storing fails, the spec's "Unable to submitted…" text in a 503. */
async function store(c: Context, env: AppEnv, save: () => Promise<unknown>, success: string) {
  try {
    await save();
  } catch (error) {
    console.error("Could not store a legacy enquiry:", error instanceof Error ? error.message : "unknown error");
    c.header("Retry-After", "60");
    return errorAnswer(c, 503, "unavailable", "body", submissionFailedMessage(env.config.SUPPORT_PHONE, env.config.SUPPORT_EMAIL));
  }
  return { Status: "success" as const, Message: success };
}

/** A legacy job type the portal's list knows (any case), else "Other". */
function knownJobType(value: string | undefined): (typeof JOB_TYPES)[number] | undefined {
  if (!value?.trim()) return undefined;
  return JOB_TYPES.find((t) => t.toLowerCase() === value.trim().toLowerCase()) ?? "Other";
}

const STORED =
  "Stored: Status success and the spec's success text in Message; a 503 carries the spec's 'Unable to submitted your details…' text.";

/** Every enquiry path: public, writes, checked with the portal form's rules, a 503 when storing fails. */
const STORED_ANSWER = { response: statusMessage, auth: "public" as const, writes: true, portalChecked: true, statuses: [503 as const] };

legacyPost(
  enquiries,
  {
    path: "/api/common/sendMailToSupport",
    group: "Common",
    summary: "Contact request (or job data) for support",
    description:
      `With emailOrPhone (an email or a phone number; subject and type optional): the home page's contact ` +
      `box ('Enter vaild Phone number or E-mail'), answered 'We will contact you soon'. Without ` +
      `emailOrPhone the payload is job data (name or firstname, email, phone, comments, jobType), checked ` +
      `with the jobs form's rules and kept for support as a contact request of type 'job'. ${STORED}`,
    request: z.object({
      emailOrPhone: textOrNumber(254).optional(),
      subject: text(200).optional(),
      type: text(40).optional(),
      name: text(100).optional(),
      firstname: text(100).optional(),
      email: text(254).optional(),
      phone: textOrNumber(30).optional(),
      comments: text(1000).optional(),
      jobType: text(60).optional(),
    }),
    ...STORED_ANSWER,
  },
  async ({ c, env, db, input }) => {
    if (input.emailOrPhone !== undefined) {
      const parsed = validatePortal(c, contactRequestSchema.pick({ emailOrPhone: true }), { emailOrPhone: input.emailOrPhone }, {});
      if ("response" in parsed) return parsed.response;
      const request = {
        emailOrPhone: parsed.data.emailOrPhone,
        subject: input.subject?.trim() || undefined,
        type: input.type?.trim() || undefined,
      };
      return store(c, env, () => saveContactRequest(db, request), E.contactRequested);
    }
    const job = {
      name: input.name ?? input.firstname,
      email: input.email,
      phone: input.phone,
      comments: input.comments,
      jobType: knownJobType(input.jobType),
    };
    const parsed = validatePortal(c, jobEnquirySchema, job, { name: input.name === undefined ? "firstname" : "name" });
    if ("response" in parsed) return parsed.response;
    const { name, email, phone, jobType, comments } = parsed.data;
    const subject = [`Job enquiry from ${name}, ${phone}`, input.jobType?.trim() || jobType, comments].filter(Boolean).join(" — ");
    return store(
      c,
      env,
      () => saveContactRequest(db, { emailOrPhone: email, subject: firstCharacters(subject, 1000), type: "job" }),
      E.submitted,
    );
  },
);

legacyPost(
  enquiries,
  {
    path: "/api/common/storeNewsLetterContact",
    group: "Common",
    summary: "Newsletter sign-up",
    description: `The newsletter box: email ('Enter vaild E-mail'). Signing up twice changes nothing and gets the same answer. ${STORED}`,
    request: z.object({ email: text(254) }),
    ...STORED_ANSWER,
  },
  async ({ c, env, db, input }) => {
    const parsed = validatePortal(c, newsletterSchema.pick({ email: true }), { email: input.email }, {});
    if ("response" in parsed) return parsed.response;
    return store(c, env, () => subscribeToNewsletter(db, parsed.data.email), E.subscribed);
  },
);

/** The spec's storeJobsContact payload names only firstname and email, so the phone is optional here. */
const jobsContactSchema = jobEnquirySchema.extend({ phone: jobEnquirySchema.shape.phone.optional() });

legacyPost(
  enquiries,
  {
    path: "/api/common/storeJobsContact",
    group: "Common",
    summary: "Job enquiry",
    description:
      `firstname ('Enter Name') and email ('Enter E-mail') as the spec sends them; phone ('Enter Mobile ` +
      `Number'), comments and jobType are taken when sent (an unknown jobType is kept as 'Other'). ` +
      `${STORED}`,
    request: z.object({
      firstname: text(100),
      email: text(254),
      phone: textOrNumber(30).optional(),
      comments: text(1000).optional(),
      jobType: text(60).optional(),
    }),
    ...STORED_ANSWER,
  },
  async ({ c, env, db, input }) => {
    const values = {
      name: input.firstname,
      email: input.email,
      phone: input.phone,
      comments: input.comments,
      jobType: knownJobType(input.jobType),
    };
    const parsed = validatePortal(c, jobsContactSchema, values, { name: "firstname" });
    if ("response" in parsed) return parsed.response;
    return store(c, env, () => saveJobEnquiry(db, { ...parsed.data, phone: parsed.data.phone ?? "" }), E.submitted);
  },
);

legacyPost(
  enquiries,
  {
    path: "/api/Temple/savetempleregistration",
    group: "Temple",
    summary: "Temple interest registration",
    description:
      `The temple-signup form: tname, tlocation, tcontact and tphone required ('Please provide temple ` +
      `name', … 'Please provide contact number'); temail, taddress, tstate optional. The spec does not show ` +
      `the answer. ${STORED}`,
    request: z.object({
      tname: text(150),
      tlocation: text(150),
      tcontact: text(100),
      tphone: textOrNumber(30),
      temail: text(254).optional(),
      taddress: text(500).optional(),
      tstate: text(60).optional(),
    }),
    ...STORED_ANSWER,
  },
  async ({ c, env, db, input }) => {
    const parsed = validatePortal(c, templeSignupSchema, input, {});
    if ("response" in parsed) return parsed.response;
    return store(c, env, () => saveTempleRegistration(db as Database, parsed.data), E.submitted);
  },
);
