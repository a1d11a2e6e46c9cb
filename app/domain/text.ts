import { currentLocale, intlLocale, type Locale } from "~/lib/i18n";

/** Spec section 9 limits for cut text. */
export const TEMPLE_NAME_LIMIT = 40;
export const TEMPLE_DESCRIPTION_LIMIT = 160;
export const MESSAGE_BODY_LIMIT = 790;

/**
 * A text field of N characters also takes at most N × this many UTF-16 units: room for the
 * longest Indic clusters ("क्ष्म्य" is one character of seven units), and a cheap bound on raw
 * size. An input's maxLength (browsers count UTF-16 units) must leave this much room too.
 */
export const MAX_UNITS_PER_CHARACTER = 8;

/**
 * Lengths are counted in characters as a person sees them (grapheme clusters): "ശ്രീ" is
 * one character although it is four UTF-16 units. Where Intl.Segmenter is missing (old
 * browsers) code points are counted, which is never fewer, so such a browser is stricter
 * than the server, never looser.
 */
const graphemes =
  typeof Intl === "object" && typeof Intl.Segmenter === "function" ? new Intl.Segmenter("en", { granularity: "grapheme" }) : null;

function* codePoints(text: string): Iterable<{ segment: string }> {
  for (const segment of text) yield { segment };
}

function characters(text: string): Iterable<{ segment: string }> {
  return graphemes ? graphemes.segment(text) : codePoints(text);
}

/**
 * Printable ASCII (most names and descriptions in English): each unit is a character of its
 * own, so counting is the length and cutting is a slice, with no segmenting at all.
 */
const PRINTABLE_ASCII = /^[\x20-\x7e]*$/;

/** The number of characters a person sees in `text`; counting stops once past `stopAfter`. */
export function characterCount(text: string, stopAfter = Number.POSITIVE_INFINITY): number {
  if (PRINTABLE_ASCII.test(text)) return Math.min(text.length, stopAfter + 1);
  let count = 0;
  for (const _ of characters(text)) {
    count += 1;
    if (count > stopAfter) break;
  }
  return count;
}

/** More than `max` characters as a person counts them. */
export function isLongerThan(text: string, max: number): boolean {
  // Every character is at least one UTF-16 unit: most text is decided without counting.
  if (text.length <= max) return false;
  return characterCount(text, max) > max;
}

/** Fewer than `min` characters as a person counts them. */
export function isShorterThan(text: string, min: number): boolean {
  if (text.length < min) return true;
  return characterCount(text, min - 1) < min;
}

/** The first `limit` characters of `text` (as a person counts them: a conjunct is never split). */
export function firstCharacters(text: string, limit: number): string {
  if (text.length <= limit) return text;
  if (PRINTABLE_ASCII.test(text)) return text.slice(0, limit);
  let kept = "";
  let count = 0;
  for (const { segment } of characters(text)) {
    if (++count > limit) break;
    kept += segment;
  }
  return kept;
}

/** Cuts text at `limit` characters (as a person counts them), adding an ellipsis when cut. */
export function truncate(text: string | null | undefined, limit: number): string {
  const value = text ?? "";
  const kept = firstCharacters(value, limit);
  return kept.length === value.length ? value : `${kept.trimEnd()}…`;
}

export function isTruncated(text: string | null | undefined, limit: number): boolean {
  return isLongerThan(text ?? "", limit);
}

/** Dates are shown as their first 10 characters (spec section 9). */
export function shortDate(value: string | null | undefined): string {
  return (value ?? "").slice(0, 10);
}

const rupees = new Intl.NumberFormat("en-IN", {
  style: "currency",
  currency: "INR",
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

/**
 * Integer paise to "₹1,250.00": en-IN in every language, because it is the Indian grouping
 * (₹1,00,000.00) with the digits every Indian reader uses for money; ICU's ml-IN and kn-IN
 * would group by thousands.
 */
export function formatRupees(paise: number): string {
  return rupees.format(paise / 100);
}

/** Integer paise to "1250.00" (legacy API and tables: 2 decimals). */
export function rupeesFixed(paise: number): string {
  return (paise / 100).toFixed(2);
}

/** A count with Indian grouping ("1,00,000"), the same in every language of the portal. */
export function formatCount(n: number): string {
  return counts.format(n);
}
const counts = new Intl.NumberFormat("en-IN");

/**
 * A date for prose, as each language writes one in running text: "15 Jan 2027", "15 जनवरी
 * 2027", "15 ஜனவரி 2027", "2027 ജനുവരി 15" (Malayalam puts the year first), "15 జనవరి 2027",
 * "15 ಜನವರಿ 2027". Intl names the month; the order and the spaces are ours, because ICU's own
 * patterns put stray commas in Telugu ("15, జన 2027"), Kannada ("ಜನ 15,2027") and Tamil, and
 * abbreviate months Indian readers see written in full.
 */
export function longDate(iso: string, locale: Locale = currentLocale()): string {
  const date = new Date(`${iso.slice(0, 10)}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return iso;
  const parts = longDateFormat(locale).formatToParts(date);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? "";
  const [day, month, year] = [part("day"), part("month"), part("year")];
  return LONG_DATE[locale].yearFirst ? `${year} ${month} ${day}` : `${day} ${month} ${year}`;
}

/** A month (YYYY-MM) as a chart's axis writes it: the short month name in the page's language ("Nov", "नव॰"). */
export function monthShort(month: string, locale: Locale = currentLocale()): string {
  const date = new Date(`${month.slice(0, 7)}-01T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return month;
  return new Intl.DateTimeFormat(locale === "en" ? "en-GB" : intlLocale(locale), { month: "short", timeZone: "UTC" }).format(date);
}

/** A month ("2026-11") as words in the page's language: "November 2026". */
export function monthYear(month: string, locale: Locale = currentLocale()): string {
  const date = new Date(`${month.slice(0, 7)}-01T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return month;
  return new Intl.DateTimeFormat(locale === "en" ? "en-GB" : intlLocale(locale), {
    month: "long",
    year: "numeric",
    timeZone: "UTC",
  }).format(date);
}

/** Each language's prose date: English keeps the short month of the spec's pages. */
const LONG_DATE: Record<Locale, { month: "short" | "long"; yearFirst?: true }> = {
  en: { month: "short" },
  hi: { month: "long" },
  ta: { month: "long" },
  ml: { month: "long", yearFirst: true },
  te: { month: "long" },
  kn: { month: "long" },
};

/** One formatter per language, made once: a temple site formats every bookable day of every puja. */
const longDateFormats = new Map<Locale, Intl.DateTimeFormat>();
function longDateFormat(locale: Locale): Intl.DateTimeFormat {
  let format = longDateFormats.get(locale);
  if (!format) {
    format = new Intl.DateTimeFormat(locale === "en" ? "en-GB" : intlLocale(locale), {
      day: "numeric",
      month: LONG_DATE[locale].month,
      year: "numeric",
      timeZone: "UTC",
    });
    longDateFormats.set(locale, format);
  }
  return format;
}

/** Rupees as people type them ("2,50,000.50", "250000.5") to integer paise; null when it is not an amount. */
export function rupeesToPaise(value: string): number | null {
  const text = value.trim().replace(/,/g, "");
  if (!/^\d{1,7}(\.\d{1,2})?$/.test(text)) return null;
  const [whole, fraction = ""] = text.split(".");
  return Number(whole) * 100 + Number(fraction.padEnd(2, "0"));
}

/**
 * A person's name in any script: letters with their combining marks and joiners,
 * spaces and dots for initials ("K. Narayanan"), at least two letters, at most `max`
 * characters as a person counts them.
 */
export function isPersonName(value: string, max: number): boolean {
  if (value.length > max * MAX_UNITS_PER_CHARACTER || !/^[\p{L}\p{M}\u200C\u200D .]+$/u.test(value)) return false;
  const letters = value.match(/\p{L}/gu)?.length ?? 0;
  return letters >= 2 && !isLongerThan(value, max);
}
