/**
 * The README stays newcomer-sized (issue 40): at most 300 lines, one benchmark table (the
 * latest; history lives in docs/benchmarks.md), and every document it links to exists.
 */
import { describe, expect, it } from "vitest";

const readme = import.meta.glob<string>("/README.md", { query: "?raw", import: "default", eager: true })["/README.md"]!;
const docs = import.meta.glob<string>("/docs/**/*.md", { query: "?raw", import: "default", eager: true });

/** The lines of a section ("## Benchmarks") up to the next heading of its level. */
function section(title: string): string[] {
  const lines = readme.split("\n");
  const start = lines.indexOf(`## ${title}`);
  expect(start, `a "## ${title}" section`).toBeGreaterThan(-1);
  const end = lines.findIndex((line, i) => i > start && line.startsWith("## "));
  return lines.slice(start + 1, end === -1 ? undefined : end);
}

describe("the README", () => {
  it("has 300 lines or fewer", () => {
    expect(readme.trimEnd().split("\n").length).toBeLessThanOrEqual(300);
  });

  it("keeps only the latest benchmark table", () => {
    const separators = section("Benchmarks").filter((line) => /^\|\s*-{3,}/.test(line));
    expect(separators).toHaveLength(1);
  });

  it("links only to documents that exist", () => {
    const links = [...readme.matchAll(/\]\((docs\/[^)#\s]+\.md)(?:#[^)]*)?\)/g)].map(([, path]) => `/${path}`);
    expect(links.length).toBeGreaterThan(3);
    for (const link of links) expect(Object.keys(docs), link).toContain(link);
  });
});
