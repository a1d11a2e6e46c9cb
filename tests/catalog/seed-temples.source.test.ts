/**
 * The seed's directory (issue 30): no name or display name of a temple is another temple's
 * name or display name in the same district, so the autocomplete never offers twins (the
 * generator once made a second "Sree Krishna Swamy Temple, Guruvayur" in Thrissur beside
 * the landmark).
 */
import { describe, expect, it } from "vitest";
import { buildGeo } from "../../drizzle/seed/geo.ts";
import { generateTemples } from "../../drizzle/seed/temples.ts";

function twins(count: number) {
  const temples = generateTemples(buildGeo(), count, "2026-11-27", new Set());
  const owner = new Map<string, number>();
  const found: string[] = [];
  for (const temple of temples) {
    for (const text of new Set([temple.name, temple.displayName])) {
      const key = `${temple.district.id}|${text.toLowerCase()}`;
      const earlier = owner.get(key);
      if (earlier !== undefined) found.push(`${earlier} and ${temple.id}: ${text}, ${temple.district.name}`);
      else owner.set(key, temple.id);
    }
  }
  return found;
}

describe("the seed's temples", () => {
  for (const count of [300, 1_000, 10_000]) {
    it(`names no two of ${count.toLocaleString("en")} temples alike in one district`, () => {
      expect(twins(count)).toEqual([]);
    });
  }
});
