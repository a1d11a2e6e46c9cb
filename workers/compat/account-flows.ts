/**
 * Sign-up, verification and password reset for the legacy calls: the same use cases
 * (domain/accounts-flows) as the portal's /login actions, with their rate limits and
 * emails. The calls differ only in how they name fields and shape answers, so each
 * flow returns an outcome and a message (the spec's strings) and the routes shape them.
 */
import type { Context } from "hono";
import type { Database } from "~/db/client.server";
import { ACCOUNT_MESSAGES as M, type RegisterInput, type ResetPasswordInput, type VerifyInput } from "~/domain/accounts/inputs";
import { completePasswordReset, confirmRegistration, requestPasswordReset, startRegistration } from "~/domain/accounts/flows.server";
import { accountServices } from "~/web/account-services.server";
import type { AppEnv } from "~/lib/env.server";
import { errorAnswer } from "./http";
import { humanCheckNeeded, tooManyAttempts } from "./limits";

export interface FlowArgs {
  c: Context;
  env: AppEnv;
  db: Database;
}

type Outcome<K extends string> = { outcome: K; message: string };

const services = ({ c, env, db }: FlowArgs) => ({ ...accountServices(env, c.req.raw), db });

function mailFailed(c: Context, field: string) {
  c.header("Retry-After", "60");
  return errorAnswer(c, 503, "unavailable", field, M.signupFailed);
}

/** Starts a sign-up: the code is made and mailed by the server (any client-sent code is ignored). */
export async function beginSignup(args: FlowArgs, input: RegisterInput, field: string, humanToken?: string) {
  const result = await startRegistration(services(args), input, humanToken);
  if (result.status === "limited") return tooManyAttempts(args.c, field, result.retryAfter);
  if (result.status === "challenge") return humanCheckNeeded(args.c, result);
  if (result.status === "mail-failed") return mailFailed(args.c, field);
  if (result.status === "registered") return { outcome: "registered", message: M.registered(input.email) } as Outcome<"registered">;
  return { outcome: "sent", message: M.codeSent(result.email) } as Outcome<"sent">;
}

/** Checks the emailed code; creates the account when it matches. */
export async function confirmSignup(args: FlowArgs, input: VerifyInput, field: string, humanToken?: string) {
  const result = await confirmRegistration(services(args), input, humanToken);
  if (result.status === "limited") return tooManyAttempts(args.c, field, result.retryAfter);
  if (result.status === "challenge") return humanCheckNeeded(args.c, result);
  if (result.status === "created") {
    return { outcome: "created", message: M.welcome(result.customer.firstName), firstName: result.customer.firstName } as const;
  }
  if (result.status === "already-verified") return { outcome: "already-verified", message: M.alreadyVerified } as const;
  return result.status === "expired"
    ? ({ outcome: "expired", message: M.codeExpired } as const)
    : ({ outcome: "mismatch", message: M.codeMismatch } as const);
}

/** Mails a reset code when the email belongs to a customer. */
export async function beginReset(args: FlowArgs, email: string, field: string) {
  const result = await requestPasswordReset(services(args), email);
  if (result.status === "limited") return tooManyAttempts(args.c, field, result.retryAfter);
  if (result.status === "mail-failed") return mailFailed(args.c, field);
  if (result.status === "unknown") return { outcome: "unknown", message: M.noMatch } as Outcome<"unknown">;
  const message = result.status === "already-sent" ? M.resetCodeAlreadySent(result.email) : M.resetCodeSent(result.email);
  return { outcome: "sent", message } as Outcome<"sent">;
}

/** Sets the new password when the code matches; every session made with the old one ends. */
export async function finishReset(args: FlowArgs, input: ResetPasswordInput, field: string, humanToken?: string) {
  const result = await completePasswordReset(services(args), input, humanToken);
  if (result.status === "limited") return tooManyAttempts(args.c, field, result.retryAfter);
  if (result.status === "challenge") return humanCheckNeeded(args.c, result);
  if (result.status !== "reset") {
    return { outcome: "failed", message: result.status === "expired" ? M.codeExpired : M.codeMismatch } as Outcome<"failed">;
  }
  return { outcome: "reset", message: M.passwordReset } as Outcome<"reset">;
}
