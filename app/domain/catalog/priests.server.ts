import { asc, count, eq, sql, type SQL } from "drizzle-orm";
import { z } from "zod";
import type { Database } from "~/db/client.server";
import { priestPujas, priestPujaTemples, priestTemples, priests, pujas, temples } from "~/db/schema";
import { normalizeFilterKey, PRIEST_FILTERS, PRIEST_PAGE_SIZE, PRIEST_SHOWN_MAX, type PriestFilterKeys } from "./priests";
import { isSearchTextTooLong, SEARCH_MESSAGES } from "./search";
import { listStatesAndDistricts, selectTemplesWithPlace } from "./temples.server";

/** Any text; one longer than a filter box takes is kept so the search can say so. */
const filterKey = z.string().catch("").default("").transform(normalizeFilterKey);

/** Priests directory input: the three filter keys and how many results are shown. */
export const priestFilterSchema = z.object({
  puja: filterKey,
  temple: filterKey,
  priest: filterKey,
  shown: z.coerce.number().int().min(PRIEST_PAGE_SIZE).max(PRIEST_SHOWN_MAX).catch(PRIEST_PAGE_SIZE).default(PRIEST_PAGE_SIZE),
});

export type PriestFilter = PriestFilterKeys & { shown: number };

/**
 * Exact whole-text, case-insensitive equality on a name column. A blank key matches
 * only missing or blank names (a missing name counts as a blank space); any other key
 * is compared through the column's NOCASE index.
 */
function nameEquals(column: SQL | typeof pujas.name, key: string): SQL {
  return key === " " ? sql`(${column} is null or trim(${column}) = '')` : sql`${column} = ${key} collate nocase`;
}

/** The temples where some priest performs the puja named `key`: one range of priest_puja_temples. */
function templesOfPuja(key: string): SQL {
  return sql`select ${priestPujaTemples.templeId} from ${priestPujaTemples}
    where ${priestPujaTemples.pujaId} in (select ${pujas.id} from ${pujas} where ${nameEquals(pujas.name, key)})`;
}

/**
 * The spec's three filters as SQL; every subquery starts from a name index. For the page
 * (`ordered`), the puja's temples are a list each temple is checked against (the unary `+`
 * keeps SQLite from driving the query from that list), so the page walks temples in name
 * order and stops at its last row, however many temples offer the puja; a total counts them.
 */
function filterConditions(filter: PriestFilterKeys, ordered = false): SQL {
  const conditions: SQL[] = [sql`exists (select 1 from ${priestTemples} where ${priestTemples.templeId} = ${temples.id})`];
  if (filter.puja) {
    conditions.push(
      ordered ? sql`+${temples.id} in (${templesOfPuja(filter.puja)})` : sql`${temples.id} in (${templesOfPuja(filter.puja)})`,
    );
  }
  if (filter.temple) conditions.push(nameEquals(sql`${temples.name}`, filter.temple));
  if (filter.priest) {
    conditions.push(sql`${temples.id} in (select ${priestTemples.templeId} from ${priestTemples}
      where ${priestTemples.priestId} in (select ${priests.id} from ${priests} where ${nameEquals(sql`${priests.name}`, filter.priest)}))`);
  }
  return sql.join(conditions, sql` and `);
}

const byName = sql`${temples.name} collate nocase`;

/**
 * Temples with priests that pass every active filter, with their priests' names. A key
 * longer than a filter box takes finds nothing and says why (`message`).
 */
export async function searchPriestTemples(db: Database, filter: PriestFilter) {
  if (PRIEST_FILTERS.some(({ name }) => isSearchTextTooLong(filter[name]))) {
    return { temples: [] as PriestTempleCard[], total: 0, priestCount: 0, message: SEARCH_MESSAGES.tooLong as string | null };
  }
  const [rows, totals, priestTotals] = await db.batch(priestSearchQueries(db, filter));
  return {
    temples: rows.map(({ priestNames, ...row }) => ({ ...row, priests: priestsOf(priestNames) })),
    total: totals[0]?.total ?? 0,
    priestCount: priestTotals[0]?.total ?? 0,
    message: null as string | null,
  };
}

/** A temple's priests as the page query lists them (a JSON array of names, blank or null when unnamed). */
function priestsOf(json: string | null): { named: string[]; unnamed: number } {
  const priests = { named: [] as string[], unnamed: 0 };
  for (const name of JSON.parse(json ?? "[]") as (string | null)[]) {
    if (name?.trim()) priests.named.push(name);
    else priests.unnamed += 1;
  }
  return priests;
}

type PriestTempleRow = Omit<Awaited<ReturnType<typeof priestSearchQueries>[0]>[number], "priestNames">;
export type PriestTempleCard = PriestTempleRow & { priests: { named: string[]; unnamed: number } };

/**
 * The page with each shown temple's priests (a column per row, from the temple's own
 * index entries: the filter is evaluated once for the page), its total and the priest count (one batch).
 */
export function priestSearchQueries(db: Database, filter: PriestFilter) {
  const where = filterConditions(filter);
  // The puja alone: its temples are counted straight from their index range.
  const total =
    filter.puja && !filter.temple && !filter.priest
      ? db
          .select({ total: sql<number>`count(distinct ${priestPujaTemples.templeId})`.mapWith(Number) })
          .from(priestPujaTemples)
          .where(sql`${priestPujaTemples.pujaId} in (select ${pujas.id} from ${pujas} where ${nameEquals(pujas.name, filter.puja)})`)
      : db.select({ total: count() }).from(temples).where(where);
  return [
    selectTemplesWithPlace(db, {
      id: temples.id,
      name: temples.name,
      slug: temples.slug,
      imageUrl: temples.imageUrl,
      website: temples.website,
      onlineBooking: temples.onlineBooking,
      verified: temples.verified,
      isAssisted: temples.isAssisted,
      priestNames: sql<string | null>`(select json_group_array(${priests.name} order by ${priests.name} collate nocase)
        from ${priestTemples} join ${priests} on ${priests.id} = ${priestTemples.priestId}
        where ${priestTemples.templeId} = ${temples.id})`.as("priest_names"),
    })
      .where(filterConditions(filter, true))
      .orderBy(byName, asc(temples.id))
      .limit(filter.shown),
    total,
    db.select({ total: count() }).from(priests),
  ] as const;
}

/**
 * The priests catalogue: states, districts, the number of priests, the pujas performed
 * at each temple with priests (temple id + puja name) and those temples' names.
 */
export async function listPriestCatalog(db: Database) {
  const [stateRows, districtRows, priestTotals, pujaRows, associatedRows] = await db.batch([
    ...listStatesAndDistricts(db),
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
