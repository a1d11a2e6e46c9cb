/**
 * Fixed-window attempt counters in KV, per client IP and per account (email).
 *
 * Per-IP limits are generous because many Indian mobile users share one carrier
 * IP; per-account limits do the real work against guessing. KV is not atomic, so a
 * burst of parallel requests can slip a few past a limit; the per-code attempt
 * counters in D1 are exact, and PBKDF2 bounds the guess rate anyway.
 */
import { sha256Hex } from "./crypto.server";

export interface RateLimitRule {
  limit: number;
  windowSeconds: number;
}

const minutes = (n: number) => n * 60;

export const ACCOUNT_RATE_LIMITS = {
  /** Failed sign-ins. */
  login: { ip: { limit: 100, windowSeconds: minutes(15) }, account: { limit: 10, windowSeconds: minutes(15) } },
  /** Registrations and resent sign-up codes (each sends an email). */
  signup: { ip: { limit: 30, windowSeconds: minutes(60) }, account: { limit: 5, windowSeconds: minutes(60) } },
  /** Verification-code guesses. */
  verify: { ip: { limit: 60, windowSeconds: minutes(15) }, account: { limit: 10, windowSeconds: minutes(15) } },
  /** Forgot-password requests and resent reset codes. */
  forgot: { ip: { limit: 30, windowSeconds: minutes(60) }, account: { limit: 5, windowSeconds: minutes(60) } },
  /** Reset-code guesses. */
  reset: { ip: { limit: 60, windowSeconds: minutes(15) }, account: { limit: 10, windowSeconds: minutes(15) } },
} satisfies Record<string, { ip: RateLimitRule; account: RateLimitRule }>;

export type RateLimitedAction = keyof typeof ACCOUNT_RATE_LIMITS;

export interface RateLimitSubject {
  ip: string;
  /** The email the attempt is about, lower-cased. */
  account: string;
}

/** Cloudflare sets CF-Connecting-IP on every request; clients cannot forge it there. */
export function clientIp(request: Request): string {
  return request.headers.get("cf-connecting-ip") ?? "unknown";
}

async function counterKeys(action: RateLimitedAction, subject: RateLimitSubject, now: number) {
  const rules = ACCOUNT_RATE_LIMITS[action];
  const window = (rule: RateLimitRule) => Math.floor(now / (rule.windowSeconds * 1000));
  return [
    { rule: rules.ip, key: `rl:${action}:ip:${await sha256Hex(subject.ip)}:${window(rules.ip)}` },
    { rule: rules.account, key: `rl:${action}:acct:${await sha256Hex(subject.account)}:${window(rules.account)}` },
  ];
}

function secondsToWindowEnd(rule: RateLimitRule, now: number) {
  const windowMs = rule.windowSeconds * 1000;
  return Math.ceil((windowMs - (now % windowMs)) / 1000);
}

/** Null when the attempt may go ahead, else the seconds until it may. */
export async function checkRateLimit(
  kv: KVNamespace,
  action: RateLimitedAction,
  subject: RateLimitSubject,
): Promise<number | null> {
  const now = Date.now();
  const counters = await counterKeys(action, subject, now);
  const counts = await Promise.all(counters.map(({ key }) => kv.get(key)));
  let wait = 0;
  counters.forEach(({ rule }, i) => {
    if (Number(counts[i] ?? 0) >= rule.limit) wait = Math.max(wait, secondsToWindowEnd(rule, now));
  });
  return wait > 0 ? wait : null;
}

/** Counts one attempt against both the IP and the account. */
export async function recordAttempt(kv: KVNamespace, action: RateLimitedAction, subject: RateLimitSubject) {
  const now = Date.now();
  const counters = await counterKeys(action, subject, now);
  await Promise.all(
    counters.map(async ({ rule, key }) => {
      const count = Number((await kv.get(key)) ?? 0) + 1;
      // KV needs a TTL of at least 60 s; the key outlives its window slightly.
      await kv.put(key, String(count), { expirationTtl: Math.max(60, secondsToWindowEnd(rule, now) + 60) });
    }),
  );
}
