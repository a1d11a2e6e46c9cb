/**
 * The autocomplete's contract at its address (/api/suggest, and /ml/api/suggest in a language):
 * JSON items, a message with 400 for text too long, shared by the edge cache for visitors,
 * computed for a signed-in devotee and private.
 */
import { describe, expect, it } from "vitest";
import { SEARCH_TEXT_MAX } from "~/domain/catalog/search";
import { m } from "~/paraglide/messages";
import { fresh, get } from "../support/public";
import { signedIn } from "../support/staff";

const DEVOTEE = { email: "devotee@sannidhi.example", password: "Devotee@2026" };
type Item = { kind: string; label: string; id: number; place?: string; text?: string };

const tooLong = (locale: "en" | "ml") => m.temples_search_too_long({ max: SEARCH_TEXT_MAX }, { locale });

/** Asks until the edge cache answers (it stores a copy after the answer has gone). */
async function cachedCopy(url: string, init: RequestInit = {}): Promise<Response | undefined> {
  for (let attempt = 0; attempt < 20; attempt++) {
    const response = await get(url, init);
    if (response.headers.get("cf-cache-status") === "HIT") return response;
    await response.arrayBuffer();
  }
  return undefined;
}

describe("the suggestions' address", () => {
  it("answers a visitor with JSON items the edge cache then keeps", async () => {
    const url = fresh("/api/suggest?list=search&q=guru");
    const first = await get(url);
    expect(first.status).toBe(200);
    expect(first.headers.get("content-type")).toContain("application/json");
    expect(first.headers.get("cache-control")).toBe("public, max-age=300, s-maxage=3600");
    const { items } = await first.json<{ items: Item[] }>();
    expect(items.length).toBeGreaterThan(0);
    expect(items.length).toBeLessThanOrEqual(10);
    for (const item of items) {
      expect(["temple", "deity", "puja"]).toContain(item.kind);
      expect(typeof item.label).toBe("string");
      expect(Number.isInteger(item.id)).toBe(true);
    }
    const temple = items.find((item) => item.kind === "temple");
    expect(temple?.place).toMatch(/^[^,]+, [^,]+$/);
    const hit = await cachedCopy(url);
    expect(hit, "the visitor's copy from the edge cache").toBeDefined();
    expect(await hit!.json()).toEqual({ items });
  });

  it("answers the priests filters' lists with labels, and an unknown list as the temple search", async () => {
    const pujas = await (await get(fresh("/api/suggest?list=puja&q="))).json<{ items: unknown[] }>();
    expect(pujas.items.length).toBeGreaterThan(0);
    for (const item of pujas.items) expect(Object.keys(item as object)).toEqual(["label"]);
    const unknown = await (await get(fresh("/api/suggest?list=everything&q=guru"))).json<{ items: Item[] }>();
    const search = await (await get(fresh("/api/suggest?list=search&q=guru"))).json<{ items: Item[] }>();
    expect(unknown.items).toEqual(search.items);
  });

  it("says with 400 when the text is too long, in the address's language, and never stores it", async () => {
    const long = encodeURIComponent("ഗുരുവായൂർ ".repeat(30));
    for (const [path, locale] of [
      [`/api/suggest?q=${long}`, "en"],
      [`/ml/api/suggest?q=${long}`, "ml"],
    ] as const) {
      const response = await get(fresh(path));
      expect(response.status, path).toBe(400);
      expect(response.headers.get("cache-control"), path).toBe("no-store");
      expect(await response.json(), path).toEqual({ items: [], message: tooLong(locale) });
    }
    expect(tooLong("ml")).not.toBe(tooLong("en"));
  });

  it("computes a signed-in devotee's suggestions for them, private, even when a visitor's copy is stored", async () => {
    const url = fresh("/api/suggest?list=search&q=guru");
    const visitor = await (await get(url)).json<{ items: Item[] }>();
    expect(await cachedCopy(url), "the visitor's copy is stored").toBeDefined();
    const devotee = await signedIn(DEVOTEE);
    const response = await devotee.get(url.slice(url.indexOf("/api/")));
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toMatch(/^private\b/);
    expect(response.headers.get("cf-cache-status")).toBeNull();
    expect(await response.json()).toEqual(visitor);
  });

  it("keeps English at the spec's address and knows no other language prefix", async () => {
    const english = await get("/en/api/suggest?q=guru", { redirect: "manual" });
    expect(english.status).toBe(301);
    expect(english.headers.get("location")).toBe("/api/suggest?q=guru");
    expect((await get("/xx/api/suggest?q=guru", { redirect: "manual" })).status).toBe(404);
  });
});
