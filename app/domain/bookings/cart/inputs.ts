/**
 * Booking inputs: one zod schema per form, shared by the Conform forms (client and
 * server) and the legacy `/api/request/addtolist`. No server imports here.
 */
import { z } from "zod";
import { addDays, isValidDay, onWeekdays } from "../dates";
import { isPersonName, isShorterThan, rupeesToPaise } from "../../text";
import { optionalCharacters } from "../../text-fields";
import { todayInIndia } from "~/lib/india-time";
import { plural } from "~/lib/i18n";
import { m } from "~/paraglide/messages";
import { gotraField } from "~/domain/accounts/family";

export * from "../dates";

/** What the booking forms say, in the request's (or page's) language: read when needed, never at import. */
export const BOOKING_MESSAGES = {
  get added() {
    return m.bookings_added();
  },
  /** Spec §8: "… please contact support@{host}", the host of the site's support address. */
  failed: (supportEmail: string) => m.bookings_failed({ host: supportEmail.split("@")[1] ?? supportEmail }),
  get devoteeName() {
    return m.bookings_enter_valid_name();
  },
  get star() {
    return m.bookings_choose_devotee_star();
  },
  get date() {
    return m.bookings_choose_date();
  },
  get dateTooFar() {
    return m.bookings_date_too_far();
  },
  get dateTaken() {
    return m.bookings_date_taken();
  },
  get quantity() {
    return m.bookings_quantity_range();
  },
  get puja() {
    return m.bookings_choose_puja();
  },
  get postalUnavailable() {
    return m.bookings_postal_unavailable();
  },
  get address() {
    return m.bookings_choose_address();
  },
  get addressName() {
    return m.bookings_enter_address_name();
  },
  get addressLine() {
    return m.bookings_enter_address_line();
  },
  get addressCity() {
    return m.bookings_enter_address_city();
  },
  get addressState() {
    return m.bookings_enter_address_state();
  },
  get pinCode() {
    return m.bookings_enter_pin_code();
  },
  get phone() {
    return m.bookings_enter_phone();
  },
  get donationPurpose() {
    return m.bookings_choose_donation_purpose();
  },
  get amount() {
    return m.bookings_enter_amount();
  },
  get pan() {
    return m.bookings_enter_pan();
  },
  get addressDistrict() {
    return m.bookings_enter_address_district();
  },
  get donorAddress() {
    return m.bookings_choose_donor_address();
  },
  /** `weekday` is the English name (WEEKDAYS); the message names it in the request's language. */
  notOffered: (date: string, weekday: string) => m.bookings_not_offered({ date, onWeekdays: onWeekdays(weekday) }),
  dayFull: (date: string) => m.bookings_day_full({ date }),
  dayTooFew: (date: string, count: number) => plural(count, m.bookings_day_too_few_one, m.bookings_day_too_few_other)({ date, count }),
  devoteeLimit: (max: number) => m.bookings_devotee_limit({ max }),
  get donationAdded() {
    return m.bookings_donation_added();
  },
  get requestAdded() {
    return m.bookings_request_added();
  },
};

/** A zod message read when the check fails, so it speaks the language of that moment. */
const lazy = (key: Exclude<keyof typeof BOOKING_MESSAGES, "failed" | "notOffered" | "dayFull" | "dayTooFew" | "devoteeLimit">) => ({
  error: () => BOOKING_MESSAGES[key],
});

const M = BOOKING_MESSAGES;

export const MAX_DEVOTEES = 10;
export const MAX_DATES = 10;
export const MAX_QUANTITY = 20;
export const BOOKING_HORIZON_DAYS = 365;
/** Dates a person may choose: after today (India time), up to a year ahead. */
export const futureDate = z
  .string(lazy("date"))
  .trim()
  .refine(isValidDay, lazy("date"))
  .refine((day) => day > todayInIndia(), lazy("date"))
  .refine((day) => day <= addDays(todayInIndia(), BOOKING_HORIZON_DAYS), lazy("dateTooFar"));

/** The same name rule as accounts (any script, initials with dots), up to 60 characters. */
export const devoteeName = z
  .string(lazy("devoteeName"))
  .trim()
  .refine((value) => isPersonName(value, 60), lazy("devoteeName"));

const starId = z.coerce.number(lazy("star")).int().min(1, lazy("star")).max(27, lazy("star"));
const id = (key: Parameters<typeof lazy>[0]) => z.coerce.number(lazy(key)).int(lazy(key)).positive(lazy(key)).max(2_147_483_647, lazy(key));
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

/** A devotee of the puja form: name, star and gotra (optional, any script, GOTRA_MAX characters). */
export const devoteeSchema = z.object({ name: devoteeName, starId, gotra: gotraField });

/** The temple site's puja form: several devotees, one or more dates, optional postal prasad. */
export const pujaBookingSchema = z
  .object({
    templePujaId: id("puja"),
    devotees: z.array(devoteeSchema).min(1, lazy("devoteeName")).max(MAX_DEVOTEES),
    dates: z.array(futureDate).min(1, lazy("date")).max(MAX_DATES),
    quantity: z.coerce
      .number(lazy("quantity"))
      .int(lazy("quantity"))
      .min(1, lazy("quantity"))
      .max(MAX_QUANTITY, lazy("quantity"))
      .default(1),
    postal: z.boolean().optional(),
    addressId: addressChoice.optional(),
    ...newAddressFields,
  })
  .superRefine((value, ctx) => {
    uniqueDates(value.dates, ctx);
    checkAddress(value, ctx);
  });

export type PujaBookingInput = z.infer<typeof pujaBookingSchema>;

/** The donor's postal address for an 80G receipt: a saved address, the profile's, or typed ("new"). */
export const donorAddressFields = {
  eightyG: z.boolean().optional(),
  addressId: addressChoice.optional(),
  addressLine1: newAddressFields.addressLine1,
  addressCity: newAddressFields.addressCity,
  addressDistrict: newAddressFields.addressDistrict,
  addressState: newAddressFields.addressState,
  addressPostalCode: newAddressFields.addressPostalCode,
};

type DonorAddressInput = { eightyG?: boolean; pan?: string; addressId?: AddressChoice } & {
  [K in "addressLine1" | "addressCity" | "addressDistrict" | "addressState" | "addressPostalCode"]?: string;
};

/** An 80G receipt is asked for by ticking it or by giving a PAN: Form 10BE then needs the donor's address. */
export function asks80g(value: { eightyG?: boolean; pan?: string }): boolean {
  return Boolean(value.eightyG || value.pan);
}

/** A typed donor address is checked only when an 80G receipt is asked and no saved address is chosen. */
function checkDonorAddress(value: DonorAddressInput, ctx: z.RefinementCtx) {
  if (!asks80g(value) || typeof value.addressId === "number" || value.addressId === "profile") return;
  const need = (field: keyof DonorAddressInput, ok: boolean, message: string) => {
    if (!ok) ctx.addIssue({ code: "custom", path: [field], message });
  };
  need("addressLine1", !isShorterThan(value.addressLine1 ?? "", 3), M.addressLine);
  need("addressCity", !isShorterThan(value.addressCity ?? "", 2), M.addressCity);
  need("addressDistrict", !isShorterThan(value.addressDistrict ?? "", 2), M.addressDistrict);
  need("addressState", !isShorterThan(value.addressState ?? "", 2), M.addressState);
  need("addressPostalCode", /^[1-9]\d{5}$/.test(value.addressPostalCode ?? ""), M.pinCode);
}

/** A donation: a purpose, an amount in rupees, in whose name, optional star; for an 80G receipt a PAN and the donor's address. */
export const donationSchema = z
  .object({
    donationPurposeId: id("donationPurpose"),
    /** Rupees with paise allowed ("250000.50"); the value is in paise. */
    amount: z
      .union([z.string(), z.number()], lazy("amount"))
      .transform((value) => rupeesToPaise(String(value)))
      .refine((paise): paise is number => paise !== null && paise >= 100 && paise <= 100_000_000, lazy("amount")),
    devoteeName,
    starId: starId.optional(),
    pan: z
      .string()
      .trim()
      .toUpperCase()
      .regex(/^[A-Z]{5}\d{4}[A-Z]$/, lazy("pan"))
      .optional(),
    ...donorAddressFields,
  })
  .superRefine(checkDonorAddress);

export type DonationInput = z.infer<typeof donationSchema>;

/** The packages site: every puja of a package for one devotee, from a chosen date. */
export const packageBookingSchema = z
  .object({
    packageId: id("puja"),
    devoteeName,
    starId,
    gotra: gotraField,
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

/** A postal address on one line, without the person's name: "12 East Nada, Guruvayur, Thrissur, Kerala 680101". */
export function postalAddressLine(address: {
  line1: string;
  line2?: string;
  city: string;
  district?: string;
  state: string;
  postalCode: string;
}) {
  return [address.line1, address.line2, address.city, address.district, `${address.state} ${address.postalCode}`.trim()]
    .filter(Boolean)
    .join(", ");
}

/** One line for a select or a receipt: "Name, line1, city 680101". */
export function addressLabel(address: { name: string; line1: string; city: string; postalCode: string }): string {
  return [address.name, address.line1, `${address.city} ${address.postalCode}`.trim()].filter(Boolean).join(", ");
}
