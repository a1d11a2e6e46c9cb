/**
 * Visitor enquiries: temple registration, job enquiries, the newsletter and the contact
 * box. One zod schema per form, used by the browser (Conform) and the server alike;
 * messages are the spec's exact strings in English, typos included, and are read in the
 * reader's language when a rule fails.
 */
import { z } from "zod";
import { isLongerThan, isShorterThan, MAX_UNITS_PER_CHARACTER } from "~/domain/text";
import { type FieldMessage, optionalCharacters, requiredCharacters } from "~/domain/text-fields";
import { m } from "~/paraglide/messages";

/**
 * The enquiry forms' messages in the reader's language (getters: read when needed, so each
 * request or page gets its own language). English is the spec's text, typos included.
 */
export const ENQUIRY_MESSAGES = {
  get submitted() {
    return m.pages_enquiry_submitted();
  },
  get subscribed() {
    return m.pages_enquiry_subscribed();
  },
  get contactRequested() {
    return m.pages_enquiry_contact_requested();
  },
  get templeName() {
    return m.pages_enquiry_temple_name();
  },
  get templeLocation() {
    return m.pages_enquiry_temple_location();
  },
  get templeContact() {
    return m.pages_enquiry_temple_contact();
  },
  get templePhone() {
    return m.pages_enquiry_temple_phone();
  },
  get email() {
    return m.pages_enquiry_email();
  },
  get jobName() {
    return m.pages_enquiry_job_name();
  },
  get jobEmail() {
    return m.pages_enquiry_job_email();
  },
  get jobPhone() {
    return m.pages_enquiry_job_phone();
  },
  get newsletterEmail() {
    return m.pages_enquiry_newsletter_email();
  },
  get contact() {
    return m.pages_enquiry_contact();
  },
};

type EnquiryMessage = keyof typeof ENQUIRY_MESSAGES;

/** A schema's message, read when a rule fails (never when the schema is built at import). */
const lazy = (key: EnquiryMessage) => () => ENQUIRY_MESSAGES[key];

/** Shown when an enquiry could not be stored. */
export function submissionFailedMessage(phone: string, email: string): string {
  return m.pages_enquiry_failed({ phone, email });
}

/** The kinds of enquiry the operator's console lists and exports (`lists.server.ts`). */
export type EnquiryKind = "registrations" | "jobs" | "contacts" | "newsletter";

/** Spec section 5: digits, spaces and plus only, at least 10 characters. */
export const PHONE_PATTERN = /^[0-9+ ]{10,20}$/;
const EMAIL_PATTERN = z.regexes.email;
/** Spec section 5: letters (with the joiners Indic scripts write them with) and spaces, 2 to 30 characters as a person counts them. */
const NAME_PATTERN = /^[\p{L}\p{M}\u200C\u200D ]+$/u;

function isEnquiryName(value: string): boolean {
  return value.length <= 30 * MAX_UNITS_PER_CHARACTER && NAME_PATTERN.test(value) && !isShorterThan(value, 2) && !isLongerThan(value, 30);
}

export function isPhone(value: string): boolean {
  return PHONE_PATTERN.test(value) && (value.match(/\d/g)?.length ?? 0) >= 10;
}

export function isEmail(value: string): boolean {
  return value.length <= 254 && EMAIL_PATTERN.test(value);
}

/** Required text: missing, blank or too long all give the one spec message. */
function requiredText(message: FieldMessage, max: number) {
  return requiredCharacters(message, max);
}

function emailField(message: FieldMessage) {
  return z
    .string({ error: message })
    .trim()
    .refine(isEmail, { error: message })
    .transform((v) => v.toLowerCase());
}

function phoneField(message: FieldMessage) {
  return z.string({ error: message }).trim().refine(isPhone, { error: message });
}

function optionalText(max: number, message: FieldMessage) {
  return optionalCharacters(max, message);
}

export const templeSignupSchema = z.object({
  tname: requiredText(lazy("templeName"), 150),
  tlocation: requiredText(lazy("templeLocation"), 150),
  tcontact: requiredText(lazy("templeContact"), 100),
  tphone: phoneField(lazy("templePhone")),
  temail: emailField(lazy("email")).optional(),
  taddress: optionalText(500, () => m.pages_enquiry_address_too_long()),
  tstate: optionalText(60, () => m.pages_enquiry_state_from_list()),
});
export type TempleSignup = z.infer<typeof templeSignupSchema>;

export const JOB_TYPES = ["Temple coordinator", "Devotee support", "Prasad logistics", "Software engineering", "Other"] as const;

export const jobEnquirySchema = z.object({
  name: z
    .string({ error: lazy("jobName") })
    .trim()
    .refine(isEnquiryName, { error: lazy("jobName") }),
  email: emailField(lazy("jobEmail")),
  phone: phoneField(lazy("jobPhone")),
  jobType: z.enum(JOB_TYPES, { error: () => m.pages_enquiry_job_from_list() }).optional(),
  comments: optionalText(1000, () => m.pages_enquiry_comments_too_long()),
});
export type JobEnquiry = z.infer<typeof jobEnquirySchema>;

export const newsletterSchema = z.object({
  intent: z.literal("newsletter"),
  email: emailField(lazy("newsletterEmail")),
});

export const contactRequestSchema = z.object({
  intent: z.literal("contact"),
  emailOrPhone: z
    .string({ error: lazy("contact") })
    .trim()
    .refine((v) => isEmail(v) || isPhone(v), { error: lazy("contact") }),
});
