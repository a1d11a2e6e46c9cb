/**
 * Storage and lookups of temples' search keys (see search-keys.ts for how names fold):
 * the word index answers transliterated and variant spellings in one query; the trigram
 * index finds candidates for a misspelling, which are then checked by edit distance.
 */
import { eq, inArray, isNull, lt, or, sql, type SQL } from "drizzle-orm";
import { rowsPerInsert } from "~/db/batch.server";
import type { Database } from "~/db/client.server";
import { contentTranslations, deities, districts, templeAliases, templeDeities, templeSearchKeys, temples } from "~/db/schema";
import { foldedWords, keysForgive, queryTrigrams, SEARCH_KEYS_VERSION, templeSearchKeys as keysOf } from "./search-keys";

/** Temples per statement when keys are written: one parameter a column, under D1's 100 (rowsPerInsert). */
const KEYS_PER_STATEMENT = rowsPerInsert(templeSearchKeys);
/** Candidates read from the trigram index for one misspelled search. */
const FUZZY_CANDIDATES = 60;

type NamedTemple = { id: number; name: string; displayName: string; district: string; aliases: string | null; deities: string | null };

/** The keys statement for temples already read (insert, or replace older keys). */
function writeKeys(db: Database, rows: NamedTemple[]) {
  const lines = (text: string | null) => (text ? text.split("\n") : []);
  return db
    .insert(templeSearchKeys)
    .values(
      rows.map((row) => ({
        templeId: row.id,
        keys: keysOf({ ...row, aliases: lines(row.aliases), deities: lines(row.deities) }),
        version: SEARCH_KEYS_VERSION,
        aliases: row.aliases ?? "",
        deities: row.deities ?? "",
      })),
    )
    .onConflictDoUpdate({
      target: templeSearchKeys.templeId,
      set: { keys: sql`excluded.keys`, version: sql`excluded.version`, aliases: sql`excluded.aliases`, deities: sql`excluded.deities` },
    });
}

const approvedAliases = sql`(select group_concat(${templeAliases.text}, char(10)) from ${templeAliases}
  where ${templeAliases.templeId} = ${temples.id} and ${templeAliases.status} = 'approved')`;
const nameVariants = sql`(select group_concat(${contentTranslations.text}, char(10)) from ${contentTranslations}
  where ${contentTranslations.kind} = 'temple' and ${contentTranslations.locale} in ('hi', 'ta', 'ml', 'te', 'kn')
    and ${contentTranslations.refId} = ${temples.id} and ${contentTranslations.field} = 'name')`;

/** Each temple's names, district, approved other names and names in other languages, and deities (one a line). */
function readNames(db: Database) {
  return db
    .select({
      id: temples.id,
      name: temples.name,
      displayName: temples.displayName,
      district: sql<string>`${districts.name}`.as("district_name"),
      // Approved other names, then the temple's names in other languages (the desk's variants).
      aliases: sql<string | null>`coalesce(${approvedAliases} || char(10) || ${nameVariants}, ${approvedAliases}, ${nameVariants})`.as(
        "alias_lines",
      ),
      deities: sql<string | null>`(select group_concat(${deities.name}, char(10)) from ${templeDeities}
        join ${deities} on ${deities.id} = ${templeDeities.deityId} where ${templeDeities.templeId} = ${temples.id})`.as("deity_lines"),
    })
    .from(temples)
    .innerJoin(districts, eq(districts.id, temples.districtId));
}

/** Writes the keys of these temples from their current names (after a change of name or place). */
export async function refreshTempleSearchKeys(db: Database, templeIds: readonly number[]): Promise<void> {
  for (let i = 0; i < templeIds.length; i += KEYS_PER_STATEMENT) {
    const rows = await readNames(db).where(inArray(temples.id, templeIds.slice(i, i + KEYS_PER_STATEMENT)));
    if (rows.length) await writeKeys(db, rows);
  }
}

/**
 * Housekeeping: writes keys for temples that have none or keys of an older version (new
 * databases, renamed temples whose write-through failed, a change of folding). Returns how
 * many it wrote; at most `limit` a run.
 */
export async function fillTempleSearchKeys(db: Database, limit = 400): Promise<number> {
  const rows = await readNames(db)
    .leftJoin(templeSearchKeys, eq(templeSearchKeys.templeId, temples.id))
    .where(or(isNull(templeSearchKeys.templeId), lt(templeSearchKeys.version, SEARCH_KEYS_VERSION)))
    .limit(limit);
  const named = rows.map(({ id, name, displayName, district, aliases, deities }) => ({
    id,
    name,
    displayName,
    district,
    aliases,
    deities,
  }));
  for (let i = 0; i < named.length; i += KEYS_PER_STATEMENT) await writeKeys(db, named.slice(i, i + KEYS_PER_STATEMENT));
  return named.length;
}

/** Folded typed words as an FTS5 prefix query over the keys, or null when nothing is left. */
export function keyPrefixQuery(text: string): string | null {
  const words = foldedWords(text).slice(0, 8);
  return words.length ? words.map((word) => `"${word}"*`).join(" ") : null;
}

/** Temples whose keys have words starting with every folded typed word (transliterated, variant spellings). */
export function templeKeyMatch(text: string): SQL | undefined {
  const query = keyPrefixQuery(text);
  if (!query) return undefined;
  return sql`${temples.id} in (select rowid from temple_key_words where temple_key_words match ${query})`;
}

/**
 * Temples a misspelled search may mean ("gurvayur"): the condition picking the temples sharing
 * most trigrams with the typed words (best first, bounded), the column of their keys, and the
 * check a candidate must then pass (every typed word within its allowed slips of a key word),
 * so the caller reads the candidates and their keys in one query. Null when the words are too
 * short to forgive.
 */
export function forgivenTemples(text: string): { where: SQL; keys: SQL<string>; forgives: (keys: string) => boolean } | null {
  const words = foldedWords(text).slice(0, 8);
  const grams = queryTrigrams(words);
  if (!grams.length) return null;
  const match = grams.map((gram) => `"${gram}"`).join(" OR ");
  return {
    where: sql`${temples.id} in (select rowid from temple_key_trigrams where temple_key_trigrams match ${match}
      order by rank limit ${FUZZY_CANDIDATES})`,
    keys: sql<string>`(select keys from temple_key_trigrams where rowid = ${temples.id})`,
    forgives: (keys) => keysForgive(keys, words),
  };
}

/** Temples whose name matches as typed, or whose keys match the folded words. */
export function templeTextMatch(nameMatch: SQL, text: string): SQL {
  const keys = templeKeyMatch(text);
  return keys ? (or(nameMatch, keys) as SQL) : nameMatch;
}
