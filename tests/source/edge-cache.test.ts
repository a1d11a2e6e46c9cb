import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { publicCacheHeaders, withEdgeCache } from "~/lib/edge-cache.server";

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
