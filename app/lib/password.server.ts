/**
 * Password hashing with PBKDF2-SHA256 through WebCrypto (runs in workerd and Node alike).
 * Production Workers cap PBKDF2 at 100,000 iterations, so that is the count; the
 * algorithm and parameters are stored with each hash so they can be raised later.
 * Format: pbkdf2-sha256$<iterations>$<salt base64url>$<hash base64url>
 */
import { fromBase64Url, randomBytes, timingSafeEqual, toBase64Url } from "./crypto.server.ts";

const ALGORITHM = "pbkdf2-sha256";
export const PBKDF2_ITERATIONS = 100_000;
const SALT_BYTES = 16;
const HASH_BITS = 256;

const encoder = new TextEncoder();

async function derive(password: string, salt: Uint8Array<ArrayBuffer>, iterations: number) {
  const key = await crypto.subtle.importKey("raw", encoder.encode(password), "PBKDF2", false, ["deriveBits"]);
  const bits = await crypto.subtle.deriveBits({ name: "PBKDF2", hash: "SHA-256", salt, iterations }, key, HASH_BITS);
  return new Uint8Array(bits);
}

export async function hashPassword(password: string, iterations = PBKDF2_ITERATIONS): Promise<string> {
  const salt = randomBytes(SALT_BYTES);
  const hash = await derive(password, salt, iterations);
  return [ALGORITHM, iterations, toBase64Url(salt), toBase64Url(hash)].join("$");
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [algorithm, iterationText, saltText, hashText] = stored.split("$");
  const iterations = Number(iterationText);
  if (algorithm !== ALGORITHM || !saltText || !hashText) return false;
  if (!Number.isInteger(iterations) || iterations < 1 || iterations > PBKDF2_ITERATIONS) {
    return false;
  }
  try {
    const expected = fromBase64Url(hashText);
    const actual = await derive(password, fromBase64Url(saltText), iterations);
    return timingSafeEqual(actual, expected);
  } catch {
    return false;
  }
}

/** True when a stored hash uses older parameters and should be replaced at next sign-in. */
export function needsRehash(stored: string): boolean {
  const [algorithm, iterationText] = stored.split("$");
  return algorithm !== ALGORITHM || Number(iterationText) < PBKDF2_ITERATIONS;
}

/**
 * A well-formed hash of no one's password: verifying against it costs the same as a
 * real check, so an unknown email takes as long to reject as a wrong password.
 */
export const UNUSABLE_PASSWORD_HASH = `${ALGORITHM}$${PBKDF2_ITERATIONS}$c2FubmlkaGktbm8tdXNlcg$${"A".repeat(43)}`;
