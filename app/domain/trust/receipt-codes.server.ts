/**
 * Receipts anyone can verify. A receipt's code is its booking's number in base 32 and a MAC:
 * HMAC-SHA256 under RECEIPT_CODE_SECRET over the receipt's identity (booking id and receipt
 * number), cut to 10 characters (50 bits). The first part only says which booking to look at;
 * without the secret nobody can make the second, so codes cannot be forged or enumerated, and
 * one altered character finds nothing. Its own secret, not SESSION_SECRET: rotating sessions
 * must never void the receipts devotees have printed. What the verify page shows of the receipt a
 * code names is read by the bookings (`bookings/records/verified-receipts.server.ts`).
 */
import { hmacSha256Hex, timingSafeEqualText } from "~/lib/crypto.server";

/** Crockford's base 32: no I, L, O or U, so a code read aloud or typed is not misread. */
const ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";
const MAC_CHARACTERS = 10;

function base32(value: bigint, width = 0): string {
  let out = "";
  let n = value;
  do {
    out = ALPHABET[Number(n % 32n)]! + out;
    n /= 32n;
  } while (n > 0n);
  return out.padStart(width, "0");
}

function fromBase32(text: string): number | null {
  let n = 0;
  for (const char of text) {
    const digit = ALPHABET.indexOf(char);
    if (digit < 0) return null;
    n = n * 32 + digit;
    if (n > Number.MAX_SAFE_INTEGER) return null;
  }
  return n;
}

async function mac(secret: string, id: number, receiptNo: string): Promise<string> {
  const hex = await hmacSha256Hex(secret, `sannidhi-receipt:v1:${id}:${receiptNo}`);
  return base32(BigInt(`0x${hex.slice(0, 13)}`) >> 2n, MAC_CHARACTERS).slice(-MAC_CHARACTERS);
}

/** The verification code printed on a receipt, e.g. "3F-7KQ2MX8PAB". */
export async function receiptCode(secret: string, receipt: { id: number; receiptNo: string }): Promise<string> {
  return `${base32(BigInt(receipt.id))}-${await mac(secret, receipt.id, receipt.receiptNo)}`;
}

/** The page that verifies a receipt, on the site's public origin. */
export function receiptVerifyUrl(origin: string, code: string): string {
  return `${origin.replace(/\/+$/, "")}/verify/${code}`;
}

/**
 * The code exactly as printed, letters in either case: each receipt has one spelling, so a
 * leading zero, a sign, spaces or any character whose capital is only an ASCII one (ſ, ﬀ) is
 * not a code. The booking part never starts with 0 (the number written without padding).
 */
const CODE = /^([1-9A-HJKMNP-TV-Za-hjkmnp-tv-z][0-9A-HJKMNP-TV-Za-hjkmnp-tv-z]{0,10})-([0-9A-HJKMNP-TV-Za-hjkmnp-tv-z]{10})$/;

/** A code as typed or scanned (the verify form trims what was typed); anything else is not a code. */
export function parseReceiptCode(code: string): { id: number; mac: string } | null {
  const match = CODE.exec(code)?.map((part) => part.toUpperCase());
  if (!match) return null;
  const id = fromBase32(match[1]!);
  return id === null || id < 1 ? null : { id, mac: match[2]! };
}

/** Whether a parsed code's MAC is this receipt's (compared in constant time). */
export async function receiptCodeMatches(secret: string, receipt: { id: number; receiptNo: string }, codeMac: string): Promise<boolean> {
  return timingSafeEqualText(await mac(secret, receipt.id, receipt.receiptNo), codeMac);
}
