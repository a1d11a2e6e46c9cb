/**
 * One-time codes for sign-up and password reset: 'DV' plus a number below 1,000,000.
 * A code is made from a random seed and the secret, so an email sent again carries the same
 * code (strangers asking for codes cannot replace the one in the owner's inbox). Only the seed
 * and a keyed digest are stored: neither gives the code without the secret (a plain hash of a
 * 20-bit code would be reversed in a moment); both are bound to the purpose and the email.
 */
import { hmacSha256, hmacSha256Hex, randomToken, timingSafeEqualText } from "~/lib/crypto.server";

export const CODE_PREFIX = "DV";
/** A code is good for this long after the last email that carried it. */
export const CODE_TTL_MINUTES = 30;
/**
 * Wrong guesses allowed per code; the next guess needs a new code. An account has one live
 * code at a time (each email while it lives carries it), and a guess is compared with that
 * one code only, so a guess finds it with a chance of one in a million, and all the guesses
 * a code ever meets with at most 50 in a million (1 in 20,000). Guesses past an account's
 * limit need a passed human check first (rate-limit.server.ts), so strangers cannot use up an
 * owner's code: this is the last bound, for guesses made by people.
 */
export const MAX_CODE_ATTEMPTS = 50;
const CODE_RANGE = 1_000_000;
// Largest multiple of the range that fits in 32 bits: draws above it are rejected so
// every number is equally likely.
const UNBIASED_LIMIT = Math.floor(0x1_0000_0000 / CODE_RANGE) * CODE_RANGE;

export type CodePurpose = "signup" | "reset";

/** A new code's seed: 128 bits from the platform CSPRNG. */
export function newCodeSeed(): string {
  return randomToken(16);
}

/** The code a seed makes: the first 32-bit word of its HMAC below the unbiased limit. */
export async function codeFromSeed(secret: string, purpose: CodePurpose, email: string, seed: string): Promise<string> {
  const mac = await hmacSha256Hex(secret, `${purpose}-code:${email.toLowerCase()}:${seed}`);
  const words = mac.match(/.{8}/g)!.map((word) => Number.parseInt(word, 16));
  // Eight words all above the limit happen once in about 10^29 seeds; then the last is used.
  const draw = words.find((word) => word < UNBIASED_LIMIT) ?? words.at(-1)!;
  return `${CODE_PREFIX}${String(draw % CODE_RANGE).padStart(6, "0")}`;
}

/** A new code: its seed and digest to store, and the code to mail. */
export async function newCode(secret: string, purpose: CodePurpose, email: string) {
  const seed = newCodeSeed();
  const code = await codeFromSeed(secret, purpose, email, seed);
  return { seed, code, codeHash: await hashCode(secret, purpose, email, code) };
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
