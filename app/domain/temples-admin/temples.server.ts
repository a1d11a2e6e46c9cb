/** Temples as the operator manages them: online booking and assisted on/off, and their staff. */
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { customers, templeStaff, temples } from "~/db/schema";
import { auditStatement } from "~/domain/audit/audit.server";
import { OPERATOR_MESSAGES as M } from "./console";
import { cleanSearchText } from "~/domain/catalog/search";
import { templeNameMatch } from "~/domain/catalog/temples.server";

/**
 * Temples with words of their name or display name starting with the typed words (the
 * FTS index: any script, any length the box takes, wildcards are text), or those with
 * staff when `query` is empty; with their staff.
 */
export async function listOperatorTemples(db: Database, query: string) {
  const text = cleanSearchText(query);
  const staffed = db.select({ id: templeStaff.templeId }).from(templeStaff);
  const rows = await db
    .select({
      id: temples.id,
      displayName: temples.displayName,
      name: temples.name,
      onlineBooking: temples.onlineBooking,
      isAssisted: temples.isAssisted,
      verified: temples.verified,
      slug: temples.slug,
    })
    .from(temples)
    .where(text ? templeNameMatch(text) : inArray(temples.id, staffed))
    .orderBy(asc(temples.displayName))
    .limit(30);
  const staff = rows.length
    ? await db
        .select({ templeId: templeStaff.templeId, customerId: customers.id, email: customers.email })
        .from(templeStaff)
        .innerJoin(customers, eq(customers.id, templeStaff.customerId))
        .where(
          inArray(
            templeStaff.templeId,
            rows.map((r) => r.id),
          ),
        )
    : [];
  return rows.map((row) => ({ ...row, staff: staff.filter((s) => s.templeId === row.id) }));
}

export type OperatorTemple = Awaited<ReturnType<typeof listOperatorTemples>>[number];

export async function updateTempleSettings(
  db: Database,
  actorId: number,
  input: { templeId: number; onlineBooking: boolean; isAssisted: boolean },
) {
  const { templeId, onlineBooking, isAssisted } = input;
  const [updated] = await db.batch([
    db
      .update(temples)
      .set({
        onlineBooking,
        isAssisted,
        // Open payment orders are re-checked against when online booking was last switched.
        bookingChangedAt: sql`case when ${temples.onlineBooking} is not ${onlineBooking ? 1 : 0} then ${new Date().toISOString()}
          else ${temples.bookingChangedAt} end`,
      })
      .where(eq(temples.id, templeId))
      .returning({ id: temples.id }),
    auditStatement(db, {
      actorId,
      action: "temple.settings",
      entity: "temple",
      entityId: templeId,
      templeId,
      detail: { onlineBooking, isAssisted },
    }),
  ]);
  return updated.length > 0;
}

/** Links an existing account to the temple as staff (customers become staff). */
export async function assignStaff(db: Database, actorId: number, templeId: number, email: string) {
  const [account] = await db.select({ id: customers.id, role: customers.role }).from(customers).where(eq(customers.email, email)).limit(1);
  // The walk-in account (counter sales' system account) is nobody's to link.
  if (!account || account.role === "walkin") return { ok: false as const, message: M.staffUnknown };
  if (account.role === "operator") return { ok: false as const, message: M.staffOperator };
  await db.batch([
    db.update(customers).set({ role: "staff" }).where(eq(customers.id, account.id)),
    db.insert(templeStaff).values({ customerId: account.id, templeId }).onConflictDoNothing(),
    auditStatement(db, {
      actorId,
      action: "staff.assign",
      entity: "temple_staff",
      entityId: `${account.id}:${templeId}`,
      templeId,
      detail: { email },
    }),
  ]);
  return { ok: true as const, message: M.staffAdded(email) };
}

/** Unlinks a staff member; without any temple left they are a customer again. */
export async function removeStaff(db: Database, actorId: number, templeId: number, customerId: number) {
  const [account] = await db.select({ email: customers.email }).from(customers).where(eq(customers.id, customerId)).limit(1);
  if (!account) return null;
  await db.batch([
    db.delete(templeStaff).where(and(eq(templeStaff.customerId, customerId), eq(templeStaff.templeId, templeId))),
    auditStatement(db, {
      actorId,
      action: "staff.remove",
      entity: "temple_staff",
      entityId: `${customerId}:${templeId}`,
      templeId,
      detail: { email: account.email },
    }),
  ]);
  const [left] = await db
    .select({ templeId: templeStaff.templeId })
    .from(templeStaff)
    .where(eq(templeStaff.customerId, customerId))
    .limit(1);
  if (!left)
    await db
      .update(customers)
      .set({ role: "customer" })
      .where(and(eq(customers.id, customerId), eq(customers.role, "staff")));
  return M.staffRemoved(account.email);
}
