/** Spec section 9 limits for cut text. */
export const TEMPLE_NAME_LIMIT = 40;
export const TEMPLE_DESCRIPTION_LIMIT = 160;
export const MESSAGE_BODY_LIMIT = 790;

/** Cuts text at `limit` characters (code points), adding an ellipsis when cut. */
export function truncate(text: string | null | undefined, limit: number): string {
  const value = text ?? "";
  const chars = Array.from(value);
  if (chars.length <= limit) return value;
  return `${chars.slice(0, limit).join("").trimEnd()}…`;
}

export function isTruncated(text: string | null | undefined, limit: number): boolean {
  return Array.from(text ?? "").length > limit;
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

/** Integer paise to "₹1,250.00". */
export function formatRupees(paise: number): string {
  return rupees.format(paise / 100);
}

/** Integer paise to "1250.00" (legacy API and tables: 2 decimals). */
export function rupeesFixed(paise: number): string {
  return (paise / 100).toFixed(2);
}

/** "15 Jan 2027" for prose. */
export function longDate(iso: string): string {
  const date = new Date(`${iso.slice(0, 10)}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return iso;
  return date.toLocaleDateString("en-GB", {
    day: "numeric",
    month: "short",
    year: "numeric",
    timeZone: "UTC",
  });
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
 * spaces and dots for initials ("K. Narayanan"), at least two letters.
 */
export function isPersonName(value: string, max: number): boolean {
  const letters = value.match(/\p{L}/gu)?.length ?? 0;
  return value.length <= max && letters >= 2 && /^[\p{L}\p{M}\u200C\u200D .]+$/u.test(value);
}
