/**
 * Issue 28: does search find the temple a devotee means? 176 queries (tests/catalog/support/search-eval)
 * with the seed temple each means, asked of the home autocomplete and of the temples page
 * (typed text, Enter) on the portal as seeded (1,000 temples, housekeeping run). Prints
 * success@1, success@3 and MRR for the tuning part and the held-out part; fails when
 * success@1 is under 95% or any meant temple is not among the first three.
 */
import { applyD1Migrations } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { createDb } from "~/db/client.server";
import { suggestForSearch } from "~/domain/catalog/suggest.server";
import { searchTemples, templeSearchSchema } from "~/domain/catalog/temples.server";
import { HELD_OUT } from "./support/search-eval/held-out";
import { TUNING } from "./support/search-eval/tuning";
import type { EvalQuery } from "./support/search-eval/types";

const db = () => createDb(env.EVAL_DB);
const templeIds = new Map<string, number>();

beforeAll(async () => {
  await applyD1Migrations(env.EVAL_DB, env.TEST_MIGRATIONS);
  const seeded = await env.EVAL_DB.prepare("select count(*) as n from temples").first<{ n: number }>();
  if (!seeded?.n) {
    for (let i = 0; i < env.EVAL_SEED.length; i += 50) {
      await env.EVAL_DB.batch(env.EVAL_SEED.slice(i, i + 50).map((sql) => env.EVAL_DB.prepare(sql)));
    }
  }
  const { results } = await env.EVAL_DB.prepare("select id, name from temples").all<{ id: number; name: string }>();
  for (const row of results) templeIds.set(row.name, row.id);
});

type Ranked = { query: string; meant: string; rank: number | null; shown: string[] };
type Figures = { count: number; successAt1: number; successAt3: number; mrr: number; misses: Ranked[] };

function figures(ranked: Ranked[]): Figures {
  const at = (k: number) => ranked.filter((r) => r.rank !== null && r.rank <= k).length / ranked.length;
  const mrr = ranked.reduce((sum, r) => sum + (r.rank ? 1 / r.rank : 0), 0) / ranked.length;
  return { count: ranked.length, successAt1: at(1), successAt3: at(3), mrr, misses: ranked.filter((r) => r.rank !== 1) };
}

const percent = (x: number) => `${(x * 100).toFixed(1)}%`;

function report(title: string, f: Figures) {
  const lines = [
    `${title}: ${f.count} queries · success@1 ${percent(f.successAt1)} · success@3 ${percent(f.successAt3)} · MRR ${f.mrr.toFixed(3)}`,
    ...f.misses.map((r) => `  ${r.rank ?? "—"}: "${r.query}" → ${r.meant}; first: ${r.shown.slice(0, 3).join(" | ")}`),
  ];
  console.log(lines.join("\n"));
}

/** Where the meant temple comes among the temples the autocomplete suggests. */
async function suggestedRank([query, meant]: EvalQuery): Promise<Ranked> {
  const temples = (await suggestForSearch(db(), query)).filter((s) => s.kind === "temple");
  const index = temples.findIndex((s) => s.id === templeIds.get(meant));
  return { query, meant, rank: index < 0 ? null : index + 1, shown: temples.map((s) => s.otherName ?? s.label) };
}

/** Where it comes on the temples page for the typed text (Enter, no suggestion chosen). */
async function listedRank([query, meant]: EvalQuery): Promise<Ranked> {
  const result = await searchTemples(db(), templeSearchSchema.parse({ key2: query }));
  const index = result.temples.findIndex((t) => t.id === templeIds.get(meant));
  return { query, meant, rank: index < 0 ? null : index + 1, shown: result.temples.map((t) => t.name) };
}

async function evaluate(set: readonly EvalQuery[], rank: (q: EvalQuery) => Promise<Ranked>) {
  const ranked: Ranked[] = [];
  for (const query of set) ranked.push(await rank(query));
  return figures(ranked);
}

function expectTheBar(f: Figures) {
  expect(f.successAt1, "success@1").toBeGreaterThanOrEqual(0.95);
  expect(
    f.misses.filter((r) => r.rank === null || r.rank > 3).map((r) => `"${r.query}" → ${r.meant}`),
    "meant temples outside the first three",
  ).toEqual([]);
}

describe("the search evaluation set", () => {
  it("names temples the seed has, and keeps a third of its queries held out", () => {
    for (const [query, meant] of [...TUNING, ...HELD_OUT]) expect(templeIds.has(meant), `"${query}" → ${meant}`).toBe(true);
    expect(TUNING.length + HELD_OUT.length).toBeGreaterThanOrEqual(150);
    expect(HELD_OUT.length / (TUNING.length + HELD_OUT.length)).toBeGreaterThanOrEqual(0.32);
    const queries = [...TUNING, ...HELD_OUT].map(([query]) => query);
    expect(new Set(queries).size, "no query twice").toBe(queries.length);
  });

  for (const [part, set] of [
    ["tuning", TUNING],
    ["held-out", HELD_OUT],
  ] as const) {
    it(`the autocomplete suggests the meant temple first (${part})`, async () => {
      const f = await evaluate(set, suggestedRank);
      report(`autocomplete, ${part}`, f);
      expectTheBar(f);
    });

    it(`the temples page lists the meant temple first for the typed text (${part})`, async () => {
      const f = await evaluate(set, listedRank);
      report(`temples page, ${part}`, f);
      expectTheBar(f);
    });
  }
});

/**
 * Issue 38: a place typed in any script lists the temples of that place and those named after
 * it, not every name a letter or two away ("பழனி" listed Palani, then seven "Bhavani" temples).
 */
describe("a close match does not drag in names that only share a few letters", () => {
  const PALANI = ["பழனி", "പഴനി", "पलनी", "palani", "pazhani"];
  for (const query of PALANI) {
    it(`"${query}" lists only temples of Palani`, async () => {
      const result = await searchTemples(db(), templeSearchSchema.parse({ key2: query }));
      const names = result.temples.map((temple) => temple.name);
      expect(names[0], query).toBe("Arulmigu Dhandayuthapani Swamy Temple, Palani");
      expect(
        names.filter((name) => !/Palani|Pazhani/.test(name)),
        `${query}: ${names.join(" | ")}`,
      ).toEqual([]);
    });
  }
});
