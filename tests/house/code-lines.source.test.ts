/**
 * Issue 29: lines a reader can take in at once. The formatter (Biome, `npm run lint`) wraps code
 * at 140 characters; it leaves strings and comments alone, so this holds them to it too.
 */
import { describe, expect, it } from "vitest";

const sources = {
  ...import.meta.glob<string>("/app/**/*.{ts,tsx,css}", { query: "?raw", import: "default", eager: true }),
  ...import.meta.glob<string>("/workers/**/*.{ts,tsx}", { query: "?raw", import: "default", eager: true }),
};
const MAX = 140;

describe("lines in app/ and workers/", () => {
  it(`are at most ${MAX} characters long`, () => {
    const files = Object.entries(sources).filter(([file]) => !file.startsWith("/app/paraglide/"));
    expect(files.length).toBeGreaterThan(200);
    const long = files.flatMap(([file, source]) =>
      source.split("\n").flatMap((line, i) => ([...line].length > MAX ? [`${file}:${i + 1} (${[...line].length})`] : [])),
    );
    expect(long).toEqual([]);
  });
});

const everyTypeScript = {
  ...import.meta.glob<string>("/{app,workers,scripts,tests,emulator,drizzle}/**/*.{ts,tsx}", {
    query: "?raw",
    import: "default",
    eager: true,
  }),
  ...import.meta.glob<string>("/*.ts", { query: "?raw", import: "default", eager: true }),
};
const LONGEST = 160;
/** What a reader sees as one character: a letter with its vowel signs (ष्ठी) is one. */
const graphemes = new Intl.Segmenter("en", { granularity: "grapheme" });

describe("lines in every TypeScript file (seed data, scripts and tests too)", () => {
  it(`are at most ${LONGEST} characters long`, () => {
    // Generated files: Paraglide's compiled messages and wrangler's types for the bindings.
    const files = Object.entries(everyTypeScript).filter(
      ([file]) => !file.startsWith("/app/paraglide/") && file !== "/worker-configuration.d.ts",
    );
    expect(files.length).toBeGreaterThan(500);
    const long = files.flatMap(([file, source]) =>
      source.split("\n").flatMap((line, i) => {
        const length = [...graphemes.segment(line)].length;
        return length > LONGEST ? [`${file}:${i + 1} (${length})`] : [];
      }),
    );
    expect(long).toEqual([]);
  });
});
