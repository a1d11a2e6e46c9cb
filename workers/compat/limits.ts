/** The accounts module's rate limits, applied to the legacy account calls with a 429 in the legacy style. */
import type { Context } from "hono";
import { ACCOUNT_MESSAGES } from "~/domain/accounts";
import type { AppEnv } from "~/lib/env.server";
import { checkRateLimit, clientIp, type RateLimitedAction, recordAttempt } from "~/lib/rate-limit.server";
import { errorAnswer } from "./http";

export function rateLimiter(c: Context, env: AppEnv) {
  const kv = env.bindings.SESSIONS;
  const subject = (account: string) => ({ ip: clientIp(c.req.raw), account: account.toLowerCase() });
  return {
    /** Null when the attempt may go ahead; else the 429 to send. */
    async blocked(action: RateLimitedAction, account: string, field: string): Promise<Response | null> {
      const wait = await checkRateLimit(kv, action, subject(account));
      if (!wait) return null;
      c.header("Retry-After", String(wait));
      return errorAnswer(c, 429, "rate_limited", field, ACCOUNT_MESSAGES.tooManyAttempts(Math.ceil(wait / 60)));
    },
    record: (action: RateLimitedAction, account: string) => recordAttempt(kv, action, subject(account)),
  };
}
