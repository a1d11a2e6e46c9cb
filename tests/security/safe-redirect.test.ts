/** Issue 10 #8: redirect targets never leave the site, on every route that takes one. */
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { safeRedirect } from "~/lib/safe-redirect";
import { signIn, signUp, TestBrowser, type NewUser } from "../support/browser";
import { newCustomer } from "../support/bookings";
import { OPERATOR, pendingRequest, signedIn, STAFF_A, templeOf } from "../support/staff";

/** Targets a visitor could write that must fall back (none is a same-site path once a browser reads it). */
const NASTY = [
  "//evil.example",
  "//evil.example/path",
  "/\\evil.example",
  "\\\\evil.example",
  "/\t/evil.example",
  "/\n/evil.example",
  "/\r\n/evil.example",
  "/x\r\nSet-Cookie: sn_session=stolen",
  "/\u0000/evil.example",
  "/\u0085/evil.example",
  "https://evil.example",
  "http:evil.example",
  "https:/evil.example",
  "javascript:alert(1)",
  " javascript:alert(1)",
  "data:text/html,<script>alert(1)</script>",
  "/.//evil.example",
  "/./\\evil.example",
  "\uff0f\uff0fevil.example",
  "evil.example",
  "",
];
const TOO_LONG = `/${"a".repeat(5000)}`;

/** Same-site targets, and what the Location says for them. */
const ORDINARY: [string, string][] = [
  ["/cart?x=1#y", "/cart?x=1#y"],
  ["/account?tab=favourites", "/account?tab=favourites"],
  ["/%09/evil.example", "/%09/evil.example"],
  ["/%2F%2Fevil.example", "/%2F%2Fevil.example"],
  ["/.%2e/", "/"],
  ["/temples/../cart", "/cart"],
  ["/temples/deity/Krishna Temples", "/temples/deity/Krishna%20Temples"],
  ["/t/guruvayur?q=ഗുരുവായൂർ", "/t/guruvayur?q=%E0%B4%97%E0%B5%81%E0%B4%B0%E0%B5%81%E0%B4%B5%E0%B4%BE%E0%B4%AF%E0%B5%82%E0%B5%BC"],
  ["/x#\u2028", "/x#%E2%80%A8"],
];

/** What a browser does with a Location: drop tabs and newlines, read `\` as `/`, resolve. */
function browserResolves(location: string, origin = "https://sannidhi.example") {
  return new URL(location.replace(/[\t\n\r]/g, ""), origin).origin === origin;
}

function expectSafe(location: string | null) {
  expect(location).not.toBeNull();
  expect(location).toMatch(/^\/(?!\/)/);
  expect(location).not.toMatch(/[\u0000-\u001f\u007f-\u009f\\]/);
  expect(browserResolves(location!)).toBe(true);
}

describe("safeRedirect", () => {
  it.each(NASTY)("falls back for %j", (target) => {
    expect(safeRedirect(target, "/home-base")).toBe("/home-base");
  });

  it.each(ORDINARY)("keeps the same-site path %j", (target, expected) => {
    expect(safeRedirect(target, "/home-base")).toBe(expected);
    expect(browserResolves(expected)).toBe(true);
  });

  it("falls back for a target longer than any address the portal makes", () => {
    expect(safeRedirect(TOO_LONG, "/home-base")).toBe("/home-base");
  });

  it("falls back for anything that is not text", () => {
    expect(safeRedirect(null)).toBe("/");
    expect(safeRedirect(undefined, "/cart")).toBe("/cart");
    expect(safeRedirect(new File(["x"], "/cart"), "/x")).toBe("/x");
  });
});

describe("routes that take a redirectTo", () => {
  const targets = [...NASTY, TOO_LONG, ...ORDINARY.map(([target]) => target)];
  const expected = (target: string, fallback: string) => ORDINARY.find(([t]) => t === target)?.[1] ?? fallback;

  it("/login (sign-in) goes back only to a same-site path", async () => {
    let user: NewUser | undefined;
    for (const [index, target] of targets.entries()) {
      // A fresh account every few sign-ins keeps clear of the per-account limit.
      if (index % 5 === 0) user = await signUp(new TestBrowser());
      const response = await signIn(new TestBrowser(), user!.email, user!.password, { redirectTo: target });
      expect(response.status, target).toBe(302);
      const location = response.headers.get("location");
      expect(location, JSON.stringify(target)).toBe(expected(target, "/"));
      expectSafe(location);
    }
  });

  it("/login (already signed in) sends the visitor on only to a same-site path", async () => {
    const browser = new TestBrowser();
    await signUp(browser);
    for (const target of targets) {
      if (target.length > 2000) continue; // a URL that long is refused before the Worker
      const response = await browser.get(`/login?${new URLSearchParams({ redirectTo: target })}`);
      expect(response.status, JSON.stringify(target)).toBe(302);
      expect(response.headers.get("location"), JSON.stringify(target)).toBe(expected(target, "/"));
    }
  });

  it("/logout goes back only to a same-site path", async () => {
    for (const target of targets) {
      const browser = new TestBrowser();
      const response = await browser.post("/logout", { redirectTo: target });
      expect(response.status, JSON.stringify(target)).toBe(302);
      const location = response.headers.get("location");
      // Pages that need a signed-in devotee would only bounce to the login page.
      const back = expected(target, "/");
      expect(location, JSON.stringify(target)).toBe(back.startsWith("/account") ? "/" : back);
      expectSafe(location);
    }
  });

  it("/cart and /favourites go back only to a same-site path", async () => {
    const { browser } = await newCustomer();
    for (const target of targets) {
      const cart = await browser.post("/cart", { intent: "add-request", requestId: "999999999", redirectTo: target });
      expect(cart.status, JSON.stringify(target)).toBe(303);
      expect(cart.headers.get("location"), JSON.stringify(target)).toBe(expected(target, "/cart"));
      const favourite = await browser.post("/favourites", { intent: "add", templeId: "0", redirectTo: target });
      expect(favourite.status, JSON.stringify(target)).toBe(303);
      expect(favourite.headers.get("location"), JSON.stringify(target)).toBe(expected(target, "/account?tab=favourites"));
    }
  });

  it("desk and operator actions go back only to a same-site path", async () => {
    const templeA = await templeOf(STAFF_A.email);
    const staff = await signedIn(STAFF_A);
    const { requestId } = await pendingRequest(templeA);
    expect((await staff.post(`/desk/${templeA}?index`, { intent: "accept", requestId: String(requestId) })).status).toBe(303);
    const operator = await signedIn(OPERATOR);
    for (const target of targets) {
      // Accepting it again is refused ("not pending") and goes back with a toast.
      const desk = await staff.post(`/desk/${templeA}?index`, { intent: "accept", requestId: String(requestId), redirectTo: target });
      expect(desk.status, JSON.stringify(target)).toBe(303);
      expect(desk.headers.get("location"), JSON.stringify(target)).toBe(expected(target, `/desk/${templeA}`));
      const console = await operator.post("/operator/catalog", { intent: "package", redirectTo: target });
      expect(console.status, JSON.stringify(target)).toBe(303);
      expect(console.headers.get("location"), JSON.stringify(target)).toBe(expected(target, "/operator/catalog"));
    }
    const status = await env.DB.prepare("select status from requests where id = ?").bind(requestId).first<{ status: number }>();
    expect(status?.status).toBe(1);
  });
});

/**
 * Issue 24 #1: a doubled slash after a language prefix survived the prefix's removal and became
 * a protocol-relative Location ("/en//evil.example" → "//evil.example"). Every redirecting route
 * and the language machinery, against hostile paths in every language prefix.
 */
describe("hostile paths in every language prefix", () => {
  const PREFIXES = ["", "/en", "/hi", "/ta", "/ml", "/te", "/kn"];
  const HOSTILE = [
    "//evil.example/login",
    "///evil.example",
    "/\\evil.example",
    "/\\/evil.example",
    "/./\\evil.example",
    "/.//evil.example",
    "/..//evil.example",
    "/%2F%2Fevil.example",
    "/%5C%5Cevil.example",
    "/%2e%2e//evil.example",
    "/%09/evil.example",
    "/\t/evil.example",
    "/%0d%0aLocation:%20//evil.example",
    "//%65vil.example?x=1#y",
    "/ml//evil.example?x=1#y",
    "/hi/.//evil.example",
  ];
  const paths = PREFIXES.flatMap((prefix) => HOSTILE.map((hostile) => `${prefix}${hostile}`));
  const same = (label: string, response: Response) => {
    if (response.status < 300 || response.status >= 400) return;
    const location = response.headers.get("location");
    expect(location, label).not.toBeNull();
    expect(location, `${label} → ${location}`).toMatch(/^\/(?![/\\])/);
    expect(location, label).not.toMatch(/[\u0000-\u001f\u007f-\u009f\\]/);
    expect(browserResolves(location!), `${label} → ${location}`).toBe(true);
  };

  it("GET answers stay on the site, with or without a language cookie or Accept-Language", { timeout: 60_000 }, async () => {
    const browser = new TestBrowser();
    let redirects = 0;
    for (const path of paths) {
      const choices: Record<string, string>[] = [
        {},
        { "accept-language": "hi" },
        { cookie: "lang=ta" },
        { "accept-language": "ml-IN,ml;q=0.9" },
      ];
      for (const headers of choices) {
        const response = await browser.get(path, headers);
        same(`GET ${JSON.stringify(path)} ${JSON.stringify(headers)}`, response);
        if (response.status >= 300 && response.status < 400) redirects += 1;
        await response.body?.cancel();
      }
    }
    // The prefixes and the language choice did redirect: the checks above looked at real Locations.
    expect(redirects).toBeGreaterThan(paths.length);
  });

  it("the language switch of a not-found page carries a path of the site, and /language goes back to one", {
    timeout: 60_000,
  }, async () => {
    const browser = new TestBrowser();
    for (const path of paths) {
      const page = await browser.get(path);
      if (page.status !== 404) {
        await page.body?.cancel();
        continue;
      }
      const html = await page.text();
      const carried = /<form[^>]*action="\/language"[\s\S]*?name="redirectTo" value="([^"]*)"/.exec(html)?.[1]?.replaceAll("&amp;", "&");
      expect(carried, path).toBeDefined();
      expect(carried, path).toMatch(/^\/(?![/\\])/);
      for (const lang of ["en", "hi", "ta"]) {
        same(`/language ${lang} ← ${carried}`, await browser.post("/language", { lang, redirectTo: carried! }));
      }
    }
  });

  it("POST /language goes back only to a path of the site", { timeout: 60_000 }, async () => {
    const browser = new TestBrowser();
    for (const path of paths) {
      for (const lang of ["en", "hi", "ml", "kn"]) {
        const response = await browser.post("/language", { lang, redirectTo: path });
        expect(response.status, path).toBe(303);
        same(`/language ${lang} ← ${JSON.stringify(path)}`, response);
      }
    }
  });

  it("sign-in, an already signed-in visit to /login, sign-out, the cart and favourites go back only to a path of the site", {
    timeout: 60_000,
  }, async () => {
    const browser = new TestBrowser();
    const user = await signUp(browser);
    for (const [index, path] of paths.entries()) {
      const signInPage = ["/login", "/hi/login", "/ml/login"][index % 3]!;
      const login = await new TestBrowser().post(signInPage, {
        intent: "login",
        email: user.email,
        password: user.password,
        redirectTo: path,
      });
      expect(login.status, path).toBe(302);
      same(`POST ${signInPage} ← ${JSON.stringify(path)}`, login);
      same(`GET /login?redirectTo=${JSON.stringify(path)}`, await browser.get(`/ta/login?${new URLSearchParams({ redirectTo: path })}`));
      same(
        `/cart ← ${JSON.stringify(path)}`,
        await browser.post("/hi/cart", { intent: "add-request", requestId: "999999999", redirectTo: path }),
      );
      same(`/favourites ← ${JSON.stringify(path)}`, await browser.post("/favourites", { intent: "add", templeId: "0", redirectTo: path }));
      same(`/logout ← ${JSON.stringify(path)}`, await new TestBrowser().post("/ml/logout", { redirectTo: path }));
    }
  });

  it("desk and console actions go back only to a path of the site", { timeout: 60_000 }, async () => {
    const templeA = await templeOf(STAFF_A.email);
    const staff = await signedIn(STAFF_A);
    const operator = await signedIn(OPERATOR);
    // Every hostile path, each under one of the prefixes in turn (a desk answer costs more).
    for (const path of HOSTILE.map((hostile, i) => `${PREFIXES[i % PREFIXES.length]}${hostile}`)) {
      same(
        `desk ← ${JSON.stringify(path)}`,
        await staff.post(`/ml/desk/${templeA}?index`, { intent: "accept", requestId: "999999999", redirectTo: path }),
      );
      same(`console ← ${JSON.stringify(path)}`, await operator.post("/hi/operator/catalog", { intent: "package", redirectTo: path }));
    }
  });
});
