/** Favourite temples: a customer's list, without duplicates. */
import { and, asc, eq, notInArray, sql } from "drizzle-orm";
import { textInLanguage } from "~/domain/content/translations.server";
import type { Database } from "~/db/client.server";
import { favourites, temples } from "~/db/schema";
import { m } from "~/paraglide/messages";

export const FAVOURITE_MESSAGES = {
  get added() {
    return m.bookings_favourite_added();
  },
  get already() {
    return m.bookings_favourite_already();
  },
  get removed() {
    return m.bookings_favourite_removed();
  },
  get unknown() {
    return m.bookings_favourite_unknown();
  },
} as const;

export function listFavourites(db: Database, customerId: number) {
  return db
    .select({
      templeId: temples.id,
      slug: temples.slug,
      name: temples.name,
      displayName: textInLanguage("temple", temples.id, temples.displayName).as("display_name_shown"),
      imageUrl: temples.imageUrl,
      website: temples.website,
      onlineBooking: temples.onlineBooking,
    })
    .from(favourites)
    .innerJoin(temples, eq(temples.id, favourites.templeId))
    .where(eq(favourites.customerId, customerId))
    .orderBy(asc(favourites.createdAt), asc(temples.id));
}

export type Favourite = Awaited<ReturnType<typeof listFavourites>>[number];

/**
 * Temples for the 'Choose a Temple' select: every temple not yet a favourite (a favourite
 * need not take online bookings: its card leads to its own website), by the name shown.
 */
export function listFavouriteChoices(db: Database, customerId: number) {
  const chosen = db.select({ id: favourites.templeId }).from(favourites).where(eq(favourites.customerId, customerId));
  const shown = textInLanguage("temple", temples.id, temples.displayName);
  return db
    .select({ id: temples.id, name: shown.as("choice_name") })
    .from(temples)
    .where(notInArray(temples.id, chosen))
    .orderBy(sql`${shown} collate nocase`, temples.id);
}

export async function addFavourite(db: Database, customerId: number, templeId: number) {
  const [temple] = await db.select({ id: temples.id }).from(temples).where(eq(temples.id, templeId)).limit(1);
  if (!temple) return { ok: false as const, message: FAVOURITE_MESSAGES.unknown };
  const inserted = await db
    .insert(favourites)
    .values({ customerId, templeId })
    .onConflictDoNothing()
    .returning({ templeId: favourites.templeId });
  return inserted.length > 0
    ? { ok: true as const, message: FAVOURITE_MESSAGES.added }
    : { ok: false as const, message: FAVOURITE_MESSAGES.already };
}

export async function removeFavourite(db: Database, customerId: number, templeId: number) {
  await db.delete(favourites).where(and(eq(favourites.customerId, customerId), eq(favourites.templeId, templeId)));
  return { ok: true as const, message: FAVOURITE_MESSAGES.removed };
}

/** The Favourites tab: the grid and the select's choices, in one batch. */
export async function loadFavouritesTab(db: Database, customerId: number) {
  const [favouriteRows, choices] = await db.batch([listFavourites(db, customerId), listFavouriteChoices(db, customerId)]);
  return { favourites: favouriteRows, choices };
}

export type FavouritesTabData = Awaited<ReturnType<typeof loadFavouritesTab>>;
