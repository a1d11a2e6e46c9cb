import { describe, expect, it } from "vitest";
import { priestFilterSchema, priestSearchQueries } from "~/domain/catalog/priests.server";
import { firstCandidateQueries } from "~/domain/catalog/ranked-search.server";
import { searchSuggestionQueries } from "~/domain/catalog/suggest.server";
import { templeSearchQueries, templeSearchSchema } from "~/domain/catalog/temples.server";
import { db, fullScans, queryPlan } from "../support/public";

/**
 * The autocomplete, the temples list and the priests filters must stay index lookups
 * as the directory grows (the bench seeds 10,000 temples): no step may read a large
 * table row by row.
 */
const LARGE_TABLES = ["temples", "priests", "priest_temples", "priest_pujas", "temple_deities", "temple_pujas"];

async function plansOf(queries: readonly { toSQL(): { sql: string; params: unknown[] } }[]) {
  const plans: string[][] = [];
  for (const query of queries) plans.push(await queryPlan(query as never));
  return plans;
}

describe("query plans", () => {
  it("answers the search autocomplete from indexes", async () => {
    const plans = await plansOf(searchSuggestionQueries(db(), "krish guru"));
    for (const plan of plans) expect(fullScans(plan, LARGE_TABLES), plan.join("\n")).toEqual([]);
    // The temples with every word: the name index and the folded keys' word index, then each row by id.
    expect(plans[3]!.join("\n")).toMatch(/temple_search VIRTUAL TABLE/);
    expect(plans[3]!.join("\n")).toMatch(/temple_key_words VIRTUAL TABLE/);
    expect(plans[3]!.join("\n")).toMatch(/INTEGER PRIMARY KEY/);
  });

  it("reads the names that start with the text from the name index, in its order, with no sort", async () => {
    for (const text of ["sr", "Sree K", "guruv"]) {
      const plan = (await queryPlan(firstCandidateQueries(db(), text)[0]!)).join("\n");
      expect(plan, text).toMatch(/SEARCH temples USING INDEX temples_name_nocase \(name>\? AND name<\?\)/);
      expect(plan, text).not.toMatch(/TEMP B-TREE/);
    }
    expect(firstCandidateQueries(db(), "--"), "no word, no names").toEqual([]);
  });

  it("finds temples by deity, puja, name and place through indexes", async () => {
    const cases = [
      { search: { key1: "deity", key2: "Ganesha Temples" }, kind: "deity" as const },
      { search: { key1: "puja", key2: "Ganapathi Homam" }, kind: "puja" as const },
      { search: { key1: "temple", key2: "sree krishna" }, kind: "temple" as const },
      { search: { key1: "temple", key2: "x", key3: "12" }, kind: "temple" as const },
      { search: { state: "1", district: "2" }, kind: "temple" as const },
    ];
    for (const { search, kind } of cases) {
      const plans = await plansOf(templeSearchQueries(db(), templeSearchSchema.parse(search), kind));
      for (const plan of plans) expect(fullScans(plan, LARGE_TABLES), `${JSON.stringify(search)}\n${plan.join("\n")}`).toEqual([]);
    }
  });

  it("pages a place's temples in list order from its listing index, for a deity and a puja too, with no sort", async () => {
    const cases = [
      { search: { state: "1" }, kind: "temple" as const, index: "temples_state_listing" },
      { search: { state: "1", district: "2" }, kind: "temple" as const, index: "temples_district_listing" },
      { search: { key1: "deity", key2: "Krishna Temples", state: "1" }, kind: "deity" as const, index: "temples_state_listing" },
      { search: { key1: "puja", key2: "Archana", state: "1", district: "2" }, kind: "puja" as const, index: "temples_district_listing" },
    ];
    for (const { search, kind, index } of cases) {
      const [page] = await plansOf(templeSearchQueries(db(), templeSearchSchema.parse(search), kind));
      const plan = page!.join("\n");
      // The page's ids come from the place's listing index in order; only the 24 found are sorted again.
      expect(plan, JSON.stringify(search)).toMatch(new RegExp(`LIST SUBQUERY[\\s\\S]*SEARCH temples USING (COVERING )?INDEX ${index}`));
      expect(plan.match(/TEMP B-TREE FOR ORDER BY/g) ?? [], JSON.stringify(search)).toHaveLength(1);
    }
  });

  it("pages deep into the whole list from the listing index, joining only the page's rows", async () => {
    const [page] = await plansOf(templeSearchQueries(db(), templeSearchSchema.parse({ page: "400" }), "temple"));
    const plan = page!.join("\n");
    // The skipped rows are index entries (a covering scan of temples_listing in the id subquery);
    // the outer query finds the page's temples by id and joins their district and state.
    expect(plan).toMatch(/LIST SUBQUERY[\s\S]*SCAN temples USING COVERING INDEX temples_listing/);
    expect(plan).toMatch(/SEARCH temples USING INTEGER PRIMARY KEY/);
    expect(plan).not.toMatch(/SCAN temples USING INDEX temples_listing/);
  });

  it("filters priests through the name indexes", async () => {
    const filters = [
      {},
      { puja: "Ganapathi Homam" },
      { temple: "Sree Krishna Swamy Temple, Guruvayur" },
      { priest: "Narayanan Namboothiri" },
      { puja: "Archana", temple: "x", priest: "y", shown: "40" },
    ];
    for (const filter of filters) {
      const plans = await plansOf(priestSearchQueries(db(), priestFilterSchema.parse(filter)));
      for (const plan of plans) expect(fullScans(plan, LARGE_TABLES), `${JSON.stringify(filter)}\n${plan.join("\n")}`).toEqual([]);
      const text = plans.flat().join("\n");
      if ("priest" in filter) expect(text).toMatch(/priests USING (COVERING )?INDEX priests_name_nocase/);
      if ("puja" in filter) expect(text).toMatch(/pujas USING (COVERING )?INDEX pujas_name_nocase/);
    }
  });

  it("pages a puja's temples in name order and counts them from their index range, however many offer it", async () => {
    const [page, total] = await plansOf(priestSearchQueries(db(), priestFilterSchema.parse({ puja: "Archana" })));
    // The page walks temples by name and stops at its last row: no sort of every temple that offers the puja.
    expect(page!.join("\n")).toMatch(/SCAN temples USING (COVERING )?INDEX temples_name_nocase/);
    expect(page!.join("\n")).not.toMatch(/TEMP B-TREE FOR ORDER BY/);
    expect(page!.join("\n")).toMatch(/priest_puja_temples/);
    // The total is one range of the puja's (puja, temple) pairs.
    expect(total!.join("\n")).toMatch(/SEARCH priest_puja_temples USING (COVERING )?INDEX/);
    expect(total!.join("\n")).not.toMatch(/\btemples\b(?!_)/);
  });
});
