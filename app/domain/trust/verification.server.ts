/**
 * Verified temples. A temple is verified while two checks hold, each recorded with who and when
 * (in temple_trust and the audit log): the operator checked its documents, and its own staff
 * confirmed the listing from the desk. `temples.verified` follows them in the same batch as
 * every change, and only a verified temple takes payments (bookings/cart/cart-pricing.ts and the
 * add-to-cart checks read it), so withdrawing either check stops new payments at once; its
 * change time moves too, so open orders follow the usual refund rules (checkout-lines.ts).
 */
import { and, desc, eq, inArray, isNotNull, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import type { Database } from "~/db/client.server";
import { auditLog, customers, templeTrust, temples } from "~/db/schema";
import { auditStatement, auditWhenStatement } from "~/domain/audit/audit.server";
import { textInLanguage } from "~/domain/content/translations.server";
import type { DocumentsCheckInput } from "./inputs";

/** The audit actions of verification, for the history the console and the desk show. */
export const VERIFICATION_ACTIONS = [
  "trust.documents_checked",
  "trust.verification_withdrawn",
  "trust.listing_confirmed",
  "trust.listing_withdrawn",
] as const;

/** Sets temples.verified from the two checks, and its booking change time when it changes. */
export function recomputeVerified(db: Database, templeId: number, now: string) {
  const both = sql<number>`coalesce((select ${templeTrust.documentsCheckedAt} is not null and ${templeTrust.staffConfirmedAt} is not null
    from ${templeTrust} where ${templeTrust.templeId} = ${templeId}), 0)`;
  return db
    .update(temples)
    .set({
      verified: sql`${both}`,
      bookingChangedAt: sql`case when ${temples.verified} is not ${both} then ${now} else ${temples.bookingChangedAt} end`,
    })
    .where(eq(temples.id, templeId));
}

/** The operator records what the documents said and that they were seen: the first of the two checks. */
export async function recordDocumentsCheck(db: Database, actorId: number, input: Omit<DocumentsCheckInput, "intent" | "documentsSeen">) {
  const now = new Date().toISOString();
  const { templeId, trustName, trustAddress, registrationNo, pan, bankAccountHolder, authorisedPerson } = input;
  const registration80g = input.registration80g || null;
  const values = {
    trustName,
    trustAddress,
    registrationNo,
    bankAccountHolder,
    authorisedPerson,
    checkedPan: pan,
    checked80g: registration80g,
    valid80gFrom: registration80g ? (input.valid80gFrom ?? null) : null,
    valid80gTo: registration80g ? (input.valid80gTo ?? null) : null,
    renovationOnly: Boolean(registration80g) && input.renovationOnly === "on",
    documentsCheckedAt: now,
    documentsCheckedBy: actorId,
  };
  const [updated] = await db.batch([
    db.update(temples).set({ pan, registration80g }).where(eq(temples.id, templeId)).returning({ id: temples.id }),
    db
      .insert(templeTrust)
      .select(
        db
          .select({
            templeId: sql<number>`${templeId}`.as("temple_id"),
            trustName: sql<string>`${trustName}`.as("trust_name"),
            trustAddress: sql<string>`${trustAddress}`.as("trust_address"),
            registrationNo: sql<string>`${registrationNo}`.as("registration_no"),
            bankAccountHolder: sql<string>`${bankAccountHolder}`.as("bank_account_holder"),
            authorisedPerson: sql<string>`${authorisedPerson}`.as("authorised_person"),
            checkedPan: sql<string>`${pan}`.as("checked_pan"),
            checked80g: sql<string | null>`${registration80g}`.as("checked_80g"),
            valid80gFrom: sql<string | null>`${values.valid80gFrom}`.as("valid_80g_from"),
            valid80gTo: sql<string | null>`${values.valid80gTo}`.as("valid_80g_to"),
            renovationOnly: sql<number>`${values.renovationOnly ? 1 : 0}`.as("renovation_only"),
            documentsCheckedAt: sql<string>`${now}`.as("documents_checked_at"),
            documentsCheckedBy: sql<number>`${actorId}`.as("documents_checked_by"),
            staffConfirmedAt: sql<string | null>`null`.as("staff_confirmed_at"),
            staffConfirmedBy: sql<number | null>`null`.as("staff_confirmed_by"),
          })
          .from(temples)
          .where(eq(temples.id, templeId)),
      )
      .onConflictDoUpdate({ target: templeTrust.templeId, set: values }),
    recomputeVerified(db, templeId, now),
    auditWhenStatement(
      db,
      {
        actorId,
        action: "trust.documents_checked",
        entity: "temple",
        entityId: templeId,
        templeId,
        detail: {
          trustName,
          registrationNo,
          bankAccountHolder,
          authorisedPerson,
          registration80g,
          valid80gFrom: values.valid80gFrom,
          valid80gTo: values.valid80gTo,
          renovationOnly: values.renovationOnly,
        },
      },
      sql`exists (select 1 from ${temples} where ${temples.id} = ${templeId})`,
    ),
  ]);
  return updated.length > 0;
}

/** The operator withdraws verification: the documents check is cleared and payments stop at once. */
export async function withdrawVerification(db: Database, actorId: number, templeId: number, reason: string) {
  const now = new Date().toISOString();
  const [cleared] = await db.batch([
    db
      .update(templeTrust)
      .set({ documentsCheckedAt: null, documentsCheckedBy: null })
      .where(and(eq(templeTrust.templeId, templeId), isNotNull(templeTrust.documentsCheckedAt)))
      .returning({ templeId: templeTrust.templeId }),
    recomputeVerified(db, templeId, now),
    auditStatement(db, {
      actorId,
      action: "trust.verification_withdrawn",
      entity: "temple",
      entityId: templeId,
      templeId,
      detail: { reason },
    }),
  ]);
  return cleared.length > 0;
}

/** The temple's staff confirm (or withdraw) the listing from their desk: the second check. */
export async function setListingConfirmation(db: Database, actorId: number, templeId: number, confirmed: boolean) {
  const now = new Date().toISOString();
  await db.batch([
    db
      .insert(templeTrust)
      .values({ templeId, staffConfirmedAt: confirmed ? now : null, staffConfirmedBy: confirmed ? actorId : null })
      .onConflictDoUpdate({
        target: templeTrust.templeId,
        set: { staffConfirmedAt: confirmed ? now : null, staffConfirmedBy: confirmed ? actorId : null },
      }),
    recomputeVerified(db, templeId, now),
    auditStatement(db, {
      actorId,
      action: confirmed ? "trust.listing_confirmed" : "trust.listing_withdrawn",
      entity: "temple",
      entityId: templeId,
      templeId,
    }),
  ]);
}

const checker = alias(customers, "checker");
const confirmer = alias(customers, "confirmer");

/** A temple's verification as the console and the desk show it: the checks, who made them and when, and its history. */
export async function loadVerification(db: Database, templeId: number) {
  const [[row], history] = await db.batch([
    db
      .select({
        id: temples.id,
        slug: temples.slug,
        displayName: temples.displayName,
        verified: temples.verified,
        pan: temples.pan,
        registration80g: temples.registration80g,
        checkedPan: templeTrust.checkedPan,
        checked80g: templeTrust.checked80g,
        trustName: templeTrust.trustName,
        trustAddress: templeTrust.trustAddress,
        registrationNo: templeTrust.registrationNo,
        bankAccountHolder: templeTrust.bankAccountHolder,
        authorisedPerson: templeTrust.authorisedPerson,
        valid80gFrom: templeTrust.valid80gFrom,
        valid80gTo: templeTrust.valid80gTo,
        renovationOnly: templeTrust.renovationOnly,
        documentsCheckedAt: templeTrust.documentsCheckedAt,
        documentsCheckedBy: sql<string | null>`${checker.email}`.as("checker_email"),
        staffConfirmedAt: templeTrust.staffConfirmedAt,
        staffConfirmedBy: sql<string | null>`${confirmer.email}`.as("confirmer_email"),
      })
      .from(temples)
      .leftJoin(templeTrust, eq(templeTrust.templeId, temples.id))
      .leftJoin(checker, eq(checker.id, templeTrust.documentsCheckedBy))
      .leftJoin(confirmer, eq(confirmer.id, templeTrust.staffConfirmedBy))
      .where(eq(temples.id, templeId))
      .limit(1),
    db
      .select({
        id: auditLog.id,
        action: auditLog.action,
        createdAt: auditLog.createdAt,
        actorEmail: customers.email,
        detail: auditLog.detail,
      })
      .from(auditLog)
      .innerJoin(customers, eq(customers.id, auditLog.actorId))
      .where(and(eq(auditLog.templeId, templeId), inArray(auditLog.action, [...VERIFICATION_ACTIONS])))
      .orderBy(desc(auditLog.id))
      .limit(20),
  ]);
  if (!row) return null;
  return {
    ...row,
    history: history.map((entry) => ({ ...entry, reason: (JSON.parse(entry.detail) as { reason?: string }).reason ?? null })),
  };
}

export type TempleVerification = NonNullable<Awaited<ReturnType<typeof loadVerification>>>;

/** What the public "Verified" page says of one temple: only what may be shown to anyone. */
export async function loadPublicVerification(db: Database, slug: string) {
  const [row] = await db
    .select({
      slug: temples.slug,
      displayName: textInLanguage("temple", temples.id, temples.displayName).as("display_name_shown"),
      verified: temples.verified,
      // What the operator checked (the desk may have typed newer numbers since: they are checked next time).
      registration80g: templeTrust.checked80g,
      trustName: templeTrust.trustName,
      registrationNo: templeTrust.registrationNo,
      valid80gFrom: templeTrust.valid80gFrom,
      valid80gTo: templeTrust.valid80gTo,
      renovationOnly: templeTrust.renovationOnly,
      documentsCheckedAt: templeTrust.documentsCheckedAt,
      staffConfirmedAt: templeTrust.staffConfirmedAt,
    })
    .from(temples)
    .leftJoin(templeTrust, eq(templeTrust.templeId, temples.id))
    .where(eq(temples.slug, slug))
    .limit(1);
  return row ?? null;
}
