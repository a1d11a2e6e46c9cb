import { and, asc, count, desc, eq, inArray, notInArray, sql, type SQL } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { SelectedFields } from "drizzle-orm/sqlite-core";
import { z } from "zod";
import { inLanguage, textInLanguage } from "~/domain/content/translations.server";
import type { Database } from "~/db/client.server";
import { deities, districts, pujas, states, templeDeities, templePujas, temples } from "~/db/schema";
import { cleanSearchText, isSearchTextTooLong, SEARCH_MESSAGES } from "./search";
import { firstCandidateQueries, rankTemples, type TempleCandidate } from "./ranked-search.server";
import { templeTextMatch } from "./search-keys.server";
import { SEARCH_KINDS, stripDeitySuffix, TEMPLE_PAGE_SIZE, type SearchKind } from "./temples";
import { templeNameMatch } from "./name-index.server";

export { ftsPrefixQuery, templeNameMatch } from "./name-index.server";

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
    // The state in the page's language (its seeded variants), the district as it is.
    state: textInLanguage("state", states.id, states.name).as("state_name"),
  };
  return db
    .select({ ...columns, ...templePlaceColumns })
    .from(temples)
    .innerJoin(districts, eq(districts.id, temples.districtId))
    .innerJoin(states, eq(states.id, temples.stateId));
}

/**
 * Typed text without a key1 (the Enter key): a deity name (with or without " Temples")
 * or a puja name searches by that, anything else searches temple names.
 */
export async function resolveSearchKind(db: Database, search: TempleSearch, alongside?: Alongside): Promise<SearchKind> {
  if (search.key1) return search.key1;
  if (!search.key2) return "temple";
  const [deityRows, pujaRows] = await batchAlongside(db, alongside, [
    db
      .select({ id: deities.id })
      .from(deities)
      .where(sql`${deities.name} = ${stripDeitySuffix(search.key2)} collate nocase`)
      .limit(1),
    db.select({ id: pujas.id }).from(pujas).where(sql`${pujas.name} = ${search.key2} collate nocase`).limit(1),
  ]);
  if (deityRows!.length) return "deity";
  if (pujaRows!.length) return "puja";
  return "temple";
}

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

function kindCondition(kind: SearchKind, value: string | undefined, id: number | undefined, placeFirst = false): SQL | undefined {
  if (kind === "temple") {
    if (id) return eq(temples.id, id);
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
 * Statements of a page's own (its filters) read in the search's first D1 batch, one round trip
 * fewer: `rows` holds their rows once the search has run.
 */
export interface Alongside {
  statements: BatchItem<"sqlite">[];
  rows?: unknown[];
}

/** `queries` in one batch, with the statements alongside when they have not been read yet. */
async function batchAlongside(db: Database, alongside: Alongside | undefined, queries: BatchItem<"sqlite">[]): Promise<unknown[][]> {
  const extra = alongside && !alongside.rows ? alongside.statements : [];
  const all = [...extra, ...queries];
  if (!all.length) return [];
  const rows = (await db.batch(all as [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]])) as unknown[][];
  if (alongside && extra.length) alongside.rows = rows.slice(0, extra.length);
  return rows.slice(extra.length);
}

/** Temples of a typed text shown in ranked order before the rest of its matches (two pages). */
export const RANKED_RESULTS = 2 * TEMPLE_PAGE_SIZE;

/**
 * One page of temples matching the search, with the total for paging. Text longer than
 * the search box takes finds nothing and says why (`message`).
 */
export async function searchTemples(db: Database, search: TempleSearch, alongside?: Alongside) {
  if (isSearchTextTooLong(search.key2)) {
    await batchAlongside(db, alongside, []);
    const kind: SearchKind = search.key1 ?? "temple";
    return { kind, temples: [] as TempleRow[], total: 0, page: 1, pageCount: 1, message: SEARCH_MESSAGES.tooLong as string | null };
  }
  const kind = await resolveSearchKind(db, search, alongside);
  const [rows, total] =
    kind === "temple" && !search.key3 && search.key2
      ? await rankedTextPage(db, search, search.key2, alongside)
      : await listedPage(db, search, kind, alongside);
  return {
    kind,
    temples: await inLanguage(db, "temple", rows as TempleRow[], (t) => t.id, { name: "name", description: "description" }),
    total,
    page: search.page,
    pageCount: Math.max(1, Math.ceil(total / TEMPLE_PAGE_SIZE)),
    message: null as string | null,
  };
}

async function listedPage(db: Database, search: TempleSearch, kind: SearchKind, alongside?: Alongside) {
  const queries = templeSearchQueries(db, search, kind);
  const [rows, totals] = (await batchAlongside(db, alongside, [...queries])) as [TempleRow[], { total: number }[]];
  return [rows, totals[0]?.total ?? 0] as const;
}

function placeCondition(search: TempleSearch): SQL | undefined {
  return and(
    search.state ? eq(temples.stateId, search.state) : undefined,
    search.district ? eq(temples.districtId, search.district) : undefined,
  );
}

/**
 * A typed text (Enter, no suggestion chosen): the temples the ranking puts first (at most
 * two pages of them, within the chosen state or district), then the text's other matches
 * in the list's order. The ranked ones are found as the autocomplete finds them.
 */
async function rankedTextPage(db: Database, search: TempleSearch, text: string, alongside?: Alongside) {
  const within = placeCondition(search);
  const firstRound = (await batchAlongside(db, alongside, firstCandidateQueries(db, text, within))) as TempleCandidate[][];
  const rankedRows = await rankTemples(db, text, firstRound, RANKED_RESULTS, within);
  const ranked = rankedRows.map((row) => row.id);
  const start = (search.page - 1) * TEMPLE_PAGE_SIZE;
  const pageRanked = ranked.slice(start, start + TEMPLE_PAGE_SIZE);
  // The other matches: as typed or folded, not among the ranked, in the list's order.
  const others = and(templeTextMatch(templeNameMatch(text), text), within, ranked.length ? notInArray(temples.id, ranked) : undefined);
  const fill = TEMPLE_PAGE_SIZE - pageRanked.length;
  const [shownRanked, shownOthers, totals] = await db.batch([
    cardQuery(db, inArray(temples.id, pageRanked.length ? pageRanked : [-1])),
    cardQuery(
      db,
      inArray(
        temples.id,
        db
          .select({ id: temples.id })
          .from(temples)
          .where(fill > 0 ? others : sql`0`)
          .orderBy(...LISTING_ORDER)
          .limit(Math.max(fill, 0))
          .offset(Math.max(0, start - ranked.length)),
      ),
    ).orderBy(...LISTING_ORDER),
    db.select({ total: count() }).from(temples).where(others),
  ]);
  const byId = new Map(shownRanked.map((row) => [row.id, row]));
  const rows = [...pageRanked.flatMap((id) => byId.get(id) ?? []), ...shownOthers];
  return [rows, ranked.length + (totals[0]?.total ?? 0)] as const;
}

type TempleRow = Awaited<ReturnType<typeof cardQuery>>[number];

/** The temples list's order: online booking first, then assisted, then by name. */
const LISTING_ORDER = [desc(temples.onlineBooking), desc(temples.isAssisted), asc(temples.name)];

/** What a temple card shows, for the temples matching `where`. */
function cardQuery(db: Database, where: SQL | undefined) {
  return selectTemplesWithPlace(db, {
    id: temples.id,
    slug: temples.slug,
    name: temples.name,
    imageUrl: temples.imageUrl,
    description: temples.description,
    website: temples.website,
    onlineBooking: temples.onlineBooking,
    verified: temples.verified,
    isAssisted: temples.isAssisted,
  }).where(where);
}

/** The page of temples and their total (one batch; exported for query-plan tests). */
export function templeSearchQueries(db: Database, search: TempleSearch, kind: SearchKind) {
  const placeFirst = Boolean(search.state || search.district);
  const where = and(kindCondition(kind, search.key2, search.key3, placeFirst), placeCondition(search));
  // The page's ids first, from the listing index alone; only those 24 rows are joined to their
  // place. A deep page (page 400 of 10,000 temples) skips index entries, not joined rows.
  const pageIds = db
    .select({ id: temples.id })
    .from(temples)
    .where(where)
    .orderBy(...LISTING_ORDER)
    .limit(TEMPLE_PAGE_SIZE)
    .offset((search.page - 1) * TEMPLE_PAGE_SIZE);
  return [
    cardQuery(db, inArray(temples.id, pageIds)).orderBy(...LISTING_ORDER),
    db.select({ total: count() }).from(temples).where(where),
  ] as const;
}

export type TempleCardData = TempleRow;

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
