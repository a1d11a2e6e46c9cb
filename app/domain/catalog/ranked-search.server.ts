/**
 * The temples a typed text finds, in the order a devotee means them (search-rank.ts scores
 * them). Candidates come from the indexes, most prominent first and bounded, so the cost
 * does not grow with the directory: names starting with the text (the name index), temples
 * whose keys have every typed word (the word index: names, other names, district, deities,
 * in any script and spelling); only when those are fewer than asked, temples with any one
 * word; only when nothing has every word, forgiven misspellings (the trigram index). Each
 * candidate row carries what the ranking reads (its names, aliases, deities, place and
 * prominence), so ranking costs no query of its own.
 */
import { and, asc, desc, eq, or, sql, type SQL } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { districts, states, templeSearchKeys, temples } from "~/db/schema";
import { pastPrefix } from "./search";
import { forgivenTemples } from "./search-keys.server";
import { queryWords, rankCandidates, type RankCandidate } from "./search-rank";
import { ftsPrefixQuery, templeNameMatch } from "./name-index.server";

/** Candidates read for every typed word together, and for each word alone. */
export const ALL_WORDS_CANDIDATES = 60;
const ONE_WORD_CANDIDATES = 30;
export const NAME_START_CANDIDATES = 10;

const candidateColumns = {
  id: temples.id,
  name: temples.name,
  displayName: temples.displayName,
  verified: temples.verified,
  prominence: temples.prominence,
  district: sql<string>`${districts.name}`.as("district_name"),
  state: sql<string>`${states.name}`.as("state_name"),
  aliases: sql<string>`coalesce(${templeSearchKeys.aliases}, '')`.as("alias_lines"),
  deities: sql<string>`coalesce(${templeSearchKeys.deities}, '')`.as("deity_lines"),
};

/** The candidate columns and joins of `selectCandidates`, as plain SQL (`t` the temple). */
export const CANDIDATE_SQL = `t.id, t.name, t.display_name, t.verified, t.prominence, d.name as district_name, s.name as state_name,
  coalesce(k.aliases, ''), coalesce(k.deities, '')
  from temples t join districts d on d.id = t.district_id join states s on s.id = t.state_id
  left join temple_search_keys k on k.temple_id = t.id`;
/** How many columns of a row `CANDIDATE_SQL` selects. */
export const CANDIDATE_SQL_COLUMNS = Object.keys(candidateColumns).length;

/** A candidate from a raw row holding `candidateColumns` in their order from `at` (as `CANDIDATE_SQL` selects them). */
export function candidateFromRow(row: readonly unknown[], at: number): TempleCandidate {
  return {
    id: row[at] as number,
    name: row[at + 1] as string,
    displayName: row[at + 2] as string,
    verified: Boolean(row[at + 3]),
    prominence: row[at + 4] as number,
    district: row[at + 5] as string,
    state: row[at + 6] as string,
    aliases: row[at + 7] as string,
    deities: row[at + 8] as string,
  };
}

function selectCandidates(db: Database) {
  return db
    .select(candidateColumns)
    .from(temples)
    .innerJoin(districts, eq(districts.id, temples.districtId))
    .innerJoin(states, eq(states.id, temples.stateId))
    .leftJoin(templeSearchKeys, eq(templeSearchKeys.templeId, temples.id));
}

export type TempleCandidate = Awaited<ReturnType<typeof selectCandidates>>[number];

/**
 * The temples a misspelled text means, as candidate rows: read with their trigram keys in one
 * query (the columns in `candidateColumns`' order, then the keys), kept when the keys forgive
 * every typed word (search-keys.server.ts).
 */
async function forgivenCandidates(db: Database, term: string, within: SQL | undefined): Promise<TempleCandidate[]> {
  const forgiven = forgivenTemples(term);
  if (!forgiven) return [];
  const { sql: statement, params } = db
    .select({ ...candidateColumns, trigramKeys: forgiven.keys.as("trigram_keys") })
    .from(temples)
    .innerJoin(districts, eq(districts.id, temples.districtId))
    .innerJoin(states, eq(states.id, temples.stateId))
    .leftJoin(templeSearchKeys, eq(templeSearchKeys.templeId, temples.id))
    .where(and(forgiven.where, within))
    .toSQL();
  // Read as arrays (D1's raw()): 60 rows with their keys, most of them dropped by the check below.
  const rows = await db.$client
    .prepare(statement)
    .bind(...params)
    .raw<unknown[]>();
  return rows.flatMap((row) => (forgiven.forgives((row[CANDIDATE_SQL_COLUMNS] as string | null) ?? "") ? [candidateFromRow(row, 0)] : []));
}

/** The folded word groups `allWordsKeyQuery` asks for (any group's every word), or null. */
export function allWordsKeyGroups(text: string): string[][] | null {
  const words = queryWords(text).filter((word) => !word.generic && word.folded);
  if (!words.length) return null;
  const folded = words.map((word) => word.folded);
  return [folded, ...folded.slice(1).map((word, i) => [...folded.slice(0, i), folded[i]! + word, ...folded.slice(i + 2)])];
}

/** An FTS5 query over the folded keys: every word (or two neighbours written as one), or null. */
export function allWordsKeyQuery(text: string): string | null {
  const groups = allWordsKeyGroups(text);
  return groups?.map((group) => `(${group.map((word) => `"${word}"*`).join(" ")})`).join(" OR ") ?? null;
}

function keyMatch(query: string): SQL {
  return sql`${temples.id} in (select rowid from temple_key_words where temple_key_words match ${query})`;
}

/**
 * The `limit` most prominent temples matching `where`, then their candidate rows. The order is
 * read from a narrow covering index (id, prominence, state, district), so a text matching
 * thousands of temples sorts small index entries, not whole rows.
 */
function mostProminent(db: Database, where: SQL | undefined, limit: number) {
  const ids = sql`select ${temples.id} from ${temples} indexed by temples_search_rank
    where ${where ?? sql`1`} order by ${temples.prominence} desc, ${temples.id} limit ${limit}`;
  return selectCandidates(db).where(sql`${temples.id} in (${ids})`).orderBy(desc(temples.prominence), asc(temples.id));
}

/** Temples whose name starts with the text (ignoring ASCII case), from the name index. */
function nameStartsQuery(db: Database, term: string, within: SQL | undefined) {
  const past = pastPrefix(term.replace(/[A-Z]/g, (letter) => letter.toLowerCase()));
  if (!past) return null;
  const nameNocase = sql`${temples.name} collate nocase`;
  return selectCandidates(db)
    .where(and(sql`${nameNocase} >= ${term}`, sql`${nameNocase} < ${past}`, sql`instr(lower(${temples.name}), lower(${term})) = 1`, within))
    .orderBy(nameNocase, asc(temples.id))
    .limit(NAME_START_CANDIDATES);
}

/**
 * The first round of candidate queries (for one batch with a page's other reads): names
 * starting with the text, and temples with every typed word. Empty when the text has no word.
 */
export function firstCandidateQueries(db: Database, term: string, within?: SQL) {
  const keys = allWordsKeyQuery(term);
  const names = templeNameMatch(term);
  if (!keys && !queryWords(term).length) return [];
  const allWords = mostProminent(db, and(keys ? or(names, keyMatch(keys)) : names, within), ALL_WORDS_CANDIDATES);
  const starts = nameStartsQuery(db, term, within);
  return starts ? [starts, allWords] : [allWords];
}

/**
 * The first round as plain SQL for one statement of the caller's (the autocomplete reads it with
 * D1's `raw()`: no query building, no row objects made and unmade, docs/benchmarks.md): the same
 * two lookups as `firstCandidateQueries` without `within`, each a `select` of the candidate columns
 * in `candidateFromRow`'s order after two leading columns: the lookup's number (names starting
 * with the text `firstPart`, every word `firstPart + 1`) and 0 (the caller's order column; the
 * ranking does not read the candidates' order). Null when the text has no word.
 */
export function firstCandidateSql(term: string, firstPart: number): { sql: string[]; params: (string | number)[] } | null {
  const keys = allWordsKeyQuery(term);
  const names = ftsPrefixQuery(term);
  if (!keys && !queryWords(term).length) return null;
  const nameMatch = names ? "id in (select rowid from temple_search where temple_search match ?)" : "0";
  const keyMatch = "id in (select rowid from temple_key_words where temple_key_words match ?)";
  const allWords = `select ${firstPart + 1}, 0, ${CANDIDATE_SQL} where t.id in (select id from temples indexed by temples_search_rank
    where ${keys ? `(${nameMatch} or ${keyMatch})` : nameMatch} order by prominence desc, id limit ${ALL_WORDS_CANDIDATES})`;
  const allWordsParams = [...(names ? [names] : []), ...(keys ? [keys] : [])];
  const past = pastPrefix(term.replace(/[A-Z]/g, (letter) => letter.toLowerCase()));
  if (!past) return { sql: [allWords], params: allWordsParams };
  const starts = `select * from (select ${firstPart}, 0, ${CANDIDATE_SQL}
    where t.name collate nocase >= ? and t.name collate nocase < ? and instr(lower(t.name), lower(?)) = 1
    order by t.name collate nocase, t.id limit ${NAME_START_CANDIDATES})`;
  return { sql: [starts, allWords], params: [term, past, term, ...allWordsParams] };
}

/** The temples whose keys have a word starting with a folded word, most prominent first (an in-isolate index's answer), or null. */
export interface OneWordCandidates {
  oneWord(folded: string, limit: number): TempleCandidate[] | null;
}

/**
 * The ranked temples for a typed text: the first round's rows (read by the caller's batch),
 * then, when they are fewer than `limit`, temples with any one of the words, and when none
 * had every word, forgiven misspellings. At most `limit`, best first.
 */
export async function rankTemples(
  db: Database,
  term: string,
  firstRound: TempleCandidate[][],
  limit: number,
  within?: SQL,
  index?: OneWordCandidates,
): Promise<TempleCandidate[]> {
  const found = new Map<number, TempleCandidate>();
  const add = (rows: TempleCandidate[]) => {
    for (const row of rows) if (!found.has(row.id)) found.set(row.id, row);
  };
  firstRound.forEach(add);
  if (found.size < limit) {
    const words = queryWords(term).filter((word) => !word.generic && word.folded);
    if (words.length > 1) {
      const known = index && !within ? words.map((word) => index.oneWord(word.folded, ONE_WORD_CANDIDATES)) : [];
      if (known.length && known.every(Boolean)) (known as TempleCandidate[][]).forEach(add);
      else {
        const [first, ...rest] = words.map((word) => mostProminent(db, and(keyMatch(`"${word.folded}"*`), within), ONE_WORD_CANDIDATES));
        (await db.batch([first!, ...rest])).forEach(add);
      }
    }
    if (!firstRound.some((rows) => rows.length)) {
      // Nothing had every word as typed or folded: forgive a misspelling ("gurvayur").
      add(await forgivenCandidates(db, term, within));
    }
  }
  return rankCandidates(term, [...found.values()] as (TempleCandidate & RankCandidate)[]).slice(0, limit);
}
