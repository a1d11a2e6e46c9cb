/** The convenience fee rule in effect for the temples of a devotee's cart (one query, beside the cart's). */
import { and, desc, eq, inArray, lte } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { cartItems, templeFees } from "~/db/schema";
import type { ConvenienceRule } from "./convenience-fee";

/** The query of the cart's temples' convenience rules started on or before `today`, newest first (read beside the cart's rows). */
export function cartConvenienceRulesQuery(db: Database, customerId: number, today: string) {
  const cartTemples = db.selectDistinct({ templeId: cartItems.templeId }).from(cartItems).where(eq(cartItems.customerId, customerId));
  return db
    .select({
      templeId: templeFees.templeId,
      percentBasisPoints: templeFees.percentBasisPoints,
      fixedPaise: templeFees.fixedPaise,
    })
    .from(templeFees)
    .where(and(eq(templeFees.kind, "convenience"), lte(templeFees.effectiveFrom, today), inArray(templeFees.templeId, cartTemples)))
    .orderBy(desc(templeFees.effectiveFrom), desc(templeFees.id));
}

/** Each temple's rule in effect: the latest started (the newest row of its day), as the platform's fee rules are chosen. */
export function rulesInEffect(rows: readonly (ConvenienceRule & { templeId: number })[]): Map<number, ConvenienceRule> {
  const rules = new Map<number, ConvenienceRule>();
  for (const { templeId, percentBasisPoints, fixedPaise } of rows)
    if (!rules.has(templeId)) rules.set(templeId, { percentBasisPoints, fixedPaise });
  return rules;
}
