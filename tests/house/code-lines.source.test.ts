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
