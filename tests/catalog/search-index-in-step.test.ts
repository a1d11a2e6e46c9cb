/**
 * Issue 44: the search indexes (the name index over temples' names, the word and trigram
 * indexes over their folded keys) follow every write at once: a temple added is found, a
 * temple renamed is found by its new name and no longer by its old one, a temple removed is
 * found by nothing, in the autocomplete and on the temples page alike.
 */
import { env } from "cloudflare:workers";
import { describe, expect, it, onTestFinished } from "vitest";
import { fillTempleSearchKeys, refreshTempleSearchKeys } from "~/domain/catalog/search-keys.server";
import { suggestForSearch } from "~/domain/catalog/suggest.server";
import { searchTemples, templeSearchSchema } from "~/domain/catalog/temples.server";
import { db } from "../support/public";

/** A made-up name no seeded temple shares: "Tharakeswaram" folds to "tarakesvaram", as "തരകേശ്വരം" and "तारकेश्वरम्" do. */
const NAME = "Sree Tharakeswaram Temple, Kottarakunnu";

async function listed(text: string) {
  const result = await searchTemples(db(), templeSearchSchema.parse({ key1: "temple", key2: text }));
  return result.temples.map((temple) => temple.name);
}

/** The temples suggested, by name (a suggestion shows the display name, and the name beside it where it differs). */
async function suggested(text: string) {
  return (await suggestForSearch(db(), text)).filter((s) => s.kind === "temple").map((s) => s.otherName ?? s.label);
}

/** Adds a temple in the first district (as the seed or an operator's import writes one); removed again when the test ends. */
async function addTemple(name: string) {
  const row = await env.DB.prepare(
    `insert into temples (slug, name, display_name, image_url, district_id, state_id)
     select 'search-in-step-' || abs(random()), ?1, ?1, '', id, state_id from districts order by id limit 1 returning id`,
  )
    .bind(name)
    .first<{ id: number }>();
  onTestFinished(async () => {
    await env.DB.prepare("delete from temples where id = ?").bind(row!.id).run();
  });
  return row!.id;
}

/** Which of the three indexes have the temple for a word (read from each index itself, not from what a page shows). */
async function indexedBy(id: number, typed: string, folded: string) {
  const has = async (table: string, word: string) =>
    (await env.DB.prepare(`select rowid as id from ${table} where ${table} match ?`).bind(`"${word}"`).all<{ id: number }>()).results.some(
      (row) => row.id === id,
    );
  return {
    names: await has("temple_search", typed),
    words: await has("temple_key_words", folded),
    trigrams: await has("temple_key_trigrams", folded),
  };
}

describe("the search indexes follow the writes at once", () => {
  it("a temple added is found by its name as typed at once, and in any script and misspelled once its keys are written", async () => {
    const id = await addTemple(NAME);
    // The name index is written by a trigger in the same statement: no housekeeping needed.
    expect(await suggested("Tharakeswaram")).toContain(NAME);
    expect(await listed("tharakeswaram")).toContain(NAME);
    // Its folded keys: housekeeping writes them for a temple that has none (or the domain at once).
    expect(await suggested("തരകേശ്വരം")).not.toContain(NAME);
    expect(await fillTempleSearchKeys(db())).toBeGreaterThanOrEqual(1);
    expect(await suggested("തരകേശ്വരം")).toContain(NAME);
    expect(await listed("तारकेश्वरम्")).toContain(NAME);
    expect(await suggested("Tarakeshvaram")).toContain(NAME);
    // A slip in the word (the trigram index).
    expect(await suggested("Tharakesaram")).toContain(NAME);
    expect(await indexedBy(id, "tharakeswaram", "tarakesvaram")).toEqual({ names: true, words: true, trigrams: true });
  });

  it("a temple renamed is found by its new name and no longer by its old one, in any script", async () => {
    const id = await addTemple(NAME);
    await refreshTempleSearchKeys(db(), [id]);
    const renamed = "Sree Kottarakunnu Bhagavathi Temple";
    await env.DB.prepare("update temples set name = ?1, display_name = ?1 where id = ?2").bind(renamed, id).run();
    // The old name's entries went with the update (triggers); the name index has the new one already.
    expect(await suggested("Tharakeswaram")).not.toContain(renamed);
    expect(await listed("Tharakeswaram")).not.toContain(renamed);
    expect((await indexedBy(id, "tharakeswaram", "tarakesvaram")).names).toBe(false);
    expect(await suggested("Kottarakunnu Bhagavathi")).toContain(renamed);
    await refreshTempleSearchKeys(db(), [id]);
    expect(await suggested("കൊട്ടാരക്കുന്ന്")).toContain(renamed);
    expect(await suggested("തരകേശ്വരം")).not.toContain(renamed);
    expect(await suggested("Tharakesaram")).not.toContain(renamed);
  });

  it("a temple removed is found by nothing at once: as typed, in another script, misspelled", async () => {
    const id = await addTemple(NAME);
    await refreshTempleSearchKeys(db(), [id]);
    expect(await suggested("തരകേശ്വരം")).toContain(NAME);
    expect(await indexedBy(id, "tharakeswaram", "tarakesvaram")).toEqual({ names: true, words: true, trigrams: true });
    await env.DB.prepare("delete from temples where id = ?").bind(id).run();
    expect(await indexedBy(id, "tharakeswaram", "tarakesvaram")).toEqual({ names: false, words: false, trigrams: false });
    for (const text of ["Tharakeswaram", "തരകേശ്വരം", "Tharakesaram"]) {
      expect(await suggested(text), text).not.toContain(NAME);
      expect(await listed(text), text).not.toContain(NAME);
    }
  });
});
