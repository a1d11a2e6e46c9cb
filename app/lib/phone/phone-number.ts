/**
 * Phone numbers as people type them, to E.164 (`+` and 8 to 15 digits, no leading zero), the
 * form WhatsApp and SMS providers take. A number without a country code is Indian: ten
 * digits starting 6 to 9 (the mobile series; a landline cannot take a message), after an
 * optional trunk `0` or `91`, as the sign-up form's `normalizeMobile` reads them. A number
 * with `+` (or the `00` international prefix) keeps its own country code.
 */
const SEPARATORS = /[\s\-.()\u00a0]/g;
const INDIAN_MOBILE = /^[6-9]\d{9}$/;
/** E.164: a country code (never starting 0) and the subscriber number, 8 to 15 digits in all. */
const E164_DIGITS = /^[1-9]\d{7,14}$/;

/** The E.164 form of `input` (`+919845012345`), or null when it is no phone number that can take a message. */
export function toE164(input: string): string | null {
  if (typeof input !== "string" || input.length > 32) return null;
  const compact = input.trim().replace(SEPARATORS, "");
  if (!/^\+?\d+$/.test(compact)) return null;
  const international = compact.startsWith("+") ? compact.slice(1) : compact.startsWith("00") ? compact.slice(2) : null;
  if (international !== null) {
    if (!E164_DIGITS.test(international)) return null;
    // India's own numbers are held to the mobile series even when written with +91.
    if (international.startsWith("91") && !INDIAN_MOBILE.test(international.slice(2))) return null;
    return `+${international}`;
  }
  let national = compact;
  if (national.length === 11 && national.startsWith("0")) national = national.slice(1);
  else if (national.length === 12 && national.startsWith("91")) national = national.slice(2);
  return INDIAN_MOBILE.test(national) ? `+91${national}` : null;
}

/** The digits of an E.164 number without its `+` (`919845012345`), as MSG91 and WhatsApp's `wa_id` write it. */
export function e164Digits(e164: string): string {
  return e164.replace(/^\+/, "");
}

/** Whether `value` is already in E.164 form. */
export function isE164(value: string): boolean {
  return /^\+[1-9]\d{7,14}$/.test(value);
}
