/**
 * Attempt counters for the account actions, in D1, in fixed windows: per client IP, per
 * account and client (the email and the IP together), and per account. An attempt is
 * counted before it is checked, by one atomic statement per counter (INSERT … ON CONFLICT
 * DO UPDATE … RETURNING count), so n parallel requests see the counts 1…n.
 *
 * What each limit does when it is passed, so that strangers cannot keep an owner out:
 * - the IP's limit and the account-and-client limit refuse (429) that client only: one
 *   address guessing at one account stops there, and nobody else is touched;
 * - the account's limit refuses nobody: past it, every attempt on the account from any
 *   address must carry a passed human check (Cloudflare Turnstile) before anything is
 *   checked, which the owner passes and a guessing script does not. Actions that send
 *   mail say in their use case what they do instead (no new reset email while one is live).
 * Per-IP limits are generous because many Indian mobile users share one carrier IP.
 */
import { and, eq, gt, inArray, lt, lte, or, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { rateLimits } from "~/db/schema";
import { sha256Hex } from "./crypto.server";

export interface RateLimitRule {
  limit: number;
  windowSeconds: number;
}

const minutes = (n: number) => n * 60;

/** The one policy table: every limited account action, per IP, per account and client, per account. */
export const ACCOUNT_RATE_LIMITS = {
  /** Sign-in attempts (successful ones are given back), and current-password checks. */
  login: {
    ip: { limit: 100, windowSeconds: minutes(15) },
    client: { limit: 10, windowSeconds: minutes(15) },
    account: { limit: 10, windowSeconds: minutes(15) },
  },
  /** Registrations, resent sign-up codes and availability checks (each sends an email or tells one). */
  signup: {
    ip: { limit: 30, windowSeconds: minutes(60) },
    client: { limit: 5, windowSeconds: minutes(60) },
    account: { limit: 5, windowSeconds: minutes(60) },
  },
  /** Verification-code guesses. */
  verify: {
    ip: { limit: 60, windowSeconds: minutes(15) },
    client: { limit: 10, windowSeconds: minutes(15) },
    account: { limit: 10, windowSeconds: minutes(15) },
  },
  /** Forgot-password requests and resent reset codes. */
  forgot: {
    ip: { limit: 30, windowSeconds: minutes(60) },
    client: { limit: 5, windowSeconds: minutes(60) },
    account: { limit: 5, windowSeconds: minutes(60) },
  },
  /** Reset-code guesses. */
  reset: {
    ip: { limit: 60, windowSeconds: minutes(15) },
    client: { limit: 10, windowSeconds: minutes(15) },
    account: { limit: 10, windowSeconds: minutes(15) },
  },
  /**
   * Codes sent to a phone (the "account" is the phone): a few an hour go out freely, then each
   * needs a passed human check; one address is refused past its limits. Each one is a message
   * a stranger could make the phone's owner pay attention to.
   */
  phoneCode: {
    ip: { limit: 30, windowSeconds: minutes(60) },
    client: { limit: 10, windowSeconds: minutes(60) },
    account: { limit: 3, windowSeconds: minutes(60) },
  },
  /** Guesses of codes sent to a phone. */
  phoneGuess: {
    ip: { limit: 60, windowSeconds: minutes(15) },
    client: { limit: 10, windowSeconds: minutes(15) },
    account: { limit: 10, windowSeconds: minutes(15) },
  },
} satisfies Record<string, { ip: RateLimitRule; client: RateLimitRule; account: RateLimitRule }>;

export type RateLimitedAction = keyof typeof ACCOUNT_RATE_LIMITS;

export interface RateLimitSubject {
  ip: string;
  /** The email (or, for phone codes, the phone in E.164) the attempt is about. */
  account: string;
}

export type AttemptDecision =
  /**
   * Counted and allowed; `giveBack` un-counts it (e.g. the password was right).
   * `accountBusy`: the account is past its own limit, so the use case asks for more
   * (a passed human check) before it checks anything.
   */
  | { allowed: true; accountBusy: boolean; giveBack(): Promise<void> }
  /** Counted and refused for this client: past the limit until `retryAfter` seconds from now. */
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

const normalEmail = (account: string) => account.trim().toLowerCase();

async function accountKey(action: RateLimitedAction, account: string) {
  return `${action}:acct:${await sha256Hex(normalEmail(account))}`;
}

async function countersFor(
  action: RateLimitedAction,
  subject: RateLimitSubject,
  now: number,
): Promise<[ip: Counter, client: Counter, account: Counter]> {
  const rules = ACCOUNT_RATE_LIMITS[action];
  const counter = (key: string, rule: RateLimitRule): Counter => {
    const windowMs = rule.windowSeconds * 1000;
    const windowStart = now - (now % windowMs);
    return { key, rule, windowStart, expiresAt: windowStart + windowMs };
  };
  return [
    counter(`${action}:ip:${await sha256Hex(subject.ip)}`, rules.ip),
    counter(`${await accountKey(action, subject.account)}:client:${await sha256Hex(subject.ip)}`, rules.client),
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
 * The one way to apply a limit: counts the attempt against the IP, the account and client,
 * and the account (one batch). It is refused when the IP or the account and client are past
 * their limits; past the account's limit it is allowed with `accountBusy` set.
 */
export async function consumeAttempt(
  db: Database,
  action: RateLimitedAction,
  subject: RateLimitSubject,
  now = Date.now(),
): Promise<AttemptDecision> {
  const counters = await countersFor(action, subject, now);
  const counted = await db.batch([countOne(db, counters[0]), countOne(db, counters[1]), countOne(db, counters[2])]);
  const over = counters.map((counter, i) => (counted[i]![0]?.count ?? Number.POSITIVE_INFINITY) > counter.rule.limit);
  const retryAfter = Math.max(
    0,
    ...counters
      .slice(0, 2)
      .filter((_, i) => over[i])
      .map((counter) => Math.ceil((counter.expiresAt - now) / 1000)),
  );
  if (retryAfter > 0) return { allowed: false, retryAfter };
  return {
    allowed: true,
    accountBusy: over[2]!,
    giveBack: async () => {
      await db.batch([giveBackOne(db, counters[0]), giveBackOne(db, counters[1]), giveBackOne(db, counters[2])]);
    },
  };
}

/** Forgets an account's attempts at `actions`, from every client (e.g. sign-in after the password was reset by email). */
export async function clearAttempts(db: Database, account: string, actions: RateLimitedAction[]) {
  const keys = await Promise.all(actions.map((action) => accountKey(action, account)));
  // Each account's client counters are the keys between "<account>:client:" and "<account>:client;" (the primary key's range).
  const clients = keys.map((key) => and(gt(rateLimits.key, `${key}:client:`), lt(rateLimits.key, `${key}:client;`)));
  await db.delete(rateLimits).where(or(inArray(rateLimits.key, keys), ...clients));
}

/** Housekeeping: counters whose window is over. */
export async function deleteExpiredAttempts(db: Database, now = Date.now()) {
  await db.delete(rateLimits).where(lte(rateLimits.expiresAt, now));
}

/**
 * One client's attempts at something anyone may try without an account (e.g. checking a
 * receipt's code), counted per IP in a fixed window by the same atomic counter. Past the limit
 * the client is refused until the window ends; `giveBack` un-counts an attempt that succeeded,
 * so only guesses add up.
 */
export async function consumeClientAttempt(
  db: Database,
  bucket: string,
  ip: string,
  rule: RateLimitRule,
  now = Date.now(),
): Promise<{ allowed: true; giveBack(): Promise<void> } | { allowed: false; retryAfter: number }> {
  const windowMs = rule.windowSeconds * 1000;
  const windowStart = now - (now % windowMs);
  const counter: Counter = { key: `${bucket}:ip:${await sha256Hex(ip)}`, rule, windowStart, expiresAt: windowStart + windowMs };
  const [row] = await countOne(db, counter);
  if ((row?.count ?? Number.POSITIVE_INFINITY) > rule.limit)
    return { allowed: false, retryAfter: Math.ceil((counter.expiresAt - now) / 1000) };
  return {
    allowed: true,
    giveBack: async () => {
      await giveBackOne(db, counter);
    },
  };
}
