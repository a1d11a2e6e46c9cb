/**
 * Visitor enquiries: temple registration, job enquiries, the newsletter and the contact
 * box. One zod schema per form, used by the browser (Conform) and the server alike;
 * messages are the spec's exact strings, typos included.
 */
import { z } from "zod";
import { isLongerThan, isShorterThan, MAX_UNITS_PER_CHARACTER } from "./text";
import { optionalCharacters, requiredCharacters } from "./text-fields";

export const ENQUIRY_MESSAGES = {
  submitted: "Successfully submitted your details. we will reach you soon.",
  subscribed: "Thanks for subscribing to our newsletters.",
  contactRequested: "We will contact you soon",
  templeName: "Please provide temple name",
  templeLocation: "Please provide temple location",
  templeContact: "Please provide temple contact person name",
  templePhone: "Please provide contact number",
  email: "Enter valid E-mail!",
  jobName: "Enter Name",
  jobEmail: "Enter E-mail",
  jobPhone: "Enter Mobile Number",
  newsletterEmail: "Enter vaild E-mail",
  contact: "Enter vaild Phone number or E-mail",
} as const;

/** Shown when an enquiry could not be stored. */
export function submissionFailedMessage(phone: string, email: string): string {
  return `Unable to submitted your details. please reach us at ${phone} or email at ${email}`;
}

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
function requiredText(message: string, max: number) {
  return requiredCharacters(message, max);
}

function emailField(message: string) {
  return z.string({ error: message }).trim().refine(isEmail, message).transform((v) => v.toLowerCase());
}

function phoneField(message: string) {
  return z.string({ error: message }).trim().refine(isPhone, message);
}

function optionalText(max: number, message: string) {
  return optionalCharacters(max, message);
}

export const templeSignupSchema = z.object({
  tname: requiredText(ENQUIRY_MESSAGES.templeName, 150),
  tlocation: requiredText(ENQUIRY_MESSAGES.templeLocation, 150),
  tcontact: requiredText(ENQUIRY_MESSAGES.templeContact, 100),
  tphone: phoneField(ENQUIRY_MESSAGES.templePhone),
  temail: emailField(ENQUIRY_MESSAGES.email).optional(),
  taddress: optionalText(500, "Keep the address under 500 characters"),
  tstate: optionalText(60, "Choose a state from the list"),
});
export type TempleSignup = z.infer<typeof templeSignupSchema>;

export const JOB_TYPES = [
  "Temple coordinator",
  "Devotee support",
  "Prasad logistics",
  "Software engineering",
  "Other",
] as const;

export const jobEnquirySchema = z.object({
  name: z.string({ error: ENQUIRY_MESSAGES.jobName }).trim().refine(isEnquiryName, ENQUIRY_MESSAGES.jobName),
  email: emailField(ENQUIRY_MESSAGES.jobEmail),
  phone: phoneField(ENQUIRY_MESSAGES.jobPhone),
  jobType: z.enum(JOB_TYPES, { error: "Choose a job from the list" }).optional(),
  comments: optionalText(1000, "Keep your message under 1,000 characters"),
});
export type JobEnquiry = z.infer<typeof jobEnquirySchema>;

export const newsletterSchema = z.object({
  intent: z.literal("newsletter"),
  email: emailField(ENQUIRY_MESSAGES.newsletterEmail),
});

export const contactRequestSchema = z.object({
  intent: z.literal("contact"),
  emailOrPhone: z
    .string({ error: ENQUIRY_MESSAGES.contact })
    .trim()
    .refine((v) => isEmail(v) || isPhone(v), ENQUIRY_MESSAGES.contact),
});
