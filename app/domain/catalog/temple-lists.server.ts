/**
 * The temple catalogue, read whole or through plain filters: every temple with the
 * states, districts, deities and master pujas; the temples passing a name, deity, puja
 * and same-day filter; a temple's puja by its name. Read-only.
 */
import { and, asc, desc, eq, sql, type SQL } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { deities, pujas, templeDeities, templePujas, temples } from "~/db/schema";
import { weekdayOf } from "~/domain/bookings/cart/inputs";
import { listStatesAndDistricts, selectTemplesWithPlace, templeNameMatch } from "./temples.server";
import { stripDeitySuffix } from "./temples";

/** A temple with the fields of the spec's Temple entity. */
export type CatalogTemple = {
  id: number;
  name: string;
  displayName: string;
  imageUrl: string;
  streetName: string;
  district: string;
  state: string;
  metaDescription: string;
  website: string;
  onlineBooking: boolean;
  isAssisted: boolean;
};

function catalogTemplesQuery(db: Database) {
  return selectTemplesWithPlace(db, {
    id: temples.id,
    name: temples.name,
    displayName: temples.displayName,
    imageUrl: temples.imageUrl,
    streetName: temples.streetName,
    metaDescription: temples.metaDescription,
    website: temples.website,
    onlineBooking: temples.onlineBooking,
    isAssisted: temples.isAssisted,
  });
}

/** Every temple, state, district, deity and master puja. */
export async function listTempleCatalog(db: Database) {
  const [templeRows, stateRows, districtRows, deityRows, pujaRows] = await db.batch([
    catalogTemplesQuery(db).orderBy(asc(temples.name), asc(temples.id)),
    ...listStatesAndDistricts(db),
    db
      .select({ id: deities.id, name: deities.name, imagePath: deities.imagePath })
      .from(deities)
      .orderBy(asc(deities.displayOrder), asc(deities.name)),
    db.select({ id: pujas.id, name: pujas.name }).from(pujas).orderBy(asc(pujas.name)),
  ]);
  return { temples: templeRows, states: stateRows, districts: districtRows, deities: deityRows, pujas: pujaRows };
}

export interface TempleListFilter {
  templeName?: string;
  deityName?: string;
  pujaName?: string;
  /** Only temples with an online-bookable puja performed on `today`'s weekday. */
  sameDayPuja: boolean;
  today: string;
}

export const TEMPLE_LIST_LIMIT = 500;

/** Temples passing every given filter (an empty one passes all). */
export function listTemplesFiltered(db: Database, filter: TempleListFilter) {
  const conditions: (SQL | undefined)[] = [];
  if (filter.templeName) conditions.push(templeNameMatch(filter.templeName));
  if (filter.deityName) {
    const deity = stripDeitySuffix(filter.deityName);
    conditions.push(sql`${temples.id} in (select ${templeDeities.templeId} from ${templeDeities}
      where ${templeDeities.deityId} in (select ${deities.id} from ${deities} where ${deities.name} = ${deity} collate nocase))`);
  }
  if (filter.pujaName) {
    conditions.push(sql`${temples.id} in (select ${templePujas.templeId} from ${templePujas}
      where ${templePujas.active} = 1
        and ${templePujas.pujaId} in (select ${pujas.id} from ${pujas} where ${pujas.name} = ${filter.pujaName} collate nocase))`);
  }
  if (filter.sameDayPuja) {
    const weekday = String(weekdayOf(filter.today));
    conditions.push(eq(temples.onlineBooking, true));
    conditions.push(sql`exists (select 1 from ${templePujas} where ${templePujas.templeId} = ${temples.id}
      and ${templePujas.active} = 1 and instr(${templePujas.daysOffered}, ${weekday}) > 0)`);
  }
  return catalogTemplesQuery(db)
    .where(and(...conditions))
    .orderBy(desc(temples.onlineBooking), desc(temples.isAssisted), asc(temples.name))
    .limit(TEMPLE_LIST_LIMIT);
}

/** A temple's active puja by its name (case-insensitive), or null. */
export async function findTemplePujaByName(db: Database, templeId: number, pujaName: string) {
  const [row] = await db
    .select({
      pujaId: pujas.id,
      pujaName: pujas.name,
      templeId: templePujas.templeId,
      templePujaId: templePujas.id,
      rate: templePujas.rate,
      postalCharge: templePujas.postalCharge,
      bookingMode: templePujas.bookingMode,
    })
    .from(templePujas)
    .innerJoin(pujas, eq(pujas.id, templePujas.pujaId))
    .where(and(eq(templePujas.templeId, templeId), eq(templePujas.active, true), sql`${pujas.name} = ${pujaName} collate nocase`))
    .limit(1);
  return row ?? null;
}
