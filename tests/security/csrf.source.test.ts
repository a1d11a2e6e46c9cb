/** The pages' CSRF check (issue 44 made it compare the origin without parsing the URL): who may post a form. */
import { describe, expect, it } from "vitest";
import { isCrossSiteStateChange } from "~/lib/csrf.server";

const post = (url: string, headers: Record<string, string>) => new Request(url, { method: "POST", headers });

describe("a form post's site", () => {
  it("accepts the site's own origin, on any port and path", () => {
    expect(isCrossSiteStateChange(post("http://127.0.0.1:8787/t/guruvayur?x=1", { origin: "http://127.0.0.1:8787" }))).toBe(false);
    expect(isCrossSiteStateChange(post("https://sannidhi.example/login", { origin: "https://sannidhi.example" }))).toBe(false);
    expect(isCrossSiteStateChange(post("https://sannidhi.example/", { origin: "https://sannidhi.example" }))).toBe(false);
    expect(isCrossSiteStateChange(post("https://sannidhi.example/login", { "sec-fetch-site": "same-origin" }))).toBe(false);
    expect(isCrossSiteStateChange(post("https://sannidhi.example/login", {}))).toBe(false);
  });

  it("refuses another origin, however close to the site's", () => {
    for (const origin of [
      "https://evil.example",
      "https://sannidhi.example.evil.example",
      "https://sannidhi.example:8443",
      "http://sannidhi.example",
      "https://sannidhi.exampl",
      "https://sannidhi.example/",
      "null",
    ]) {
      expect(isCrossSiteStateChange(post("https://sannidhi.example/login", { origin })), origin).toBe(true);
    }
    expect(isCrossSiteStateChange(post("http://127.0.0.1:8787/login", { origin: "http://127.0.0.1:878" }))).toBe(true);
    expect(isCrossSiteStateChange(post("https://sannidhi.example/login", { "sec-fetch-site": "cross-site" }))).toBe(true);
    expect(isCrossSiteStateChange(post("https://sannidhi.example/login", { "sec-fetch-site": "same-site" }))).toBe(true);
  });

  it("lets reads through from anywhere", () => {
    const read = new Request("https://sannidhi.example/temples", { headers: { origin: "https://evil.example" } });
    expect(isCrossSiteStateChange(read)).toBe(false);
  });
});
