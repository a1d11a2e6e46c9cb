/**
 * Six-digit codes sent to a phone: to sign in, or to verify a new mobile on the profile. A code
 * is drawn from the platform CSPRNG and only a keyed digest of it is stored (bound to the phone,
 * the purpose and the account: a code of one phone is no code of another). It is good for ten
 * minutes, once, and only while it is the newest of its phone and purpose; each check counts,
 * and a sixth wrong guess voids it. The rate limits (flows.server.ts) bound the codes a phone
 * gets and the guesses it meets, so a guess finds a code with a chance of about one in 170,000.
 */
import { and, desc, eq, isNull, lt, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { phoneCodes } from "~/db/schema";
import { hmacSha256, randomUint32, timingSafeEqualText } from "~/lib/crypto.server";
import type { Locale } from "~/lib/i18n";

export const PHONE_CODE_TTL_MINUTES = 10;
/** Checks a code gets: the sixth wrong guess is its last. */
export const PHONE_CODE_CHECKS = 6;
const CODE_RANGE = 1_000_000;
// Draws at or above the largest multiple of the range below 2^32 are drawn again: every code is equally likely.
const UNBIASED_LIMIT = Math.floor(0x1_0000_0000 / CODE_RANGE) * CODE_RANGE;

export type PhoneCodePurpose = "sign-in" | "verify-phone";

/** What goes to the phone (phone-codes-send.server.ts): the code, and the accounts it is about (none: nothing is sent). */
export interface PhoneCodeMessage {
  customerIds: number[];
  /** E.164. */
  phone: string;
  code: string;
  purpose: PhoneCodePurpose;
  language: Locale;
}

export type PhoneCodeSender = (message: PhoneCodeMessage) => Promise<void>;

type PhoneCodeRow = typeof phoneCodes.$inferSelect;
type CodeTarget = Pick<PhoneCodeRow, "phone" | "purpose" | "customerId">;

export function newSixDigitCode(): string {
  for (;;) {
    const draw = randomUint32();
    if (draw < UNBIASED_LIMIT) return String(draw % CODE_RANGE).padStart(6, "0");
  }
}

function codeDigest(secret: string, target: CodeTarget, code: string) {
  return hmacSha256(secret, `phone-code:${target.purpose}:${target.phone}:${target.customerId ?? ""}:${code}`);
}

/** A new code for `target`: from now on the only one of its phone and purpose that counts. */
export async function issuePhoneCode(db: Database, secret: string, target: CodeTarget, now = Date.now()): Promise<string> {
  const code = newSixDigitCode();
  await db.insert(phoneCodes).values({
    ...target,
    codeHash: await codeDigest(secret, target, code),
    expiresAt: new Date(now + PHONE_CODE_TTL_MINUTES * 60_000).toISOString(),
    createdAt: new Date(now).toISOString(),
  });
  return code;
}

/** The newest sign-in code of a phone (the index on phone, purpose and time finds it). */
export async function newestSignInCode(db: Database, phone: string) {
  const [row] = await db
    .select()
    .from(phoneCodes)
    .where(and(eq(phoneCodes.phone, phone), eq(phoneCodes.purpose, "sign-in")))
    .orderBy(desc(phoneCodes.createdAt), desc(phoneCodes.id))
    .limit(1);
  return row;
}

/** The newest code sent to verify a customer's new mobile. */
export async function newestPhoneChangeCode(db: Database, customerId: number) {
  const [row] = await db
    .select()
    .from(phoneCodes)
    .where(and(eq(phoneCodes.customerId, customerId), eq(phoneCodes.purpose, "verify-phone")))
    .orderBy(desc(phoneCodes.id))
    .limit(1);
  return row;
}

/** Whether a code can still be checked: unused, in time, with checks left. */
export function isLive(row: PhoneCodeRow, now = Date.now()) {
  return row.usedAt === null && Date.parse(row.expiresAt) > now && row.attempts < PHONE_CODE_CHECKS;
}

export type CodeCheck = { status: "matched"; row: PhoneCodeRow } | { status: "mismatch" } | { status: "expired" };

/**
 * Checks `code` against the newest code (`newest`), counting the check first in one statement,
 * so parallel guesses get no more checks than the code allows; a match spends the code.
 */
export async function checkPhoneCode(db: Database, secret: string, newest: PhoneCodeRow | undefined, code: string): Promise<CodeCheck> {
  if (!newest) return { status: "mismatch" };
  if (!isLive(newest)) return { status: "expired" };
  const counted = await db
    .update(phoneCodes)
    .set({ attempts: sql`${phoneCodes.attempts} + 1` })
    .where(and(eq(phoneCodes.id, newest.id), isNull(phoneCodes.usedAt), lt(phoneCodes.attempts, PHONE_CODE_CHECKS)))
    .returning({ id: phoneCodes.id });
  if (counted.length === 0) return { status: "expired" };
  if (!timingSafeEqualText(await codeDigest(secret, newest, code), newest.codeHash)) return { status: "mismatch" };
  const spent = await db
    .update(phoneCodes)
    .set({ usedAt: new Date().toISOString() })
    .where(and(eq(phoneCodes.id, newest.id), isNull(phoneCodes.usedAt)))
    .returning({ id: phoneCodes.id });
  return spent.length === 1 ? { status: "matched", row: newest } : { status: "expired" };
}

/** Housekeeping: codes past their time by a day (a choice they allowed ends with them). */
export async function deleteOldPhoneCodes(db: Database, now = Date.now()) {
  await db.delete(phoneCodes).where(lt(phoneCodes.expiresAt, new Date(now - 24 * 60 * 60_000).toISOString()));
}
