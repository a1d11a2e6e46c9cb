import { asc, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { deities, pujas, temples } from "~/db/schema";
import { ftsPrefixQuery, templeNameMatch } from "./temples.server";
import { deityLabel, stripDeitySuffix, type Suggestion } from "./temples";

export const SUGGESTION_LIMIT = 10;
export const SUGGEST_MIN_CHARS = 2;

/** Text for a LIKE pattern with its own wildcards escaped (ESCAPE '\\'). */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** LIKE '%text%'. */
export function containsPattern(text: string): string {
  return `%${escapeLike(text)}%`;
}

/**
 * The home search's autocomplete: deity names + " Temples" and puja names containing
 * the text (small tables, read through their name indexes), then temples whose name
 * has words starting with the typed words (the FTS index).
 */
export async function suggestForSearch(db: Database, text: string): Promise<Suggestion[]> {
  const term = text.trim().slice(0, 100);
  if (Array.from(term).length < SUGGEST_MIN_CHARS) return [];
  const [deityRows, pujaRows, templeRows] = await db.batch(searchSuggestionQueries(db, term));
  const suggestions: Suggestion[] = [
    ...deityRows.map((d) => ({ kind: "deity" as const, label: deityLabel(d.name), id: d.id })),
    ...pujaRows.map((p) => ({ kind: "puja" as const, label: p.name, id: p.id })),
    ...templeRows.map((t) => ({ kind: "temple" as const, label: t.name, id: t.id })),
  ];
  return suggestions.slice(0, SUGGESTION_LIMIT);
}

/** The three lookups behind `suggestForSearch` (exported for query-plan tests). */
export function searchSuggestionQueries(db: Database, term: string) {
  const deityTerm = stripDeitySuffix(term) || term;
  const startsWith = `${escapeLike(term)}%`;
  const templeQuery = ftsPrefixQuery(term);
  return [
    db
      .select({ id: deities.id, name: deities.name })
      .from(deities)
      .where(sql`${deities.name} like ${containsPattern(deityTerm)} escape '\\'`)
      .orderBy(asc(deities.displayOrder), asc(deities.name))
      .limit(3),
    db
      .select({ id: pujas.id, name: pujas.name })
      .from(pujas)
      .where(sql`${pujas.name} like ${containsPattern(term)} escape '\\'`)
      .orderBy(asc(pujas.name))
      .limit(3),
    db
      .select({ id: temples.id, name: temples.name })
      .from(temples)
      .where(templeQuery ? templeNameMatch(term) : sql`0`)
      .orderBy(sql`case when ${temples.name} like ${startsWith} escape '\\' then 0 else 1 end`, asc(temples.name))
      .limit(SUGGESTION_LIMIT),
  ] as const;
}
