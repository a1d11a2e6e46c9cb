/**
 * The legacy profile has fields the portal form does not edit (HouseNo, StreetName,
 * PostOffice, DOB). The legacy Update saves the shared fields with the portal's
 * `updateProfile` and these with `saveLegacyProfileExtras`.
 */
import { eq } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { customers, stars } from "~/db/schema";

export async function getLegacyProfile(db: Database, customerId: number) {
  const [row] = await db
    .select({
      email: customers.email,
      firstName: customers.firstName,
      lastName: customers.lastName,
      phoneMobile: customers.phoneMobile,
      phoneWired: customers.phoneWired,
      houseNo: customers.houseNo,
      houseName: customers.houseName,
      streetName: customers.streetName,
      postOffice: customers.postOffice,
      city: customers.city,
      postalCode: customers.postalCode,
      district: customers.district,
      state: customers.state,
      country: customers.country,
      starId: customers.starId,
      starName: stars.name,
      dob: customers.dob,
    })
    .from(customers)
    .leftJoin(stars, eq(stars.id, customers.starId))
    .where(eq(customers.id, customerId))
    .limit(1);
  return row ?? null;
}

export type LegacyProfile = NonNullable<Awaited<ReturnType<typeof getLegacyProfile>>>;

export interface LegacyProfileExtras {
  houseNo?: string;
  streetName?: string;
  postOffice?: string;
  /** YYYY-MM-DD. */
  dob?: string;
}

/** Saves the extra fields that were sent; fields left out keep their values. */
export async function saveLegacyProfileExtras(db: Database, customerId: number, extras: LegacyProfileExtras) {
  const values = Object.fromEntries(Object.entries(extras).filter(([, value]) => value !== undefined));
  if (Object.keys(values).length === 0) return;
  await db.update(customers).set(values).where(eq(customers.id, customerId));
}
