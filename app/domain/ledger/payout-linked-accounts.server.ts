/**
 * A temple's linked account at Razorpay Route, from the approved payout details: created (the
 * account with reference_id = the temple's id, its stakeholder, the route product with the
 * settlement bank account), its activation status asked again, and a new settlement account
 * sent after an approved change. Each step's id is stored as soon as Razorpay gives it, so a
 * step that fails is resumed by pressing the button again, never repeated from the start.
 * Razorpay's refusals come back as their message (the call and Razorpay's words, never a key).
 */
import { eq } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { templePayoutAccounts } from "~/db/schema";
import { PaymentGatewayError } from "~/lib/payments/provider";
import type { RazorpayRoute } from "~/lib/payments/razorpay-route.server";
import { setActivationStatus } from "./payout-accounts.server";

export type LinkedAccountOutcome =
  | { status: string }
  | { refused: "no-details" | "already-linked" | "not-linked" | "no-gateway" }
  | { failed: string };

function accountOf(db: Database, templeId: number) {
  return db.select().from(templePayoutAccounts).where(eq(templePayoutAccounts.templeId, templeId)).get();
}

/** Razorpay's refusal as the operator reads it; anything else is not ours to show. */
function failure(error: unknown): { failed: string } {
  if (error instanceof PaymentGatewayError) return { failed: error.message };
  throw error;
}

/** The route product's status as the account's (a product "requested" is an account just created). */
const accountStatus = (productStatus: string) => (productStatus === "requested" ? "created" : productStatus);

/** Creates (or finishes creating) the temple's linked account at Razorpay from its approved details. */
export async function createLinkedAccount(
  db: Database,
  route: RazorpayRoute | null,
  templeId: number,
  now = new Date(),
): Promise<LinkedAccountOutcome> {
  if (!route) return { refused: "no-gateway" };
  const account = await accountOf(db, templeId);
  if (!account) return { refused: "no-details" };
  if (account.linkedAccountId && account.routeProductId) return { refused: "already-linked" };
  try {
    let linkedAccountId = account.linkedAccountId;
    if (!linkedAccountId) {
      const created = await route.createLinkedAccount({
        email: account.email,
        phone: account.phone.replace(/^\+91/, ""),
        referenceId: String(templeId),
        legalBusinessName: account.legalName,
        businessType: account.businessType as "trust",
        contactName: account.contactName,
        ...(account.pan ? { pan: account.pan } : {}),
        notes: { temple_id: String(templeId) },
      });
      linkedAccountId = created.id;
      await db
        .update(templePayoutAccounts)
        .set({ linkedAccountId, activationStatus: created.status, statusAt: now.toISOString(), updatedAt: now.toISOString() })
        .where(eq(templePayoutAccounts.templeId, templeId));
    }
    await route.addStakeholder(linkedAccountId, {
      name: account.contactName,
      email: account.email,
      phone: account.phone.replace(/^\+91/, ""),
      ...(account.pan ? { pan: account.pan } : {}),
    });
    const product = await route.configureRoute(linkedAccountId, {
      accountNumber: account.accountNumber,
      ifscCode: account.ifsc,
      beneficiaryName: account.beneficiaryName,
    });
    const status = accountStatus(product.activationStatus);
    await db
      .update(templePayoutAccounts)
      .set({ routeProductId: product.productId, updatedAt: now.toISOString() })
      .where(eq(templePayoutAccounts.templeId, templeId));
    await setActivationStatus(db, linkedAccountId, status, now);
    return { status };
  } catch (error) {
    return failure(error);
  }
}

/** Asks Razorpay for the linked account's status now, and stores it. */
export async function refreshLinkedAccount(
  db: Database,
  route: RazorpayRoute | null,
  templeId: number,
  now = new Date(),
): Promise<LinkedAccountOutcome> {
  if (!route) return { refused: "no-gateway" };
  const account = await accountOf(db, templeId);
  if (!account?.linkedAccountId) return { refused: "not-linked" };
  try {
    const linked = await route.fetchLinkedAccount(account.linkedAccountId);
    await setActivationStatus(db, account.linkedAccountId, linked.status, now);
    return { status: linked.status };
  } catch (error) {
    return failure(error);
  }
}

/** Sends the temple's approved bank account to its linked account's route product (after a change). */
export async function sendSettlementAccount(
  db: Database,
  route: RazorpayRoute | null,
  templeId: number,
  now = new Date(),
): Promise<LinkedAccountOutcome> {
  if (!route) return { refused: "no-gateway" };
  const account = await accountOf(db, templeId);
  if (!account?.linkedAccountId || !account.routeProductId) return { refused: "not-linked" };
  try {
    const product = await route.updateSettlements(account.linkedAccountId, account.routeProductId, {
      accountNumber: account.accountNumber,
      ifscCode: account.ifsc,
      beneficiaryName: account.beneficiaryName,
    });
    const status = accountStatus(product.activationStatus);
    await setActivationStatus(db, account.linkedAccountId, status, now);
    return { status };
  } catch (error) {
    return failure(error);
  }
}
