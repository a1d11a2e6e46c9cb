/**
 * Catalogue reads the legacy API needs in its own cuts: whole lists for
 * ListTemples (temple and priest categories), the combined filters of
 * getAllTemplesList, and a temple's puja by name (getPujaId). Read-only.
 */
import { and, asc, count, desc, eq, sql, type SQL } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { deities, districts, priestPujas, priests, priestTemples, pujas, states, templeDeities, templePujas, temples } from "~/db/schema";
import { weekdayOf } from "./bookings";
import { templeNameMatch } from "./temples.server";
import { stripDeitySuffix } from "./temples";

/**
 * The columns of the spec's Temple entity. Joined names get their own aliases: a D1
 * batch returns rows keyed by column name, so three columns called "name" would collide.
 */
const templeColumns = {
  id: temples.id,
  name: temples.name,
  displayName: temples.displayName,
  imageUrl: temples.imageUrl,
  streetName: temples.streetName,
  district: sql<string>`${districts.name}`.as("district_name"),
  state: sql<string>`${states.name}`.as("state_name"),
  metaDescription: temples.metaDescription,
  website: temples.website,
  onlineBooking: temples.onlineBooking,
  isAssisted: temples.isAssisted,
};

export type LegacyTempleRow = {
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

function templeQuery(db: Database) {
  return db
    .select(templeColumns)
    .from(temples)
    .innerJoin(districts, eq(districts.id, temples.districtId))
    .innerJoin(states, eq(states.id, temples.stateId));
}

function geography(db: Database) {
  return [
    db.select({ id: states.id, name: states.name }).from(states).orderBy(asc(states.name)),
    db
      .select({ id: districts.id, name: districts.name, stateId: districts.stateId })
      .from(districts)
      .orderBy(asc(districts.name)),
  ] as const;
}

/** ListTemples, category temple: every temple, district, deity, state and master puja. */
export async function listTempleCatalog(db: Database) {
  const [templeRows, stateRows, districtRows, deityRows, pujaRows] = await db.batch([
    templeQuery(db).orderBy(asc(temples.name), asc(temples.id)),
    ...geography(db),
    db
      .select({ id: deities.id, name: deities.name, imagePath: deities.imagePath })
      .from(deities)
      .orderBy(asc(deities.displayOrder), asc(deities.name)),
    db.select({ id: pujas.id, name: pujas.name }).from(pujas).orderBy(asc(pujas.name)),
  ]);
  return { temples: templeRows, states: stateRows, districts: districtRows, deities: deityRows, pujas: pujaRows };
}

/**
 * ListTemples, category priest: states, districts, the number of priests, the pujas
 * performed at each temple with priests (TempleID + PujaName) and those temples'
 * names (the spec's "associated temples", TempleID + MessageBody).
 */
export async function listPriestCatalog(db: Database) {
  const [stateRows, districtRows, priestTotals, pujaRows, associatedRows] = await db.batch([
    ...geography(db),
    db.select({ total: count() }).from(priests),
    db
      .selectDistinct({ templeId: priestTemples.templeId, pujaName: pujas.name })
      .from(priestTemples)
      .innerJoin(priestPujas, eq(priestPujas.priestId, priestTemples.priestId))
      .innerJoin(pujas, eq(pujas.id, priestPujas.pujaId))
      .orderBy(asc(priestTemples.templeId), asc(pujas.name)),
    db
      .select({ templeId: temples.id, name: temples.name })
      .from(temples)
      .where(sql`exists (select 1 from ${priestTemples} where ${priestTemples.templeId} = ${temples.id})`)
      .orderBy(asc(temples.name)),
  ]);
  return {
    states: stateRows,
    districts: districtRows,
    priestCount: priestTotals[0]?.total ?? 0,
    pujas: pujaRows,
    associatedTemples: associatedRows,
  };
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

/** getAllTemplesList: temples passing every given filter (an empty one passes all). */
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
  return templeQuery(db)
    .where(and(...conditions))
    .orderBy(desc(temples.onlineBooking), desc(temples.isAssisted), asc(temples.name))
    .limit(TEMPLE_LIST_LIMIT);
}

/** getPujaId: a temple's active puja by its name (case-insensitive), or null. */
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
