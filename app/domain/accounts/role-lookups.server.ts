/** Roles and temple scope, read from D1 on every request (never from the session). */
import { asc, eq, inArray } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { customers, templeStaff, temples } from "~/db/schema";
import type { Role } from "./roles";

export async function findRoleAndTemples(
  db: Database,
  customerId: number,
): Promise<{ role: Role; templeIds: number[]; counterTempleIds: number[] } | null> {
  const [[customer], links] = await db.batch([
    db.select({ role: customers.role }).from(customers).where(eq(customers.id, customerId)).limit(1),
    db.select({ templeId: templeStaff.templeId, role: templeStaff.role }).from(templeStaff).where(eq(templeStaff.customerId, customerId)),
  ]);
  if (!customer) return null;
  return {
    role: customer.role,
    templeIds: links.map((link) => link.templeId),
    counterTempleIds: links.filter((link) => link.role === "counter").map((link) => link.templeId),
  };
}

/** The temples a desk user may open: their own, or (operators) the given ids. */
export async function listDeskTemples(db: Database, templeIds: number[]) {
  // In lists of 90 ids: D1 binds at most 100 parameters per statement, however many temples one person staffs.
  const chunks: number[][] = [];
  for (let start = 0; start < templeIds.length; start += 90) chunks.push(templeIds.slice(start, start + 90));
  const found = await Promise.all(
    chunks.map((ids) =>
      db
        .select({ id: temples.id, displayName: temples.displayName, slug: temples.slug, onlineBooking: temples.onlineBooking })
        .from(temples)
        .where(inArray(temples.id, ids))
        .orderBy(asc(temples.displayName)),
    ),
  );
  return found.length === 1
    ? found[0]!
    : found.flat().sort((a, b) => (a.displayName < b.displayName ? -1 : a.displayName > b.displayName ? 1 : 0));
}

export async function findTempleHeader(db: Database, templeId: number) {
  const [row] = await db
    .select({ id: temples.id, displayName: temples.displayName, slug: temples.slug, onlineBooking: temples.onlineBooking })
    .from(temples)
    .where(eq(temples.id, templeId))
    .limit(1);
  return row ?? null;
}
