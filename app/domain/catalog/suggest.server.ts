import { asc, sql, type SQL, type SQLWrapper } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { deities, pujas } from "~/db/schema";
import { firstCandidateQueries, rankTemples, type TempleCandidate } from "./ranked-search.server";
import { cleanSearchText, isSearchTextTooLong } from "./search";
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
 * the text (small tables, read through their name indexes), then the temples the text
 * finds in the order a devotee means them (ranked-search.server.ts), in one batch.
 */
export async function suggestForSearch(db: Database, text: string): Promise<Suggestion[]> {
  const term = cleanSearchText(text);
  if (Array.from(term).length < SUGGEST_MIN_CHARS || isSearchTextTooLong(term)) return [];
  const [deityQuery, pujaQuery, ...templeQueries] = searchSuggestionQueries(db, term);
  const [deityRows, pujaRows, ...firstRound] = await db.batch([deityQuery, pujaQuery, ...templeQueries]);
  const templeRows = await rankTemples(db, term, firstRound as TempleCandidate[][], SUGGESTION_LIMIT);
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
