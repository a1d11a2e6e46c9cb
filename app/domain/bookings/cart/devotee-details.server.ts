/**
 * What a temple site's booking forms show of the devotee who is signed in: their saved
 * addresses, whether their profile has an address prasad can be posted to, and whether the
 * temple is one of their favourites, their saved PAN (masked) and the people they book for
 * (name, star, gotra: the forms offer them). Five statements, for one D1 batch:
 * read beside the temple's own data, or in the batch that reads the devotee's session.
 */
import { and, eq } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { customers, favourites, temples } from "~/db/schema";
import { maskPan } from "~/domain/trust/tax";
import { type SavedPerson, savedPeopleQuery } from "~/domain/accounts/family.server";
import { addressFromProfile, listAddresses, profileRowQuery, type SavedAddress } from "./addresses.server";

export interface DevoteeBookingDetails {
  addresses: SavedAddress[];
  profileAddress: boolean;
  isFavourite: boolean;
  /** The donor's saved PAN, masked ("******234F"), or null when none is saved. */
  savedPan: string | null;
  /** The people saved in their account (Family), which every booking form offers. */
  savedPeople: SavedPerson[];
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
    savedPeopleQuery(db, customerId),
  ] as const;
}

type StatementRows = { [K in keyof ReturnType<typeof devoteeBookingStatements>]: Awaited<ReturnType<typeof devoteeBookingStatements>[K]> };

/** The details from the rows of `devoteeBookingStatements`. */
export function devoteeBookingDetailsFrom(rows: readonly unknown[]): DevoteeBookingDetails {
  const [addressRows, profileRows, favouriteRows, panRows, people] = rows as StatementRows;
  const pan = panRows[0]?.pan;
  return {
    addresses: addressRows,
    profileAddress: addressFromProfile(profileRows[0]) !== null,
    isFavourite: favouriteRows.length > 0,
    savedPan: pan ? maskPan(pan) : null,
    savedPeople: people,
  };
}

export async function devoteeBookingDetails(db: Database, customerId: number, templeSlug: string): Promise<DevoteeBookingDetails> {
  return devoteeBookingDetailsFrom(await db.batch(devoteeBookingStatements(db, customerId, templeSlug)));
}

/** How many favourite temples a devotee's card carries; one with more is read per temple. */
export const CARD_FAVOURITES = 100;

/** The devotee's side of every temple site at once: the details with all their favourites (at most CARD_FAVOURITES + 1 read). */
export interface DevoteeCard extends Omit<DevoteeBookingDetails, "isFavourite"> {
  favourites: number[];
}

/** The statements behind `devoteeCardFrom` (for the batch that reads the devotee's session). */
export function devoteeCardStatements(db: Database, customerId: number) {
  return [
    listAddresses(db, customerId),
    profileRowQuery(db, customerId),
    db
      .select({ templeId: favourites.templeId })
      .from(favourites)
      .where(eq(favourites.customerId, customerId))
      .limit(CARD_FAVOURITES + 1),
    db.select({ pan: customers.pan }).from(customers).where(eq(customers.id, customerId)).limit(1),
    savedPeopleQuery(db, customerId),
  ] as const;
}

/** The card from the rows of `devoteeCardStatements`, or null when the devotee keeps more favourites than a card carries. */
export function devoteeCardFrom(rows: readonly unknown[]): DevoteeCard | null {
  const [addressRows, profileRows, favouriteRows, panRows, people] = rows as {
    [K in keyof ReturnType<typeof devoteeCardStatements>]: Awaited<ReturnType<typeof devoteeCardStatements>[K]>;
  };
  if (favouriteRows.length > CARD_FAVOURITES) return null;
  const pan = panRows[0]?.pan;
  return {
    addresses: addressRows,
    profileAddress: addressFromProfile(profileRows[0]) !== null,
    favourites: favouriteRows.map((row) => row.templeId),
    savedPan: pan ? maskPan(pan) : null,
    savedPeople: people,
  };
}

/** A temple site's details from the devotee's card. */
export function detailsAtTemple(card: DevoteeCard, templeId: number): DevoteeBookingDetails {
  const { favourites: kept, ...details } = card;
  return { ...details, isFavourite: kept.includes(templeId) };
}
