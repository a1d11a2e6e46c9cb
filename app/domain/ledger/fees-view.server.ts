/** What the console's fee page and the desk's settlement page show of a temple's fee and its invoices. */
import { eq } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { temples } from "~/db/schema";
import { addDays } from "~/domain/days";
import { templeFeeSummary } from "./fees.server";
import { listInvoices } from "./invoices.server";

/** The months ended before `today`, newest first (the invoices that can be issued). */
export function endedMonths(today: string, count: number): string[] {
  const months: string[] = [];
  let day = `${today.slice(0, 7)}-01`;
  for (let i = 0; i < count; i++) {
    day = `${addDays(day, -1).slice(0, 7)}-01`;
    months.push(day.slice(0, 7));
  }
  return months;
}

export async function operatorFeesPage(db: Database, templeId: number, today: string) {
  const [temple, fees, invoices] = await Promise.all([
    db.select({ id: temples.id, displayName: temples.displayName }).from(temples).where(eq(temples.id, templeId)).get(),
    templeFeeSummary(db, templeId, today),
    listInvoices(db, templeId),
  ]);
  return temple ? { temple, fees, invoices, months: endedMonths(today, 3) } : null;
}
