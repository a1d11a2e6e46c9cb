/**
 * A temple's own data as its staff edit it: details, pujas, donation purposes, 80G,
 * events and news. One zod schema per form; messages say exactly what to enter.
 */
import { z } from "zod";
import { isValidDay } from "./bookings";
import { isEmail, isPhone } from "./enquiries";
import { rupeesToPaise } from "./text";
import { optionalCharacters, requiredCharacters } from "./text-fields";

export { rupeesToPaise };

export const TEMPLE_MESSAGES = {
  displayName: "Enter the temple's name as devotees know it (2 to 120 characters).",
  streetName: "Keep the street address under 200 characters.",
  description: "Keep the description under 3,000 characters.",
  metaDescription: "Keep the search summary to 160 characters or fewer.",
  phone: "Enter a phone number of at least 10 digits (digits, spaces and + only).",
  email: "Enter a valid e-mail, e.g. office@temple.org.",
  saved: "Temple details saved.",
  image: "Choose a JPEG, PNG or WebP image of up to 2 MB.",
  imageSaved: "Temple image updated.",
  rate: "Enter the rate in rupees, e.g. 150 or 150.00.",
  postalCharge: "Enter the postal charge in rupees (0 when the prasad is not posted).",
  bookingMode: "Choose whether devotees book directly or on request.",
  days: "Choose at least one day on which the puja is offered.",
  puja: "Choose a puja from the list.",
  pujaTaken: "This temple already offers that puja. Edit it in the list instead.",
  pujaSaved: "Puja saved.",
  purposeName: "Enter what the donation is for (2 to 80 characters).",
  presetAmounts: "Enter up to 6 amounts in rupees separated by commas, e.g. 101, 501, 1001.",
  purposeSaved: "Donation purpose saved.",
  registration80g: "Enter the 80G registration number as on the certificate (up to 60 characters).",
  pan: "Enter a valid PAN, e.g. ABCDE1234F.",
  taxSaved: "80G details saved.",
  header: "Enter a heading (3 to 150 characters).",
  body: "Enter the text (10 to 5,000 characters).",
  startDate: "Enter the first day it is shown.",
  endDate: "Enter the last day it is shown, on or after the first day.",
  kind: "Choose event or news.",
  messageSaved: "Published on the temple's site.",
  messageDeleted: "Removed from the temple's site.",
  notFound: "We could not find that item at this temple.",
} as const;

const M = TEMPLE_MESSAGES;

const optionalText = (max: number, message: string) => optionalCharacters(max, message).default("");

export const templeDetailsSchema = z.object({
  intent: z.literal("details"),
  displayName: requiredCharacters(M.displayName, 120, 2),
  streetName: optionalText(200, M.streetName),
  description: optionalText(3000, M.description),
  metaDescription: optionalText(160, M.metaDescription),
  phone: z.string().trim().optional().default("").refine((v) => v === "" || isPhone(v), M.phone),
  email: z.string().trim().toLowerCase().optional().default("").refine((v) => v === "" || isEmail(v), M.email),
});
export type TempleDetailsInput = z.infer<typeof templeDetailsSchema>;

const money = (message: string) =>
  z.string({ error: message }).trim().min(1, message).transform((value, ctx) => {
    const paise = rupeesToPaise(value);
    if (paise === null) {
      ctx.addIssue({ code: "custom", message });
      return z.NEVER;
    }
    return paise;
  });

export const WEEKDAY_CODES = ["0", "1", "2", "3", "4", "5", "6"] as const;

export const templePujaSchema = z.object({
  intent: z.literal("puja"),
  /** Empty for a new puja (then pujaId names it). */
  templePujaId: z.coerce.number().int().positive().optional(),
  pujaId: z.coerce.number({ error: M.puja }).int().positive(M.puja).optional(),
  rate: money(M.rate),
  postalCharge: money(M.postalCharge),
  bookingMode: z.enum(["direct", "request"], { error: M.bookingMode }),
  days: z.array(z.enum(WEEKDAY_CODES), { error: M.days }).min(1, M.days),
  active: z.literal("on").optional(),
});
export type TemplePujaInput = z.infer<typeof templePujaSchema>;

export const donationPurposeSchema = z.object({
  intent: z.literal("purpose"),
  purposeId: z.coerce.number().int().positive().optional(),
  name: requiredCharacters(M.purposeName, 80, 2),
  presetAmounts: z
    .string()
    .trim()
    .optional()
    .default("")
    .transform((value, ctx) => {
      const parts = value.split(",").map((p) => p.trim()).filter(Boolean);
      const amounts = parts.map((p) => rupeesToPaise(p));
      if (parts.length > 6 || amounts.some((a) => a === null || a <= 0)) {
        ctx.addIssue({ code: "custom", message: M.presetAmounts });
        return z.NEVER;
      }
      return amounts.join(",");
    }),
  active: z.literal("on").optional(),
});
export type DonationPurposeInput = z.infer<typeof donationPurposeSchema>;

export const taxDetailsSchema = z.object({
  intent: z.literal("tax"),
  registration80g: optionalText(60, M.registration80g),
  pan: z.string().trim().toUpperCase().optional().default("").refine((v) => v === "" || /^[A-Z]{5}[0-9]{4}[A-Z]$/.test(v), M.pan),
});
export type TaxDetailsInput = z.infer<typeof taxDetailsSchema>;

const day = (message: string) => z.string({ error: message }).trim().refine(isValidDay, message);

export const templeMessageSchema = z
  .object({
    intent: z.literal("message"),
    kind: z.enum(["event", "news"], { error: M.kind }),
    header: requiredCharacters(M.header, 150, 3),
    body: requiredCharacters(M.body, 5000, 10),
    startDate: day(M.startDate),
    endDate: day(M.endDate),
  })
  .refine((v) => v.endDate >= v.startDate, { path: ["endDate"], message: M.endDate });
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
