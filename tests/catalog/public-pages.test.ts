import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { truncate } from "~/domain/text";
import { decode, fresh, get } from "../support/public";

const PAGES: [string, string][] = [
  ["/", "<title>Sannidhi: Hindu temples, pujas and prasad online</title>"],
  ["/temples", "<title>Temples | Sannidhi</title>"],
  ["/list", "<title>Temples | Sannidhi</title>"],
  ["/services", "<title>Services | Sannidhi</title>"],
  ["/events", "<title>Events | Sannidhi</title>"],
  ["/news", "<title>News | Sannidhi</title>"],
  ["/temple-signup", "<title>Register your temple | Sannidhi</title>"],
  ["/jobs", "<title>Jobs | Sannidhi</title>"],
  ["/priests", "<title>Priests | Sannidhi</title>"],
  ["/policies/privacy-policy", "<title>Privacy Policy | Sannidhi</title>"],
];

describe("public pages", () => {
  it("render with their own title, description, landmarks and footer policies", async () => {
    for (const [path, title] of PAGES) {
      const response = await get(fresh(path));
      expect(response.status, path).toBe(200);
      const html = decode(await response.text());
      expect(html, path).toContain(title);
      expect(html, path).toMatch(/<meta name="description" content="[^"]{30,}"/);
      for (const landmark of ["<header", "<main", "<footer", 'aria-label="Main"']) expect(html, path).toContain(landmark);
      for (const policy of ["Terms and Conditions", "Disclaimer", "Privacy Policy", "Cancellation & Refund Policy", "Cookie Policy"]) {
        expect(html, path).toContain(policy);
      }
    }
  });

  it("answers any other path, and an unknown policy, with the not-found page and 404", async () => {
    for (const path of ["/no-such-page", "/temples-x/1", "/policies/none"]) {
      const response = await get(fresh(path));
      expect(response.status, path).toBe(404);
      expect(await response.text(), path).toContain("Page not found");
    }
  });

  it("redirects the spec's 'home' route to the landing page", async () => {
    const response = await get("/home", { redirect: "manual" });
    expect(response.status).toBe(301);
    expect(response.headers.get("location")).toBe("/");
  });

  it("writes the policies with the spec's facts", async () => {
    const text = async (slug: string) => decode(await (await get(fresh(`/policies/${slug}`))).text());
    const terms = await text("terms-and-conditions");
    expect(terms).toMatch(/Members/);
    expect(terms).toMatch(/Visitors/);
    expect(terms).toMatch(/at least 16 years old/);
    expect(terms).toMatch(/One account per person/);
    expect(terms).toMatch(/real name/);
    const privacy = await text("privacy-policy");
    expect(privacy).toContain("Last updated: December 2018");
    expect(privacy).toContain("about ten days");
    const refunds = await text("cancellation-and-refund-policy");
    expect(refunds).toContain("4-5 working days");
    expect(refunds).toContain("cannot be cancelled");
    expect(refunds).toContain("non-refundable after a successful booking, and after the puja has been done");
    expect(await text("cookie-policy")).toContain("sn_session");
    expect(await text("disclaimer")).toContain("support@sannidhi.example");
  });

  it("shows 'No news' when there is none", async () => {
    await env.DB.exec("create table news_away as select * from messages where kind = 'news'");
    await env.DB.exec("delete from messages where kind = 'news'");
    try {
      const html = await (await get(fresh("/news"))).text();
      expect(html).toContain("No news");
    } finally {
      await env.DB.exec("insert into messages select * from news_away");
      await env.DB.exec("drop table news_away");
    }
    expect(await (await get(fresh("/news"))).text()).not.toContain("No news");
  });

  it("cuts long event text at 790 characters; ?more=<id> shows it whole without JavaScript", async () => {
    const long = (await env.DB.prepare(
      "select id, kind, body from messages where kind in ('event', 'news') and length(body) > 790 and end_date >= date('now') order by id limit 1",
    ).first<{ id: number; kind: string; body: string }>())!;
    const path = long.kind === "news" ? "/news" : "/events";
    const shown = (html: string) => [...decode(html).matchAll(/class="message__body">([^<]*)</g)].map((m) => m[1]);
    const cutPage = await (await get(fresh(path))).text();
    expect(shown(cutPage)).toContain(truncate(long.body, 790));
    expect(shown(cutPage)).not.toContain(long.body);
    expect(decode(cutPage)).toContain(`${path}?more=${long.id}#message-${long.id}`);
    const openPage = await (await get(fresh(`${path}?more=${long.id}`))).text();
    expect(shown(openPage)).toContain(long.body);
  });

  it("links package cards to the packages site's page_details", async () => {
    const html = decode(await (await get(fresh("/"))).text());
    // The packages host follows the portal's own port (none here: port 80).
    expect(html).toMatch(/href="http:\/\/packages\.localhost(:\d+)?\/page_details\?packageId=\d+"/);
    expect(html).toContain("Get a website for your Temple");
  });

  it("loads the home page's largest image first: the first deity's picture, eager and at high priority", async () => {
    const html = await (await get(fresh("/"))).text();
    // HTML attribute names are case-insensitive (React writes fetchPriority).
    const priority = [...html.matchAll(/<img[^>]*fetchpriority="high"[^>]*>/gi)].map((m) => m[0]);
    expect(priority.length, "the first deity, in the desktop and the phone carousel").toBe(2);
    for (const img of priority) expect(img).toContain('loading="eager"');
    expect(new Set(priority.map((img) => /src="([^"]+)"/.exec(img)![1])).size).toBe(1);
  });

  it("serves suggestions as cacheable JSON", async () => {
    const response = await get("/api/suggest?q=sr");
    expect(response.headers.get("content-type")).toContain("application/json");
    expect(response.headers.get("cache-control")).toContain("s-maxage");
    const body = await response.json<{ items: { kind: string; label: string; id: number }[] }>();
    expect(body.items.length).toBeGreaterThan(0);
    const priests = await (await get("/api/suggest?list=priest&q=")).json<{ items: { label: string }[] }>();
    expect(priests.items.length).toBe(10);
  });
});

describe("edge caching", () => {
  it("lets shared caches keep public pages, never a signed-in or toast view", async () => {
    const anonymous = await get(fresh("/services"));
    expect(anonymous.headers.get("cache-control")).toMatch(/public.*s-maxage=\d+/);
    for (const cookie of ["sn_session=abc", "sn_toast=xyz", "sn_new_user=true"]) {
      const personal = await get(fresh("/services"), { headers: { Cookie: cookie } });
      expect(personal.headers.get("cache-control"), cookie).toMatch(/private|no-store/);
    }
    const reset = await get(fresh("/services"), { headers: { Cookie: "sn_new_user=false" } });
    expect(reset.headers.get("cache-control")).toMatch(/public/);
  });

  it("answers a repeat visit from the cache as stored: its inline scripts allowed by hash, never the first visitor's nonce", async () => {
    const url = fresh("/services");
    const inlineScripts = (html: string) =>
      [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)].filter(([, attributes]) => !/\ssrc=/.test(attributes!));
    const first = await get(url);
    const nonce = /script-src 'self' 'nonce-([^']+)'/.exec(first.headers.get("content-security-policy") ?? "")?.[1];
    expect(nonce).toBeTruthy();
    const firstHtml = await first.text();
    expect(inlineScripts(firstHtml).length).toBeGreaterThan(0);
    for (const [, attributes] of inlineScripts(firstHtml)) expect(attributes).toContain(`nonce="${nonce}"`);

    let hit: Response | undefined;
    for (let attempt = 0; attempt < 20 && !hit; attempt++) {
      const response = await get(url);
      if (response.headers.get("cf-cache-status") === "HIT") hit = response;
      else await response.arrayBuffer();
    }
    expect(hit, "a cache hit").toBeDefined();
    const policy = hit!.headers.get("content-security-policy")!;
    const html = await hit!.text();
    expect(policy).not.toContain("nonce");
    expect(html).not.toContain(nonce!);
    // Exactly the page's inline scripts may run: each one's hash is in the policy, and nothing else is.
    const allowed = [...policy.matchAll(/'sha256-([^']+)'/g)].map(([, hash]) => hash);
    const digest = async (text: string) =>
      btoa(String.fromCharCode(...new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text)))));
    const hashes = await Promise.all(inlineScripts(html).map(([, , text]) => digest(text!)));
    expect(new Set(allowed)).toEqual(new Set(hashes));
    expect(policy).toMatch(/script-src 'self' 'sha256-/);
    expect(html.replace(/\s+/g, " ")).toBe(firstHtml.replaceAll(` nonce="${nonce}"`, "").replace(/\s+/g, " "));
  });

  it("never caches a page for a visitor who is signed in", async () => {
    const url = fresh("/services");
    await get(url);
    const signedIn = await get(url, { headers: { Cookie: "sn_session=whatever" } });
    expect(signedIn.headers.get("cf-cache-status")).toBeNull();
  });
});
