import { and, asc, count, desc, eq, inArray, sql, type SQL } from "drizzle-orm";
import type { SelectedFields } from "drizzle-orm/sqlite-core";
import { z } from "zod";
import { inLanguage } from "~/domain/content/translations.server";
import type { Database } from "~/db/client.server";
import { deities, districts, pujas, states, templeDeities, templePujas, temples } from "~/db/schema";
import { cleanSearchText, isSearchTextTooLong, SEARCH_MESSAGES } from "./search";
import { forgivenTempleIds, templeTextMatch } from "./search-keys.server";
import { SEARCH_KINDS, stripDeitySuffix, TEMPLE_PAGE_SIZE, type SearchKind } from "./temples";

const optionalId = z.coerce.number().int().positive().max(2_147_483_647).optional().catch(undefined);
/** Any text; one longer than a search box takes is kept so the search can say so. */
const optionalText = z
  .string()
  .optional()
  .catch(undefined)
  .transform((v) => (v === undefined ? undefined : cleanSearchText(v)));

/**
 * The temples list's input: the spec's key1 (temple, puja or deity), key2 (the value)
 * and key3 (the id of the chosen suggestion), plus state, district and page.
 */
export const templeSearchSchema = z.object({
  key1: z.enum(SEARCH_KINDS).optional().catch(undefined),
  key2: optionalText.transform((v) => v || undefined),
  key3: optionalId,
  state: optionalId,
  district: optionalId,
  page: z.coerce.number().int().min(1).max(10_000).catch(1).default(1),
});

export type TempleSearch = z.infer<typeof templeSearchSchema>;

/**
 * A select from temples with `columns` plus each temple's district and state names.
 * Aliased: D1 batches return rows keyed by column name, and all three tables call theirs "name".
 */
export function selectTemplesWithPlace<Columns extends SelectedFields>(db: Database, columns: Columns) {
  const templePlaceColumns = {
    district: sql<string>`${districts.name}`.as("district_name"),
    state: sql<string>`${states.name}`.as("state_name"),
  };
  return db
    .select({ ...columns, ...templePlaceColumns })
    .from(temples)
    .innerJoin(districts, eq(districts.id, temples.districtId))
    .innerJoin(states, eq(states.id, temples.stateId));
}

/** Typed words as an FTS5 prefix query: every word must start a word of the name. */
export function ftsPrefixQuery(text: string): string | null {
  const words = text
    .split(/[^\p{L}\p{M}\p{N}]+/u)
    .filter(Boolean)
    .slice(0, 8);
  if (!words.length) return null;
  return words.map((word) => `"${word}"*`).join(" ");
}

/** Temples whose name or display name has words starting with the typed words. */
export function templeNameMatch(text: string): SQL {
  const query = ftsPrefixQuery(text);
  if (!query) return sql`0`;
  return sql`${temples.id} in (select rowid from temple_search where temple_search match ${query})`;
}

/**
 * Typed text without a key1 (the Enter key): a deity name (with or without " Temples")
 * or a puja name searches by that, anything else searches temple names.
 */
export async function resolveSearchKind(db: Database, search: TempleSearch): Promise<SearchKind> {
  if (search.key1) return search.key1;
  if (!search.key2) return "temple";
  const [deityRows, pujaRows] = await db.batch([
    db
      .select({ id: deities.id })
      .from(deities)
      .where(sql`${deities.name} = ${stripDeitySuffix(search.key2)} collate nocase`)
      .limit(1),
    db.select({ id: pujas.id }).from(pujas).where(sql`${pujas.name} = ${search.key2} collate nocase`).limit(1),
  ]);
  if (deityRows.length) return "deity";
  if (pujaRows.length) return "puja";
  return "temple";
}

/** Temples a misspelling means, when nothing matched as typed or folded (at most a page of them). */
type Forgiven = number[] | undefined;

/**
 * A deity's or puja's temples within a state or district: the page walks the place's temples
 * in list order (temples_state_listing, temples_district_listing) and checks each against the
 * deity's or puja's temples, stopping at its last row; the unary `+` keeps SQLite from driving
 * from those temples instead, which would read and sort every one of them (9,516 temples of
 * Krishna at 100,000 temples, for a page of 24 in one state).
 */
function memberColumn(placeFirst: boolean): SQL {
  return placeFirst ? sql`+${temples.id}` : sql`${temples.id}`;
}

function kindCondition(
  kind: SearchKind,
  value: string | undefined,
  id: number | undefined,
  forgiven?: Forgiven,
  placeFirst = false,
): SQL | undefined {
  if (kind === "temple") {
    if (id) return eq(temples.id, id);
    if (forgiven) return forgiven.length ? inArray(temples.id, forgiven) : sql`0`;
    // As typed (the name index), or in any script and spelling (the folded keys).
    return value ? templeTextMatch(templeNameMatch(value), value) : undefined;
  }
  if (!value && !id) return undefined;
  if (kind === "deity") {
    const deityId = id ?? sql`(select ${deities.id} from ${deities} where ${deities.name} = ${stripDeitySuffix(value!)} collate nocase)`;
    return sql`${memberColumn(placeFirst)} in (select ${templeDeities.templeId} from ${templeDeities} where
      ${templeDeities.deityId} = ${deityId})`;
  }
  const pujaId = id ?? sql`(select ${pujas.id} from ${pujas} where ${pujas.name} = ${value!} collate nocase)`;
  return sql`${memberColumn(placeFirst)} in (select ${templePujas.templeId} from ${templePujas}
    where ${templePujas.pujaId} = ${pujaId} and ${templePujas.active} = 1)`;
}

/**
 * One page of temples matching the search, with the total for paging. Text longer than
 * the search box takes finds nothing and says why (`message`).
 */
export async function searchTemples(db: Database, search: TempleSearch) {
  if (isSearchTextTooLong(search.key2)) {
    const kind: SearchKind = search.key1 ?? "temple";
    return { kind, temples: [] as TempleRow[], total: 0, page: 1, pageCount: 1, message: SEARCH_MESSAGES.tooLong as string | null };
  }
  const kind = await resolveSearchKind(db, search);
  let [rows, totals] = await db.batch(templeSearchQueries(db, search, kind));
  if (kind === "temple" && !search.key3 && search.key2 && !totals[0]?.total) {
    // Nothing as typed or folded: a misspelling ("gurvayur") is forgiven, best matches first.
    const forgiven = await forgivenTempleIds(db, search.key2, TEMPLE_PAGE_SIZE);
    if (forgiven.length) [rows, totals] = await db.batch(templeSearchQueries(db, { ...search, page: 1 }, kind, forgiven));
  }
  const total = totals[0]?.total ?? 0;
  return {
    kind,
    temples: await inLanguage(db, "temple", rows as TempleRow[], (t) => t.id, { name: "name", description: "description" }),
    total,
    page: search.page,
    pageCount: Math.max(1, Math.ceil(total / TEMPLE_PAGE_SIZE)),
    message: null as string | null,
  };
}

type TempleRow = Awaited<ReturnType<typeof templeSearchQueries>[0]>[number];

/** The page of temples and their total (one batch; exported for query-plan tests). */
export function templeSearchQueries(db: Database, search: TempleSearch, kind: SearchKind, forgiven?: Forgiven) {
  const placeFirst = Boolean(search.state || search.district);
  const where = and(
    kindCondition(kind, search.key2, search.key3, forgiven, placeFirst),
    search.state ? eq(temples.stateId, search.state) : undefined,
    search.district ? eq(temples.districtId, search.district) : undefined,
  );
  const order = [desc(temples.onlineBooking), desc(temples.isAssisted), asc(temples.name)];
  // The page's ids first, from the listing index alone; only those 24 rows are joined to their
  // place. A deep page (page 400 of 10,000 temples) skips index entries, not joined rows.
  const pageIds = db
    .select({ id: temples.id })
    .from(temples)
    .where(where)
    .orderBy(...order)
    .limit(TEMPLE_PAGE_SIZE)
    .offset((search.page - 1) * TEMPLE_PAGE_SIZE);
  return [
    selectTemplesWithPlace(db, {
      id: temples.id,
      slug: temples.slug,
      name: temples.name,
      imageUrl: temples.imageUrl,
      description: temples.description,
      website: temples.website,
      onlineBooking: temples.onlineBooking,
      verified: temples.verified,
      isAssisted: temples.isAssisted,
    })
      .where(inArray(temples.id, pageIds))
      .orderBy(...order),
    db.select({ total: count() }).from(temples).where(where),
  ] as const;
}

export type TempleCardData = TempleRow;

/** States for the filter, and the districts of the chosen state (none until one is chosen). */
export async function listSearchFilters(db: Database, stateId: number | undefined) {
  const [stateRows, districtRows] = await db.batch([
    db.select({ id: states.id, name: states.name }).from(states).orderBy(asc(states.name)),
    db
      .select({ id: districts.id, name: districts.name })
      .from(districts)
      .where(eq(districts.stateId, stateId ?? -1))
      .orderBy(asc(districts.name)),
  ]);
  return { states: stateRows, districts: districtRows };
}

/** State names for the temple-signup form. */
export function listStateNames(db: Database) {
  return db.select({ id: states.id, name: states.name }).from(states).orderBy(asc(states.name));
}

/** Every state and every district, by name: two queries for one batch. */
export function listStatesAndDistricts(db: Database) {
  return [
    listStateNames(db),
    db.select({ id: districts.id, name: districts.name, stateId: districts.stateId }).from(districts).orderBy(asc(districts.name)),
  ] as const;
}
