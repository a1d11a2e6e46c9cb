/**
 * One-time codes for sign-up and password reset: 'DV' plus a number below 1,000,000
 * from the platform CSPRNG. Only a keyed digest is stored (a plain hash of a
 * 20-bit code would be reversed in a moment), bound to its purpose and email.
 */
import { hmacSha256, randomUint32, timingSafeEqualText } from "~/lib/crypto.server";

export const CODE_PREFIX = "DV";
export const CODE_TTL_MINUTES = 30;
/**
 * Wrong guesses allowed per code; the next guess needs a new code. Guesses past an
 * account's limit need a passed human check first (rate-limit.server.ts), so strangers
 * cannot use up an owner's code: this is the last bound, for guesses made by people
 * (50 of a million codes: a 1 in 20,000 chance).
 */
export const MAX_CODE_ATTEMPTS = 50;
const CODE_RANGE = 1_000_000;
// Largest multiple of the range that fits in 32 bits: draws above it are rejected so
// every number is equally likely.
const UNBIASED_LIMIT = Math.floor(0x1_0000_0000 / CODE_RANGE) * CODE_RANGE;

export type CodePurpose = "signup" | "reset";

export function generateVerificationCode(): string {
  let draw: number;
  do draw = randomUint32();
  while (draw >= UNBIASED_LIMIT);
  return `${CODE_PREFIX}${String(draw % CODE_RANGE).padStart(6, "0")}`;
}

/** What a person may type: any case, with stray spaces. */
export function normalizeCode(code: string): string {
  return code.replace(/\s+/g, "").toUpperCase();
}

export function hashCode(secret: string, purpose: CodePurpose, email: string, code: string) {
  return hmacSha256(secret, `${purpose}:${email.toLowerCase()}:${normalizeCode(code)}`);
}

export async function codeMatches(secret: string, purpose: CodePurpose, email: string, code: string, storedHash: string): Promise<boolean> {
  return timingSafeEqualText(await hashCode(secret, purpose, email, code), storedHash);
}

export function codeExpiry(now = Date.now()): string {
  return new Date(now + CODE_TTL_MINUTES * 60_000).toISOString();
}

export function isExpired(expiresAt: string, now = Date.now()): boolean {
  return Date.parse(expiresAt) <= now;
}
