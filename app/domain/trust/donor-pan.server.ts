/** A donor's PAN: kept once on their account, shown back only masked. */
import { eq } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { customers } from "~/db/schema";
import { maskPan } from "./tax";

/** The donor's saved PAN as pages may show it ("******234F"), or null when none is saved. */
export async function maskedDonorPan(db: Database, customerId: number): Promise<string | null> {
  const [row] = await db.select({ pan: customers.pan }).from(customers).where(eq(customers.id, customerId)).limit(1);
  return row?.pan ? maskPan(row.pan) : null;
}
