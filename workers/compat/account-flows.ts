/**
 * Sign-up, verification and password reset for the legacy calls, over the same
 * domain functions, emails and rate limits as the portal's /login actions. The
 * calls differ only in how they name fields and shape answers, so each flow
 * returns an outcome and a message (the spec's strings) and the routes shape them.
 */
import type { Context } from "hono";
import type { Database } from "~/db/client.server";
import { ACCOUNT_MESSAGES as M, type RegisterInput, type ResetPasswordInput, type VerifyInput } from "~/domain/accounts";
import { passwordChangedEmail, resetCodeEmail, signupCodeEmail } from "~/domain/accounts-emails.server";
import { resetPassword, startPasswordReset } from "~/domain/accounts-recovery.server";
import { startSignup, verifySignup } from "~/domain/accounts-signup.server";
import { trySend } from "~/lib/account-actions.server";
import type { AppEnv } from "~/lib/env.server";
import { errorAnswer } from "./http";
import { rateLimiter } from "./limits";

export interface FlowArgs {
  c: Context;
  env: AppEnv;
  db: Database;
}

type Outcome<K extends string> = { outcome: K; message: string };

function mailFailed(c: Context, field: string) {
  c.header("Retry-After", "60");
  return errorAnswer(c, 503, "unavailable", field, M.signupFailed);
}

/** Starts a sign-up: the code is made and mailed by the server (any client-sent code is ignored). */
export async function beginSignup({ c, env, db }: FlowArgs, input: RegisterInput, field: string) {
  const limits = rateLimiter(c, env);
  const blocked = await limits.blocked("signup", input.email, field);
  if (blocked) return blocked;
  await limits.record("signup", input.email);
  const secret = env.config.SESSION_SECRET;
  const result = await startSignup(db, secret, input);
  if (result.status === "registered") return { outcome: "registered", message: M.registered(input.email) } as Outcome<"registered">;
  const confirmUrl = `${new URL(c.req.url).origin}/verify-email?${new URLSearchParams({ email: result.email, code: result.code })}`;
  const sent = await trySend(env, {
    to: result.email,
    ...signupCodeEmail({ siteName: env.config.SITE_NAME, firstName: result.firstName, code: result.code, confirmUrl }),
  });
  if (!sent) return mailFailed(c, field);
  return { outcome: "sent", message: M.codeSent(result.email) } as Outcome<"sent">;
}

/** Checks the emailed code; creates the account when it matches. */
export async function confirmSignup({ c, env, db }: FlowArgs, input: VerifyInput, field: string) {
  const limits = rateLimiter(c, env);
  const blocked = await limits.blocked("verify", input.email, field);
  if (blocked) return blocked;
  const result = await verifySignup(db, env.config.SESSION_SECRET, input);
  if (result.status === "created") {
    return { outcome: "created", message: M.welcome(result.customer.firstName), firstName: result.customer.firstName } as const;
  }
  if (result.status === "already-verified") return { outcome: "already-verified", message: M.alreadyVerified } as const;
  await limits.record("verify", input.email);
  return result.status === "expired"
    ? ({ outcome: "expired", message: M.codeExpired } as const)
    : ({ outcome: "mismatch", message: M.codeMismatch } as const);
}

/** Mails a reset code when the email belongs to a customer. */
export async function beginReset({ c, env, db }: FlowArgs, email: string, field: string) {
  const limits = rateLimiter(c, env);
  const blocked = await limits.blocked("forgot", email, field);
  if (blocked) return blocked;
  await limits.record("forgot", email);
  const result = await startPasswordReset(db, env.config.SESSION_SECRET, email);
  // The spec's message says the email is unknown; the limits above bound what that tells a prober.
  if (result.status === "unknown") return { outcome: "unknown", message: M.noMatch } as Outcome<"unknown">;
  const resetUrl = `${new URL(c.req.url).origin}/login?form=reset`;
  const sent = await trySend(env, {
    to: result.email,
    ...resetCodeEmail({ siteName: env.config.SITE_NAME, firstName: result.firstName, code: result.code, resetUrl }),
  });
  if (!sent) return mailFailed(c, field);
  return { outcome: "sent", message: M.resetCodeSent(result.email) } as Outcome<"sent">;
}

/** Sets the new password when the code matches; every session made with the old one ends. */
export async function finishReset({ c, env, db }: FlowArgs, input: ResetPasswordInput, field: string) {
  const limits = rateLimiter(c, env);
  const blocked = await limits.blocked("reset", input.email, field);
  if (blocked) return blocked;
  const result = await resetPassword(db, env.config.SESSION_SECRET, input);
  if (result.status !== "reset") {
    await limits.record("reset", input.email);
    return { outcome: "failed", message: result.status === "expired" ? M.codeExpired : M.codeMismatch } as Outcome<"failed">;
  }
  const { customer } = result;
  await trySend(env, {
    to: customer.email,
    ...passwordChangedEmail({ siteName: env.config.SITE_NAME, firstName: customer.firstName, supportEmail: env.config.SUPPORT_EMAIL }),
  });
  return { outcome: "reset", message: M.passwordReset } as Outcome<"reset">;
}
