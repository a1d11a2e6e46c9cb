/** Helpers for the public-portal Worker tests. */
import { env, exports } from "cloudflare:workers";
import type { SQLWrapper } from "drizzle-orm";
import { createDb } from "~/db/client.server";

export const ORIGIN = "http://localhost";

export const db = () => createDb(env.DB);

/** A fresh address each call, so the edge cache never answers a test from another. */
let counter = 0;
export function fresh(path: string) {
  counter += 1;
  const joiner = path.includes("?") ? "&" : "?";
  return `${ORIGIN}${path}${joiner}t=${Date.now().toString(36)}${counter}`;
}

export function get(path: string, init: RequestInit = {}) {
  return exports.default.fetch(path.startsWith("http") ? path : `${ORIGIN}${path}`, init);
}

/** Posts a form as a browser on this site would (same-origin, urlencoded). */
export function postForm(path: string, fields: Record<string, string>, headers: Record<string, string> = {}) {
  return exports.default.fetch(`${ORIGIN}${path}`, {
    method: "POST",
    redirect: "manual",
    headers: {
      Origin: ORIGIN,
      "Sec-Fetch-Site": "same-origin",
      "Content-Type": "application/x-www-form-urlencoded",
      ...headers,
    },
    body: new URLSearchParams(fields).toString(),
  });
}

export async function count(sql: string, ...params: unknown[]) {
  const row = await env.DB.prepare(sql)
    .bind(...params)
    .first<{ n: number }>();
  return row?.n ?? 0;
}

/** SQLite's plan for a drizzle query, one detail line per step. */
export async function queryPlan(query: SQLWrapper & { toSQL(): { sql: string; params: unknown[] } }) {
  const { sql, params } = query.toSQL();
  const { results } = await env.DB.prepare(`explain query plan ${sql}`)
    .bind(...params)
    .all<{ detail: string }>();
  return results.map((row) => row.detail);
}

/** Plan steps that read a whole table row by row (no index, no rowid lookup). */
export function fullScans(plan: string[], tables: string[]) {
  return plan.filter((step) => tables.some((table) => new RegExp(`^SCAN ${table}\\b`).test(step) && !/USING (COVERING )?INDEX/.test(step)));
}

/** Text of an HTML page with entities for quotes and ampersands decoded. */
export function decode(html: string) {
  return html
    .replace(/&#x27;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, "&");
}
