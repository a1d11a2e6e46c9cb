/**
 * Issue 10 #11: public/_headers gives static files (served by Workers static assets, not
 * the Worker) the baseline the Worker gives its own answers; this keeps the two in step.
 * tests/e2e/static-headers.spec.ts checks the served files themselves.
 */
import { describe, expect, it } from "vitest";
import headersFile from "../../public/_headers?raw";
import { securityHeaders } from "~/lib/security-headers.server";

/** The headers of one rule of a _headers file (comments and blank lines skipped). */
function rule(pattern: string): Map<string, string> {
  const lines = headersFile.split("\n").map((line) => line.trimEnd());
  const start = lines.indexOf(pattern);
  expect(start, `a ${pattern} rule`).toBeGreaterThanOrEqual(0);
  const headers = new Map<string, string>();
  for (const line of lines.slice(start + 1)) {
    if (!line.startsWith(" ")) {
      if (line.trim() === "" || line.startsWith("#")) continue;
      break;
    }
    if (line.trim().startsWith("#")) continue;
    const colon = line.indexOf(":");
    headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return headers;
}

describe("public/_headers", () => {
  it("gives every static file the Worker's baseline security headers", () => {
    const worker = new Headers();
    securityHeaders(worker, new URL("https://sannidhi.example/favicon.svg"));
    const files = rule("/*");
    for (const [name, value] of worker) {
      if (name === "content-security-policy") continue; // stricter for files: below
      expect(files.get(name), name).toBe(value);
    }
  });

  it("lets a file opened on its own run and load nothing, nor be framed", () => {
    const csp = rule("/*").get("content-security-policy") ?? "";
    for (const directive of ["default-src 'none'", "frame-ancestors 'none'", "base-uri 'none'", "sandbox"])
      expect(csp).toContain(directive);
    expect(csp).not.toMatch(/script-src/);
  });

  it("never sets Cache-Control for every file (rules merge, so it would join the /assets/* one)", () => {
    expect(rule("/*").has("cache-control")).toBe(false);
    expect(rule("/assets/*").get("cache-control")).toBe("public, max-age=31536000, immutable");
  });
});
