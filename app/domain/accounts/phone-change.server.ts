/**
 * A new mobile on the profile is verified before it replaces the old one: the profile's other
 * fields are saved at once, a code goes to the new number, and the number changes only when
 * that code comes back (phone sign-in trusts the mobile on an account, so an unproven one must
 * never get there). The change waits in the code's row: the newest live code of the customer.
 */
import { and, eq, isNull } from "drizzle-orm";
import { customers, phoneCodes } from "~/db/schema";
import { ACCOUNT_RATE_LIMITS } from "~/lib/rate-limit.server";
import { updateProfile } from "./customers.server";
import { countClientAttempt } from "./flows.server";
import { PHONE_PREFIX, type ProfileInput, storedMobile } from "./inputs";
import { checkPhoneCode, isLive, issuePhoneCode, newestPhoneChangeCode } from "./phone-codes.server";
import type { PhoneServices } from "./phone-signin.server";

type Services = Omit<PhoneServices, "humanCheck">;

/** The new mobile waiting for its code (E.164), if any. */
export async function pendingPhoneChange(services: Pick<Services, "db">, customerId: number) {
  const newest = await newestPhoneChangeCode(services.db, customerId);
  return newest && isLive(newest) ? { phone: newest.phone } : null;
}

/**
 * A code to `phone` for the customer's change. The session passed a sign-in, so no human check
 * is asked; a phone past its own limit is refused instead (a signed-in stranger may not use
 * the profile to send a phone message after message).
 */
async function sendChangeCode(services: Services, customerId: number, phone: string) {
  const counted = await countClientAttempt(services, "phoneCode", phone);
  if ("status" in counted) return counted;
  if (counted.accountBusy) return { status: "limited", retryAfter: ACCOUNT_RATE_LIMITS.phoneCode.account.windowSeconds } as const;
  const code = await issuePhoneCode(services.db, services.secret, { phone, purpose: "verify-phone", customerId });
  try {
    await services.sendCode({ customerIds: [customerId], phone, code, purpose: "verify-phone", language: services.language });
  } catch (error) {
    console.error("Phone verification code not sent:", error instanceof Error ? error.message : "unknown error");
    return { status: "send-failed" } as const;
  }
  return { status: "code-sent", phone } as const;
}

/** Ends a change waiting for its code (the customer saved the profile with their current mobile). */
async function dropPendingChange(services: Pick<Services, "db">, customerId: number) {
  await services.db
    .update(phoneCodes)
    .set({ usedAt: new Date().toISOString() })
    .where(and(eq(phoneCodes.customerId, customerId), eq(phoneCodes.purpose, "verify-phone"), isNull(phoneCodes.usedAt)));
}

/**
 * Saves the profile form. A changed mobile is not saved: a code goes to it (`code-sent`,
 * `limited`, `send-failed` say how that went), and the old one stays until the code comes back.
 */
export async function saveProfileVerifyingMobile(services: Services, customerId: number, input: ProfileInput) {
  const [current] = await services.db
    .select({ mobile: customers.phoneMobile })
    .from(customers)
    .where(eq(customers.id, customerId))
    .limit(1);
  if (!current) return { status: "bad-star" } as const;
  const changed = input.mobile !== current.mobile;
  if (!(await updateProfile(services.db, customerId, { ...input, mobile: current.mobile }))) return { status: "bad-star" } as const;
  if (!changed) {
    await dropPendingChange(services, customerId);
    return { status: "saved" } as const;
  }
  return sendChangeCode(services, customerId, `${PHONE_PREFIX}${input.mobile}`);
}

/** "Resend code": a new code to the mobile waiting for one. */
export async function resendPhoneChangeCode(services: Services, customerId: number) {
  const pending = await pendingPhoneChange(services, customerId);
  if (!pending) return { status: "expired" } as const;
  return sendChangeCode(services, customerId, pending.phone);
}

/** Checks the code sent to the new mobile; when it matches, the mobile changes. */
export async function confirmPhoneChange(services: Services, customerId: number, code: string) {
  const { db, secret } = services;
  const newest = await newestPhoneChangeCode(db, customerId);
  if (!newest || !isLive(newest)) return { status: "expired" } as const;
  const counted = await countClientAttempt(services, "phoneGuess", newest.phone);
  if ("status" in counted) return counted;
  const check = await checkPhoneCode(db, secret, newest, code);
  if (check.status !== "matched") return check;
  await counted.giveBack();
  const now = new Date().toISOString();
  await db
    .update(customers)
    .set({ phoneMobile: storedMobile(newest.phone), phoneVerifiedAt: now, updatedAt: now })
    .where(eq(customers.id, customerId));
  return { status: "changed" } as const;
}
