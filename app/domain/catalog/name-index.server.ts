/** The name index (temple_search, migration 0001): word prefixes of temples' names and display names as typed. */
import { sql, type SQL } from "drizzle-orm";
import { temples } from "~/db/schema";

/** The typed words `ftsPrefixQuery` asks for (at most eight). */
export function ftsPrefixWords(text: string): string[] {
  return text
    .split(/[^\p{L}\p{M}\p{N}]+/u)
    .filter(Boolean)
    .slice(0, 8);
}

/** Typed words as an FTS5 prefix query: every word must start a word of the name. */
export function ftsPrefixQuery(text: string): string | null {
  const words = ftsPrefixWords(text);
  if (!words.length) return null;
  return words.map((word) => `"${word}"*`).join(" ");
}

/** Temples whose name or display name has words starting with the typed words. */
export function templeNameMatch(text: string): SQL {
  const query = ftsPrefixQuery(text);
  if (!query) return sql`0`;
  return sql`${temples.id} in (select rowid from temple_search where temple_search match ${query})`;
}
