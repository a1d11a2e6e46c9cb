/**
 * Issue 24 #3 and #4: what the edge cache keys a page by, and what it hands a signed-in devotee.
 * A visitor cannot choose the key another visitor's page is stored under, and a signed-in
 * devotee's data request is never answered with a visitor's copy.
 */
import { describe, expect, it } from "vitest";
import { newUser, signUp, TestBrowser } from "../support/browser";
import { bookPuja, findPuja } from "../support/bookings";
import { fresh, get } from "../support/public";

/** Asks until the cache answers (the copy is stored after the first answer). */
async function warm(url: string, headers: Record<string, string> = {}) {
  for (let attempt = 0; attempt < 20; attempt++) {
    const response = await get(url, { headers });
    const body = await response.text();
    if (response.headers.get("cf-cache-status") === "HIT") return { response, body };
  }
  throw new Error(`${url} never came from the cache`);
}

describe("the edge cache's key", () => {
  it("cannot be set by a visitor: the cache's own parameters in an address are the visitor's, not the key's", async () => {
    for (const path of ["/te/priests", "/temples?page=2", "/ml/news"]) {
      const plain = fresh(path);
      // The attacker's address: the plain one with the cache's parameters added.
      const poisoned = `${plain}&__content=POISONED%22%3E&__build=X`;
      const attack = await warm(poisoned);
      expect(attack.body, poisoned).toContain("POISONED");
      const visitor = await get(plain);
      const html = await visitor.text();
      expect(visitor.status, plain).toBe(200);
      expect(html, `${plain} is served the attacker's copy`).not.toContain("POISONED");
      expect(html).not.toContain("__content");
    }
  });
});

describe("data requests of a signed-in devotee", () => {
  it("carry the devotee, never a visitor's stored copy, with the session cookie alone", async () => {
    const browser = new TestBrowser();
    await signUp(browser, newUser({ name: "Ishwari Menon" }));
    expect((await bookPuja(browser, await findPuja("direct"))).status).toBe(303);
    const sessionOnly = `sn_session=${browser.cookies.get("sn_session")}`;
    const site = `/t/${(await findPuja("direct")).slug}`;
    for (const path of [
      "/temples.data?state=1",
      "/ml/temples.data?state=1",
      "/priests.data",
      "/news.data",
      `${site}.data`,
      `/ml${site}.data`,
    ]) {
      const url = fresh(path);
      // A visitor's answer is stored first.
      const visitor = await warm(url);
      expect(visitor.body, url).not.toContain("Ishwari");
      const devotee = await get(url, { headers: { cookie: sessionOnly } });
      const data = await devotee.text();
      expect(devotee.status, url).toBe(200);
      expect(devotee.headers.get("cf-cache-status"), url).toBeNull();
      expect(devotee.headers.get("cache-control"), url).toMatch(/private|no-store/);
      // The root loader's data names the devotee and counts their cart.
      expect(data, `${url} for the devotee`).toContain("Ishwari");
    }
  });
});
