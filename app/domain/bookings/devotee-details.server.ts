/**
 * What a temple site's booking forms show of the devotee who is signed in: their saved
 * addresses, whether their profile has an address prasad can be posted to, and whether the
 * temple is one of their favourites, and their saved PAN (masked). Four statements, for one D1 batch:
 * read beside the temple's own data, or in the batch that reads the devotee's session.
 */
import { and, eq } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { customers, favourites, temples } from "~/db/schema";
import { maskPan } from "~/domain/trust/tax";
import { addressFromProfile, listAddresses, profileRowQuery, type SavedAddress } from "./addresses.server";

export interface DevoteeBookingDetails {
  addresses: SavedAddress[];
  profileAddress: boolean;
  isFavourite: boolean;
  /** The donor's saved PAN, masked ("******234F"), or null when none is saved. */
  savedPan: string | null;
}

/** The statements behind `devoteeBookingDetails`, in its order (for a batch of the caller's). */
export function devoteeBookingStatements(db: Database, customerId: number, templeSlug: string) {
  return [
    listAddresses(db, customerId),
    profileRowQuery(db, customerId),
    db
      .select({ templeId: favourites.templeId })
      .from(favourites)
      .innerJoin(temples, eq(temples.id, favourites.templeId))
      .where(and(eq(temples.slug, templeSlug), eq(favourites.customerId, customerId)))
      .limit(1),
    db.select({ pan: customers.pan }).from(customers).where(eq(customers.id, customerId)).limit(1),
  ] as const;
}

type StatementRows = { [K in keyof ReturnType<typeof devoteeBookingStatements>]: Awaited<ReturnType<typeof devoteeBookingStatements>[K]> };

/** The details from the rows of `devoteeBookingStatements`. */
export function devoteeBookingDetailsFrom(rows: readonly unknown[]): DevoteeBookingDetails {
  const [addressRows, profileRows, favouriteRows, panRows] = rows as StatementRows;
  const pan = panRows[0]?.pan;
  return {
    addresses: addressRows,
    profileAddress: addressFromProfile(profileRows[0]) !== null,
    isFavourite: favouriteRows.length > 0,
    savedPan: pan ? maskPan(pan) : null,
  };
}

export async function devoteeBookingDetails(db: Database, customerId: number, templeSlug: string): Promise<DevoteeBookingDetails> {
  return devoteeBookingDetailsFrom(await db.batch(devoteeBookingStatements(db, customerId, templeSlug)));
}
