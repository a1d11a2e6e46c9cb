/**
 * The one home of the Worker's WebCrypto helpers: encodings (base64, base64url, hex),
 * random tokens, SHA-256, HMAC-SHA256 and constant-time comparison. Sessions, codes,
 * rate limits, passwords, legacy tokens, CSRF and payment signatures all use these.
 */
const encoder = new TextEncoder();

function binaryOf(bytes: Uint8Array): string {
  let binary = "";
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return binary;
}

/** Standard base64 with padding (HTTP Basic credentials, CSP nonces). */
export function toBase64(bytes: Uint8Array): string {
  return btoa(binaryOf(bytes));
}

/** The UTF-8 bytes of `text` in standard base64 (`btoa` alone throws beyond Latin-1). */
export function textToBase64(text: string): string {
  return toBase64(encoder.encode(text));
}

/** URL-safe base64 without padding. */
export function toBase64Url(bytes: Uint8Array): string {
  return toBase64(bytes).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

type NativeFromBase64 = (text: string, options?: { alphabet?: "base64" | "base64url" }) => Uint8Array<ArrayBuffer>;
/** Uint8Array.fromBase64 (ES2026) where the runtime has it: a megabyte (a PDF font) decodes in a millisecond. */
const nativeFromBase64 = (Uint8Array as unknown as { fromBase64?: NativeFromBase64 }).fromBase64;

/** Bytes of a base64url (or standard base64) string; throws on one that is not. */
export function fromBase64Url(value: string): Uint8Array<ArrayBuffer> {
  if (nativeFromBase64) {
    if (/^[A-Za-z0-9+/]*={0,2}$/.test(value)) return nativeFromBase64.call(Uint8Array, value);
    if (/^[A-Za-z0-9_-]*={0,2}$/.test(value)) return nativeFromBase64.call(Uint8Array, value, { alphabet: "base64url" });
    throw new SyntaxError("not base64");
  }
  const padded = value.replace(/-/g, "+").replace(/_/g, "/").replace(/=+$/, "");
  const binary = atob(padded + "=".repeat((4 - (padded.length % 4)) % 4));
  return Uint8Array.from(binary, (c) => c.charCodeAt(0));
}

/** Lower-case hex. */
export function toHex(bytes: Uint8Array): string {
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}

/** `byteLength` bytes from the platform CSPRNG. */
export function randomBytes(byteLength: number): Uint8Array<ArrayBuffer> {
  return crypto.getRandomValues(new Uint8Array(byteLength));
}

/** A uniformly random unsigned 32-bit integer from the platform CSPRNG. */
export function randomUint32(): number {
  return crypto.getRandomValues(new Uint32Array(1))[0]!;
}

/** `byteLength` random bytes from the platform CSPRNG, base64url-encoded. */
export function randomToken(byteLength = 32): string {
  return toBase64Url(randomBytes(byteLength));
}

export async function sha256Hex(value: string): Promise<string> {
  return toHex(new Uint8Array(await crypto.subtle.digest("SHA-256", encoder.encode(value))));
}

/** SHA-256 of `value`'s UTF-8, base64 (a CSP hash source is `'sha256-<this>'`). */
export async function sha256Base64(value: string): Promise<string> {
  return toBase64(new Uint8Array(await crypto.subtle.digest("SHA-256", encoder.encode(value))));
}

const hmacKeys = new Map<string, Promise<CryptoKey>>();

function hmacKey(secret: string) {
  let key = hmacKeys.get(secret);
  if (!key) {
    key = crypto.subtle.importKey("raw", encoder.encode(secret), { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
    hmacKeys.set(secret, key);
  }
  return key;
}

async function hmacBytes(secret: string, message: string): Promise<Uint8Array> {
  return new Uint8Array(await crypto.subtle.sign("HMAC", await hmacKey(secret), encoder.encode(message)));
}

/** HMAC-SHA256 of `message` under `secret`, base64url-encoded. */
export async function hmacSha256(secret: string, message: string): Promise<string> {
  return toBase64Url(await hmacBytes(secret, message));
}

/** HMAC-SHA256 of `message` under `secret`, standard base64 with padding (React Router's signed cookies strip it). */
export async function hmacSha256Base64(secret: string, message: string): Promise<string> {
  return toBase64(await hmacBytes(secret, message));
}

/** HMAC-SHA256 of `message` under `secret` in lower-case hex (as Razorpay signs). */
export async function hmacSha256Hex(secret: string, message: string): Promise<string> {
  return toHex(await hmacBytes(secret, message));
}

/** Compares two byte arrays in time that depends only on their length. */
export function timingSafeEqual(a: Uint8Array, b: Uint8Array): boolean {
  let diff = a.length ^ b.length;
  const length = Math.max(a.length, b.length);
  for (let i = 0; i < length; i++) diff |= (a[i] ?? 0) ^ (b[i] ?? 0);
  return diff === 0;
}

/** Compares two strings (as UTF-8) in time that depends only on their length. */
export function timingSafeEqualText(a: string, b: string): boolean {
  return timingSafeEqual(encoder.encode(a), encoder.encode(b));
}
