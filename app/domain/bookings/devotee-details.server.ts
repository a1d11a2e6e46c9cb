/**
 * What a temple site's booking forms show of the devotee who is signed in: their saved
 * addresses, whether their profile has an address prasad can be posted to, and whether the
 * temple is one of their favourites. One D1 batch, by the temple's slug, so a page can read
 * it beside the temple's own data instead of after it.
 */
import { and, eq } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { favourites, temples } from "~/db/schema";
import { addressFromProfile, listAddresses, profileRowQuery, type SavedAddress } from "./addresses.server";

export interface DevoteeBookingDetails {
  addresses: SavedAddress[];
  profileAddress: boolean;
  isFavourite: boolean;
}

export async function devoteeBookingDetails(db: Database, customerId: number, templeSlug: string): Promise<DevoteeBookingDetails> {
  const [addressRows, profileRows, favouriteRows] = await db.batch([
    listAddresses(db, customerId),
    profileRowQuery(db, customerId),
    db
      .select({ templeId: favourites.templeId })
      .from(favourites)
      .innerJoin(temples, eq(temples.id, favourites.templeId))
      .where(and(eq(temples.slug, templeSlug), eq(favourites.customerId, customerId)))
      .limit(1),
  ]);
  return { addresses: addressRows, profileAddress: addressFromProfile(profileRows[0]) !== null, isFavourite: favouriteRows.length > 0 };
}
