/** Operator console inputs and the lists it exports (no server imports here; the CSV writer is ~/lib/csv). */
import { z } from "zod";
import { m } from "~/paraglide/messages";
import { type EnquiryKind, isEmail } from "~/domain/enquiries/inputs";
import { optionalCharacters, requiredCharacters, wholeNumber } from "~/domain/text-fields";
import { shownDay } from "./temple-inputs";

/** The console's messages, in the request's (or page's) language: read when shown, never at import. */
export const OPERATOR_MESSAGES = {
  get templeUpdated() {
    return m.operator_temple_updated();
  },
  get staffEmail() {
    return m.operator_staff_email();
  },
  get staffUnknown() {
    return m.operator_staff_unknown();
  },
  get staffOperator() {
    return m.operator_staff_operator();
  },
  staffAdded: (email: string) => m.operator_staff_added({ email }),
  staffRemoved: (email: string) => m.operator_staff_removed({ email }),
  get deityName() {
    return m.operator_deity_name();
  },
  get deityImage() {
    return m.operator_deity_image();
  },
  get deityTaken() {
    return m.operator_deity_taken();
  },
  get pujaName() {
    return m.operator_puja_name();
  },
  get pujaTaken() {
    return m.operator_puja_taken();
  },
  get packageDesc() {
    return m.operator_package_desc();
  },
  get saved() {
    return m.operator_saved();
  },
  get header() {
    return m.operator_header();
  },
  get body() {
    return m.operator_body();
  },
  get footerUrl() {
    return m.operator_footer_url();
  },
  get displayOrder() {
    return m.operator_display_order();
  },
  get startDate() {
    return m.operator_start_date();
  },
  get endDate() {
    return m.operator_end_date();
  },
  dateRange: (bounds: { from: string; to: string }) => m.operator_date_range(bounds),
  get announcementSaved() {
    return m.operator_announcement_saved();
  },
  get announcementDeleted() {
    return m.operator_announcement_deleted();
  },
};

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
  email: z
    .string({ error: () => M.staffEmail })
    .trim()
    .toLowerCase()
    .refine(isEmail, { error: () => M.staffEmail }),
});

export const removeStaffSchema = z.object({
  intent: z.literal("unassign"),
  templeId: z.coerce.number().int().positive(),
  customerId: z.coerce.number().int().positive(),
});

export const deitySchema = z.object({
  intent: z.literal("deity"),
  name: requiredCharacters(() => M.deityName, 60, 2),
  imagePath: z
    .string({ error: () => M.deityImage })
    .trim()
    .regex(/^\/images\/[a-z0-9/_-]+\.(svg|webp|png|jpg)$/, { error: () => M.deityImage }),
});

export const masterPujaSchema = z.object({
  intent: z.literal("puja"),
  name: requiredCharacters(() => M.pujaName, 80, 2),
  description: optionalCharacters(500).default(""),
});

export const packageSchema = z.object({
  intent: z.literal("package"),
  packageId: z.coerce.number().int().positive(),
  homePageShortDesc: requiredCharacters(() => M.packageDesc, 200, 5),
  active: z.literal("on").optional(),
});

export const announcementSchema = z
  .object({
    intent: z.literal("announcement"),
    header: requiredCharacters(() => M.header, 150, 3),
    body: requiredCharacters(() => M.body, 5000, 10),
    footerUrl: z
      .string()
      .trim()
      .optional()
      .default("")
      .refine((v) => v === "" || /^(https:\/\/[^\s]+|\/[^\s]*)$/.test(v), { error: () => M.footerUrl }),
    displayOrder: wholeNumber(() => M.displayOrder, 1, 999),
    startDate: shownDay(() => M.startDate, M.dateRange),
    endDate: shownDay(() => M.endDate, M.dateRange),
  })
  .refine((v) => v.endDate >= v.startDate, { path: ["endDate"], error: () => M.endDate });
export type AnnouncementInput = z.infer<typeof announcementSchema>;

/**
 * The lists the console exports: their title and the column headings on the page (in the
 * page's language, read when shown) and the CSV's header row (`columns`, English: a data
 * format that spreadsheets and scripts read, the same in every language).
 */
export const ENQUIRY_KINDS = {
  registrations: {
    get title() {
      return m.operator_registrations();
    },
    get headings() {
      return [
        m.operator_col_received(),
        m.operator_col_temple(),
        m.operator_col_location(),
        m.operator_col_contact_person(),
        m.operator_col_phone(),
        m.operator_col_email(),
        m.operator_col_address(),
        m.operator_col_state(),
      ];
    },
    columns: ["Received", "Temple", "Location", "Contact person", "Phone", "E-mail", "Address", "State"],
  },
  jobs: {
    get title() {
      return m.operator_jobs();
    },
    get headings() {
      return [
        m.operator_col_received(),
        m.operator_col_name(),
        m.operator_col_email(),
        m.operator_col_phone(),
        m.operator_col_job_type(),
        m.operator_col_comments(),
      ];
    },
    columns: ["Received", "Name", "E-mail", "Phone", "Job type", "Comments"],
  },
  contacts: {
    get title() {
      return m.operator_contacts();
    },
    get headings() {
      return [m.operator_col_received(), m.operator_col_email_or_phone(), m.operator_col_subject(), m.operator_col_type()];
    },
    columns: ["Received", "E-mail or phone", "Subject", "Type"],
  },
  newsletter: {
    get title() {
      return m.operator_newsletter_subscribers();
    },
    get headings() {
      return [m.operator_col_subscribed(), m.operator_col_email()];
    },
    columns: ["Subscribed", "E-mail"],
  },
} as const satisfies Record<
  EnquiryKind,
  { readonly title: string; readonly headings: readonly string[]; readonly columns: readonly string[] }
>;

export function isEnquiryKind(value: string | undefined): value is EnquiryKind {
  return value !== undefined && Object.hasOwn(ENQUIRY_KINDS, value);
}
