import { asc, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { priestPujas, priestTemples, priests, pujas, temples } from "~/db/schema";
import { isSearchTextTooLong } from "./search";
import { nameContains, SUGGESTION_LIMIT } from "./suggest.server";
import { templeTextMatch } from "./search-keys.server";
import { ftsPrefixQuery, templeNameMatch } from "./temples.server";
import type { PriestFilterName } from "./priests";

/** The highest code point: `text || MAX` bounds an index range of names starting with text. */
const MAX_CHAR = "\u{10FFFF}";

/**
 * Choices for one priests-page filter. With no text (the input was just clicked and
 * cleared) the list opens at the start of the alphabet. Temple names are suggested for
 * any script or spelling typed (the filter itself then matches the chosen name exactly).
 */
export async function suggestPriestFilter(db: Database, list: PriestFilterName, text: string): Promise<string[]> {
  const term = text.trim();
  if (isSearchTextTooLong(term)) return [];
  if (list === "puja") {
    const rows = await db
      .select({ name: pujas.name })
      .from(pujas)
      .where(
        sql`exists (select 1 from ${priestPujas} where ${priestPujas.pujaId} = ${pujas.id})
          ${term ? sql`and ${nameContains(pujas.name, term)}` : sql``}`,
      )
      .orderBy(asc(pujas.name))
      .limit(SUGGESTION_LIMIT);
    return rows.map((r) => r.name);
  }
  if (list === "temple") {
    const query = term ? ftsPrefixQuery(term) : null;
    if (term && !query) return [];
    const rows = await db
      .selectDistinct({ name: temples.name })
      .from(temples)
      .where(
        sql`exists (select 1 from ${priestTemples} where ${priestTemples.templeId} = ${temples.id})
          ${query ? sql`and ${templeTextMatch(templeNameMatch(term), term)}` : sql``}`,
      )
      .orderBy(sql`${temples.name} collate nocase`)
      .limit(SUGGESTION_LIMIT);
    return rows.map((r) => r.name);
  }
  const rows = await db
    .selectDistinct({ name: priests.name })
    .from(priests)
    .where(
      term
        ? sql`${priests.name} >= ${term} collate nocase and ${priests.name} < ${term + MAX_CHAR} collate nocase`
        : sql`${priests.name} is not null and trim(${priests.name}) != ''`,
    )
    .orderBy(sql`${priests.name} collate nocase`)
    .limit(SUGGESTION_LIMIT);
  return rows.flatMap((r) => (r.name ? [r.name] : []));
}
