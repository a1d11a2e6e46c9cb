/**
 * A temple's payout bank account (issue 43). Every set-up or change is a request
 * (`payout_account_changes`, one pending per temple) that another operator approves or rejects:
 * the conditional UPDATE itself refuses the requester, so no page can approve its own. Approval
 * writes `temple_payout_accounts` and the audit row in the same D1 batch; then the temple's staff
 * are told, and a temple already linked at Razorpay gets its new settlement account there
 * (payout-linked-accounts.server.ts). The full account number is stored (Razorpay needs it) and
 * shown only masked.
 */
import { and, desc, eq, inArray, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { auditStatement, auditWhenStatement } from "~/domain/audit/audit.server";
import { notify } from "~/domain/notifications/notify.server";
import { isUniqueViolation, runBatch } from "~/db/batch.server";
import type { Database } from "~/db/client.server";
import { customers, payoutAccountChanges, templePayoutAccounts, templeStaff, temples } from "~/db/schema";
import type { AppEnv } from "~/lib/env.server";
import type { RouteWebhook } from "~/lib/payments/razorpay-route.server";
import { maskAccountNumber, type PayoutAccountInput, type PayoutDecisionInput } from "./payout-account-inputs";

export type PayoutRequestOutcome = { requested: number } | { refused: "not-found" | "not-verified" | "pending" };

/** An operator asks to set or change the temple's payout account: a pending request, audited. */
export async function requestPayoutChange(
  db: Database,
  operatorId: number,
  input: PayoutAccountInput,
  now = new Date(),
): Promise<PayoutRequestOutcome> {
  const temple = await db.select({ verified: temples.verified }).from(temples).where(eq(temples.id, input.templeId)).get();
  if (!temple) return { refused: "not-found" };
  if (!temple.verified) return { refused: "not-verified" };
  const account = {
    templeId: input.templeId,
    legalName: input.legalName,
    businessType: input.businessType,
    contactName: input.contactName,
    email: input.email,
    phone: input.phone,
    pan: input.pan ?? null,
    beneficiaryName: input.beneficiaryName,
    accountNumber: input.accountNumber,
    ifsc: input.ifsc,
  };
  try {
    const [inserted] = await runBatch(db, [
      db
        .insert(payoutAccountChanges)
        .values({ ...account, requestedBy: operatorId, requestedAt: now.toISOString() })
        .returning({ id: payoutAccountChanges.id }),
      auditStatement(db, {
        actorId: operatorId,
        action: "payout_account.change_requested",
        entity: "temple",
        entityId: input.templeId,
        templeId: input.templeId,
        detail: { account: maskAccountNumber(input.accountNumber), ifsc: input.ifsc, beneficiary: input.beneficiaryName },
      }),
    ]);
    return { requested: (inserted as { id: number }[])[0]!.id };
  } catch (error) {
    if (isUniqueViolation(error)) return { refused: "pending" };
    throw error;
  }
}

export type PayoutDecisionOutcome =
  | { decided: "approved" | "rejected"; changeId: number; templeId: number; account: string; linkedAccountId: string | null }
  | { refused: "not-found" | "own-request" | "not-pending" };

/**
 * Another operator approves or rejects a pending request. The UPDATE names the conditions (still
 * pending, not the requester's own), and the account's upsert and the audit row follow only what
 * it wrote, in the same batch.
 */
export async function decidePayoutChange(
  db: Database,
  operatorId: number,
  input: PayoutDecisionInput,
  now = new Date(),
): Promise<PayoutDecisionOutcome> {
  const at = now.toISOString();
  const status = input.intent === "approve" ? "approved" : "rejected";
  const decidedHere = sql`exists (select 1 from payout_account_changes where id = ${input.changeId} and status = ${status}
    and decided_by = ${operatorId} and decided_at = ${at})`;
  const statements: BatchItem<"sqlite">[] = [
    db
      .update(payoutAccountChanges)
      .set({ status, decidedBy: operatorId, decidedAt: at, decisionNote: input.note || null })
      .where(
        and(
          eq(payoutAccountChanges.id, input.changeId),
          eq(payoutAccountChanges.templeId, input.templeId),
          eq(payoutAccountChanges.status, "pending"),
          sql`${payoutAccountChanges.requestedBy} <> ${operatorId}`,
        ),
      )
      .returning({ id: payoutAccountChanges.id, accountNumber: payoutAccountChanges.accountNumber }),
    auditWhenStatement(
      db,
      {
        actorId: operatorId,
        action: `payout_account.change_${status}`,
        entity: "temple",
        entityId: input.templeId,
        templeId: input.templeId,
        detail: { changeId: input.changeId, ...(input.note ? { note: input.note } : {}) },
      },
      decidedHere,
    ),
  ];
  if (status === "approved") statements.push(approvedAccountUpsert(db, input.changeId, operatorId, at));
  const [decided] = (await runBatch(db, statements)) as [{ id: number; accountNumber: string }[]];
  const change = decided[0];
  if (!change) return refusal(db, operatorId, input.changeId, input.templeId);
  const linked = await db
    .select({ linkedAccountId: templePayoutAccounts.linkedAccountId })
    .from(templePayoutAccounts)
    .where(eq(templePayoutAccounts.templeId, input.templeId))
    .get();
  return {
    decided: status,
    changeId: change.id,
    templeId: input.templeId,
    account: maskAccountNumber(change.accountNumber),
    linkedAccountId: linked?.linkedAccountId ?? null,
  };
}

const EXCLUDED = ["legalName", "businessType", "contactName", "email", "phone", "pan", "beneficiaryName", "accountNumber", "ifsc"] as const;

/**
 * The temple's account as the change just approved in this batch says (nothing if it was not):
 * a new row, or the details replaced and the linked account kept.
 */
function approvedAccountUpsert(db: Database, changeId: number, operatorId: number, at: string) {
  const c = payoutAccountChanges;
  const excluded = (column: (typeof EXCLUDED)[number]) => sql.raw(`excluded.${templePayoutAccounts[column].name}`);
  return db
    .insert(templePayoutAccounts)
    .select(
      db
        .select({
          templeId: c.templeId,
          legalName: c.legalName,
          businessType: c.businessType,
          contactName: c.contactName,
          email: c.email,
          phone: c.phone,
          pan: c.pan,
          beneficiaryName: c.beneficiaryName,
          accountNumber: c.accountNumber,
          ifsc: c.ifsc,
          linkedAccountId: sql<string | null>`null`.as("linked_account_id"),
          routeProductId: sql<string | null>`null`.as("route_product_id"),
          activationStatus: sql<string | null>`null`.as("activation_status"),
          statusAt: sql<string | null>`null`.as("status_at"),
          changeId: c.id,
          createdAt: sql<string>`${at}`.as("created_at"),
          updatedAt: sql<string>`${at}`.as("updated_at"),
        })
        .from(c)
        .where(and(eq(c.id, changeId), eq(c.status, "approved"), eq(c.decidedBy, operatorId), eq(c.decidedAt, at))),
    )
    .onConflictDoUpdate({
      target: templePayoutAccounts.templeId,
      set: {
        ...Object.fromEntries(EXCLUDED.map((column) => [column, excluded(column)])),
        changeId: sql.raw("excluded.change_id"),
        updatedAt: sql.raw("excluded.updated_at"),
      },
    });
}

/** Why a decision wrote nothing: the request is gone, already decided, or the operator's own. */
async function refusal(db: Database, operatorId: number, changeId: number, templeId: number): Promise<PayoutDecisionOutcome> {
  const change = await db
    .select({ status: payoutAccountChanges.status, requestedBy: payoutAccountChanges.requestedBy })
    .from(payoutAccountChanges)
    .where(and(eq(payoutAccountChanges.id, changeId), eq(payoutAccountChanges.templeId, templeId)))
    .get();
  if (!change) return { refused: "not-found" };
  if (change.status !== "pending") return { refused: "not-pending" };
  return { refused: change.requestedBy === operatorId ? "own-request" : "not-pending" };
}

/**
 * Tells each of the temple's admin staff (their e-mail, and their phone where they allow it) that
 * its payout bank account changed: once per change and person. Answers how many were told.
 */
export async function tellStaffOfPayoutChange(
  env: AppEnv,
  db: Database,
  change: { changeId: number; templeId: number; account: string; day: string },
) {
  const [temple, staff] = await Promise.all([
    db.select({ name: temples.displayName }).from(temples).where(eq(temples.id, change.templeId)).get(),
    db
      .select({ customerId: templeStaff.customerId })
      .from(templeStaff)
      .innerJoin(customers, eq(customers.id, templeStaff.customerId))
      .where(and(eq(templeStaff.templeId, change.templeId), eq(templeStaff.role, "admin"))),
  ]);
  let told = 0;
  for (const member of staff) {
    try {
      await notify(env, db, {
        kind: "payout-account-changed",
        to: { customerId: member.customerId },
        params: { templeName: temple?.name ?? "", account: change.account, date: change.day },
        about: { templeId: change.templeId },
        dedupeKey: `payout-account:${change.changeId}:${member.customerId}`,
      });
      told += 1;
    } catch (error) {
      console.warn("payout-account-changed message not sent:", error instanceof Error ? error.message : "unknown error");
    }
  }
  return told;
}

/** The temples' activated linked accounts (acc_…), for the transfers: a temple without one is paid outside the portal. */
export async function activeLinkedAccounts(db: Database, templeIds: readonly number[]): Promise<Map<number, string>> {
  const ids = [...new Set(templeIds)];
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ templeId: templePayoutAccounts.templeId, linkedAccountId: templePayoutAccounts.linkedAccountId })
    .from(templePayoutAccounts)
    .where(and(inArray(templePayoutAccounts.templeId, ids), eq(templePayoutAccounts.activationStatus, "activated")));
  return new Map(rows.flatMap((row) => (row.linkedAccountId ? [[row.templeId, row.linkedAccountId] as const] : [])));
}

const ACCOUNT_STATUSES = new Set(["created", "under_review", "needs_clarification", "activated", "suspended"]);

/**
 * Stores what Razorpay says of a linked account's activation, unless a newer word is stored
 * already (webhooks come late and out of order; `at` is when Razorpay said it).
 */
export async function setActivationStatus(db: Database, linkedAccountId: string, status: string, at: Date) {
  if (!ACCOUNT_STATUSES.has(status)) return false;
  const when = at.toISOString();
  const updated = await db
    .update(templePayoutAccounts)
    .set({ activationStatus: status, statusAt: when, updatedAt: new Date().toISOString() })
    .where(
      and(
        eq(templePayoutAccounts.linkedAccountId, linkedAccountId),
        // To the second: a webhook's time has no milliseconds, and one of the same second is newer news.
        sql`(${templePayoutAccounts.statusAt} is null or substr(${templePayoutAccounts.statusAt}, 1, 19) <= substr(${when}, 1, 19))`,
      ),
    )
    .returning({ templeId: templePayoutAccounts.templeId });
  return updated.length > 0;
}

/** Route's account.* and product.route.* webhooks: the linked account's activation status. */
export async function applyLinkedAccountEvent(db: Database, event: RouteWebhook) {
  const at = new Date(event.created_at * 1000);
  const account = event.payload.account?.entity;
  if (event.event.startsWith("account.") && account) return setActivationStatus(db, account.id, account.status, at);
  const product = event.payload.merchant_product?.entity;
  if (event.event.startsWith("product.route.") && product)
    return setActivationStatus(db, product.merchant_id, product.activation_status, at);
  return false;
}

/** The temple's requests, newest first (the console's history), with who asked and who decided. */
export function payoutChangesOf(db: Database, templeId: number, limit = 20) {
  return db
    .select({
      id: payoutAccountChanges.id,
      status: payoutAccountChanges.status,
      legalName: payoutAccountChanges.legalName,
      beneficiaryName: payoutAccountChanges.beneficiaryName,
      accountNumber: payoutAccountChanges.accountNumber,
      ifsc: payoutAccountChanges.ifsc,
      requestedBy: payoutAccountChanges.requestedBy,
      requestedAt: payoutAccountChanges.requestedAt,
      requestedByEmail: sql<string>`(select email from customers where id = ${payoutAccountChanges.requestedBy})`,
      decidedByEmail: sql<string | null>`(select email from customers where id = ${payoutAccountChanges.decidedBy})`,
      decidedAt: payoutAccountChanges.decidedAt,
      decisionNote: payoutAccountChanges.decisionNote,
    })
    .from(payoutAccountChanges)
    .where(eq(payoutAccountChanges.templeId, templeId))
    .orderBy(desc(payoutAccountChanges.id))
    .limit(limit);
}
