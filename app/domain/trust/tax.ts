/**
 * 80G rules and the words on an 80G receipt, pure (no stores): whose registration is valid on a
 * day, which donations it covers, the amount in Indian words, and how a PAN or a name is shown
 * where strangers might see it.
 */
import { z } from "zod";
import { m } from "~/paraglide/messages";

/** A PAN: five letters, four digits, a letter (the Income-tax Department's format). */
export const PAN_PATTERN = /^[A-Z]{5}\d{4}[A-Z]$/;

export const panSchema = z
  .string()
  .trim()
  .toUpperCase()
  .regex(PAN_PATTERN, { error: () => m.trust_pan_invalid() });

/** A PAN as pages and mail show it after it was saved: only its last four characters ("******234F"). */
export function maskPan(pan: string): string {
  return `${"*".repeat(Math.max(0, pan.length - 4))}${pan.slice(-4)}`;
}

/**
 * A devotee's name as a stranger checking a receipt sees it: initials of the first names and
 * the first letter of the last, the rest starred ("Lakshmi Narayanan" → "L. N********").
 */
export function maskName(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return "";
  const last = Array.from(words.at(-1)!);
  const starred = `${last[0]}${"*".repeat(Math.max(1, last.length - 1))}`;
  const initials = words.slice(0, -1).map((word) => `${Array.from(word.replace(/\.$/, ""))[0]}.`);
  return [...initials, starred].join(" ");
}

export interface Registration80g {
  registration80g: string | null;
  valid80gFrom: string | null;
  valid80gTo: string | null;
  renovationOnly: boolean;
}

/**
 * Whether a temple's 80G registration covers a donation made on `day` (YYYY-MM-DD): it has a
 * number, and the operator recorded its validity and the day is within it. An expired (or
 * unchecked) registration covers nothing, so the receipt has no 80G section.
 */
export function registrationValidOn(registration: Registration80g | null | undefined, day: string): boolean {
  if (!registration?.registration80g || !registration.valid80gFrom || !registration.valid80gTo) return false;
  return registration.valid80gFrom <= day && day <= registration.valid80gTo;
}

/**
 * Whether a booked line is an 80G donation: only donations (a puja's fee pays for a service),
 * to a temple whose registration is valid that day, and for a renovation-only registration
 * (80G(2)(b)) only the temple's renovation purposes.
 */
export function coveredBy80g(
  line: { itemType: "PUJA" | "DONATION"; renovation: boolean },
  registration: Registration80g | null | undefined,
  day: string,
): boolean {
  if (line.itemType !== "DONATION" || !registrationValidOn(registration, day)) return false;
  return !registration!.renovationOnly || line.renovation;
}

export { rupeesInWords } from "./amount-in-words";

/** The financial year (April to March) a day falls in, as its first year: 2027-02-10 → 2026. */
export function financialYearOf(day: string): number {
  const year = Number(day.slice(0, 4));
  return Number(day.slice(5, 7)) >= 4 ? year : year - 1;
}

/** The first and last day of the financial year that starts in April of `year`. */
export function financialYearDays(year: number): { from: string; to: string } {
  return { from: `${year}-04-01`, to: `${year + 1}-03-31` };
}
