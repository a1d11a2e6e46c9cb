/** Forgotten passwords: a single-use, expiring, attempt-limited reset code. */
import { and, desc, eq, gt, isNotNull, isNull, lt, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { customers, passwordResets } from "~/db/schema";
import { hashPassword } from "~/lib/password.server";
import type { ResetPasswordInput } from "./inputs";
import { findCustomerByEmail } from "./customers.server";
import { MAX_CODE_ATTEMPTS, codeExpiry, codeFromSeed, codeMatches, isExpired, newCode } from "./codes.server";

export type StartResetResult =
  | { status: "unknown" }
  | { status: "sent"; email: string; firstName: string; code: string }
  /** A code sent earlier is still good, and no new one was made (`keepLiveCode`). */
  | { status: "already-sent"; email: string };

/** The customer's live code: unused, unexpired, with guesses left (and a seed to mail it again). */
function liveCode(customerId: number, now: string) {
  return and(
    eq(passwordResets.customerId, customerId),
    isNull(passwordResets.usedAt),
    gt(passwordResets.expiresAt, now),
    lt(passwordResets.attempts, MAX_CODE_ATTEMPTS),
    isNotNull(passwordResets.codeSeed),
  );
}

/** A new code, only when the customer has no live one: one statement, so of requests at once one makes it. */
async function insertCodeUnlessLive(db: Database, secret: string, customer: { id: number; email: string }) {
  const fresh = await newCode(secret, "reset", customer.email);
  const [row] = await db.all<{ id: number }>(sql`insert into ${passwordResets} (customer_id, code_hash, code_seed, expires_at)
    select ${customer.id}, ${fresh.codeHash}, ${fresh.seed}, ${codeExpiry()}
    where not exists (select 1 from ${passwordResets} where ${liveCode(customer.id, new Date().toISOString())})
    returning id`);
  return row ? fresh.code : null;
}

/** The live code, good again for the code's whole life from now (it is about to be mailed). */
async function renewLiveCode(db: Database, secret: string, customer: { id: number; email: string }) {
  const [row] = await db
    .update(passwordResets)
    .set({ expiresAt: codeExpiry() })
    .where(liveCode(customer.id, new Date().toISOString()))
    .returning({ seed: passwordResets.codeSeed });
  return row?.seed ? codeFromSeed(secret, "reset", customer.email, row.seed) : null;
}

/**
 * The customer's reset code, to mail: the live one when there is one, else a new one. Codes
 * are never replaced while they live, so whatever strangers ask, every email carries a code
 * that works (issue 37: replacing them let requests at once void each other's codes). With
 * `keepLiveCode` (the account is past its limit of reset requests), a live code is not mailed
 * again: the owner uses the one they have.
 */
export async function startPasswordReset(
  db: Database,
  secret: string,
  email: string,
  { keepLiveCode = false } = {},
): Promise<StartResetResult> {
  const customer = await findCustomerByEmail(db, email);
  if (!customer) return { status: "unknown" };
  // A live code can end between two statements (used, or its last guess): then one more try.
  for (let tries = 0; tries < 2; tries++) {
    const code = (await insertCodeUnlessLive(db, secret, customer)) ?? (keepLiveCode ? null : await renewLiveCode(db, secret, customer));
    if (code) return { status: "sent", email: customer.email, firstName: customer.firstName, code };
    if (keepLiveCode) break;
  }
  return { status: "already-sent", email: customer.email };
}

export type ResetResult =
  | { status: "reset"; customer: { id: number; email: string; firstName: string; passwordHash: string } }
  | { status: "mismatch" }
  | { status: "expired" };

export async function resetPassword(db: Database, secret: string, input: ResetPasswordInput): Promise<ResetResult> {
  const customer = await findCustomerByEmail(db, input.email);
  if (!customer) return { status: "mismatch" };
  const [reset] = await db
    .select()
    .from(passwordResets)
    .where(and(eq(passwordResets.customerId, customer.id), isNull(passwordResets.usedAt)))
    .orderBy(desc(passwordResets.id))
    .limit(1);
  if (!reset) return { status: "mismatch" };
  if (isExpired(reset.expiresAt)) return { status: "expired" };
  const counted = await db
    .update(passwordResets)
    .set({ attempts: sql`${passwordResets.attempts} + 1` })
    .where(and(eq(passwordResets.id, reset.id), isNull(passwordResets.usedAt), lt(passwordResets.attempts, MAX_CODE_ATTEMPTS)))
    .returning({ id: passwordResets.id });
  if (counted.length === 0) return { status: "expired" };
  if (!(await codeMatches(secret, "reset", customer.email, input.code, reset.codeHash))) {
    return { status: "mismatch" };
  }

  const passwordHash = await hashPassword(input.password);
  const unused = sql`exists (select 1 from ${passwordResets} where ${passwordResets.id} = ${reset.id} and
    ${passwordResets.usedAt} is null)`;
  // One batch (one transaction): the password changes only if this code is still unused; every code is used up.
  const [changed] = await db.batch([
    db
      .update(customers)
      .set({ passwordHash, updatedAt: new Date().toISOString() })
      .where(and(eq(customers.id, customer.id), unused))
      .returning({ id: customers.id }),
    db
      .update(passwordResets)
      .set({ usedAt: new Date().toISOString() })
      .where(and(eq(passwordResets.customerId, customer.id), isNull(passwordResets.usedAt))),
  ]);
  if (changed.length === 0) return { status: "mismatch" };
  return { status: "reset", customer: { ...customer, passwordHash } };
}
