/** A temple's tax invoice for a month, issued on first ask and drawn as a PDF (the desk's and the console's download). */
import { eq, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { districts, states, templeTrust, temples } from "~/db/schema";
import { renderInvoicePdf } from "./invoice-pdf.server";
import { issueInvoice } from "./invoices.server";

export interface Platform {
  siteName: string;
  legalName?: string;
  gstin?: string;
}

/** The invoice's recipient: the temple's trust (as the operator checked it), the temple, its address. */
async function recipientOf(db: Database, templeId: number) {
  return db
    .select({
      templeName: temples.displayName,
      trustName: sql<string>`coalesce(${templeTrust.trustName}, '')`,
      trustAddress: sql<string>`coalesce(${templeTrust.trustAddress}, '')`,
      street: temples.streetName,
      district: districts.name,
      state: states.name,
    })
    .from(temples)
    .leftJoin(templeTrust, eq(templeTrust.templeId, temples.id))
    .leftJoin(districts, eq(districts.id, temples.districtId))
    .leftJoin(states, eq(states.id, temples.stateId))
    .where(eq(temples.id, templeId))
    .get();
}

export type InvoicePdfOutcome =
  | { pdf: Uint8Array; number: string }
  | { refused: "not-configured" | "month-open" | "no-fees" | "no-temple" };

export async function taxInvoicePdf(
  db: Database,
  templeId: number,
  month: string,
  platform: Platform,
  now = new Date(),
): Promise<InvoicePdfOutcome> {
  if (!platform.legalName || !platform.gstin) return { refused: "not-configured" };
  const recipient = await recipientOf(db, templeId);
  if (!recipient) return { refused: "no-temple" };
  const outcome = await issueInvoice(db, templeId, month, now);
  if ("refused" in outcome) return outcome;
  const address = recipient.trustAddress || [recipient.street, recipient.district, recipient.state].filter(Boolean).join(", ");
  const pdf = await renderInvoicePdf(outcome.invoice, {
    platformLegalName: platform.legalName,
    platformGstin: platform.gstin,
    siteName: platform.siteName,
    templeName: recipient.templeName,
    trustName: recipient.trustName,
    address,
  });
  return { pdf, number: outcome.invoice.number };
}
