import { describe, expect, it } from "vitest";
import { newUser, signUp, TestBrowser } from "../support/browser";
import { bookPuja, findPuja } from "../support/bookings";
import { OPERATOR, signedIn } from "../support/staff";
import { DATA_BLOCK, fullThenComposed, part, TOAST_BLOCK, toasts, warm } from "./support/devotee-pages";
import { fresh, get } from "../support/public";

describe("public pages for signed-in devotees", () => {
  it("come from the cached public copy under the devotee's own header, as a full render would show them", async () => {
    const browser = new TestBrowser();
    // A first name in Malayalam: the header and the data block carry any script.
    await signUp(browser, newUser({ name: "മീര Iyer" }));
    expect((await bookPuja(browser, await findPuja("direct"))).status).toBe(303);

    for (const path of ["/", "/temples?q=temple", "/priests", "/ml/services", "/policies/privacy-policy"]) {
      const { url, fullHtml, composed, composedHtml } = await fullThenComposed(browser, path);
      expect(composed.headers.get("cache-control"), url).toBe("private, no-store");
      expect(composed.headers.get("cf-cache-status"), url).toBeNull();
      expect(composed.headers.has("x-sannidhi-same-for-devotees"), url).toBe(false);
      // The header and the page are what the full render showed this devotee.
      expect(part(composedHtml, "header"), url).toBe(part(fullHtml, "header"));
      expect(part(composedHtml, "main"), url).toBe(part(fullHtml, "main"));
      expect(part(composedHtml, "header"), url).toContain("മീര");
      expect(part(composedHtml, "header"), url).toContain('<span class="cart-link__count" aria-hidden="true">1</span>');
      expect(part(composedHtml, "header"), url).not.toContain('value="login"');
      // What the browser hydrates the header with.
      const personal = JSON.parse(DATA_BLOCK.exec(composedHtml)![1]!);
      expect(personal).toMatchObject({ customer: { firstName: "മീര Iyer" }, cartCount: 1, staffHome: null });
      // Its script allowance is the public copy's: hashes, never a nonce.
      expect(composed.headers.get("content-security-policy"), url).toMatch(/script-src 'self' 'sha256-/);
    }
  });

  it("show each devotee their own name and their cart as it is now, page after page", async () => {
    const meera = new TestBrowser();
    await signUp(meera, newUser({ name: "മീര Iyer" }));
    const { url } = await fullThenComposed(meera, "/jobs");
    const count = async (browser: TestBrowser) => {
      const html = await (await browser.get(url)).text();
      return { header: part(html, "header"), cart: JSON.parse(DATA_BLOCK.exec(html)![1]!).cartCount as number };
    };
    expect(await count(meera)).toMatchObject({ cart: 0 });
    const first = await count(meera);
    expect(first.header).toContain("മീര");
    expect(first.header).not.toContain("cart-link__count");

    // Her cart changes: the next page's header counts it.
    expect((await bookPuja(meera, await findPuja("direct"))).status).toBe(303);
    await meera.get(url); // the cart's toast shown
    const after = await count(meera);
    expect(after.cart).toBe(1);
    expect(after.header).toContain('<span class="cart-link__count" aria-hidden="true">1</span>');

    // Another devotee on the same address sees their own name, never hers.
    const ravi = new TestBrowser();
    await signUp(ravi, newUser({ name: "രവി Menon" }));
    await ravi.get(url);
    const his = await count(ravi);
    expect(his.header).toContain("രവി");
    expect(his.header).not.toContain("മീര");
  });

  it("show an operator the console link, as a full render does", async () => {
    const browser = await signedIn(OPERATOR);
    const { fullHtml, composedHtml } = await fullThenComposed(browser, "/jobs");
    expect(part(composedHtml, "header")).toBe(part(fullHtml, "header"));
    expect(JSON.parse(DATA_BLOCK.exec(composedHtml)![1]!).staffHome).toMatchObject({ href: "/operator" });
  });

  it("are rendered in full for a session that is no longer live, which is then cleared", async () => {
    const url = fresh("/services");
    await warm(url);
    const page = await get(url, { headers: { Cookie: `sn_session=${"x".repeat(43)}` } });
    const html = await page.text();
    expect(html).not.toMatch(DATA_BLOCK);
    expect(html).toContain('value="login"');
    expect(page.headers.get("set-cookie")).toMatch(/sn_session=;/);
  });

  it("carry the toast waiting for the devotee, drawn as a full render draws it, in the page's language, once", async () => {
    for (const path of ["/services", "/ml/services"]) {
      const browser = new TestBrowser();
      await signUp(browser, newUser({ name: "Meera Iyer" })); // leaves the welcome toast waiting
      const cookie = browser.cookieHeader();
      expect(cookie).toContain("sn_toast=");
      const url = fresh(path);
      await warm(url);
      const at = url.replace("http://localhost", "");
      const full = await browser.get(at, { cookie: `${cookie}; sn_full=1` });
      const fullHtml = await full.text();
      expect(fullHtml, path).not.toMatch(DATA_BLOCK);
      const composed = await browser.get(at, { cookie });
      const html = await composed.text();
      expect(html, path).toMatch(DATA_BLOCK);
      expect(composed.headers.get("cache-control"), path).toBe("private, no-store");
      expect(toasts(html), path).toBe(toasts(fullHtml));
      expect(toasts(html), path).toContain("Meera Iyer!</p>");
      // The close button's label is in the page's language.
      if (path.startsWith("/ml")) expect(toasts(html)).not.toContain('aria-label="Dismiss message"');
      expect(part(html, "header"), path).toBe(part(fullHtml, "header"));
      expect(JSON.parse(TOAST_BLOCK.exec(html)![1]!), path).toMatchObject({ type: "success" });
      // Once: the answer clears it, and the next page has none.
      expect(browser.cookies.has("sn_toast"), path).toBe(false);
      const next = await (await browser.get(at)).text();
      expect(next, path).toMatch(DATA_BLOCK);
      expect(next, path).not.toMatch(TOAST_BLOCK);
      expect(toasts(next), path).toBe('<div class="toasts" aria-live="polite"></div>');
    }
  });

  it("show no toast the site did not sign, and are private", async () => {
    const browser = new TestBrowser();
    await signUp(browser);
    await browser.get("/services"); // the welcome toast shown
    const url = fresh("/services");
    await warm(url);
    const page = await get(url, { headers: { Cookie: `${browser.cookieHeader()}; sn_toast=pending` } });
    const html = await page.text();
    expect(html).toMatch(DATA_BLOCK);
    expect(html).not.toMatch(TOAST_BLOCK);
    expect(toasts(html)).toBe('<div class="toasts" aria-live="polite"></div>');
    expect(page.headers.get("cache-control")).toBe("private, no-store");
  });
});
