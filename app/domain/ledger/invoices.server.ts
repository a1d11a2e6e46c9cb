/**
 * The platform's monthly tax invoice to a temple for its fees (issue 43). Issued once per temple
 * and month (the unique temple-month key decides), on the first ask after the month has ended:
 * its figures are frozen then. Numbered per financial year of the month invoiced (the invoice is
 * dated the month's last day): the next sequence of that year is taken in the insert itself, and
 * the unique (year, sequence) key turns a race between two temples into a retry.
 */
import { and, desc, eq, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { type PlatformInvoice, platformInvoices } from "~/db/schema";
import { addDays } from "~/domain/days";
import { todayInIndia } from "~/lib/india-time";
import { financialYearOf } from "./fees";
import { feesOfMonth } from "./fees.server";

/** The last day of a month (YYYY-MM): the invoice's date. */
export function lastDayOfMonth(month: string): string {
  return addDays(`${addDays(`${month}-28`, 7).slice(0, 7)}-01`, -1);
}

export function invoiceOf(db: Database, templeId: number, month: string) {
  return db
    .select()
    .from(platformInvoices)
    .where(and(eq(platformInvoices.templeId, templeId), eq(platformInvoices.month, month)))
    .get();
}

export type InvoiceOutcome = { invoice: PlatformInvoice } | { refused: "month-open" | "no-fees" };

/** The temple's invoice for `month`: the one issued, or issued now; none for a month not ended or without fees. */
export async function issueInvoice(db: Database, templeId: number, month: string, now = new Date()): Promise<InvoiceOutcome> {
  const existing = await invoiceOf(db, templeId, month);
  if (existing) return { invoice: existing };
  if (lastDayOfMonth(month) >= todayInIndia(now)) return { refused: "month-open" };
  const fees = await feesOfMonth(db, templeId, month);
  if (fees.fee === 0) return { refused: "no-fees" };
  const financialYear = financialYearOf(month);
  for (let attempt = 0; attempt < 5; attempt++) {
    const sequence = sql`(select coalesce(max(sequence), 0) + 1 from platform_invoices where financial_year = ${financialYear})`;
    try {
      await db.run(sql`insert into platform_invoices
          (temple_id, month, financial_year, sequence, number, booking_lines, booked_amount, fee, gst, total, issued_at)
        select ${templeId}, ${month}, ${financialYear}, seq, ${`SN/${financialYear}/`} || printf('%04d', seq),
          ${fees.lines}, ${fees.amount}, ${fees.fee}, ${fees.gst}, ${fees.fee + fees.gst}, ${now.toISOString()}
        from (select ${sequence} as seq)
        where true on conflict (temple_id, month) do nothing`);
    } catch (error) {
      // Another temple's invoice took this sequence at the same moment: take the next one.
      if (String(error).includes("platform_invoices.financial_year")) continue;
      throw error;
    }
    const issued = await invoiceOf(db, templeId, month);
    if (issued) return { invoice: issued };
  }
  throw new Error("Could not number the invoice");
}

/** A temple's invoices, newest month first. */
export function listInvoices(db: Database, templeId: number) {
  return db.select().from(platformInvoices).where(eq(platformInvoices.templeId, templeId)).orderBy(desc(platformInvoices.month)).limit(36);
}
