/**
 * Issue 44: the suggest index tokenizes names as SQLite's FTS5 `unicode61 remove_diacritics 2`
 * does (app/domain/catalog/fts-tokens.ts), checked here against the SQLite that D1 runs: every
 * code point the tokenizer claims to know, between two letters, and mixed strings of them.
 */
import { env } from "cloudflare:workers";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ftsTokens } from "~/domain/catalog/fts-tokens";

const RANGES: [number, number][] = [
  [0x20, 0x24f],
  [0x300, 0x36f],
  [0x900, 0xd7f],
  [0x2000, 0x206f],
  [0x20a0, 0x20cf],
];

/** SQLite's tokens for each text, by the text's place in the list. */
async function sqliteTokens(texts: string[]): Promise<string[][]> {
  await env.DB.prepare("delete from fts_tokens_check").run();
  await env.DB.prepare("insert into fts_tokens_check (rowid, a) select key + 1, value from json_each(?)").bind(JSON.stringify(texts)).run();
  const { results } = await env.DB.prepare("select doc, term from fts_tokens_check_terms order by doc, offset").all<{
    doc: number;
    term: string;
  }>();
  const tokens: string[][] = texts.map(() => []);
  for (const row of results) tokens[row.doc - 1]!.push(row.term);
  return tokens;
}

beforeAll(async () => {
  await env.DB.batch([
    env.DB.prepare("create virtual table if not exists fts_tokens_check using fts5(a, tokenize = 'unicode61 remove_diacritics 2')"),
    env.DB.prepare("create virtual table if not exists fts_tokens_check_terms using fts5vocab(fts_tokens_check, instance)"),
  ]);
});

afterAll(async () => {
  await env.DB.batch([
    env.DB.prepare("drop table if exists fts_tokens_check_terms"),
    env.DB.prepare("drop table if exists fts_tokens_check"),
  ]);
});

describe("the name index's tokens in JavaScript", () => {
  it("are SQLite's for every code point it knows, between two letters", async () => {
    const texts = RANGES.flatMap(([first, last]) =>
      Array.from({ length: last - first + 1 }, (_, i) => `x${String.fromCodePoint(first + i)}y`),
    );
    const expected = await sqliteTokens(texts);
    const known = texts.flatMap((text, i) => (ftsTokens(text) ? [{ text, tokens: ftsTokens(text), expected: expected[i] }] : []));
    expect(known.length, "most of the ranges are known").toBeGreaterThan(1500);
    expect(known.filter(({ tokens, expected }) => JSON.stringify(tokens) !== JSON.stringify(expected))).toEqual([]);
  });

  it("are SQLite's for names mixing scripts, cases, diacritics and punctuation", async () => {
    const texts = [
      "Sri Guruvayurappan Temple, Guruvayur",
      "ഗുരുവായൂർ ശ്രീകൃഷ്ണ ക്ഷേത്രം",
      "श्री काशी विश्वनाथ मंदिर (Varanasi)",
      "அருள்மிகு மீனாட்சி அம்மன் கோவில்",
      "శ్రీ వేంకటేశ్వర స్వామి ఆలయం",
      "ಶ್ರೀ ಕೃಷ್ಣ ಮಠ, ಉಡುಪಿ",
      "Śrī Ranganāthaswāmy — Srirangam",
      "Gurú e\u0301x ½ ₹108 Sabari-mala's 2nd_gate",
      "ÀÉÎÕÜ àéîõü Ǆ ǅ ǆ",
    ];
    expect(texts.map(ftsTokens)).toEqual(await sqliteTokens(texts));
  });
});
