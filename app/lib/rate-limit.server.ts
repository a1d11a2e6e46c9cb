/**
 * Attempt counters for the account actions: fixed windows per client IP and per
 * account (email), in D1. An attempt is counted before it is checked, by one atomic
 * statement per counter (INSERT … ON CONFLICT DO UPDATE … RETURNING count), so n
 * parallel requests see the counts 1…n and no more than the limit go ahead.
 *
 * Per-IP limits are generous because many Indian mobile users share one carrier
 * IP; per-account limits do the real work against guessing.
 */
import { and, eq, gt, inArray, lte, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { rateLimits } from "~/db/schema";
import { sha256Hex } from "./crypto.server";

export interface RateLimitRule {
  limit: number;
  windowSeconds: number;
}

const minutes = (n: number) => n * 60;

/** The one policy table: every limited account action, per IP and per account. */
export const ACCOUNT_RATE_LIMITS = {
  /** Sign-in attempts (successful ones are given back), and current-password checks. */
  login: { ip: { limit: 100, windowSeconds: minutes(15) }, account: { limit: 10, windowSeconds: minutes(15) } },
  /** Registrations, resent sign-up codes and availability checks (each sends an email or tells one). */
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
  /** The email the attempt is about. */
  account: string;
}

export type AttemptDecision =
  /** Counted and allowed; `giveBack` un-counts it (e.g. the password was right). */
  | { allowed: true; giveBack(): Promise<void> }
  /** Counted and refused: past the limit until `retryAfter` seconds from now. */
  | { allowed: false; retryAfter: number };

/** Cloudflare sets CF-Connecting-IP on every request; clients cannot forge it there. */
export function clientIp(request: Request): string {
  return request.headers.get("cf-connecting-ip") ?? "unknown";
}

interface Counter {
  key: string;
  rule: RateLimitRule;
  windowStart: number;
  expiresAt: number;
}

async function accountKey(action: RateLimitedAction, account: string) {
  return `${action}:acct:${await sha256Hex(account.trim().toLowerCase())}`;
}

async function countersFor(action: RateLimitedAction, subject: RateLimitSubject, now: number): Promise<Counter[]> {
  const rules = ACCOUNT_RATE_LIMITS[action];
  const counter = (key: string, rule: RateLimitRule): Counter => {
    const windowMs = rule.windowSeconds * 1000;
    const windowStart = now - (now % windowMs);
    return { key, rule, windowStart, expiresAt: windowStart + windowMs };
  };
  return [
    counter(`${action}:ip:${await sha256Hex(subject.ip)}`, rules.ip),
    counter(await accountKey(action, subject.account), rules.account),
  ];
}

/** Counts one attempt: a new window starts at 1, the current one goes up by 1. */
function countOne(db: Database, { key, windowStart, expiresAt }: Counter) {
  return db
    .insert(rateLimits)
    .values({ key, windowStart, count: 1, expiresAt })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        count: sql`case when ${rateLimits.windowStart} = excluded.window_start then ${rateLimits.count} + 1 else 1 end`,
        windowStart: sql`excluded.window_start`,
        expiresAt: sql`excluded.expires_at`,
      },
    })
    .returning({ count: rateLimits.count });
}

function giveBackOne(db: Database, { key, windowStart }: Counter) {
  return db
    .update(rateLimits)
    .set({ count: sql`${rateLimits.count} - 1` })
    .where(and(eq(rateLimits.key, key), eq(rateLimits.windowStart, windowStart), gt(rateLimits.count, 0)));
}

/**
 * The one way to apply a limit: counts the attempt against the IP and the account
 * (one batch), then allows it only if neither count is past its limit.
 */
export async function consumeAttempt(
  db: Database,
  action: RateLimitedAction,
  subject: RateLimitSubject,
  now = Date.now(),
): Promise<AttemptDecision> {
  const [ip, account] = await countersFor(action, subject, now);
  const counted = await db.batch([countOne(db, ip!), countOne(db, account!)]);
  let retryAfter = 0;
  [ip!, account!].forEach((counter, i) => {
    const count = counted[i]![0]?.count ?? Number.POSITIVE_INFINITY;
    if (count > counter.rule.limit) retryAfter = Math.max(retryAfter, Math.ceil((counter.expiresAt - now) / 1000));
  });
  if (retryAfter > 0) return { allowed: false, retryAfter };
  return {
    allowed: true,
    giveBack: async () => {
      await db.batch([giveBackOne(db, ip!), giveBackOne(db, account!)]);
    },
  };
}

/** Forgets an account's attempts at `actions` (e.g. sign-in after the password was reset by email). */
export async function clearAttempts(db: Database, account: string, actions: RateLimitedAction[]) {
  const keys = await Promise.all(actions.map((action) => accountKey(action, account)));
  await db.delete(rateLimits).where(inArray(rateLimits.key, keys));
}

/** Housekeeping: counters whose window is over. */
export async function deleteExpiredAttempts(db: Database, now = Date.now()) {
  await db.delete(rateLimits).where(lte(rateLimits.expiresAt, now));
}
