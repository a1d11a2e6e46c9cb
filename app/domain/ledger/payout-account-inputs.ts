/**
 * The console's payout account forms (issue 43): one zod schema per form, shared by the page and
 * the server (no server imports). Bank details are read as people type them: spaces in the
 * account number, a lower-case IFSC or PAN, a phone with its spaces and trunk 0.
 */
import { z } from "zod";
import { requiredCharacters } from "~/domain/text-fields";
import { toE164 } from "~/lib/phone/phone-number";
import { m } from "~/paraglide/messages";

/** The legal forms a temple's trust takes (Razorpay's business_type). */
export const PAYOUT_BUSINESS_TYPES = ["trust", "society", "ngo"] as const;
export type PayoutBusinessType = (typeof PAYOUT_BUSINESS_TYPES)[number];

export const IFSC_PATTERN = /^[A-Z]{4}0[A-Z0-9]{6}$/;
const PAN_PATTERN = /^[A-Z]{5}\d{4}[A-Z]$/;
const ACCOUNT_NUMBER = /^\d{9,18}$/;

/** The only form of an account number shown after it is saved: its last four digits ("XXXXXX4321"). */
export function maskAccountNumber(accountNumber: string): string {
  const digits = accountNumber.replace(/\s/g, "");
  return `${"X".repeat(Math.max(0, digits.length - 4))}${digits.slice(-4)}`;
}

const upperCased = (text: string) => text.replace(/\s/g, "").toUpperCase();

const accountNumber = (message: () => string) =>
  z
    .string({ error: message })
    .max(40, { error: message })
    .transform((text) => text.replace(/[\s-]/g, ""))
    .refine((text) => ACCOUNT_NUMBER.test(text), { error: message });

export const payoutAccountSchema = z
  .object({
    intent: z.literal("request"),
    templeId: z.coerce.number().int().positive(),
    legalName: requiredCharacters(() => m.payouts_account_msg_legal_name(), 200, 4),
    businessType: z.enum(PAYOUT_BUSINESS_TYPES, { error: () => m.payouts_account_msg_business_type() }),
    contactName: requiredCharacters(() => m.payouts_account_msg_contact_name(), 120, 2),
    email: z
      .string({ error: () => m.payouts_account_msg_email() })
      .trim()
      .max(254, { error: () => m.payouts_account_msg_email() })
      .pipe(z.email({ error: () => m.payouts_account_msg_email() })),
    phone: z
      .string({ error: () => m.payouts_account_msg_phone() })
      .trim()
      .refine((value) => toE164(value) !== null, { error: () => m.payouts_account_msg_phone() })
      .transform((value) => toE164(value)!),
    pan: z
      .string()
      .max(20, { error: () => m.payouts_account_msg_pan() })
      .optional()
      .transform((value) => (value ? upperCased(value) : undefined))
      .refine((value) => value === undefined || value === "" || PAN_PATTERN.test(value), { error: () => m.payouts_account_msg_pan() })
      .transform((value) => value || undefined),
    beneficiaryName: requiredCharacters(() => m.payouts_account_msg_beneficiary(), 120, 3),
    accountNumber: accountNumber(() => m.payouts_account_msg_account_number()),
    accountNumberAgain: z
      .string({ error: () => m.payouts_account_msg_account_again() })
      .max(40, { error: () => m.payouts_account_msg_account_again() })
      .transform((text) => text.replace(/[\s-]/g, "")),
    ifsc: z
      .string({ error: () => m.payouts_account_msg_ifsc() })
      .max(20, { error: () => m.payouts_account_msg_ifsc() })
      .transform(upperCased)
      .refine((value) => IFSC_PATTERN.test(value), { error: () => m.payouts_account_msg_ifsc() }),
  })
  .refine((value) => value.accountNumber === value.accountNumberAgain, {
    error: () => m.payouts_account_msg_account_again(),
    path: ["accountNumberAgain"],
    when: (payload) => !payload.issues.some((issue) => issue.path?.[0] === "accountNumber"),
  });
export type PayoutAccountInput = z.infer<typeof payoutAccountSchema>;

/** Another operator's decision on a pending request; a rejection says why. */
export const payoutDecisionSchema = z
  .object({
    intent: z.enum(["approve", "reject"]),
    templeId: z.coerce.number().int().positive(),
    changeId: z.coerce.number().int().positive(),
    note: z
      .string()
      .trim()
      .max(500, { error: () => m.payouts_account_msg_note() })
      .optional(),
  })
  .refine((value) => value.intent === "approve" || (value.note ?? "").length > 0, {
    error: () => m.payouts_account_msg_note(),
    path: ["note"],
  });
export type PayoutDecisionInput = z.infer<typeof payoutDecisionSchema>;

/** The linked account's buttons: create it at Razorpay, ask its status, send the bank account again. */
export const linkedAccountSchema = z.object({
  intent: z.enum(["create-linked", "refresh-linked", "send-settlements"]),
  templeId: z.coerce.number().int().positive(),
});
