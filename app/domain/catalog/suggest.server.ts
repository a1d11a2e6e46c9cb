import { and, asc, inArray, sql, type SQL, type SQLWrapper } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { deities, pujas, temples } from "~/db/schema";
import { cleanSearchText, isSearchTextTooLong } from "./search";
import { forgivenTempleIds, templeTextMatch } from "./search-keys.server";
import { ftsPrefixQuery, selectTemplesWithPlace, templeNameMatch } from "./temples.server";
import { deityLabel, deityTitle, stripDeitySuffix, type Suggestion } from "./temples";
import { inLanguage } from "~/domain/content/translations.server";

export const SUGGESTION_LIMIT = 10;
export const SUGGEST_MIN_CHARS = 2;

/**
 * `column` contains `text`, ignoring ASCII case. instr() has no pattern to escape and no
 * length limit (D1 refuses LIKE patterns over 50 bytes: 17 Malayalam letters); it reads
 * every row, so it is only for small tables (deities, pujas).
 */
export function nameContains(column: SQLWrapper, text: string): SQL {
  return sql`instr(lower(${column}), lower(${text})) > 0`;
}

/** `column` starts with `text`, ignoring ASCII case (for ordering, never filtering a large table). */
export function nameStartsWith(column: SQLWrapper, text: string): SQL {
  return sql`instr(lower(${column}), lower(${text})) = 1`;
}

/**
 * The home search's autocomplete: deity names + " Temples" and puja names containing
 * the text (small tables, read through their name indexes), then temples whose name
 * has words starting with the typed words (the FTS index).
 */
export async function suggestForSearch(db: Database, text: string): Promise<Suggestion[]> {
  const term = cleanSearchText(text);
  if (Array.from(term).length < SUGGEST_MIN_CHARS || isSearchTextTooLong(term)) return [];
  const [deityQuery, pujaQuery, templesQuery] = searchSuggestionQueries(db, term);
  const startsQuery = templesStartingWith(db, term);
  // Names that start with the text rank first: when there are enough of them they are the whole
  // answer, read in name order from the name index (ten rows, however large the directory).
  // Only when there are too few are all the text's matches ranked.
  let [deityRows, pujaRows, templeRows] = startsQuery
    ? await db.batch([deityQuery, pujaQuery, startsQuery])
    : await db.batch([deityQuery, pujaQuery, templesQuery]);
  if (startsQuery && templeRows.length < SUGGESTION_LIMIT) templeRows = await templesQuery;
  if (!templeRows.length) {
    // Nothing as typed or folded: forgive a misspelling ("gurvayur"), best matches first.
    const forgiven = await forgivenTempleIds(db, term, SUGGESTION_LIMIT);
    if (forgiven.length) {
      const byId = new Map((await forgivenTemplesQuery(db, forgiven)).map((row) => [row.id, row]));
      templeRows = forgiven.flatMap((id) => byId.get(id) ?? []);
    }
  }
  // What the list shows, in the page's language (English pages read nothing more). A temple
  // is shown by its display name, as its card, its site and My Transactions show it (the
  // temple variant is of that name).
  const shown = (kind: "deity" | "puja" | "temple", rows: { id: number; name: string }[]) =>
    inLanguage(
      db,
      kind,
      rows.map(({ id, name }) => ({ id, name })),
      (row) => row.id,
      { name: "name" },
    );
  const templeList = uniqueById(templeRows);
  const [deityText, pujaText, templeText] = await Promise.all([
    shown("deity", deityRows),
    shown("puja", pujaRows),
    shown(
      "temple",
      templeList.map((t) => ({ id: t.id, name: t.displayName })),
    ),
  ]);
  // `text` only where it differs from the search key (an English answer stays as it was).
  const shownAs = (label: string, shown: string) => (shown === label ? {} : { text: shown });
  const suggestions: Suggestion[] = [
    ...deityRows.map((d, i) => ({
      kind: "deity" as const,
      label: deityLabel(d.name),
      ...shownAs(deityLabel(d.name), deityTitle(deityText[i]!.name)),
      id: d.id,
    })),
    ...pujaRows.map((p, i) => ({ kind: "puja" as const, label: p.name, ...shownAs(p.name, pujaText[i]!.name), id: p.id })),
    ...templeList.map((t, i) => ({
      kind: "temple" as const,
      label: t.displayName,
      ...shownAs(t.displayName, templeText[i]!.name),
      // The name the devotee may have typed, where it is not the one shown.
      ...(t.name.toLowerCase() === t.displayName.toLowerCase() ? {} : { otherName: t.name }),
      id: t.id,
      place: `${t.district}, ${t.state}`,
      // The list shows the Verified badge beside a verified temple.
      ...(t.verified ? { verified: true as const } : {}),
    })),
  ];
  return suggestions.slice(0, SUGGESTION_LIMIT);
}

/** Each temple once (its id), in the order found. */
function uniqueById<Row extends { id: number }>(rows: Row[]): Row[] {
  const seen = new Set<number>();
  return rows.filter((row) => !seen.has(row.id) && Boolean(seen.add(row.id)));
}

const templeSuggestionColumns = { id: temples.id, name: temples.name, displayName: temples.displayName, verified: temples.verified };

function forgivenTemplesQuery(db: Database, ids: number[]) {
  return selectTemplesWithPlace(db, templeSuggestionColumns).where(inArray(temples.id, ids));
}

/**
 * The first name after every name that starts with `text` (its last character moved one on),
 * for an index range; null when there is no such name.
 */
export function pastPrefix(text: string): string | null {
  const chars = Array.from(text);
  const last = chars.pop()?.codePointAt(0);
  if (last === undefined || last >= 0x10ffff) return null;
  // Past the surrogates, which no string holds on its own.
  const next = last + 1 === 0xd800 ? 0xe000 : last + 1;
  return chars.join("") + String.fromCodePoint(next);
}

/**
 * Temples whose name starts with `term` (ignoring ASCII case, as the ranking does), in the
 * ranking's order: the name's own order, read from the name index with no sort.
 */
export function templesStartingWith(db: Database, term: string) {
  // NOCASE folds ASCII letters only, so the range's end is taken from the ASCII-folded text.
  const past = pastPrefix(term.replace(/[A-Z]/g, (letter) => letter.toLowerCase()));
  // Text with no word in it matches no name at all (see ftsPrefixQuery).
  if (!past || !ftsPrefixQuery(term)) return null;
  const nameNocase = sql`${temples.name} collate nocase`;
  return selectTemplesWithPlace(db, templeSuggestionColumns)
    .where(and(sql`${nameNocase} >= ${term}`, sql`${nameNocase} < ${past}`, nameStartsWith(temples.name, term)))
    .orderBy(nameNocase, asc(temples.id))
    .limit(SUGGESTION_LIMIT);
}

/**
 * The three lookups behind `suggestForSearch` (exported for query-plan tests). Temples are
 * ranked: the name exactly, then names starting with the text, then other words of the name
 * starting with the typed words, then names in another script or spelling (folded keys).
 */
export function searchSuggestionQueries(db: Database, term: string) {
  const deityTerm = stripDeitySuffix(term) || term;
  const templeQuery = ftsPrefixQuery(term);
  return [
    db
      .select({ id: deities.id, name: deities.name })
      .from(deities)
      .where(nameContains(deities.name, deityTerm))
      .orderBy(asc(deities.displayOrder), asc(deities.name))
      .limit(3),
    db.select({ id: pujas.id, name: pujas.name }).from(pujas).where(nameContains(pujas.name, term)).orderBy(asc(pujas.name)).limit(3),
    selectTemplesWithPlace(db, templeSuggestionColumns)
      .where(templeQuery ? templeTextMatch(templeNameMatch(term), term) : sql`0`)
      .orderBy(
        sql`case when lower(${temples.name}) = lower(${term}) then 0
          when ${nameStartsWith(temples.name, term)} then 1
          when ${templeNameMatch(term)} then 2 else 3 end`,
        sql`${temples.name} collate nocase`,
        asc(temples.id),
      )
      .limit(SUGGESTION_LIMIT),
  ] as const;
}
