/**
 * What the console's payout page shows of a temple: its approved account and linked account, the
 * request waiting for a second operator, and the requests before it. Account numbers leave this
 * module masked only.
 */
import { eq } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { templePayoutAccounts, temples } from "~/db/schema";
import { maskAccountNumber } from "./payout-account-inputs";
import { payoutChangesOf } from "./payout-accounts.server";

export async function operatorPayoutsPage(db: Database, templeId: number, viewerId: number) {
  const [temple, account, changes] = await Promise.all([
    db
      .select({ id: temples.id, displayName: temples.displayName, verified: temples.verified })
      .from(temples)
      .where(eq(temples.id, templeId))
      .get(),
    db.select().from(templePayoutAccounts).where(eq(templePayoutAccounts.templeId, templeId)).get(),
    payoutChangesOf(db, templeId),
  ]);
  if (!temple) return null;
  const masked = changes.map(({ accountNumber, requestedBy, ...change }) => ({
    ...change,
    account: maskAccountNumber(accountNumber),
    mine: requestedBy === viewerId,
  }));
  return {
    temple,
    account: account
      ? {
          legalName: account.legalName,
          businessType: account.businessType,
          contactName: account.contactName,
          email: account.email,
          phone: account.phone,
          pan: account.pan,
          beneficiaryName: account.beneficiaryName,
          account: maskAccountNumber(account.accountNumber),
          ifsc: account.ifsc,
          linkedAccountId: account.linkedAccountId,
          routeProductId: account.routeProductId,
          activationStatus: account.activationStatus,
          statusAt: account.statusAt,
        }
      : null,
    pending: masked.find((change) => change.status === "pending") ?? null,
    history: masked.filter((change) => change.status !== "pending"),
  };
}
export type OperatorPayoutsPage = NonNullable<Awaited<ReturnType<typeof operatorPayoutsPage>>>;
