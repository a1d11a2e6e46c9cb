import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { publicCacheHeaders, SAME_FOR_DEVOTEES_HEADER, sharedPageHeaders, withEdgeCache } from "~/lib/edge-cache.server";

/** A public page as a route renders it: shareable for a minute, naming the build's files. */
function renderer(build: string) {
  let renders = 0;
  const render = async () => {
    renders += 1;
    return new Response(`<link rel="stylesheet" href="/assets/site-${build}.css">`, {
      headers: { "Content-Type": "text/html; charset=utf-8", ...publicCacheHeaders(new Request("https://x.test/"), 60) },
    });
  };
  return { render, renders: () => renders };
}

async function visit(url: string, build: string, render: () => Promise<Response>) {
  const ctx = createExecutionContext();
  const response = await withEdgeCache(new Request(url), { ctx, kv: env.SESSIONS, build }, render);
  const body = await response.text();
  await waitOnExecutionContext(ctx);
  return body;
}

describe("the edge cache across deploys", () => {
  it("serves a page from the cache within a build, and renders it anew for the next build", async () => {
    const url = `https://sannidhi.test/temples?q=deploy-${crypto.randomUUID()}`;
    const before = renderer("aaaa");
    expect(await visit(url, "aaaa", before.render)).toContain("site-aaaa.css");
    expect(await visit(url, "aaaa", before.render)).toContain("site-aaaa.css");
    expect(before.renders()).toBe(1);

    // The next deploy: the old page names files that are gone, so it is not served.
    const after = renderer("bbbb");
    expect(await visit(url, "bbbb", after.render)).toContain("site-bbbb.css");
    expect(after.renders()).toBe(1);
  });
});

describe("the edge cache for signed-in devotees", () => {
  const SIGNED_IN = { cookie: `sn_session=${"a".repeat(43)}` };

  async function visitAs(url: string, headers: Record<string, string>, render: () => Promise<Response>, personalize: (page: Response) => Promise<Response | null>) {
    const ctx = createExecutionContext();
    const response = await withEdgeCache(new Request(url, { headers }), { ctx, kv: env.SESSIONS, build: "cccc", personalize }, render);
    const body = await response.text();
    await waitOnExecutionContext(ctx);
    return { response, body };
  }

  it("composes only pages whose stored copy devotees share, and looks nothing up for other pages", async () => {
    const shared = `https://sannidhi.test/jobs?q=${crypto.randomUUID()}`;
    const page = () => Promise.resolve(new Response("<header class=site-header>visitor</header>", { headers: { "Content-Type": "text/html", ...sharedPageHeaders(new Request(shared)) } }));
    const composed: string[] = [];
    const personalize = async (stored: Response) => {
      composed.push(await stored.text());
      return new Response("for the devotee", { headers: new Headers(stored.headers) });
    };
    const devoteeRender = () => Promise.resolve(new Response("rendered for the devotee", { headers: { "Cache-Control": "private, no-store" } }));

    // Nothing stored yet: the devotee's page is rendered, and nothing is composed.
    expect((await visitAs(shared, SIGNED_IN, devoteeRender, personalize)).body).toBe("rendered for the devotee");
    // A visitor's answer is stored; the devotee then gets the stored copy, composed, never shared.
    const visitor = await visitAs(shared, {}, page, personalize);
    expect(visitor.response.headers.has(SAME_FOR_DEVOTEES_HEADER), "the note never leaves").toBe(false);
    const devotee = await visitAs(shared, SIGNED_IN, devoteeRender, personalize);
    expect(devotee.body).toBe("for the devotee");
    expect(composed).toEqual(["<header class=site-header>visitor</header>"]);
    expect(devotee.response.headers.get("Cache-Control")).toBe("private, no-store");
    expect(devotee.response.headers.has(SAME_FOR_DEVOTEES_HEADER)).toBe(false);

    // A page stored without the note (it shows the devotee outside the header) is never composed.
    const personal = `https://sannidhi.test/t/a-temple?q=${crypto.randomUUID()}`;
    const publicOnly = () => Promise.resolve(new Response("temple site", { headers: { "Content-Type": "text/html", ...publicCacheHeaders(new Request(personal)) } }));
    await visitAs(personal, {}, publicOnly, personalize);
    expect((await visitAs(personal, SIGNED_IN, devoteeRender, personalize)).body).toBe("rendered for the devotee");
    // Nor is a page for a devotee with a toast waiting.
    expect((await visitAs(shared, { cookie: `${SIGNED_IN.cookie}; sn_toast=x` }, devoteeRender, personalize)).body).toBe("rendered for the devotee");
    expect(composed).toHaveLength(1);
  });
});
