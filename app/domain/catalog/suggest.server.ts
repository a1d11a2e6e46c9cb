import { asc, sql, type SQL, type SQLWrapper } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { deities, pujas } from "~/db/schema";
import { CANDIDATE_SQL_COLUMNS, candidateFromRow, firstCandidateQueries, firstCandidateSql, rankTemples } from "./ranked-search.server";
import { cleanSearchText, isSearchTextTooLong } from "./search";
import { deityLabel, deityTitle, stripDeitySuffix, type Suggestion } from "./temples";
import { inLanguage } from "~/domain/content/translations.server";
import type { SuggestIndex } from "./suggest-index.server";

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
 * the text (small tables, read through their name indexes), then the temples the text
 * finds in the order a devotee means them (ranked-search.server.ts), in one statement, or from
 * the isolate's `index` of the content version (suggest-index.server.ts) when one is given.
 */
export async function suggestForSearch(db: Database, text: string, index?: SuggestIndex | null): Promise<Suggestion[]> {
  const term = cleanSearchText(text);
  if (Array.from(term).length < SUGGEST_MIN_CHARS || isSearchTextTooLong(term)) return [];
  // The isolate's index of this content version when it can answer the text, else the statement (the same rows).
  const { deityRows, pujaRows, firstRound } = index?.firstRound(term) ?? (await firstSuggestionRows(db, term));
  const templeRows = await rankTemples(db, term, firstRound, SUGGESTION_LIMIT, undefined, index ?? undefined);
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
  const templeList = templeRows;
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

type NamedRow = { id: number; name: string };

/**
 * Deities and pujas containing the text and the first round of temple candidates, as one SQL
 * statement read with D1's `raw()` (the lookups of `searchSuggestionQueries`, which the query-plan
 * tests read): a suggestion is asked at every keystroke, and building four queries, D1's row
 * objects and drizzle's mapping of them cost more CPU than SQLite's answer (docs/benchmarks.md).
 * Each row: the lookup's number (0 deities, 1 pujas, 2 and 3 temples), its order, then its columns.
 */
export async function firstSuggestionRows(db: Database, term: string) {
  const { sql, params } = suggestionStatement(term);
  const rows = await db.$client
    .prepare(sql)
    .bind(...params)
    .raw<unknown[]>();
  const named = (part: number): NamedRow[] =>
    rows.filter((row) => row[0] === part).map((row) => ({ id: row[2] as number, name: row[3] as string }));
  const firstRound = [2, 3].map((part) => rows.filter((row) => row[0] === part).map((row) => candidateFromRow(row, 2)));
  return { deityRows: named(0), pujaRows: named(1), firstRound };
}

/** The statement `firstSuggestionRows` runs (exported for its query-plan test). */
export function suggestionStatement(term: string): { sql: string; params: (string | number)[] } {
  const deityTerm = stripDeitySuffix(term) || term;
  const temples = firstCandidateSql(term, 2);
  const blanks = ", null".repeat(CANDIDATE_SQL_COLUMNS - 2);
  const parts = [
    `select * from (select 0, row_number() over (order by display_order, name), id, name${blanks} from deities
      where instr(lower(name), lower(?)) > 0 order by display_order, name limit 3)`,
    `select * from (select 1, row_number() over (order by name), id, name${blanks} from pujas
      where instr(lower(name), lower(?)) > 0 order by name limit 3)`,
    ...(temples?.sql ?? []),
  ];
  return { sql: `${parts.join(" union all ")} order by 1, 2`, params: [deityTerm, term, ...(temples?.params ?? [])] };
}

/**
 * The lookups behind `suggestForSearch`'s one batch (exported for query-plan tests): deities
 * and pujas containing the text, and the first round of temple candidates.
 */
export function searchSuggestionQueries(db: Database, term: string) {
  const deityTerm = stripDeitySuffix(term) || term;
  return [
    db
      .select({ id: deities.id, name: deities.name })
      .from(deities)
      .where(nameContains(deities.name, deityTerm))
      .orderBy(asc(deities.displayOrder), asc(deities.name))
      .limit(3),
    db.select({ id: pujas.id, name: pujas.name }).from(pujas).where(nameContains(pujas.name, term)).orderBy(asc(pujas.name)).limit(3),
    ...firstCandidateQueries(db, term),
  ] as const;
}
