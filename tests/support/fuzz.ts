/** Shared by the fuzz suites: a replayable PRNG, a checksum of every table, and what no answer may show. */
import { env } from "cloudflare:workers";

/** A small deterministic PRNG (mulberry32), so a failure can be replayed from its seed. */
export function rng(seed: number) {
  let a = seed;
  const next = () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (max: number) => Math.floor(next() * max),
    pick: <T>(items: readonly T[]) => items[Math.floor(next() * items.length)]!,
  };
}

export type Rng = ReturnType<typeof rng>;

/**
 * A digest of every table's rows (the search indexes' FTS tables and D1's own excepted). `skip`
 * names tables a refused request may still touch (attempt counters).
 */
export async function databaseChecksum(skip: string[] = []): Promise<Record<string, string>> {
  const { results } = await env.DB.prepare(
    "select name from sqlite_master where type = 'table' and name not like 'sqlite_%' and name not " +
      "like '_cf_%' and name not like 'temple_search%' and name not like 'temple_key_%' and name != " +
      "'d1_migrations' order by name",
  ).all<{ name: string }>();
  const sums: Record<string, string> = {};
  for (const { name } of results) {
    if (skip.includes(name)) continue;
    const rows = await env.DB.prepare(`select * from "${name}" order by rowid`).all();
    const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(JSON.stringify(rows.results)));
    sums[name] = `${rows.results.length}:${[...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, "0")).join("")}`;
  }
  return sums;
}

/** Signs of internals leaking: stack frames, SQL errors, local paths, the test secret. */
export const INTERNALS = [
  /\n\s+at [\w.$<>]+ \(/,
  /D1_ERROR/,
  /SQLITE_/,
  /SqliteError/,
  /\/work\/main/,
  /node_modules/,
  /TypeError:/,
  /ReferenceError:/,
  /RangeError:/,
  /test-only-secret/,
  /no such (table|column)/i,
];

/** Text in every Indian script (and the joiners they use), for fields that take names and addresses. */
export const INDIAN_TEXT = [
  "गुरुवायूर श्रीकृष्ण मंदिर", // Devanagari
  "কালীঘাট মন্দির", // Bengali
  "ਹਰਿਮੰਦਰ ਸਾਹਿਬ", // Gurmukhi
  "સોમનાથ મંદિર", // Gujarati
  "ଜଗନ୍ନାଥ ମନ୍ଦିର", // Odia
  "மீனாட்சி அம்மன் கோவில்", // Tamil
  "తిరుమల వెంకటేశ్వర ఆలయం", // Telugu
  "ಉಡುಪಿ ಶ್ರೀ ಕೃಷ್ಣ ಮಠ", // Kannada
  "ഗുരുവായൂർ ശ്രീകൃഷ്ണ ക്ഷേത്രം", // Malayalam
  "क्‍ष ക്‌ഷ ന്‍", // ZWJ / ZWNJ
];

/** Numbers people (and scripts) write that are not plain decimals. */
export const ODD_NUMBERS = [
  "0x1",
  "1e3",
  "-0",
  "Infinity",
  "NaN",
  "1_000",
  "٣",
  "१२",
  "0.1e-7",
  "9".repeat(40),
  "-1",
  " 5 ",
  "5.",
  ".5",
  "+5",
];
