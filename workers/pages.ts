/**
 * Every request no other module answered: pages, form posts and data requests, to React Router
 * (react-router.ts) behind the edge cache (app/lib/edge-cache), which answers a signed-in
 * devotee's request for a page devotees share from its stored public copy, composed for them
 * (app/compose). Cross-site form posts are refused first; an address without a language
 * follows the visitor's choice.
 */
import { Hono } from "hono";
import { composeForDevotees } from "~/compose/index.server";
import { isCrossSiteStateChange } from "~/lib/csrf.server";
import { withEdgeCache } from "~/lib/edge-cache/index.server";
import { requestLocale, withLocale } from "~/lib/locale.server";
import { buildVersion, renderPage } from "./react-router";

export const pages = new Hono<{ Bindings: Env }>();

pages.all("*", async (c) => {
  if (isCrossSiteStateChange(c.req.raw)) {
    return c.text("Cross-site form submissions are not accepted.", 403);
  }
  const { locale, redirectTo } = requestLocale(c.req.raw);
  if (redirectTo) {
    return new Response(null, {
      status: 302,
      headers: { Location: redirectTo, Vary: "Cookie, Accept-Language", "Cache-Control": "private, no-store" },
    });
  }
  const ctx = c.executionCtx as ExecutionContext;
  const options = { ctx, db: c.env.DB, build: await buildVersion(), compose: composeForDevotees(c.env, ctx) };
  // `request` is the one being answered, or a visitor's for the public copy of a page devotees share.
  return withLocale(locale, () => withEdgeCache(c.req.raw, options, (request) => renderPage(request, c.env, ctx)));
});
