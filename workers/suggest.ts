/**
 * The autocomplete's JSON, answered before React Router: a suggestion is asked for at every
 * keystroke, and the page middleware and route matching cost more CPU than its queries. The
 * same address in every language (`/ml/api/suggest`: names as Malayalam devotees write them),
 * the same edge cache for visitors (the address, the content version and the build); a
 * signed-in devotee's is computed for them and private.
 *   GET [/:lang]/api/suggest?list=search|puja|temple|priest&q=
 */
import { Hono, type Context } from "hono";
import { createDb } from "~/db/client.server";
import { autocomplete, autocompleteQuery } from "~/domain/catalog/autocomplete.server";
import { suggestIndexOf } from "~/domain/catalog/suggest-index.server";
import { openD1Session } from "~/lib/d1-session.server";
import { withEdgeCache } from "~/lib/edge-cache/index.server";
import { contentVersion } from "~/lib/edge-cache/versions.server";
import { hasPersonalCookie } from "~/lib/edge-cache/page-headers.server";
import { readEnv } from "~/lib/env.server";
import { baseLocale, localeFromPath, locales, localizePath } from "~/lib/i18n";
import { withLocale } from "~/lib/locale.server";
import { buildVersion } from "./react-router";

export const suggest = new Hono<{ Bindings: Env }>();

const PUBLIC = "public, max-age=300, s-maxage=3600";
// The same suggestions, but the answer of a request with our cookies is never shared (the browser may keep it).
const PERSONAL = "private, max-age=300";

async function answer(request: Request, db: D1Database, ctx: ExecutionContext): Promise<Response> {
  const query = autocompleteQuery.parse(Object.fromEntries(new URL(request.url).searchParams));
  // The isolate's index of the names, while it is of the content version pages are keyed by (null: the statement answers).
  const index = query.list === "search" ? suggestIndexOf(db, await contentVersion(db), ctx) : null;
  const found = await autocomplete(createDb(openD1Session(db, request).session as unknown as D1Database), query, index);
  if ("message" in found) return Response.json(found, { status: 400, headers: { "Cache-Control": "no-store" } });
  return Response.json(found, { headers: { "Cache-Control": hasPersonalCookie(request) ? PERSONAL : PUBLIC } });
}

async function suggestions(c: Context<{ Bindings: Env }>): Promise<Response> {
  const request = c.req.raw;
  const db = readEnv(c.env).bindings.DB;
  const options = { ctx: c.executionCtx as ExecutionContext, db, build: await buildVersion() };
  return withLocale(localeFromPath(new URL(request.url).pathname), () =>
    withEdgeCache(request, options, (asked) => answer(asked, db, options.ctx)),
  );
}

// One static path per language: a pattern here (`/:lang{…}`) would move the whole Worker onto Hono's slower router.
for (const locale of locales) suggest.get(locale === baseLocale ? "/api/suggest" : `/${locale}/api/suggest`, suggestions);
// English is at the spec's own address.
suggest.get(`/${baseLocale}/api/suggest`, (c) => {
  const url = new URL(c.req.url);
  return c.redirect(localizePath(`${url.pathname}${url.search}`, baseLocale), 301);
});
