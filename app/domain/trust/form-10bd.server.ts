/**
 * Year-end: the data of Form 10BD (statement of donations received) for one temple and one
 * financial year, as the Income-tax portal's template asks for it: one row per donor per section,
 * the donor's donations that year summed. Only donations the temple's 80G registration covered
 * on their day (the same rule as the receipts). The trust's accountant checks the rows before
 * filing: the Income-tax Act 2025 renumbers these sections from April 2026 (README).
 */
import { and, asc, eq, gte, lte } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { customers, donationPurposes, templeTrust, temples, transactionLines, transactions } from "~/db/schema";
import { donorProfileAddress } from "./receipt-80g.server";
import { coveredBy80g, financialYearDays } from "./tax";

export const FORM_10BD_COLUMNS = [
  "Sr. No.",
  "Pre Acknowledgement Number",
  "ID Code",
  "Unique Identification Number",
  "Section Code",
  "Unique Registration Number (URN)",
  "Date of Issuance of Unique Registration Number",
  "Name of donor",
  "Address of donor",
  "Donation Type",
  "Mode of receipt",
  "Amount of donation (Indian rupees)",
] as const;

const SECTION_80G = "Section 80G";
const ELECTRONIC = "Electronic modes including account payee cheque/draft";

/** The 10BD rows of a temple's donations in the financial year starting in April of `year`. */
export async function form10bdRows(db: Database, templeId: number, year: number) {
  const { from, to } = financialYearDays(year);
  const [[trust], lines] = await db.batch([
    db
      .select({
        registration80g: templeTrust.checked80g,
        valid80gFrom: templeTrust.valid80gFrom,
        valid80gTo: templeTrust.valid80gTo,
        renovationOnly: templeTrust.renovationOnly,
      })
      .from(temples)
      .innerJoin(templeTrust, eq(templeTrust.templeId, temples.id))
      .where(eq(temples.id, templeId))
      .limit(1),
    db
      .select({
        customerId: customers.id,
        firstName: customers.firstName,
        lastName: customers.lastName,
        pan: customers.pan,
        houseNo: customers.houseNo,
        houseName: customers.houseName,
        streetName: customers.streetName,
        postOffice: customers.postOffice,
        city: customers.city,
        district: customers.district,
        state: customers.state,
        postalCode: customers.postalCode,
        bookingDate: transactions.bookingDate,
        amount: transactionLines.amount,
        quantity: transactionLines.quantity,
        renovation: donationPurposes.renovation,
        donorAddress: transactionLines.donorAddress,
      })
      .from(transactionLines)
      .innerJoin(transactions, eq(transactions.id, transactionLines.transactionId))
      .innerJoin(customers, eq(customers.id, transactions.customerId))
      .leftJoin(donationPurposes, eq(donationPurposes.id, transactionLines.donationPurposeId))
      .where(
        and(
          eq(transactionLines.itemType, "DONATION"),
          eq(transactionLines.templeId, templeId),
          eq(transactions.status, 0),
          gte(transactions.bookingDate, from),
          lte(transactions.bookingDate, `${to}T99`),
        ),
      )
      .orderBy(asc(customers.id), asc(transactions.bookingDate)),
  ]);
  const donors = new Map<number, { line: (typeof lines)[number]; amount: number; address: string | null }>();
  for (const line of lines) {
    const covered = coveredBy80g({ itemType: "DONATION", renovation: line.renovation ?? false }, trust, line.bookingDate.slice(0, 10));
    if (!covered) continue;
    const donor = donors.get(line.customerId) ?? { line, amount: 0, address: null };
    donor.amount += line.amount * line.quantity;
    // The latest address given with a donation (lines come oldest first); else the profile's.
    donor.address = line.donorAddress ?? donor.address;
    donors.set(line.customerId, donor);
  }
  return [...donors.values()].map(({ line, amount, address }, index) => [
    index + 1,
    "",
    line.pan ? "Permanent Account Number" : "",
    line.pan ?? "",
    SECTION_80G,
    // The trust's 80G registration (URN) and when it was issued (the start of its validity).
    trust?.registration80g ?? "",
    trust?.valid80gFrom ?? "",
    `${line.firstName} ${line.lastName}`.trim(),
    address ?? donorProfileAddress(line),
    "Others",
    ELECTRONIC,
    (amount / 100).toFixed(2),
  ]);
}
