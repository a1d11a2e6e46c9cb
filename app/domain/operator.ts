/** Operator console inputs and the CSV export (no server imports here). */
import { z } from "zod";
import { isValidDay } from "./bookings";
import { isEmail } from "./enquiries";
import { optionalCharacters, requiredCharacters } from "./text-fields";

export const OPERATOR_MESSAGES = {
  templeUpdated: "Temple settings saved.",
  staffEmail: "Enter the e-mail the staff member signs in with.",
  staffUnknown: "No account uses that e-mail. Ask them to sign up first, then add them here.",
  staffOperator: "That account is a portal operator and can already open every temple.",
  staffAdded: (email: string) => `${email} can now use this temple's desk.`,
  staffRemoved: (email: string) => `${email} no longer works for this temple.`,
  deityName: "Enter the deity's name (2 to 60 characters).",
  deityImage: "Enter the image path under /images/, e.g. /images/deities/ganesha.svg.",
  deityTaken: "A deity with this name already exists.",
  pujaName: "Enter the puja's name (2 to 80 characters).",
  pujaTaken: "A puja with this name already exists.",
  packageDesc: "Enter a short description for the home page (5 to 200 characters).",
  saved: "Saved.",
  header: "Enter a heading (3 to 150 characters).",
  body: "Enter the text (10 to 5,000 characters).",
  footerUrl: "Enter a full link starting with https:// or a path starting with /.",
  displayOrder: "Enter a display order from 1 to 999 (999 shows it as the pop-up).",
  startDate: "Enter the first day it is shown.",
  endDate: "Enter the last day it is shown, on or after the first day.",
  announcementSaved: "Announcement published.",
  announcementDeleted: "Announcement removed.",
} as const;

const M = OPERATOR_MESSAGES;

export const templeSettingsSchema = z.object({
  intent: z.literal("settings"),
  templeId: z.coerce.number().int().positive(),
  onlineBooking: z.literal("on").optional(),
  isAssisted: z.literal("on").optional(),
});

export const assignStaffSchema = z.object({
  intent: z.literal("assign"),
  templeId: z.coerce.number().int().positive(),
  email: z.string({ error: M.staffEmail }).trim().toLowerCase().refine(isEmail, M.staffEmail),
});

export const removeStaffSchema = z.object({
  intent: z.literal("unassign"),
  templeId: z.coerce.number().int().positive(),
  customerId: z.coerce.number().int().positive(),
});

export const deitySchema = z.object({
  intent: z.literal("deity"),
  name: requiredCharacters(M.deityName, 60, 2),
  imagePath: z.string({ error: M.deityImage }).trim().regex(/^\/images\/[a-z0-9/_-]+\.(svg|webp|png|jpg)$/, M.deityImage),
});

export const masterPujaSchema = z.object({
  intent: z.literal("puja"),
  name: requiredCharacters(M.pujaName, 80, 2),
  description: optionalCharacters(500).default(""),
});

export const packageSchema = z.object({
  intent: z.literal("package"),
  packageId: z.coerce.number().int().positive(),
  homePageShortDesc: requiredCharacters(M.packageDesc, 200, 5),
  active: z.literal("on").optional(),
});

const day = (message: string) => z.string({ error: message }).trim().refine(isValidDay, message);

export const announcementSchema = z
  .object({
    intent: z.literal("announcement"),
    header: requiredCharacters(M.header, 150, 3),
    body: requiredCharacters(M.body, 5000, 10),
    footerUrl: z.string().trim().optional().default("").refine((v) => v === "" || /^(https:\/\/[^\s]+|\/[^\s]*)$/.test(v), M.footerUrl),
    displayOrder: z.string({ error: M.displayOrder }).trim().regex(/^\d{1,3}$/, M.displayOrder).transform(Number).refine((n) => n >= 1 && n <= 999, M.displayOrder),
    startDate: day(M.startDate),
    endDate: day(M.endDate),
  })
  .refine((v) => v.endDate >= v.startDate, { path: ["endDate"], message: M.endDate });
export type AnnouncementInput = z.infer<typeof announcementSchema>;

/** The lists the console exports, with their column headings. */
export const ENQUIRY_KINDS = {
  registrations: { title: "Temple registrations", columns: ["Received", "Temple", "Location", "Contact person", "Phone", "E-mail", "Address", "State"] },
  jobs: { title: "Job enquiries", columns: ["Received", "Name", "E-mail", "Phone", "Job type", "Comments"] },
  contacts: { title: "Contact requests", columns: ["Received", "E-mail or phone", "Subject", "Type"] },
  newsletter: { title: "Newsletter subscribers", columns: ["Subscribed", "E-mail"] },
} as const;
export type EnquiryKind = keyof typeof ENQUIRY_KINDS;

export function isEnquiryKind(value: string | undefined): value is EnquiryKind {
  return value !== undefined && Object.hasOwn(ENQUIRY_KINDS, value);
}

/** One CSV cell: quoted, and defused so spreadsheets never run it as a formula. */
export function csvCell(value: string | number | null | undefined): string {
  let text = value === null || value === undefined ? "" : String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return `"${text.replace(/"/g, '""')}"`;
}

/** RFC 4180 CSV with CRLF line ends and a header row. */
export function toCsv(columns: readonly string[], rows: readonly (readonly (string | number | null)[])[]): string {
  return [columns, ...rows].map((row) => row.map(csvCell).join(",")).join("\r\n") + "\r\n";
}
