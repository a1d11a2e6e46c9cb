/**
 * Sign-up: a pending registration holds the password hash and a code digest; the
 * customer row is created only when the emailed code comes back.
 */
import { and, desc, eq, gt, isNotNull, isNull, lt, not, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { customers, signupVerifications } from "~/db/schema";
import { hashPassword } from "~/lib/password.server";
import { DEFAULT_DOB, type RegisterInput, type VerifyInput } from "./inputs";
import { findCustomerByEmail } from "./customers.server";
import { MAX_CODE_ATTEMPTS, codeExpiry, codeFromSeed, codeMatches, isExpired, newCode } from "./codes.server";
import { currentLocale } from "~/lib/i18n";

export type StartSignupResult = { status: "registered" } | { status: "pending"; email: string; firstName: string; code: string };

export async function startSignup(db: Database, secret: string, input: RegisterInput): Promise<StartSignupResult> {
  if (await findCustomerByEmail(db, input.email)) return { status: "registered" };
  const { code, codeHash, seed } = await newCode(secret, "signup", input.email);
  await db.insert(signupVerifications).values({
    email: input.email,
    firstName: input.name,
    phoneMobile: input.mobile,
    passwordHash: await hashPassword(input.password),
    codeHash,
    codeSeed: seed,
    expiresAt: codeExpiry(),
  });
  return { status: "pending", email: input.email, firstName: input.name, code };
}

async function latestSignup(db: Database, email: string) {
  const [row] = await db
    .select()
    .from(signupVerifications)
    .where(eq(signupVerifications.email, email))
    .orderBy(desc(signupVerifications.id))
    .limit(1);
  return row;
}

/** A registration's code is live: not used, not expired, guesses left, and a seed to mail it again. */
function liveCode(now: string) {
  return and(
    isNull(signupVerifications.consumedAt),
    gt(signupVerifications.expiresAt, now),
    lt(signupVerifications.attempts, MAX_CODE_ATTEMPTS),
    isNotNull(signupVerifications.codeSeed),
  );
}

/** The registration's live code, good again for the code's whole life from now (it is about to be mailed). */
async function renewLiveCode(db: Database, secret: string, pending: { id: number; email: string }) {
  const [row] = await db
    .update(signupVerifications)
    .set({ expiresAt: codeExpiry() })
    .where(and(eq(signupVerifications.id, pending.id), liveCode(new Date().toISOString())))
    .returning({ seed: signupVerifications.codeSeed });
  return row?.seed ? codeFromSeed(secret, "signup", pending.email, row.seed) : null;
}

/** A new code for a registration whose code is no longer live; one statement, so of requests at once one makes it. */
async function replaceDeadCode(db: Database, secret: string, pending: { id: number; email: string }) {
  const fresh = await newCode(secret, "signup", pending.email);
  const replaced = await db
    .update(signupVerifications)
    .set({ codeHash: fresh.codeHash, codeSeed: fresh.seed, attempts: 0, expiresAt: codeExpiry() })
    .where(and(eq(signupVerifications.id, pending.id), isNull(signupVerifications.consumedAt), not(liveCode(new Date().toISOString())!)))
    .returning({ id: signupVerifications.id });
  return replaced.length > 0 ? fresh.code : null;
}

/**
 * The code of the latest pending registration of `email`, to mail again (the "Resend code"
 * button): the same code while it lives, so resends at once never void the one in the
 * owner's newest email (issue 37); a new one once it has expired or run out of guesses.
 */
export async function resendSignupCode(db: Database, secret: string, email: string): Promise<StartSignupResult | null> {
  if (await findCustomerByEmail(db, email)) return { status: "registered" };
  const pending = await latestSignup(db, email);
  if (!pending || pending.consumedAt) return null;
  // A live code can end between two statements (its last guess): then one more try.
  for (let tries = 0; tries < 2; tries++) {
    const code = (await renewLiveCode(db, secret, pending)) ?? (await replaceDeadCode(db, secret, pending));
    if (code) return { status: "pending", email, firstName: pending.firstName, code };
  }
  return null;
}

export type VerifySignupResult =
  | { status: "created"; customer: { id: number; email: string; firstName: string; passwordHash: string } }
  | { status: "already-verified" }
  | { status: "mismatch" }
  | { status: "expired" };

/** Counts a guess against the code; false once the attempts are used up. */
async function countAttempt(db: Database, id: number) {
  const rows = await db
    .update(signupVerifications)
    .set({ attempts: sql`${signupVerifications.attempts} + 1` })
    .where(and(eq(signupVerifications.id, id), isNull(signupVerifications.consumedAt), lt(signupVerifications.attempts, MAX_CODE_ATTEMPTS)))
    .returning({ attempts: signupVerifications.attempts });
  return rows.length > 0;
}

export async function verifySignup(db: Database, secret: string, input: VerifyInput): Promise<VerifySignupResult> {
  const pending = await latestSignup(db, input.email);
  if (!pending) return { status: "mismatch" };
  const matches = () => codeMatches(secret, "signup", input.email, input.code, pending.codeHash);
  if (pending.consumedAt) {
    // The same code used twice (e.g. the link opened again): say so, reveal nothing else.
    return (await matches()) ? { status: "already-verified" } : { status: "mismatch" };
  }
  if (isExpired(pending.expiresAt)) return { status: "expired" };
  if (!(await countAttempt(db, pending.id))) return { status: "expired" };
  if (!(await matches())) return { status: "mismatch" };

  const [, created] = await db.batch([
    db.update(signupVerifications).set({ consumedAt: new Date().toISOString() }).where(eq(signupVerifications.id, pending.id)),
    db
      .insert(customers)
      .values({
        email: pending.email,
        firstName: pending.firstName,
        phoneMobile: pending.phoneMobile,
        passwordHash: pending.passwordHash,
        dob: DEFAULT_DOB,
        verified: true,
        // The language they signed up in: their messages speak it until they choose another.
        language: currentLocale(),
      })
      .onConflictDoNothing({ target: customers.email })
      .returning({ id: customers.id }),
  ]);
  const customer = created[0];
  if (!customer) return { status: "already-verified" };
  return {
    status: "created",
    customer: { id: customer.id, email: pending.email, firstName: pending.firstName, passwordHash: pending.passwordHash },
  };
}
