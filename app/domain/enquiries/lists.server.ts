/** The operator's lists of visitor enquiries, as table rows (also used for the CSV export). */
import { desc } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { contactRequests, jobEnquiries, newsletterSubscriptions, templeRegistrations } from "~/db/schema";
import type { EnquiryKind } from "./inputs";

export type EnquiryRow = (string | number | null)[];

/** Rows in the column order of the console's ENQUIRY_KINDS[kind] (temples-admin/console.ts), newest first. */
export async function listEnquiries(db: Database, kind: EnquiryKind, limit = 5000): Promise<EnquiryRow[]> {
  switch (kind) {
    case "registrations": {
      const rows = await db.select().from(templeRegistrations).orderBy(desc(templeRegistrations.id)).limit(limit);
      return rows.map((r) => [r.createdAt.slice(0, 10), r.templeName, r.location, r.contactPerson, r.phone, r.email, r.address, r.state]);
    }
    case "jobs": {
      const rows = await db.select().from(jobEnquiries).orderBy(desc(jobEnquiries.id)).limit(limit);
      return rows.map((r) => [r.createdAt.slice(0, 10), r.name, r.email, r.phone, r.jobType, r.comments]);
    }
    case "contacts": {
      const rows = await db.select().from(contactRequests).orderBy(desc(contactRequests.id)).limit(limit);
      return rows.map((r) => [r.createdAt.slice(0, 10), r.emailOrPhone, r.subject, r.type]);
    }
    case "newsletter": {
      const rows = await db.select().from(newsletterSubscriptions).orderBy(desc(newsletterSubscriptions.id)).limit(limit);
      return rows.map((r) => [r.createdAt.slice(0, 10), r.email]);
    }
  }
}
