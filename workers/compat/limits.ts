/** The legacy answer to an attempt the accounts module's rate limits refused: a 429 with Retry-After. */
import type { Context } from "hono";
import { tooManyAttemptsMessage } from "~/domain/accounts";
import { errorAnswer } from "./http";

/** `signIn`: the message offers the reset path (the lock may be someone else's doing). */
export function tooManyAttempts(c: Context, field: string, retryAfter: number, signIn = false): Response {
  c.header("Retry-After", String(retryAfter));
  return errorAnswer(c, 429, "rate_limited", field, tooManyAttemptsMessage(retryAfter, signIn));
}
