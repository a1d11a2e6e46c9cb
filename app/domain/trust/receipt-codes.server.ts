/**
 * Receipts anyone can verify. A receipt's code is its booking's number in base 32 and a MAC:
 * HMAC-SHA256 under RECEIPT_CODE_SECRET over the receipt's identity (booking id and receipt
 * number), cut to 10 characters (50 bits). The first part only says which booking to look at;
 * without the secret nobody can make the second, so codes cannot be forged or enumerated, and
 * one altered character finds nothing. Its own secret, not SESSION_SECRET: rotating sessions
 * must never void the receipts devotees have printed.
 */
import { and, eq, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { customers, temples, transactionLines, transactions } from "~/db/schema";
import { hmacSha256Hex, timingSafeEqualText } from "~/lib/crypto.server";
import { lineTotal } from "~/domain/bookings/cart";
import { templeNameShown } from "~/domain/bookings/booked-names.server";
import { maskName } from "./tax";

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

/**
 * What the verify page shows anyone holding a genuine code: the receipt's number and date, each
 * temple with its amounts, the total, and the devotee's name masked. Null for a code never issued
 * or altered (the MAC is compared in constant time).
 */
export async function findReceiptByCode(db: Database, secret: string, code: string) {
  const parsed = parseReceiptCode(code);
  if (!parsed) return null;
  const [[booking], lines] = await db.batch([
    db
      .select({
        id: transactions.id,
        receiptNo: transactions.receiptNo,
        bookingDate: transactions.bookingDate,
        total: transactions.total,
        firstName: customers.firstName,
        lastName: customers.lastName,
      })
      .from(transactions)
      .innerJoin(customers, eq(customers.id, transactions.customerId))
      .where(and(eq(transactions.id, parsed.id), eq(transactions.status, 0)))
      .limit(1),
    db
      .select({
        templeId: transactionLines.templeId,
        templeName: templeNameShown("temple_name_shown"),
        itemType: transactionLines.itemType,
        amount: transactionLines.amount,
        quantity: transactionLines.quantity,
        postalCharge: transactionLines.postalCharge,
      })
      .from(transactionLines)
      .innerJoin(temples, eq(temples.id, transactionLines.templeId))
      .where(eq(transactionLines.transactionId, parsed.id))
      .orderBy(sql`${transactionLines.id}`),
  ]);
  if (!booking) return null;
  if (!timingSafeEqualText(await mac(secret, booking.id, booking.receiptNo), parsed.mac)) return null;
  const byTemple = new Map<number, { templeName: string; pujas: number; donations: number }>();
  for (const line of lines) {
    const group = byTemple.get(line.templeId) ?? { templeName: line.templeName, pujas: 0, donations: 0 };
    if (line.itemType === "PUJA") group.pujas += lineTotal(line);
    else group.donations += lineTotal(line);
    byTemple.set(line.templeId, group);
  }
  return {
    receiptNo: booking.receiptNo,
    bookingDate: booking.bookingDate,
    devotee: maskName(`${booking.firstName} ${booking.lastName}`),
    temples: [...byTemple.values()],
    total: booking.total,
  };
}

export type VerifiedReceipt = NonNullable<Awaited<ReturnType<typeof findReceiptByCode>>>;
