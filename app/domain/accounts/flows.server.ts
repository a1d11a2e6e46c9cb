/**
 * Account use cases shared by the portal's actions and the legacy calls: sign-up,
 * its code, and password recovery. Each counts the attempt first (the rate limit),
 * then applies the rule, then mails. Inputs are plain (db, secret, the client's IP,
 * a mail sender, the human check); outcomes are plain, and each front turns them into
 * its answer.
 *
 * Strangers cannot keep an owner out (rate-limit.server.ts): too many attempts from one
 * client refuse that client; too many on one account from everywhere ask every later
 * attempt for a passed human check (guesses, registrations) or stop new mail while the
 * last code sent is still good (password resets), and never refuse the owner.
 */
import type { Database } from "~/db/client.server";
import type { EmailContent } from "~/lib/email-layout.server";
import type { KindParams } from "~/domain/notifications/kinds";
import type { HumanCheck, HumanCheckWidget } from "~/lib/human-check.server";
import { clearAttempts, consumeAttempt, type RateLimitedAction } from "~/lib/rate-limit.server";
import type { RegisterInput, ResetPasswordInput, VerifyInput } from "./inputs";
import { passwordChangedEmail, resetCodeEmail, signupCodeEmail } from "./emails.server";
import { type ResetResult, resetPassword, startPasswordReset } from "./recovery.server";
import { resendSignupCode, startSignup, type VerifySignupResult, verifySignup } from "./signup.server";

type AccountKind = "verification-code" | "password-reset" | "password-changed";

/** An account message to one address: its kind and parameters (for a phone's short text) and the e-mail as composed. */
export type AccountMessage = { [K in AccountKind]: { kind: K; to: string; params: KindParams[K]; email: EmailContent } }[AccountKind];

export interface AccountMailer {
  siteName: string;
  supportEmail: string;
  /** The canonical origin for links; null when none is safe to use (then no mail with a link goes out). */
  origin: string | null;
  /** Sends one message (through the notifications queue); false when it could not be sent (the sender logs why). */
  send(message: AccountMessage): Promise<boolean>;
}

export interface AccountServices {
  db: Database;
  secret: string;
  /** The client's IP, for the per-IP limits. */
  ip: string;
  mail: AccountMailer;
  /** Asked for once an account is past its own limit. */
  humanCheck: HumanCheck;
}

/** Refused by a rate limit, for this client, for `retryAfter` seconds. */
export type Limited = { status: "limited"; retryAfter: number };

/**
 * Not checked: the account is past its own limit, so the attempt needs a passed human check
 * (`widget` asks for one). `failed`: a token came and was not good (expired, used, forged).
 */
export type ChallengeNeeded = { status: "challenge"; widget: HumanCheckWidget; failed: boolean };

const MAIL_FAILED = { status: "mail-failed" } as const;

/**
 * Counts one attempt at `action` on `account`: Limited when this client is past its limits.
 * The count says whether the account is past its own (`accountBusy`); the caller decides.
 */
export async function countClientAttempt(services: Pick<AccountServices, "db" | "ip">, action: RateLimitedAction, account: string) {
  const decision = await consumeAttempt(services.db, action, { ip: services.ip, account });
  return decision.allowed ? decision : ({ status: "limited", retryAfter: decision.retryAfter } satisfies Limited);
}

/**
 * Counts one attempt at `action` on `account`, which goes on past the account's own limit
 * only with a passed human check (`humanToken`): Limited, ChallengeNeeded, or the count.
 */
export async function countAttempt(
  services: Pick<AccountServices, "db" | "ip" | "humanCheck">,
  action: RateLimitedAction,
  account: string,
  humanToken?: unknown,
) {
  const counted = await countClientAttempt(services, action, account);
  if ("status" in counted || !counted.accountBusy || (await services.humanCheck.verify(humanToken, services.ip))) return counted;
  const failed = typeof humanToken === "string" && humanToken !== "";
  return { status: "challenge", widget: await services.humanCheck.widget(), failed } satisfies ChallengeNeeded;
}

/** The origin for the mail's links, or null after logging why the mail cannot go out. */
function linkOrigin(mail: AccountMailer) {
  if (!mail.origin) {
    console.error(
      "Account email not sent: no origin for its links. Set PUBLIC_ORIGIN to the site's address; links never use the request's Host.",
    );
  }
  return mail.origin;
}

async function mailSignupCode({ mail }: AccountServices, origin: string, pending: { email: string; firstName: string; code: string }) {
  const email = signupCodeEmail({ siteName: mail.siteName, origin, ...pending });
  const sent = await mail.send({ kind: "verification-code", to: pending.email, params: { code: pending.code }, email });
  return sent ? ({ status: "sent", email: pending.email } as const) : MAIL_FAILED;
}

/** A registration: a pending account and its code, mailed. */
export async function startRegistration(services: AccountServices, input: RegisterInput, humanToken?: unknown) {
  const counted = await countAttempt(services, "signup", input.email, humanToken);
  if ("status" in counted) return counted;
  const origin = linkOrigin(services.mail);
  if (!origin) return MAIL_FAILED;
  const result = await startSignup(services.db, services.secret, input);
  if (result.status === "registered") return { status: "registered" } as const;
  return mailSignupCode(services, origin, result);
}

/** A fresh code for the latest pending registration of `email` ("Resend code"). */
export async function resendRegistrationCode(services: AccountServices, email: string, humanToken?: unknown) {
  const counted = await countAttempt(services, "signup", email, humanToken);
  if ("status" in counted) return counted;
  const origin = linkOrigin(services.mail);
  if (!origin) return MAIL_FAILED;
  const result = await resendSignupCode(services.db, services.secret, email);
  if (!result) return { status: "missing" } as const;
  if (result.status === "registered") return { status: "registered" } as const;
  return mailSignupCode(services, origin, result);
}

/** Checks the emailed code; creates the account when it matches. */
export async function confirmRegistration(
  services: AccountServices,
  input: VerifyInput,
  humanToken?: unknown,
): Promise<Limited | ChallengeNeeded | VerifySignupResult> {
  const counted = await countAttempt(services, "verify", input.email, humanToken);
  if ("status" in counted) return counted;
  return verifySignup(services.db, services.secret, input);
}

/**
 * Mails a reset code when the email belongs to a customer. Once the account is past its own
 * limit (strangers asking for the owner's resets), no new code is made or mailed while the
 * last one sent is still good: the owner is told to use it ("already-sent"), never refused.
 */
export async function requestPasswordReset(services: AccountServices, email: string) {
  const counted = await countClientAttempt(services, "forgot", email);
  if ("status" in counted) return counted;
  const origin = linkOrigin(services.mail);
  if (!origin) return MAIL_FAILED;
  // The spec's message says the email is unknown; the limits bound what that tells a prober.
  const result = await startPasswordReset(services.db, services.secret, email, { keepLiveCode: counted.accountBusy });
  if (result.status === "unknown" || result.status === "already-sent") return result;
  const { mail } = services;
  const content = resetCodeEmail({ siteName: mail.siteName, origin, firstName: result.firstName, code: result.code });
  const sent = await mail.send({ kind: "password-reset", to: result.email, params: { code: result.code }, email: content });
  return sent ? ({ status: "sent", email: result.email } as const) : MAIL_FAILED;
}

/** Tells the customer their password changed (no link: nothing to forge). */
export async function mailPasswordChanged({ mail }: Pick<AccountServices, "mail">, customer: { email: string; firstName: string }) {
  const email = passwordChangedEmail({ siteName: mail.siteName, firstName: customer.firstName, supportEmail: mail.supportEmail });
  return mail.send({ kind: "password-changed", to: customer.email, params: {}, email });
}

/**
 * Sets the new password when the code matches. Sessions made with the old password
 * are stale from now on; the sign-in lock is lifted, since the owner proved the
 * mailbox (a lockout by someone else's guesses ends here).
 */
export async function completePasswordReset(
  services: AccountServices,
  input: ResetPasswordInput,
  humanToken?: unknown,
): Promise<Limited | ChallengeNeeded | ResetResult> {
  const counted = await countAttempt(services, "reset", input.email, humanToken);
  if ("status" in counted) return counted;
  const result = await resetPassword(services.db, services.secret, input);
  if (result.status !== "reset") return result;
  await clearAttempts(services.db, result.customer.email, ["login", "reset", "forgot"]);
  await mailPasswordChanged(services, result.customer);
  return result;
}
