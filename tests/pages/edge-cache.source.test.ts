import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { type DevoteeHeaders, devoteeComposer } from "~/compose/page.server";
import { withEdgeCache } from "~/lib/edge-cache/index.server";
import { keepPage, MEMORY_SECONDS, pagesKept, recallPage } from "~/lib/edge-cache/memory.server";
import { publicCacheHeaders, SHARED_COPY_HEADER, sharedPageHeaders } from "~/lib/edge-cache/page-headers.server";
import { edgeCacheKey } from "~/lib/edge-cache/versions.server";
import type { PersonalHeader } from "~/web/personal-header.server";
import { afterRequest } from "../../workers/after-request";

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
  const response = await withEdgeCache(new Request(url), { ctx, db: env.DB, build }, render);
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

  async function visitAs(url: string, headers: Record<string, string>, render: () => Promise<Response>, devotees: DevoteeHeaders) {
    const ctx = createExecutionContext();
    const response = await withEdgeCache(
      new Request(url, { headers }),
      { ctx, db: env.DB, build: "cccc", compose: devoteeComposer(async () => devotees) },
      render,
    );
    const body = await response.text();
    await waitOnExecutionContext(ctx);
    return { response, body };
  }

  it("composes only pages whose stored copy devotees share, and looks nothing up for other pages", async () => {
    const shared = `https://sannidhi.test/jobs?q=${crypto.randomUUID()}`;
    const page = () =>
      Promise.resolve(
        new Response("<header class=site-header>visitor</header>", {
          headers: { "Content-Type": "text/html", ...sharedPageHeaders(new Request(shared)) },
        }),
      );
    const composed: string[] = [];
    const devotee: PersonalHeader = { customer: { id: 7, firstName: "Meera" }, cartCount: 2, unseenCount: 0, staffHome: null };
    const personalize: DevoteeHeaders = {
      read: async () => devotee,
      render: async (request, personal) => {
        composed.push(request.url);
        return `<header class="site-header">${personal.customer!.firstName}</header>`;
      },
    };
    const devoteeRender = () =>
      Promise.resolve(new Response("rendered for the devotee", { headers: { "Cache-Control": "private, no-store" } }));

    // Nothing stored yet: the devotee's page is rendered, and nothing is composed.
    expect((await visitAs(shared, SIGNED_IN, devoteeRender, personalize)).body).toBe("rendered for the devotee");
    // A visitor's answer is stored; the devotee then gets the stored copy, composed, never shared.
    const visitor = await visitAs(shared, {}, page, personalize);
    expect(visitor.response.headers.has(SHARED_COPY_HEADER), "the note never leaves").toBe(false);
    const forDevotee = await visitAs(shared, SIGNED_IN, devoteeRender, personalize);
    expect(forDevotee.body).toBe('<header class="site-header">Meera</header>');
    expect(composed).toEqual([shared]);
    expect(forDevotee.response.headers.get("Cache-Control")).toBe("private, no-store");
    expect(forDevotee.response.headers.has(SHARED_COPY_HEADER)).toBe(false);

    // A page stored without the note (it shows the devotee outside the header) is never composed.
    const personal = `https://sannidhi.test/t/a-temple?q=${crypto.randomUUID()}`;
    const publicOnly = () =>
      Promise.resolve(
        new Response("temple site", { headers: { "Content-Type": "text/html", ...publicCacheHeaders(new Request(personal)) } }),
      );
    await visitAs(personal, {}, publicOnly, personalize);
    expect((await visitAs(personal, SIGNED_IN, devoteeRender, personalize)).body).toBe("rendered for the devotee");
    // A toast waiting beside the session does not stop it: composed, and the site's line clearing the toast goes with it.
    const toast = async () => ({ html: '<div class="toasts"></div>', json: "{}", clear: "sn_toast=; Max-Age=0" });
    const withToast = await visitAs(shared, { cookie: `${SIGNED_IN.cookie}; sn_toast=x` }, devoteeRender, { ...personalize, toast });
    expect(withToast.body).toBe('<header class="site-header">Meera</header>');
    expect(withToast.response.headers.getSetCookie()).toContain("sn_toast=; Max-Age=0");
    // Any other cookie of ours beside them (a sign-up flow), or a second session, means a full render.
    for (const cookie of [`${SIGNED_IN.cookie}; sn_toast=x; sn_flow=1`, `${SIGNED_IN.cookie}; ${SIGNED_IN.cookie}`]) {
      expect((await visitAs(shared, { cookie }, devoteeRender, { ...personalize, toast })).body, cookie).toBe("rendered for the devotee");
    }
    // Composed twice for the same header: rendered once, the second one's kept.
    expect(composed).toHaveLength(1);
  });
});

describe("a page's own devotee part", () => {
  const SIGNED_IN = { cookie: `sn_session=${"b".repeat(43)}` };
  const devotee: PersonalHeader = { customer: { id: 9, firstName: "Meera" }, cartCount: 0, unseenCount: 0, staffHome: null };
  const VISITOR_PAGE =
    '<html><head><title>t</title></head><body><header class="site-header">visitor</header><main>' +
    '<div data-devotee-part="booking">Sign in to book</div><p>public</p></main></body></html>';
  // The page as a route renders it: a visitor's copy devotees share, with its part named; a devotee's own render says so too.
  const render = async (request: Request) =>
    new Response(request.headers.has("cookie") ? "rendered for the devotee" : VISITOR_PAGE, {
      headers: { "Content-Type": "text/html", ...sharedPageHeaders(request, 60, "booking") },
    });

  async function visitAs(url: string, headers: Record<string, string>, devotees: DevoteeHeaders) {
    const ctx = createExecutionContext();
    const response = await withEdgeCache(
      new Request(url, { headers }),
      { ctx, db: env.DB, build: "eeee", compose: devoteeComposer(async () => devotees) },
      render,
    );
    const body = await response.text();
    await waitOnExecutionContext(ctx);
    return { response, body };
  }

  it("is drawn for the devotee into a copy made for devotees (no visitor asked first), or the page is rendered in full", async () => {
    const url = `https://sannidhi.test/t/part-${crypto.randomUUID()}`;
    const parts: (string | undefined)[] = [];
    const site = (draws: boolean): DevoteeHeaders => ({
      read: async (_request, part) => {
        parts.push(part);
        return devotee;
      },
      render: async (_request, personal) => `<header class="site-header">${personal.customer!.firstName}</header>`,
      part: async (part, _request, personal) =>
        draws && part === "booking"
          ? { html: `<div data-devotee-part="booking">Book, ${personal.customer!.firstName}</div>`, view: '{"signedIn":true}' }
          : null,
    });

    // Nothing known of the address yet: rendered in full, and that render says devotees share the page.
    expect((await visitAs(url, SIGNED_IN, site(true))).body).toBe("rendered for the devotee");
    // The next devotee: a visitor's copy is made, and the part drawn into it.
    const composed = await visitAs(url, SIGNED_IN, site(true));
    expect(composed.body).toContain('<header class="site-header">Meera</header>');
    expect(composed.body).toContain('<div data-devotee-part="booking">Book, Meera</div><p>public</p>');
    expect(composed.body).not.toContain("Sign in to book");
    expect(composed.body).toContain('<script type="application/json" id="sn-devotee-view">{"signedIn":true}</script>');
    expect(composed.response.headers.get("Cache-Control")).toBe("private, no-store");
    expect(composed.response.headers.has(SHARED_COPY_HEADER)).toBe(false);
    expect(parts.at(-1)).toBe("booking");
    // A visitor gets that copy as it was made: nobody's part, no note.
    const visitor = await visitAs(url, {}, site(true));
    expect(visitor.body).toBe(VISITOR_PAGE);
    expect(visitor.response.headers.has(SHARED_COPY_HEADER)).toBe(false);
    // A site that draws no such part: the page is rendered in full.
    expect((await visitAs(url, SIGNED_IN, site(false))).body).toBe("rendered for the devotee");
  });
});

describe("pages kept in the isolate's memory", () => {
  it("answers a page the cache answered lately from memory, the same bytes and headers, until the content changes", async () => {
    const url = `https://sannidhi.test/temples?q=memory-${crypto.randomUUID()}`;
    const page = renderer("dddd");
    expect(await visit(url, "dddd", page.render)).toContain("site-dddd.css");
    // The first hit comes from the Cache API and is kept; later ones need no lookup at all.
    const first = await visitResponse(url, "dddd", page.render);
    // The Cache API forgets the page (as a data center's cache may): the isolate still has it.
    const version = await env.DB.prepare("select version from content_version where id = 1").first<{ version: number }>();
    const key = edgeCacheKey(url, String(version!.version), "dddd");
    expect(await (caches as unknown as { default: Cache }).default.delete(key)).toBe(true);
    const second = await visitResponse(url, "dddd", page.render);
    const third = await visitResponse(url, "dddd", page.render);
    expect(page.renders()).toBe(1);
    expect(second.body).toBe(first.body);
    expect(third.body).toBe(first.body);
    expect(second.headers).toEqual(first.headers);

    // A write to what public pages show (here a post that renames a state) moves every page to a
    // new key: the next visit is rendered anew, not recalled.
    const ctx = createExecutionContext();
    const post = new Request(url, { method: "POST" });
    const answer = await withEdgeCache(post, { ctx, db: env.DB, build: "dddd" }, async () => {
      await env.DB.prepare("update states set name = name where id = (select min(id) from states)").run();
      return new Response(null, { status: 303, headers: { Location: "/" } });
    });
    // What the Worker does after every request that may have written (workers/after-request.ts).
    await afterRequest(post, answer);
    await waitOnExecutionContext(ctx);
    expect(await visit(url, "dddd", page.render)).toContain("site-dddd.css");
    expect(page.renders()).toBe(2);
  });

  it("forgets a page after its time, and never holds more than its bound", async () => {
    const now = Date.now();
    const small = () => new Response("कृष्ण मंदिर", { headers: { "Content-Type": "text/html; charset=utf-8" } });
    const key = `https://sannidhi.test/?memory=${crypto.randomUUID()}`;
    expect(await (await keepPage(key, small(), now)).text()).toBe("कृष्ण मंदिर");
    expect(await recallPage(key, now + 1000)?.text()).toBe("कृष्ण मंदिर");
    expect(recallPage(key, now + MEMORY_SECONDS * 1000)).toBeNull();

    // A page over half a megabyte is passed on whole and not kept.
    const large = "x".repeat(600 * 1024);
    const largeKey = `${key}&large`;
    expect((await (await keepPage(largeKey, new Response(large), now)).text()).length).toBe(large.length);
    expect(recallPage(largeKey, now)).toBeNull();

    // Forty pages of 400 KB: the oldest go first, and memory stays within 8 MB.
    const page = "y".repeat(400 * 1024);
    for (let i = 0; i < 40; i++) await keepPage(`${key}&page=${i}`, new Response(page), now);
    expect(pagesKept().bytes).toBeLessThanOrEqual(8 * 1024 * 1024);
    expect(recallPage(`${key}&page=0`, now)).toBeNull();
    expect(await recallPage(`${key}&page=39`, now)?.text()).toBe(page);
  });
});

async function visitResponse(url: string, build: string, render: () => Promise<Response>) {
  const ctx = createExecutionContext();
  const response = await withEdgeCache(new Request(url), { ctx, db: env.DB, build }, render);
  const body = await response.text();
  await waitOnExecutionContext(ctx);
  return { body, headers: [...response.headers] };
}
