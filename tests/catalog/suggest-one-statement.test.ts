/**
 * The autocomplete reads its deities, pujas and first temple candidates in one raw statement
 * (suggest.server.ts), while the temples page and the query-plan tests read the same lookups as
 * drizzle queries: the two must find the same rows, or a suggestion and a search would disagree.
 */
import type { SQLWrapper } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { cleanSearchText } from "~/domain/catalog/search";
import { firstSuggestionRows, searchSuggestionQueries, suggestionStatement } from "~/domain/catalog/suggest.server";
import type { TempleCandidate } from "~/domain/catalog/ranked-search.server";
import { db, fullScans, queryPlan } from "../support/public";

/** Prefixes, whole names, two words, other scripts, misspellings, deities, pujas, generic words, no word. */
const TEXTS = [
  "guru",
  "Guruvayur",
  "Sree K",
  "ഗുരുവായൂർ",
  "गुरुवायूर",
  "gurvayur",
  "sri krishna",
  "padmanabha swamy",
  "tirupati balaji",
  "temple",
  "Ganesha Temples",
  "Shiva",
  "archana",
  "kashi",
  "--x",
  "zzqx",
];

const byId = (rows: TempleCandidate[][]) => rows.flat().sort((a, b) => a.id - b.id);

describe("the autocomplete's one statement", () => {
  it("finds the same deities, pujas and temple candidates as the lookups the temples page and the plans read", async () => {
    let candidates = 0;
    for (const text of TEXTS) {
      const term = cleanSearchText(text);
      const [deities, pujas, ...temples] = await db().batch(searchSuggestionQueries(db(), term));
      const one = await firstSuggestionRows(db(), term);
      expect(one.deityRows, text).toEqual(deities);
      expect(one.pujaRows, text).toEqual(pujas);
      expect(byId(one.firstRound), text).toEqual(byId(temples as TempleCandidate[][]));
      candidates += byId(one.firstRound).length;
    }
    expect(candidates, "the texts find temples at all").toBeGreaterThan(20);
  });

  it("reads no large table row by row", async () => {
    const statement = suggestionStatement(cleanSearchText("krish guru"));
    const plan = await queryPlan({ toSQL: () => statement } as unknown as SQLWrapper & { toSQL(): typeof statement });
    expect(fullScans(plan, ["temples", "temple_deities", "temple_pujas"]), plan.join("\n")).toEqual([]);
    expect(plan.join("\n")).toMatch(/temple_search VIRTUAL TABLE/);
    expect(plan.join("\n")).toMatch(/temple_key_words VIRTUAL TABLE/);
    expect(plan.join("\n")).toMatch(/SEARCH t USING INDEX temples_name_nocase/);
  });
});
