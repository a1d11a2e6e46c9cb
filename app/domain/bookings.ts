/**
 * Booking inputs: one zod schema per form, shared by the Conform forms (client and
 * server) and the legacy `/api/request/addtolist`. No server imports here.
 */
import { z } from "zod";
import { addDays, isValidDay } from "./bookings-dates";
import { isPersonName, isShorterThan, rupeesToPaise } from "./text";
import { optionalCharacters } from "./text-fields";
import { todayInIndia } from "~/lib/india-time";

export * from "./bookings-dates";

export const BOOKING_MESSAGES = {
  added: "puja added booking list",
  failed: (host: string) => `failed to add item to booking list. please contact support@${host}`,
  devoteeName: "Enter valid name!",
  star: "Choose the devotee's star",
  date: "Choose a puja date after today",
  dateTooFar: "Pujas can be booked up to one year ahead",
  dateTaken: "This date is already chosen",
  quantity: "Quantity must be between 1 and 20",
  puja: "Choose a puja",
  postalUnavailable: "Prasad by post is not available for this puja",
  address: "Choose where the prasad should be sent",
  addressName: "Enter the name of the person receiving the prasad",
  addressLine: "Enter the house name or street",
  addressCity: "Enter the city or town",
  addressState: "Enter the state",
  pinCode: "Enter a 6-digit pin code",
  phone: "Enter a 10-digit mobile number",
  donationPurpose: "Choose what the donation is for",
  amount: "Enter an amount between ₹1 and ₹10,00,000 (paise allowed, e.g. 1001.50)",
  pan: "Enter a valid PAN, e.g. ABCDE1234F",
  notOffered: (date: string, weekday: string) => `The temple does not offer this puja on ${weekday}s (${date})`,
  donationAdded: "Donation added to your cart",
  requestAdded: "The temple will confirm your request; you can pay once it is accepted.",
} as const;

const M = BOOKING_MESSAGES;

export const MAX_DEVOTEES = 10;
export const MAX_DATES = 10;
export const MAX_QUANTITY = 20;
export const BOOKING_HORIZON_DAYS = 365;
/** Dates a person may choose: after today (India time), up to a year ahead. */
export const futureDate = z
  .string({ error: M.date })
  .trim()
  .refine(isValidDay, M.date)
  .refine((day) => day > todayInIndia(), M.date)
  .refine((day) => day <= addDays(todayInIndia(), BOOKING_HORIZON_DAYS), M.dateTooFar);

/** The same name rule as accounts (any script, initials with dots), up to 60 characters. */
export const devoteeName = z
  .string({ error: M.devoteeName })
  .trim()
  .refine((value) => isPersonName(value, 60), M.devoteeName);

const starId = z.coerce.number({ error: M.star }).int().min(1, M.star).max(27, M.star);
const id = (message: string) => z.coerce.number({ error: message }).int(message).positive(message).max(2_147_483_647, message);
const optionalText = (max: number) => optionalCharacters(max);

/** The prasad address: a saved address id, "profile" (copy the profile's address) or "new". */
export const addressChoice = z.union([z.literal("profile"), z.literal("new"), z.coerce.number().int().positive()]);
export type AddressChoice = z.infer<typeof addressChoice>;

export const newAddressFields = {
  addressName: optionalText(60),
  addressLine1: optionalText(120),
  addressLine2: optionalText(120),
  addressCity: optionalText(60),
  addressDistrict: optionalText(60),
  addressState: optionalText(60),
  addressPostalCode: z.string().trim().max(6).optional(),
  addressPhone: z.string().trim().max(15).optional(),
};

type AddressInput = { postal?: boolean; addressId?: AddressChoice } & {
  [K in keyof typeof newAddressFields]?: string;
};

/** A new address is checked only when postal prasad goes to a new address. */
function checkAddress(value: AddressInput, ctx: z.RefinementCtx) {
  if (!value.postal) return;
  if (value.addressId === undefined) return ctx.addIssue({ code: "custom", path: ["addressId"], message: M.address });
  if (value.addressId !== "new") return;
  const need = (field: keyof AddressInput, ok: boolean, message: string) => {
    if (!ok) ctx.addIssue({ code: "custom", path: [field], message });
  };
  need("addressName", !isShorterThan(value.addressName ?? "", 2), M.addressName);
  need("addressLine1", !isShorterThan(value.addressLine1 ?? "", 3), M.addressLine);
  need("addressCity", !isShorterThan(value.addressCity ?? "", 2), M.addressCity);
  need("addressState", !isShorterThan(value.addressState ?? "", 2), M.addressState);
  need("addressPostalCode", /^[1-9]\d{5}$/.test(value.addressPostalCode ?? ""), M.pinCode);
  if (value.addressPhone) need("addressPhone", /^(\+91\s?)?[6-9]\d{9}$/.test(value.addressPhone.replace(/ /g, "")), M.phone);
}

function uniqueDates(dates: string[], ctx: z.RefinementCtx) {
  dates.forEach((day, index) => {
    if (dates.indexOf(day) !== index) ctx.addIssue({ code: "custom", path: ["dates", index], message: M.dateTaken });
  });
}

export const devoteeSchema = z.object({ name: devoteeName, starId });

/** The temple site's puja form: several devotees, one or more dates, optional postal prasad. */
export const pujaBookingSchema = z
  .object({
    templePujaId: id(M.puja),
    devotees: z.array(devoteeSchema).min(1, M.devoteeName).max(MAX_DEVOTEES),
    dates: z.array(futureDate).min(1, M.date).max(MAX_DATES),
    quantity: z.coerce.number({ error: M.quantity }).int(M.quantity).min(1, M.quantity).max(MAX_QUANTITY, M.quantity).default(1),
    postal: z.boolean().optional(),
    addressId: addressChoice.optional(),
    ...newAddressFields,
  })
  .superRefine((value, ctx) => {
    uniqueDates(value.dates, ctx);
    checkAddress(value, ctx);
  });

export type PujaBookingInput = z.infer<typeof pujaBookingSchema>;

/** A donation: a purpose, an amount in rupees, in whose name, optional star and PAN (80G). */
export const donationSchema = z.object({
  donationPurposeId: id(M.donationPurpose),
  /** Rupees with paise allowed ("250000.50"); the value is in paise. */
  amount: z
    .union([z.string(), z.number()], { error: M.amount })
    .transform((value) => rupeesToPaise(String(value)))
    .refine((paise): paise is number => paise !== null && paise >= 100 && paise <= 100_000_000, M.amount),
  devoteeName,
  starId: starId.optional(),
  pan: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{5}\d{4}[A-Z]$/, M.pan)
    .optional(),
});

export type DonationInput = z.infer<typeof donationSchema>;

/** The packages site: every puja of a package for one devotee, from a chosen date. */
export const packageBookingSchema = z
  .object({
    packageId: id(M.puja),
    devoteeName,
    starId,
    date: futureDate,
    postal: z.boolean().optional(),
    addressId: addressChoice.optional(),
    ...newAddressFields,
  })
  .superRefine(checkAddress);

export type PackageBookingInput = z.infer<typeof packageBookingSchema>;

/** The new address typed into a booking form, when one was. */
export function typedAddress(value: AddressInput) {
  return {
    name: value.addressName ?? "",
    line1: value.addressLine1 ?? "",
    line2: value.addressLine2 ?? "",
    city: value.addressCity ?? "",
    district: value.addressDistrict ?? "",
    state: value.addressState ?? "",
    postalCode: value.addressPostalCode ?? "",
    phone: (value.addressPhone ?? "").replace(/^\+91\s?/, "").replace(/ /g, ""),
  };
}

export type NewAddress = ReturnType<typeof typedAddress>;

/** One line for a select or a receipt: "Name, line1, city 680101". */
export function addressLabel(address: { name: string; line1: string; city: string; postalCode: string }): string {
  return [address.name, address.line1, `${address.city} ${address.postalCode}`.trim()].filter(Boolean).join(", ");
}
