/**
 * The donor's postal address for an 80G receipt (issue 38): Form 10BE names the donor, their
 * address and PAN. Chosen from the donor's saved addresses or profile, or typed (then saved, so
 * the next donation or prasad can choose it). The donation keeps a copy of it as one line: the
 * receipt and the temple's Form 10BD say the address given with the donation, whatever changes later.
 */
import { and, eq } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { addresses } from "~/db/schema";
import { ADDRESS_MESSAGES, addressFromProfile, profileRowQuery, resolveShippingAddress } from "./addresses.server";
import { asks80g, BOOKING_MESSAGES, type DonationInput, postalAddressLine } from "./inputs";

export type DonorAddressResult = { ok: true; address: string | null } | { ok: false; field: "addressId"; message: string };

/** The address line to keep with the donation (null when no 80G receipt is asked). */
export async function resolveDonorAddress(db: Database, customerId: number, input: DonationInput): Promise<DonorAddressResult> {
  if (!asks80g(input)) return { ok: true, address: null };
  const choice = input.addressId;
  if (typeof choice === "number") {
    const [saved] = await db
      .select()
      .from(addresses)
      .where(and(eq(addresses.id, choice), eq(addresses.customerId, customerId)))
      .limit(1);
    return saved ? { ok: true, address: postalAddressLine(saved) } : { ok: false, field: "addressId", message: ADDRESS_MESSAGES.notYours };
  }
  const [profile] = await profileRowQuery(db, customerId);
  if (choice === "profile") {
    const address = addressFromProfile(profile);
    return address
      ? { ok: true, address: postalAddressLine(address) }
      : { ok: false, field: "addressId", message: ADDRESS_MESSAGES.profileIncomplete };
  }
  const typed = {
    name: profile ? `${profile.firstName} ${profile.lastName}`.trim() : "",
    line1: input.addressLine1 ?? "",
    line2: "",
    city: input.addressCity ?? "",
    district: input.addressDistrict ?? "",
    state: input.addressState ?? "",
    postalCode: input.addressPostalCode ?? "",
    phone: "",
  };
  // The schema checked a typed address; this guards a caller that did not use it.
  if (!typed.line1 || !typed.city || !typed.district || !typed.state || !typed.postalCode)
    return { ok: false, field: "addressId", message: BOOKING_MESSAGES.donorAddress };
  const saved = await resolveShippingAddress(db, customerId, "new", typed);
  return saved.ok ? { ok: true, address: postalAddressLine(typed) } : saved;
}
