/** GET /api/openapi.json (the OpenAPI 3.1 document) and GET /api/docs (the same, readable, server-rendered). */
import { Hono } from "hono";
import { createNonce } from "~/lib/security-headers.server";
import type { LegacyEnv } from "./http";
import { API_OVERVIEW, jsonSchema, legacyErrorSchema, openApiDocument, requestSchema } from "./openapi";
import { LEGACY_GROUPS, type LegacyRoute, legacyRoutes } from "./route";

export const docs = new Hono<LegacyEnv>();

docs.get("/api/openapi.json", (c) => {
  c.header("Cache-Control", "public, max-age=300");
  return c.json(openApiDocument());
});

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
}

const pretty = (value: unknown) => `<pre>${escapeHtml(JSON.stringify(value, null, 2))}</pre>`;

function routeSection(route: LegacyRoute): string {
  const auth = route.auth === "customer" ? "signed-in customer" : "anyone";
  const statuses = [200, 400, 413, ...(route.auth === "customer" ? [401] : []), ...(route.statuses ?? [])].sort((x, y) => x - y).join(", ");
  const id = route.path.replace(/[^A-Za-z0-9]+/g, "-");
  return `<section class="route" id="${escapeHtml(id)}">
<h3><span class="method">POST</span> <code>${escapeHtml(route.path)}</code></h3>
<p class="summary">${escapeHtml(route.summary)}</p>
<p>${escapeHtml(route.description)}</p>
<p class="meta">Who: ${auth}${route.writes ? " · writes (XSRF header with the portal cookie)" : ""} · statuses: ${statuses}</p>
<details><summary>Payload</summary>${pretty(requestSchema(route))}</details>
<details><summary>Answer (200)</summary>${pretty(jsonSchema(route.response, "output"))}</details>
</section>`;
}

const STYLE = `body{font:16px/1.5 system-ui,sans-serif;margin:0;color:#2b1d14;background:#fffaf2}
main{max-width:960px;margin:0 auto;padding:24px}h1,h2{font-family:Georgia,serif;color:#7a1f1f}
nav ul{columns:2;padding-left:18px}.route{background:#fff;border:1px solid #e6d8c6;border-radius:8px;padding:12px 16px;margin:12px 0}
.method{background:#7a1f1f;color:#fff;border-radius:4px;padding:1px 6px;font-size:13px}.summary{font-weight:600}
.meta{color:#5f4b3c;font-size:14px}pre{background:#f7efe4;padding:10px;overflow:auto;font-size:13px}code{font-size:15px}`;

let cachedBody: string | null = null;

function renderBody(): string {
  if (cachedBody) return cachedBody;
  const groups = LEGACY_GROUPS.map((group) => ({ group, routes: legacyRoutes.filter((r) => r.group === group) })).filter(
    (g) => g.routes.length > 0,
  );
  const index = legacyRoutes
    .map((r) => `<li><a href="#${escapeHtml(r.path.replace(/[^A-Za-z0-9]+/g, "-"))}">${escapeHtml(r.path)}</a></li>`)
    .join("");
  cachedBody = `<main>
<h1>Sannidhi legacy API</h1>
${API_OVERVIEW.map((p) => `<p>${escapeHtml(p)}</p>`).join("\n")}
<p>Machine-readable: <a href="/api/openapi.json">/api/openapi.json</a> (OpenAPI 3.1). Error body of every non-200 answer:</p>
${pretty(jsonSchema(legacyErrorSchema, "output"))}
<nav aria-label="Paths"><h2>Paths</h2><ul>${index}</ul></nav>
${groups.map(({ group, routes }) => `<h2>${escapeHtml(group)}</h2>\n${routes.map(routeSection).join("\n")}`).join("\n")}
</main>`;
  return cachedBody;
}

docs.get("/api/docs", (c) => {
  const nonce = createNonce();
  c.header(
    "Content-Security-Policy",
    `default-src 'none'; style-src 'nonce-${nonce}'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'`,
  );
  c.header("Cache-Control", "public, max-age=300");
  return c.html(`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Legacy API | Sannidhi</title><style nonce="${nonce}">${STYLE}</style></head>
<body>${renderBody()}</body></html>`);
});
