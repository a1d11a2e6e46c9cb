/**
 * The walk-in account: the one system account counter sales (and assisted bookings for
 * devotees without an account) are booked under, so a sale is never in the selling staff
 * member's own bookings. It has no password (its hash cannot parse), its role is `walkin`
 * (phone sign-in, staff links and the devotee limit pass it by), and its address cannot
 * receive mail. It is made the first time it is needed.
 */
import { eq } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { customers } from "~/db/schema";

export const WALK_IN_EMAIL = "walk-in@counter.sannidhi.invalid";

export async function walkInAccountId(db: Database): Promise<number> {
  const find = () => db.select({ id: customers.id }).from(customers).where(eq(customers.email, WALK_IN_EMAIL)).limit(1);
  const [found] = await find();
  if (found) return found.id;
  await db
    .insert(customers)
    .values({ email: WALK_IN_EMAIL, firstName: "Walk-in", lastName: "devotee", passwordHash: "!", role: "walkin", verified: false })
    .onConflictDoNothing();
  const [made] = await find();
  return made!.id;
}
