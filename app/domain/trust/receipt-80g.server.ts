/**
 * The 80G section of a donation receipt: what the trust registered (name, address, PAN, 80G number
 * and validity), the donations it covers in figures and words, the mode of payment and the donor
 * (name, address, PAN). Only donations to a temple whose registration was valid on the day carry
 * it, and for a renovation-only registration only its renovation purposes (tax.ts).
 */
import { and, desc, eq, inArray, isNotNull } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { customers, donationPurposes, templeTrust, temples, transactionLines } from "~/db/schema";
import { currentLocale } from "~/lib/i18n";
import { m } from "~/paraglide/messages";
import { coveredBy80g, rupeesInWords } from "./tax";

export interface EightyGSection {
  trustName: string;
  trustAddress: string;
  templePan: string;
  registration80g: string;
  validFrom: string;
  validTo: string;
  renovationOnly: boolean;
  /** The covered donations' total, in paise and in words. */
  amount: number;
  amountInWords: string;
  mode: string;
  donorName: string;
  donorAddress: string;
  /** In full: this section is only ever on the donor's own receipt. */
  donorPan: string | null;
}

interface Line {
  itemType: "PUJA" | "DONATION";
  templeId: number;
  donationPurposeId: number | null;
  amount: number;
  quantity: number;
}

/** How the donation was paid, as the receipt says it (all Sannidhi payments are electronic). */
export function paymentMode(paymentRef: string | null): string {
  return m.trust_receipt_mode_razorpay({ ref: paymentRef ?? "" });
}

/** The 80G sections of one booking, by temple id (temples without one are absent). */
export async function eightyGSections(
  db: Database,
  booking: { id: number; customerId: number; bookingDate: string; paymentProvider: string; paymentRef: string | null },
  lines: readonly Line[],
): Promise<Map<number, EightyGSection>> {
  const donations = lines.filter((line) => line.itemType === "DONATION");
  const sections = new Map<number, EightyGSection>();
  if (donations.length === 0) return sections;
  const templeIds = [...new Set(donations.map((line) => line.templeId))];
  const purposeIds = donations.map((line) => line.donationPurposeId).filter((id): id is number => id !== null);
  const [trusts, purposes, [donor], given] = await db.batch([
    db
      .select({
        templeId: temples.id,
        // The numbers the operator checked, not whatever the desk typed since.
        registration80g: templeTrust.checked80g,
        templePan: templeTrust.checkedPan,
        trustName: templeTrust.trustName,
        trustAddress: templeTrust.trustAddress,
        valid80gFrom: templeTrust.valid80gFrom,
        valid80gTo: templeTrust.valid80gTo,
        renovationOnly: templeTrust.renovationOnly,
      })
      .from(temples)
      .innerJoin(templeTrust, eq(templeTrust.templeId, temples.id))
      .where(inArray(temples.id, templeIds)),
    db
      .select({ id: donationPurposes.id, renovation: donationPurposes.renovation })
      .from(donationPurposes)
      .where(inArray(donationPurposes.id, purposeIds.length ? purposeIds : [-1])),
    db.select().from(customers).where(eq(customers.id, booking.customerId)).limit(1),
    // The addresses given with this booking's donations (issue 38), the latest first.
    db
      .select({ templeId: transactionLines.templeId, donorAddress: transactionLines.donorAddress })
      .from(transactionLines)
      .where(and(eq(transactionLines.transactionId, booking.id), isNotNull(transactionLines.donorAddress)))
      .orderBy(desc(transactionLines.id)),
  ]);
  if (!donor) return sections;
  const profileAddress = donorProfileAddress(donor);
  const day = booking.bookingDate.slice(0, 10);
  const renovation = new Map(purposes.map((p) => [p.id, p.renovation]));
  for (const trust of trusts) {
    const covered = donations.filter(
      (line) =>
        line.templeId === trust.templeId &&
        coveredBy80g({ itemType: line.itemType, renovation: renovation.get(line.donationPurposeId ?? -1) ?? false }, trust, day),
    );
    if (covered.length === 0 || !trust.templePan) continue;
    const amount = covered.reduce((sum, line) => sum + line.amount * line.quantity, 0);
    sections.set(trust.templeId, {
      trustName: trust.trustName,
      trustAddress: trust.trustAddress,
      templePan: trust.templePan,
      registration80g: trust.registration80g!,
      validFrom: trust.valid80gFrom!,
      validTo: trust.valid80gTo!,
      renovationOnly: trust.renovationOnly,
      amount,
      // In the receipt's language, as the rest of it.
      amountInWords: rupeesInWords(amount, currentLocale()),
      mode: paymentMode(booking.paymentRef),
      donorName: `${donor.firstName} ${donor.lastName}`.trim(),
      // The address given with the donation; a donation made without asking for the receipt has the profile's.
      donorAddress: given.find((line) => line.templeId === trust.templeId)?.donorAddress ?? profileAddress,
      donorPan: donor.pan,
    });
  }
  return sections;
}

/** The donor's profile address on one line (for donations that gave none). */
export function donorProfileAddress(donor: {
  houseNo: string;
  houseName: string;
  streetName: string;
  postOffice: string;
  city: string;
  district: string;
  state: string;
  postalCode: string;
}): string {
  return [
    [donor.houseNo, donor.houseName].filter(Boolean).join(", "),
    donor.streetName,
    donor.postOffice,
    donor.city,
    donor.district,
    [donor.state, donor.postalCode].filter(Boolean).join(" "),
  ]
    .filter(Boolean)
    .join(", ");
}
