/**
 * The legacy answers to an attempt the accounts module's rate limits stopped: a 429 with
 * Retry-After for this client, or a 403 asking for a human check on an account past its limit.
 */
import type { Context } from "hono";
import { ACCOUNT_MESSAGES as M, tooManyAttemptsMessage } from "~/domain/accounts/inputs";
import type { ChallengeNeeded } from "~/domain/accounts/flows.server";
import { HUMAN_CHECK_FIELD } from "~/lib/human-check";
import { errorAnswer, pick, type JsonBody } from "./http";

/** `signIn`: the message offers the reset path (the lock may be someone else's doing). */
export function tooManyAttempts(c: Context, field: string, retryAfter: number, signIn = false): Response {
  c.header("Retry-After", String(retryAfter));
  return errorAnswer(c, 429, "rate_limited", field, tooManyAttemptsMessage(retryAfter, signIn));
}

/** A 403 (error challenge_required): send the call again with a passed check's TurnstileToken. */
export function humanCheckNeeded(c: Context, { widget, failed }: ChallengeNeeded): Response {
  const message = widget.kind === "unavailable" ? M.humanCheckUnavailable : failed ? M.humanCheckFailed : M.humanCheckNeeded;
  return c.json(
    {
      Status: "Failed",
      error: "challenge_required",
      field: "TurnstileToken",
      message,
      ...(widget.kind === "turnstile" ? { siteKey: widget.siteKey } : {}),
      ...(widget.kind === "local" ? { localToken: widget.token } : {}),
    },
    403,
  );
}

/** The human check's token in a payload: TurnstileToken, or the field Turnstile's own widget names. */
export function humanTokenOf(input: { TurnstileToken?: string }, json?: JsonBody): string | undefined {
  const other = json ? pick(json, HUMAN_CHECK_FIELD) : undefined;
  return input.TurnstileToken ?? (typeof other === "string" ? other : undefined);
}
