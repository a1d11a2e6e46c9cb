/**
 * Tests live by what they test (issue 40): each area's tests import only their own folder (its
 * support/ helpers included), the shared tests/support/, and the code under test; never another
 * area's folder. And no two test modules share a name, so a name says which one is meant.
 */
import { describe, expect, it } from "vitest";

const files = import.meta.glob<string>(["/tests/**/*.ts", "!/tests/e2e/**"], { query: "?raw", import: "default", eager: true });

/** The tests/ folder a path is in: "ledger", "support", or null outside tests/. */
const areaOf = (path: string) => /^\/tests\/([^/]+)\//.exec(path)?.[1] ?? null;

function imported(file: string, source: string): string[] {
  const dir = file.slice(0, file.lastIndexOf("/"));
  // Import statements only (a line that starts one), not an import written in a test's string.
  return [...source.matchAll(/^(?:import|export)\s[^;]*?from\s*"(\.{1,2}\/[^"]+)"/gm)].map(
    ([, spec]) => new URL(spec!, `file://${dir}/`).pathname,
  );
}

describe("the tests' layout", () => {
  it("is read from every test module", () => {
    expect(Object.keys(files).length).toBeGreaterThan(100);
    expect(imported("/tests/ledger/a.test.ts", 'import { x } from "../support/b";\nimport { y } from "./support/c";')).toEqual([
      "/tests/support/b",
      "/tests/ledger/support/c",
    ]);
  });

  it("keeps each area to its own folder and the shared support", () => {
    const crossing = Object.entries(files).flatMap(([file, source]) => {
      const area = areaOf(file);
      return imported(file, source)
        .filter((target) => {
          const to = areaOf(target);
          return to !== null && to !== area && to !== "support";
        })
        .map((target) => `${file} imports ${target}`);
    });
    expect(crossing).toEqual([]);
  });

  it("names every module once", () => {
    const byName = new Map<string, string[]>();
    for (const file of Object.keys(files)) {
      const name = file.slice(file.lastIndexOf("/") + 1);
      byName.set(name, [...(byName.get(name) ?? []), file]);
    }
    expect([...byName.values()].filter((paths) => paths.length > 1)).toEqual([]);
  });
});
