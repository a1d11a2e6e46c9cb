/** The forms of verification, PAN and the year-end export: one zod schema each (no server imports). */
import { z } from "zod";
import { dayBetween, optionalCharacters, requiredCharacters, wholeNumber } from "~/domain/text-fields";
import { longDate } from "~/domain/text";
import { todayInIndia } from "~/lib/india-time";
import { m } from "~/paraglide/messages";
import { panSchema } from "./tax";

/** Trust names compared as people read them: case, spaces and punctuation aside. */
export const sameName = (a: string, b: string) => {
  const fold = (s: string) => s.toLowerCase().replace(/[\s.,'’()-]+/g, "");
  return fold(a) === fold(b);
};

/**
 * The days an 80G approval's validity may name: from 2000 (approvals of that time were
 * renewed under the 2021 rules, so older ones need no entry) to the end of the year ten years
 * ahead (an approval runs five years; ten leaves room for a provisional one and its renewal).
 */
export const EARLIEST_80G_DAY = "2000-01-01";
export const latest80gDay = () => `${Number(todayInIndia().slice(0, 4)) + 10}-12-31`;
const day = () =>
  dayBetween(
    () => m.trust_operator_msg_80g_range({ from: longDate(EARLIEST_80G_DAY), to: longDate(latest80gDay()) }),
    () => EARLIEST_80G_DAY,
    latest80gDay,
  );

/** The operator's check of a temple's documents: each field is what a document said. */
export const documentsCheckSchema = z
  .object({
    intent: z.literal("documents"),
    templeId: z.coerce.number().int().positive(),
    trustName: requiredCharacters(() => m.trust_operator_msg_trust_name(), 200, 3),
    trustAddress: requiredCharacters(() => m.trust_operator_msg_trust_address(), 400, 10),
    registrationNo: requiredCharacters(() => m.trust_operator_msg_registration_no(), 60, 2),
    pan: panSchema,
    bankAccountHolder: requiredCharacters(() => m.trust_operator_msg_bank_holder(), 200, 3),
    authorisedPerson: requiredCharacters(() => m.trust_operator_msg_authorised_person(), 120, 3),
    registration80g: optionalCharacters(60).default(""),
    valid80gFrom: day().optional(),
    valid80gTo: day().optional(),
    renovationOnly: z.literal("on").optional(),
    documentsSeen: z.literal("on", { error: () => m.trust_operator_msg_documents_seen() }),
  })
  .refine((v) => sameName(v.bankAccountHolder, v.trustName), {
    path: ["bankAccountHolder"],
    error: () => m.trust_operator_msg_bank_holder_mismatch(),
  })
  .refine((v) => !v.registration80g || (v.valid80gFrom && v.valid80gTo), {
    path: ["valid80gTo"],
    error: () => m.trust_operator_msg_80g_dates(),
  })
  .refine((v) => !v.valid80gFrom || !v.valid80gTo || v.valid80gFrom <= v.valid80gTo, {
    path: ["valid80gTo"],
    error: () => m.trust_operator_msg_80g_order(),
  });
export type DocumentsCheckInput = z.infer<typeof documentsCheckSchema>;

/** Withdrawing a temple's verification: payments stop at once; the reason goes into the audit log. */
export const withdrawVerificationSchema = z.object({
  intent: z.literal("withdraw"),
  templeId: z.coerce.number().int().positive(),
  reason: requiredCharacters(() => m.trust_operator_msg_reason(), 300, 3),
});

/** The temple staff's confirmation of the listing (the temple consents to being on Sannidhi). */
export const listingConfirmationSchema = z.object({
  intent: z.literal("confirm"),
  consent: z.literal("on", { error: () => m.trust_desk_msg_consent() }),
});

/** A donor's PAN, saved once for all their 80G receipts. */
export const donorPanSchema = z.object({ pan: panSchema });

/** The financial year of a 10BD export, by its first year (2026 is April 2026 to March 2027): from 2000 to this year. */
export const form10bdQuery = z.object({
  year: wholeNumber(undefined, 2000, 9999).refine((year) => year <= Number(todayInIndia().slice(0, 4))),
});
