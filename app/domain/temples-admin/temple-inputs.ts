/**
 * A temple's own data as its staff edit it: details, pujas, donation purposes, 80G,
 * events and news. One zod schema per form; messages say exactly what to enter.
 */
import { z } from "zod";
import { addDays } from "~/domain/bookings/dates";
import { isEmail, isPhone } from "~/domain/enquiries/inputs";
import { longDate, rupeesToPaise } from "~/domain/text";
import { dayBetween, optionalCharacters, requiredCharacters } from "~/domain/text-fields";
import { todayInIndia } from "~/lib/india-time";
import { m } from "~/paraglide/messages";

export { rupeesToPaise };

/** What these forms say, in the request's (or page's) language: read when shown, never at import. */
export const TEMPLE_MESSAGES = {
  get displayName() {
    return m.desk_temple_msg_display_name();
  },
  get streetName() {
    return m.desk_temple_msg_street_name();
  },
  get description() {
    return m.desk_temple_msg_description();
  },
  get metaDescription() {
    return m.desk_temple_msg_meta_description();
  },
  get phone() {
    return m.desk_temple_msg_phone();
  },
  get email() {
    return m.desk_temple_msg_email();
  },
  get saved() {
    return m.desk_temple_msg_saved();
  },
  get image() {
    return m.desk_temple_msg_image();
  },
  get imageSaved() {
    return m.desk_temple_msg_image_saved();
  },
  get rate() {
    return m.desk_temple_msg_rate();
  },
  get postalCharge() {
    return m.desk_temple_msg_postal_charge();
  },
  get bookingMode() {
    return m.desk_temple_msg_booking_mode();
  },
  get days() {
    return m.desk_temple_msg_days();
  },
  get puja() {
    return m.desk_temple_msg_puja();
  },
  get pujaTaken() {
    return m.desk_temple_msg_puja_taken();
  },
  get pujaSaved() {
    return m.desk_temple_msg_puja_saved();
  },
  get purposeName() {
    return m.desk_temple_msg_purpose_name();
  },
  get presetAmounts() {
    return m.desk_temple_msg_preset_amounts();
  },
  get purposeSaved() {
    return m.desk_temple_msg_purpose_saved();
  },
  get registration80g() {
    return m.desk_temple_msg_registration_80g();
  },
  get pan() {
    return m.desk_temple_msg_pan();
  },
  get taxSaved() {
    return m.desk_temple_msg_tax_saved();
  },
  get header() {
    return m.desk_temple_msg_header();
  },
  get body() {
    return m.desk_temple_msg_body();
  },
  get startDate() {
    return m.desk_temple_msg_start_date();
  },
  get endDate() {
    return m.desk_temple_msg_end_date();
  },
  dateRange: (bounds: { from: string; to: string }) => m.desk_temple_msg_date_range(bounds),
  get kind() {
    return m.desk_temple_msg_kind();
  },
  get messageSaved() {
    return m.desk_temple_msg_message_saved();
  },
  get messageDeleted() {
    return m.desk_temple_msg_message_deleted();
  },
  get notFound() {
    return m.desk_temple_msg_not_found();
  },
};

const M = TEMPLE_MESSAGES;
type Message = () => string;
/** A zod message read when the check fails, so it speaks the language of that moment. */
const lazy =
  (key: Exclude<keyof typeof TEMPLE_MESSAGES, "dateRange">): Message =>
  () =>
    M[key];

export const templeDetailsSchema = z.object({
  intent: z.literal("details"),
  displayName: requiredCharacters(lazy("displayName"), 120, 2),
  streetName: optionalCharacters(200, lazy("streetName")).default(""),
  description: optionalCharacters(3000, lazy("description")).default(""),
  metaDescription: optionalCharacters(160, lazy("metaDescription")).default(""),
  phone: z
    .string()
    .trim()
    .optional()
    .default("")
    .refine((v) => v === "" || isPhone(v), { error: lazy("phone") }),
  email: z
    .string()
    .trim()
    .toLowerCase()
    .optional()
    .default("")
    .refine((v) => v === "" || isEmail(v), { error: lazy("email") }),
});
export type TempleDetailsInput = z.infer<typeof templeDetailsSchema>;

const money = (message: Message) =>
  z
    .string({ error: message })
    .trim()
    .min(1, { error: message })
    .transform((value, ctx) => {
      const paise = rupeesToPaise(value);
      if (paise === null) {
        ctx.addIssue({ code: "custom", message: message() });
        return z.NEVER;
      }
      return paise;
    });

export const WEEKDAY_CODES = ["0", "1", "2", "3", "4", "5", "6"] as const;

export const templePujaSchema = z.object({
  intent: z.literal("puja"),
  /** Empty for a new puja (then pujaId names it). */
  templePujaId: z.coerce.number().int().positive().optional(),
  pujaId: z.coerce
    .number({ error: lazy("puja") })
    .int()
    .positive({ error: lazy("puja") })
    .optional(),
  rate: money(lazy("rate")),
  postalCharge: money(lazy("postalCharge")),
  bookingMode: z.enum(["direct", "request"], { error: lazy("bookingMode") }),
  days: z.array(z.enum(WEEKDAY_CODES), { error: lazy("days") }).min(1, { error: lazy("days") }),
  active: z.literal("on").optional(),
});
export type TemplePujaInput = z.infer<typeof templePujaSchema>;

export const donationPurposeSchema = z.object({
  intent: z.literal("purpose"),
  purposeId: z.coerce.number().int().positive().optional(),
  name: requiredCharacters(lazy("purposeName"), 80, 2),
  presetAmounts: z
    .string()
    .trim()
    .optional()
    .default("")
    .transform((value, ctx) => {
      const parts = value
        .split(",")
        .map((p) => p.trim())
        .filter(Boolean);
      const amounts = parts.map((p) => rupeesToPaise(p));
      if (parts.length > 6 || amounts.some((a) => a === null || a <= 0)) {
        ctx.addIssue({ code: "custom", message: M.presetAmounts });
        return z.NEVER;
      }
      return amounts.join(",");
    }),
  /** What the purpose is for, shown on the temple's "Donations received" page. */
  description: optionalCharacters(300).default(""),
  /** Renovation or repair of the temple (what an 80G(2)(b) registration covers). */
  renovation: z.literal("on").optional(),
  active: z.literal("on").optional(),
});
export type DonationPurposeInput = z.infer<typeof donationPurposeSchema>;

export const taxDetailsSchema = z.object({
  intent: z.literal("tax"),
  registration80g: optionalCharacters(60, lazy("registration80g")).default(""),
  pan: z
    .string()
    .trim()
    .toUpperCase()
    .optional()
    .default("")
    .refine((v) => v === "" || /^[A-Z]{5}[0-9]{4}[A-Z]$/.test(v), { error: lazy("pan") }),
});
export type TaxDetailsInput = z.infer<typeof taxDetailsSchema>;

/**
 * The days an event, a news item or the console's announcement may be shown on: from a year
 * back (news of a recent festival) to five years ahead (a festival announced early).
 */
export const SHOWN_DAYS_BACK = 365;
export const SHOWN_DAYS_AHEAD = 5 * 365;
export function shownDay(message: Message, outOfBounds: (bounds: { from: string; to: string }) => string) {
  const first = () => addDays(todayInIndia(), -SHOWN_DAYS_BACK);
  const last = () => addDays(todayInIndia(), SHOWN_DAYS_AHEAD);
  return dayBetween(message, first, last, () => outOfBounds({ from: longDate(first()), to: longDate(last()) }));
}

export const templeMessageSchema = z
  .object({
    intent: z.literal("message"),
    kind: z.enum(["event", "news"], { error: lazy("kind") }),
    header: requiredCharacters(lazy("header"), 150, 3),
    body: requiredCharacters(lazy("body"), 5000, 10),
    startDate: shownDay(lazy("startDate"), M.dateRange),
    endDate: shownDay(lazy("endDate"), M.dateRange),
  })
  .refine((v) => v.endDate >= v.startDate, { path: ["endDate"], error: lazy("endDate") });
export type TempleMessageInput = z.infer<typeof templeMessageSchema>;

export const IMAGE_TYPES = { "image/jpeg": "jpg", "image/png": "png", "image/webp": "webp" } as const;
export const IMAGE_LIMIT = 2 * 1024 * 1024;

/** "1,0,2" style stored preset amounts (paise) back to rupees for the form. */
export function presetRupees(stored: string): string {
  return stored
    .split(",")
    .filter(Boolean)
    .map((p) => String(Number(p) / 100))
    .join(", ");
}
