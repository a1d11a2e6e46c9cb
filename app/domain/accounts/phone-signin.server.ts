/**
 * Signing in with a code sent to the phone, for devotees: the mobile on an account (given at
 * sign-up or on the profile) is all it takes, since the code proves the phone. Nothing tells a
 * stranger whether a phone has an account: every phone gets the same answer after the same
 * work (the accounts are looked up and a code is stored for every phone; it goes out only to a
 * phone with accounts). A phone of several accounts (families share one) lets the devotee
 * choose; the choice is bound to the spent code's row and offers only that phone's accounts.
 */
import { and, asc, eq, gt, isNotNull, isNull } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { customers, phoneCodes } from "~/db/schema";
import { hmacSha256, randomToken, timingSafeEqualText } from "~/lib/crypto.server";
import type { Locale } from "~/lib/i18n";
import type { CustomerCredentials } from "./customers.server";
import { type AccountServices, countAttempt } from "./flows.server";
import { storedMobile, type PhoneCodeInput } from "./inputs";
import { checkPhoneCode, issuePhoneCode, newestSignInCode, PHONE_CODE_TTL_MINUTES, type PhoneCodeSender } from "./phone-codes.server";

export interface PhoneServices extends Pick<AccountServices, "db" | "secret" | "ip" | "humanCheck"> {
  sendCode: PhoneCodeSender;
  /** The language the message goes out in (the page's). */
  language: Locale;
}

/** Bounds the accounts one phone offers (a family's, with room to spare). */
const MOST_ACCOUNTS = 12;

/** The devotees' accounts whose mobile is `phone` (E.164), oldest first; staff and operators sign in with their password. */
export function accountsWithPhone(db: Database, phone: string): Promise<CustomerCredentials[]> {
  return db
    .select({
      id: customers.id,
      email: customers.email,
      firstName: customers.firstName,
      passwordHash: customers.passwordHash,
      language: customers.language,
      role: customers.role,
    })
    .from(customers)
    .where(and(eq(customers.phoneMobile, storedMobile(phone)), eq(customers.role, "customer")))
    .orderBy(asc(customers.id))
    .limit(MOST_ACCOUNTS);
}

/** The code sent: the page asks for it. `send-failed`: no message could go out (logged). */
export async function requestSignInCode(services: PhoneServices, phone: string, humanToken?: unknown) {
  const counted = await countAttempt(services, "phoneCode", phone, humanToken);
  if ("status" in counted) return counted;
  const accounts = await accountsWithPhone(services.db, phone);
  const code = await issuePhoneCode(services.db, services.secret, { phone, purpose: "sign-in", customerId: null });
  try {
    await services.sendCode({ customerIds: accounts.map((a) => a.id), phone, code, purpose: "sign-in", language: services.language });
  } catch (error) {
    console.error("Sign-in code not sent:", error instanceof Error ? error.message : "unknown error");
    return { status: "send-failed" } as const;
  }
  return { status: "sent", phone } as const;
}

const choiceDigest = (secret: string, rowId: number, token: string) => hmacSha256(secret, `phone-choice:${rowId}:${token}`);

async function markPhoneVerified(db: Database, customerId: number) {
  await db.update(customers).set({ phoneVerifiedAt: new Date().toISOString() }).where(eq(customers.id, customerId));
}

/**
 * Checks the code; when it matches, the phone's one account signs in, or, for a phone of
 * several, a choice (`ticket`, for the browser to keep) lets the devotee pick one of them.
 */
export async function verifySignInCode(services: PhoneServices, input: Pick<PhoneCodeInput, "phone" | "code">, humanToken?: unknown) {
  const { db, secret } = services;
  const counted = await countAttempt(services, "phoneGuess", input.phone, humanToken);
  if ("status" in counted) return counted;
  const check = await checkPhoneCode(db, secret, await newestSignInCode(db, input.phone), input.code);
  if (check.status !== "matched") return check;
  await counted.giveBack();
  const accounts = await accountsWithPhone(db, input.phone);
  const [only] = accounts;
  if (!only) return { status: "mismatch" } as const;
  if (accounts.length === 1) {
    await markPhoneVerified(db, only.id);
    return { status: "signed-in", customer: only } as const;
  }
  const token = randomToken(24);
  await db
    .update(phoneCodes)
    .set({ choiceHash: await choiceDigest(secret, check.row.id, token) })
    .where(eq(phoneCodes.id, check.row.id));
  return { status: "choose", ticket: `${check.row.id}.${token}` } as const;
}

/** The code row a choice ticket stands for: spent within the code's time, its choice not yet made. */
async function choiceRow(db: Database, secret: string, ticket: string) {
  const [id, token] = ticket.split(".");
  const rowId = Number(id);
  if (!Number.isSafeInteger(rowId) || rowId <= 0 || !token) return null;
  const since = new Date(Date.now() - PHONE_CODE_TTL_MINUTES * 60_000).toISOString();
  const [row] = await db
    .select({ id: phoneCodes.id, phone: phoneCodes.phone, choiceHash: phoneCodes.choiceHash })
    .from(phoneCodes)
    .where(and(eq(phoneCodes.id, rowId), eq(phoneCodes.purpose, "sign-in"), gt(phoneCodes.usedAt, since), isNull(phoneCodes.chosenAt)))
    .limit(1);
  if (!row?.choiceHash || !timingSafeEqualText(await choiceDigest(secret, rowId, token), row.choiceHash)) return null;
  return row;
}

/** "d•••e@example.org": enough for a family to tell its accounts apart, not enough to give one away. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf("@");
  const local = email.slice(0, at);
  const tail = local.length > 2 ? local.at(-1) : "";
  return `${local.slice(0, 1)}•••${tail}${email.slice(at)}`;
}

/** The accounts a choice ticket offers (first name and a masked email), or null when it is no longer good. */
export async function accountsToChoose(db: Database, secret: string, ticket: string) {
  const row = await choiceRow(db, secret, ticket);
  if (!row) return null;
  const accounts = await accountsWithPhone(db, row.phone);
  return accounts.map((account) => ({ id: account.id, firstName: account.firstName, email: maskEmail(account.email) }));
}

/** Signs in to the chosen account, when the ticket offers it; a ticket is used once. */
export async function chooseAccount(db: Database, secret: string, ticket: string, customerId: number) {
  const row = await choiceRow(db, secret, ticket);
  if (!row) return { status: "expired" } as const;
  const customer = (await accountsWithPhone(db, row.phone)).find((account) => account.id === customerId);
  if (!customer) return { status: "not-offered" } as const;
  const claimed = await db
    .update(phoneCodes)
    .set({ chosenAt: new Date().toISOString() })
    .where(and(eq(phoneCodes.id, row.id), isNull(phoneCodes.chosenAt), isNotNull(phoneCodes.choiceHash)))
    .returning({ id: phoneCodes.id });
  if (claimed.length === 0) return { status: "expired" } as const;
  await markPhoneVerified(db, customer.id);
  return { status: "signed-in", customer } as const;
}
