/**
 * Which language a page speaks: the address (`/ml/temples`), else the visitor's choice (the
 * `lang` cookie), else Accept-Language, else English; the switch that makes the choice (a
 * plain form post, kept in the cookie and the signed-in profile); and what search engines
 * and caches see (html lang, hreflang alternates, one cached copy per language).
 */
import { describe, expect, it } from "vitest";
import { customerRow, signIn, signUp, TestBrowser } from "../support/browser";
import { fresh, get, postForm } from "../support/public";

const htmlLang = (html: string) => html.match(/<html lang="([^"]*)"/)?.[1];

describe("the language of a page", () => {
  it("is the address's: English at the spec's paths, the others under their prefix", async () => {
    for (const [path, lang] of [
      ["/temples", "en"],
      ["/ml/temples", "ml"],
      ["/hi", "hi"],
      ["/ta/priests", "ta"],
      ["/te/events", "te"],
      ["/kn/login", "kn"],
    ] as const) {
      const response = await get(fresh(path), { redirect: "manual" });
      expect(response.status, path).toBe(200);
      expect(htmlLang(await response.text()), path).toBe(lang);
    }
  });

  it("speaks the page's language in the header and footer, with links that stay in it", async () => {
    const tamil = await (await get(fresh("/ta/events"))).text();
    expect(tamil).toMatch(/href="\/ta\/temples"[^>]*>கோயில்கள்<\/a>/);
    expect(tamil).toContain('<h2 id="footer-explore">ஆராயுங்கள்</h2>');
    expect(tamil).not.toContain(">Temples</a>");
    const english = await (await get(fresh("/events"))).text();
    expect(english).toMatch(/href="\/temples"[^>]*>Temples<\/a>/);
    expect(english).toContain('<h2 id="footer-explore">Explore</h2>');
  });

  it("serves News as news and Events as events in every language, their More links in it (issue 30: /ml/news showed the events)", async () => {
    const titles = new Set<string>();
    for (const prefix of ["", "/hi", "/ta", "/ml", "/te", "/kn"]) {
      const news = await (await get(fresh(`${prefix}/news`))).text();
      const events = await (await get(fresh(`${prefix}/events`))).text();
      const title = (html: string) => html.match(/<h1 id="messages-title">([^<]*)<\/h1>/)?.[1];
      expect(title(news), `${prefix}/news`).toBeTruthy();
      expect(title(news), `${prefix}/news`).not.toBe(title(events));
      titles.add(title(news)!);
      // A long text's More link (without JavaScript) stays in the language.
      const more = [...events.matchAll(/href="([^"]*\?more=\d+[^"]*)"/g)].map((match) => match[1]);
      expect(more.length, `${prefix}/events cuts a long text`).toBeGreaterThan(0);
      for (const link of more) expect(link, `${prefix}/events`).toMatch(new RegExp(`^${prefix}/events\\?more=`));
    }
    expect(titles.size).toBe(6);
  });

  it("refuses a prefix that is no language (404) and sends /en/… to the English address", async () => {
    const unknown = await get("/xx/temples", { redirect: "manual" });
    expect(unknown.status).toBe(404);
    const english = await get("/en/temples?key1=deity", { redirect: "manual" });
    expect(english.status).toBe(301);
    expect(english.headers.get("location")).toBe("/temples?key1=deity");
  });

  it("follows the visitor's choice, then their browser's languages, for an address without one", async () => {
    const asked = await get("/priests?x=1", { redirect: "manual", headers: { "Accept-Language": "ml-IN,ml;q=0.9,en;q=0.8" } });
    expect(asked.status).toBe(302);
    expect(asked.headers.get("location")).toBe("/ml/priests?x=1");
    expect(asked.headers.get("vary")).toMatch(/Cookie/);
    expect(asked.headers.get("vary")).toMatch(/Accept-Language/);
    expect(asked.headers.get("cache-control")).toMatch(/no-store/);

    // The choice beats the browser, and choosing English means English.
    const chosen = await get("/priests", { redirect: "manual", headers: { Cookie: "lang=ta", "Accept-Language": "hi" } });
    expect(chosen.headers.get("location")).toBe("/ta/priests");
    const english = await get(fresh("/priests"), { redirect: "manual", headers: { Cookie: "lang=en", "Accept-Language": "hi" } });
    expect(english.status).toBe(200);

    // English first in the browser's list, or languages we do not speak: English.
    for (const header of ["en-IN,hi;q=0.5", "fr-FR,de;q=0.9", "hi;q=0", ";;;,q=abc"]) {
      const response = await get(fresh("/priests"), { redirect: "manual", headers: { "Accept-Language": header } });
      expect(response.status, header).toBe(200);
    }
  });

  it("never redirects what is not a page: data requests, files, the legacy API and posts", async () => {
    const headers = { Cookie: "lang=ml", "Accept-Language": "ml" };
    expect((await get("/temples.data", { redirect: "manual", headers })).status).not.toBe(302);
    expect((await get("/api/suggest?q=guru", { redirect: "manual", headers })).status).toBe(200);
    expect((await get("/healthz", { redirect: "manual", headers })).status).toBe(200);
    expect((await get("/__manifest?paths=%2Fpriests&version=x", { redirect: "manual", headers })).status).not.toBe(302);
    expect((await get("/priests", { redirect: "manual", headers: { ...headers, "Sec-Fetch-Dest": "empty" } })).status).not.toBe(302);
    const legacy = await get("/api/common/listAllDeities", {
      method: "POST",
      redirect: "manual",
      headers: { ...headers, "Content-Type": "application/json" },
      body: "{}",
    });
    expect(legacy.status).toBe(200);
  });

  it("tells search engines every language of the page (hreflang) and caches each language apart", async () => {
    const path = fresh("/temples").replace("http://localhost", "");
    const english = await (await get(path)).text();
    const malayalam = await (await get(`/ml${path}`)).text();
    expect(htmlLang(english)).toBe("en");
    // The same address asked again is answered from the cache, still in its own language.
    expect(htmlLang(await (await get(`/ml${path}`)).text())).toBe("ml");
    expect(htmlLang(await (await get(path)).text())).toBe("en");
    const alternates = [...malayalam.matchAll(/<link rel="alternate" hrefLang="([^"]+)" href="([^"]+)"/g)].map(([, lang, href]) => [
      lang,
      href,
    ]);
    expect(alternates).toEqual([
      ["en", `http://localhost${path}`],
      ["hi", `http://localhost/hi${path}`],
      ["ta", `http://localhost/ta${path}`],
      ["ml", `http://localhost/ml${path}`],
      ["te", `http://localhost/te${path}`],
      ["kn", `http://localhost/kn${path}`],
      ["x-default", `http://localhost${path}`],
    ]);
  });
});

describe("the language switch", () => {
  it("keeps the choice in a cookie and goes back to the same page in that language", async () => {
    const response = await postForm("/language", { lang: "kn", redirectTo: "/temples?key1=deity&key2=Shiva" });
    expect(response.status).toBe(303);
    expect(response.headers.get("location")).toBe("/kn/temples?key1=deity&key2=Shiva");
    expect(response.headers.get("set-cookie")).toMatch(/^lang=kn; Path=\/; Max-Age=31536000; HttpOnly; SameSite=Lax/);

    // From a page already in a language, to English: the spec's own address.
    const back = await postForm("/language", { lang: "en", redirectTo: "/kn/priests" });
    expect(back.headers.get("location")).toBe("/priests");
    expect(back.headers.get("set-cookie")).toMatch(/^lang=en;/);
  });

  it("refuses what is not a choice: an unknown language, another site's address, a cross-site post", async () => {
    const unknown = await postForm("/language", { lang: "fr", redirectTo: "/temples" });
    expect(unknown.status).toBe(303);
    expect(unknown.headers.get("location")).toBe("/temples");
    expect(unknown.headers.get("set-cookie")).toBeNull();

    const offsite = await postForm("/language", { lang: "ml", redirectTo: "//evil.example/x" });
    expect(offsite.headers.get("location")).toBe("/ml");

    const crossSite = await postForm(
      "/language",
      { lang: "ml", redirectTo: "/" },
      { Origin: "https://evil.example", "Sec-Fetch-Site": "cross-site" },
    );
    expect(crossSite.status).toBe(403);
    expect(crossSite.headers.get("set-cookie")).toBeNull();
  });

  it("keeps a signed-in devotee's choice in their profile", async () => {
    const browser = new TestBrowser();
    const user = await signUp(browser);
    // The language they signed up in (messages speak it until they choose another).
    expect((await customerRow(user.email))?.language).toBe("en");
    const response = await browser.post("/language", { lang: "ml", redirectTo: "/account" });
    expect(response.headers.get("location")).toBe("/ml/account");
    expect((await customerRow(user.email))?.language).toBe("ml");
  });

  it("brings a devotee's language back at sign-in on a browser that has made no choice of its own, else keeps the one they sign in with", async () => {
    const first = new TestBrowser();
    const user = await signUp(first);
    await first.post("/language", { lang: "ta", redirectTo: "/" });

    // Another browser (no lang cookie): signing in sets it from the profile and lands in Tamil.
    const second = new TestBrowser();
    const response = await signIn(second, user.email, user.password);
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/ta");
    expect(second.cookies.get("lang")).toBe("ta");

    // A browser that chose English keeps English; a sign-in posted from a Malayalam page stays Malayalam.
    const english = new TestBrowser();
    english.cookies.set("lang", "en");
    expect((await signIn(english, user.email, user.password)).headers.get("location")).toBe("/");
    // The language they sign in with is the one their messages speak from now on.
    expect((await customerRow(user.email))?.language).toBe("en");
    const malayalam = new TestBrowser();
    malayalam.cookies.set("lang", "ml");
    const fromMalayalam = await malayalam.post("/ml/login", {
      intent: "login",
      email: user.email,
      password: user.password,
      redirectTo: "/account",
    });
    expect(fromMalayalam.headers.get("location")).toBe("/ml/account");
    expect((await customerRow(user.email))?.language).toBe("ml");
  });
});
