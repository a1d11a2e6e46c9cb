/**
 * Issue 44: the autocomplete answered from the isolate's index of names (suggest-index.server.ts)
 * finds what the one statement finds, text by text, and follows the directory: a temple added,
 * renamed or removed, or a name approved, shows in the suggestions once the Worker reads the new
 * content version (within a second; at once after a write through the same isolate).
 */
import { env } from "cloudflare:workers";
import { afterEach, beforeAll, describe, expect, it, onTestFinished, vi } from "vitest";
import { cleanSearchText } from "~/domain/catalog/search";
import { readSuggestIndex, type SuggestIndex } from "~/domain/catalog/suggest-index.server";
import { firstSuggestionRows, suggestForSearch } from "~/domain/catalog/suggest.server";
import type { TempleCandidate } from "~/domain/catalog/ranked-search.server";
import { db, get } from "../support/public";

/** Prefixes in any case, whole names, several words, the Indian scripts, misspellings (one word and two), deities, pujas, generic words, no word. */
const TEXTS = [
  "guru",
  "GURU",
  "gu",
  "Guruvayur",
  "guruvayoor temple",
  "Sree K",
  "sri krishna",
  "Sri Krishna Temple",
  "padmanabha swamy",
  "padmanabhaswamy",
  "tirupati balaji",
  "venkateswara tirumala",
  "meenakshi amman",
  "ഗുരുവായൂർ",
  "ഗുരു",
  "गुरुवायूर",
  "श्री",
  "மீனாட்சி",
  "తిరుపతి",
  "ಉಡುಪಿ",
  "gurvayur",
  "kurvayur",
  "padmanabaswami",
  "meenaksi",
  "tirupathy balajee",
  "sabrimala ayyapa",
  "meenakshi madurai",
  "temple",
  "sri",
  "Ganesha Temples",
  "Shiva",
  "shiv",
  "archana",
  "abhishekam",
  "kashi",
  "trichy",
  "Gurú",
  "--x",
  "zzqx",
  "108",
  "kerala",
  "ma",
];

const byId = (rows: TempleCandidate[]) => [...rows].sort((a, b) => a.id - b.id);

let index: SuggestIndex;
beforeAll(async () => {
  const read = await readSuggestIndex(env.DB);
  expect(read.index, "the seeded directory is one the index can hold").not.toBeNull();
  index = read.index!;
});

afterEach(() => {
  vi.useRealTimers();
});

describe("the isolate's index of names", () => {
  it("finds the same deities, pujas and first candidates as the statement, for every text", async () => {
    let candidates = 0;
    for (const text of TEXTS) {
      const term = cleanSearchText(text);
      const statement = await firstSuggestionRows(db(), term);
      const memory = index.firstRound(term);
      expect(memory, text).not.toBeNull();
      expect(memory!.deityRows, text).toEqual(statement.deityRows);
      expect(memory!.pujaRows, text).toEqual(statement.pujaRows);
      expect(memory!.firstRound.map(byId), text).toEqual(statement.firstRound.map(byId));
      candidates += memory!.firstRound.flat().length;
    }
    expect(candidates, "the texts find temples at all").toBeGreaterThan(100);
  });

  it("suggests exactly what the statement suggests, in the same order", async () => {
    for (const text of TEXTS) expect(await suggestForSearch(db(), text, index), text).toEqual(await suggestForSearch(db(), text));
  });

  it("leaves a text with a character it does not know to the statement", async () => {
    expect(index.firstRound("guru 😀")).toBeNull();
    expect(index.firstRound("µguru")).toBeNull();
    expect(await suggestForSearch(db(), "guru 😀", index)).toEqual(await suggestForSearch(db(), "guru 😀"));
  });
});

/** A made-up name no seeded temple shares. */
const NAME = "Sree Ozhavelikkunnu Bhagavathi Temple";

async function suggested(text: string): Promise<string[]> {
  const response = await get(`/api/suggest?list=search&q=${encodeURIComponent(text)}`, { headers: { cookie: "sn_bench=1" } });
  const { items } = await response.json<{ items: { kind: string; label: string }[] }>();
  return items.filter((item) => item.kind === "temple").map((item) => item.label);
}

/** Moves the clock past the content version's second and the index's reload gap, as a devotee typing two minutes later would. */
function later(now: { at: number }) {
  now.at += 120_000;
  vi.setSystemTime(now.at);
}

describe("the suggestions follow the directory", () => {
  it("a temple added, renamed and removed by a write elsewhere shows once the content version is read again", async () => {
    const now = { at: Date.now() };
    vi.useFakeTimers({ now: now.at, toFake: ["Date"] });
    expect(await suggested("Ozhavelikkunnu")).toEqual([]);

    const added = await env.DB.prepare(
      // Prominence 1: other files' tests that pick the newest temples of prominence 0 never pick this one while it changes.
      `insert into temples (slug, name, display_name, image_url, district_id, state_id, prominence)
       select 'suggest-index-' || abs(random()), ?1, ?1, '', id, state_id, 1 from districts order by id limit 1 returning id`,
    )
      .bind(NAME)
      .first<{ id: number }>();
    onTestFinished(async () => {
      await env.DB.prepare("delete from temples where id = ?").bind(added!.id).run();
    });
    later(now);
    expect(await suggested("Ozhavelikkunnu")).toEqual([NAME]);
    // Asked again (the index of this version now answers): the same.
    expect(await suggested("ozhaveli")).toEqual([NAME]);

    const renamed = "Sree Kizhakkeppattu Bhagavathi Temple";
    await env.DB.prepare("update temples set name = ?1, display_name = ?1 where id = ?2").bind(renamed, added!.id).run();
    later(now);
    expect(await suggested("Kizhakkeppattu")).toEqual([renamed]);
    expect(await suggested("Ozhavelikkunnu")).toEqual([]);
    later(now);
    expect(await suggested("Kizhakkeppattu")).toEqual([renamed]);

    await env.DB.prepare("delete from temples where id = ?").bind(added!.id).run();
    later(now);
    expect(await suggested("Kizhakkeppattu")).toEqual([]);
  });
});
