import { asc, eq } from "drizzle-orm";
import { textInLanguage } from "~/domain/content/translations.server";
import type { Database } from "~/db/client.server";
import { districts, states } from "~/db/schema";
import { type Alongside, searchTemples, type TempleSearch } from "./temples.server";

/** States for the filter, and the districts of the chosen state (none until one is chosen). */
function searchFilterQueries(db: Database, stateId: number | undefined) {
  return [
    db
      .select({ id: states.id, name: textInLanguage("state", states.id, states.name).as("state_name") })
      .from(states)
      .orderBy(asc(states.name)),
    db
      .select({ id: districts.id, name: districts.name })
      .from(districts)
      .where(eq(districts.stateId, stateId ?? -1))
      .orderBy(asc(districts.name)),
  ] as const;
}

type FilterRows = { [K in keyof ReturnType<typeof searchFilterQueries>]: Awaited<ReturnType<typeof searchFilterQueries>[K]> };

/** The filters alone (when a chosen district must be checked before the search). */
export async function listSearchFilters(db: Database, stateId: number | undefined) {
  const [stateRows, districtRows] = await db.batch(searchFilterQueries(db, stateId));
  return { states: stateRows, districts: districtRows };
}

/**
 * The temples page's reads: its filters and the page of temples, the filters in the search's
 * first D1 batch. A district is kept only when it is the chosen state's, so with one chosen
 * the filters are read first.
 */
export async function templesPage(db: Database, search: TempleSearch) {
  if (search.district) {
    const filters = await listSearchFilters(db, search.state);
    const district = filters.districts.some((d) => d.id === search.district) ? search.district : undefined;
    const kept = { ...search, district };
    return { search: kept, filters, result: await searchTemples(db, kept) };
  }
  const alongside: Alongside = { statements: [...searchFilterQueries(db, search.state)] };
  const result = await searchTemples(db, search, alongside);
  const [stateRows, districtRows] = alongside.rows as unknown as FilterRows;
  return { search, filters: { states: stateRows, districts: districtRows }, result };
}
