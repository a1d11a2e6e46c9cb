/** Forgotten passwords: a single-use, expiring, attempt-limited reset code. */
import { and, desc, eq, gt, isNull, lt, ne, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { customers, passwordResets } from "~/db/schema";
import { hashPassword } from "~/lib/password.server";
import type { ResetPasswordInput } from "./inputs";
import { findCustomerByEmail } from "./customers.server";
import { MAX_CODE_ATTEMPTS, codeExpiry, codeMatches, generateVerificationCode, hashCode, isExpired } from "./codes.server";

export type StartResetResult =
  | { status: "unknown" }
  | { status: "sent"; email: string; firstName: string; code: string }
  /** A code sent earlier is still good, and no new one was made (`keepLiveCode`). */
  | { status: "already-sent"; email: string };

/**
 * Issues a new reset code; any earlier unused code for the customer stops working. With
 * `keepLiveCode` (the account is past its limit of reset requests), a code that is still
 * good is kept instead: nothing new is made or mailed, and the owner uses the one they have.
 */
export async function startPasswordReset(
  db: Database,
  secret: string,
  email: string,
  { keepLiveCode = false } = {},
): Promise<StartResetResult> {
  const customer = await findCustomerByEmail(db, email);
  if (!customer) return { status: "unknown" };
  if (keepLiveCode) {
    const [live] = await db
      .select({ id: passwordResets.id })
      .from(passwordResets)
      .where(
        and(
          eq(passwordResets.customerId, customer.id),
          isNull(passwordResets.usedAt),
          gt(passwordResets.expiresAt, new Date().toISOString()),
          lt(passwordResets.attempts, MAX_CODE_ATTEMPTS),
        ),
      )
      .limit(1);
    if (live) return { status: "already-sent", email: customer.email };
  }
  const code = generateVerificationCode();
  const now = new Date().toISOString();
  const [inserted] = await db
    .insert(passwordResets)
    .values({ customerId: customer.id, codeHash: await hashCode(secret, "reset", customer.email, code), expiresAt: codeExpiry() })
    .returning({ id: passwordResets.id });
  await db
    .update(passwordResets)
    .set({ usedAt: now })
    .where(and(eq(passwordResets.customerId, customer.id), isNull(passwordResets.usedAt), ne(passwordResets.id, inserted!.id)));
  return { status: "sent", email: customer.email, firstName: customer.firstName, code };
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
  // One batch (one transaction): the password changes only if this code is still unused.
  const [changed] = await db.batch([
    db
      .update(customers)
      .set({ passwordHash, updatedAt: new Date().toISOString() })
      .where(and(eq(customers.id, customer.id), unused))
      .returning({ id: customers.id }),
    db.update(passwordResets).set({ usedAt: new Date().toISOString() }).where(eq(passwordResets.id, reset.id)),
  ]);
  if (changed.length === 0) return { status: "mismatch" };
  return { status: "reset", customer: { ...customer, passwordHash } };
}
