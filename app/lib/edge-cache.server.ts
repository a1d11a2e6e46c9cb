/**
 * Edge caching of public pages. A page opts in by sending `publicCacheHeaders` from its
 * loader and `cacheControlHeaders` as its `headers`; the Worker then keeps the response
 * in the Cache API. A request that carries a session (or a pending toast) is never
 * answered from, nor stored in, the cache: a signed-in view is never shared.
 *
 * The copy kept in the cache allows its inline scripts by their SHA-256 hashes instead of the
 * nonce of the render that made it (a nonce must never be handed to a second visitor), so an
 * answer from the cache is the stored response as it is: no rewriting per hit. A page the
 * isolate answered from the cache lately is answered from its memory (page-memory.server.ts).
 *
 * Cached pages are versioned: the cache key carries a content version kept in KV, and
 * every successful change from the temple desk or the operator console bumps it, so
 * visitors see the change at once instead of after the pages' lifetime. It carries the
 * build too: a page names its scripts and style sheet by their hashed file names, so a
 * page rendered by the previous deploy (whose files are gone) is never served by the next.
 *
 * A page whose loaders read nothing of the visitor (`sharedPageHeaders`) is shown from the
 * same copy to a signed-in devotee too, with their own header put on by the Worker
 * (workers/devotee-pages.tsx): that answer is composed per request and never stored.
 */
import type { HeadersFunction } from "react-router";
import { sha256Base64 } from "./crypto.server";
import { stripLocale } from "./i18n";
import { keepPage, recallPage } from "./page-memory.server";
import { SESSION_COOKIE } from "./session.server";

export const PUBLIC_PAGE_SECONDS = 300;

/**
 * Our own cookies (sn_session, sn_toast, the sign-up flow and start-up flags) make a
 * page personal; a start-up flag already reset to "false" does not.
 */
export function hasPersonalCookie(request: Request): boolean {
  return personalCookieNames(request).length > 0;
}

/** The names of the cookies that make a page personal (see `hasPersonalCookie`). */
function personalCookieNames(request: Request): string[] {
  const cookie = request.headers.get("cookie");
  if (!cookie) return [];
  return cookie
    .split(";")
    .map((part) => part.split("=").map((s) => s.trim()))
    .filter(([name = "", value = ""]) => name.startsWith("sn_") && value !== "false")
    .map(([name = ""]) => name);
}

/** Cache-Control for a public page: shared caches keep it briefly, browsers revalidate. */
export function publicCacheHeaders(request: Request, seconds = PUBLIC_PAGE_SECONDS): HeadersInit {
  return {
    "Cache-Control": hasPersonalCookie(request)
      ? "private, no-store"
      : `public, max-age=0, s-maxage=${seconds}, stale-while-revalidate=${seconds}`,
  };
}

/**
 * Marks a stored page whose only personal part is the header: the Worker's own note between
 * a page's render and the cache, taken off every answer.
 */
export const SAME_FOR_DEVOTEES_HEADER = "X-Sannidhi-Same-For-Devotees";

/**
 * Cache-Control for a public page whose loaders read nothing of the visitor (no session,
 * no favourites, no cart): its cached copy may also be shown to a signed-in devotee, under
 * the devotee's own header. A page that shows anything of the devotee outside the header
 * uses `publicCacheHeaders` alone.
 */
export function sharedPageHeaders(request: Request, seconds = PUBLIC_PAGE_SECONDS): HeadersInit {
  const headers = publicCacheHeaders(request, seconds);
  return hasPersonalCookie(request) ? headers : { ...headers, [SAME_FOR_DEVOTEES_HEADER]: "1" };
}

/** A route's `headers`: pass on the Cache-Control its loader chose (and whether devotees share the page). */
export const cacheControlHeaders: HeadersFunction = ({ loaderHeaders }) => {
  const headers = new Headers();
  for (const name of ["Cache-Control", SAME_FOR_DEVOTEES_HEADER]) {
    const value = loaderHeaders.get(name);
    if (value) headers.set(name, value);
  }
  return headers;
};

/**
 * A page's document, as opposed to its data (`/temples.data`, `/_root.data`): only a document
 * is composed for a devotee (the header is put into its HTML). A data request carries the root
 * loader's data too (who is signed in, their cart), so a devotee's is always rendered for them.
 */
function isDocument(request: Request): boolean {
  return !new URL(request.url).pathname.endsWith(".data");
}

/**
 * A signed-in devotee and nothing else personal: the session cookie is our only cookie
 * (no toast, no sign-up flow, no start-up flag), so the page differs from the public one
 * only where the header shows who they are.
 */
function carriesOnlySession(request: Request): boolean {
  const ours = personalCookieNames(request);
  return ours.length === 1 && ours[0] === SESSION_COOKIE;
}

/**
 * The paths (without the query) whose stored copies devotees share, as this isolate has seen
 * them stored or served: a signed-in request for any other path (the account, the cart, the
 * desk) goes straight to its render, without a cache lookup that could only miss.
 */
const sharedPaths = new Set<string>();
const SHARED_PATHS_KEPT = 5000;

function rememberShared(request: Request, response: Response) {
  if (!response.headers.has(SAME_FOR_DEVOTEES_HEADER) || !isDocument(request)) return;
  if (sharedPaths.size >= SHARED_PATHS_KEPT) sharedPaths.clear();
  sharedPaths.add(new URL(request.url).pathname);
}

/** The answer as it leaves the Worker: without the note meant for the cache. */
function withoutNote(response: Response): Response {
  if (!response.headers.has(SAME_FOR_DEVOTEES_HEADER)) return response;
  try {
    response.headers.delete(SAME_FOR_DEVOTEES_HEADER);
    return response;
  } catch {
    const copy = new Response(response.body, response);
    copy.headers.delete(SAME_FOR_DEVOTEES_HEADER);
    return copy;
  }
}

function isShareable(response: Response): boolean {
  const control = response.headers.get("Cache-Control") ?? "";
  return (
    response.status === 200 &&
    !response.headers.has("Set-Cookie") &&
    /\bs-maxage=\d+/.test(control) &&
    !/\b(private|no-store)\b/.test(control)
  );
}

const CONTENT_VERSION_KEY = "edge-cache:content-version";
/** Where public content changes: the temple desk and the operator console, in any language. */
const CONTENT_EDITORS = /^\/(desk|operator)(\/|$)/;

/**
 * The content version, read from KV at most once a second per isolate: a cache hit then costs
 * no KV read. A change made through this isolate is seen at once (the bump sets it); other
 * isolates see it within a second, well inside KV's own propagation between locations.
 */
const VERSION_MEMO_MS = 1000;
let memo: { kv: KVNamespace; version: string; until: number } | undefined;

async function contentVersion(kv: KVNamespace): Promise<string> {
  const now = Date.now();
  if (memo && memo.kv === kv && memo.until > now) return memo.version;
  const version = (await kv.get(CONTENT_VERSION_KEY)) ?? "0";
  memo = { kv, version, until: now + VERSION_MEMO_MS };
  return version;
}

/**
 * The cache key of a page: its address under the current content version and build. The
 * versions go in front of the path, never into the query: the visitor's whole address
 * (`?__content=…` included) stays part of the key, so no address can be stored under another's.
 */
export function edgeCacheKey(address: string, version: string, build: string): string {
  const url = new URL(address);
  return `${url.origin}/__edge/${encodeURIComponent(version)}/${encodeURIComponent(build)}${url.pathname}${url.search}`;
}

async function versionedKey(request: Request, kv: KVNamespace, build: string): Promise<Request> {
  return new Request(edgeCacheKey(request.url, await contentVersion(kv), build), { method: "GET" });
}

/** Every page cached before now is out of date: later requests use a new key. */
export async function bumpContentVersion(kv: KVNamespace): Promise<void> {
  const version = `${Date.now().toString(36)}${crypto.randomUUID().slice(0, 8)}`;
  await kv.put(CONTENT_VERSION_KEY, version);
  memo = { kv, version, until: Date.now() + VERSION_MEMO_MS };
}

function changesPublicContent(request: Request, response: Response): boolean {
  return request.method !== "GET" && request.method !== "HEAD" && response.status < 400 && CONTENT_EDITORS.test(stripLocale(new URL(request.url).pathname));
}

interface EdgeCacheOptions {
  ctx: ExecutionContext;
  /** Where the content version is kept. */
  kv: KVNamespace;
  /** The build that renders the pages (React Router's assets version). */
  build: string;
  /**
   * For a signed-in devotee: the stored public page under their own header, or null when
   * it cannot be (no live session), and the page is then rendered for them in full.
   */
  personalize?: (page: Response) => Promise<Response | null>;
}

/** Answers a public GET from the Cache API when it can, and stores shareable answers. */
export async function withEdgeCache(request: Request, options: EdgeCacheOptions, handle: () => Promise<Response>): Promise<Response> {
  const { ctx, kv, build, personalize } = options;
  const cacheable = request.method === "GET" && typeof caches !== "undefined";
  if (cacheable && personalize && carriesOnlySession(request) && isDocument(request) && sharedPaths.has(new URL(request.url).pathname)) {
    const composed = await fromPublicCopy(request, options, personalize);
    if (composed) return withoutNote(composed);
  }
  if (!cacheable || hasPersonalCookie(request)) {
    const response = await handle();
    if (request.method !== "GET" && isShareable(response)) response.headers.set("Cache-Control", "private, no-store");
    // Before answering, so the page the editor is sent back to (and every visitor) is fresh.
    if (changesPublicContent(request, response)) await bumpContentVersion(kv);
    return withoutNote(response);
  }
  const cache = (caches as unknown as { default: Cache }).default;
  const key = await versionedKey(request, kv, build);
  const hit = await storedCopy(cache, key);
  if (hit) {
    rememberShared(request, hit);
    return withoutNote(hit);
  }
  const response = await handle();
  if (isShareable(response)) {
    rememberShared(request, response);
    ctx.waitUntil(storeShared(cache, key, response.clone()));
  }
  return withoutNote(response);
}

/**
 * The stored copy of a page: from this isolate's memory when it holds it, else from the
 * Cache API (and then kept in memory for the next request).
 */
async function storedCopy(cache: Cache, key: Request): Promise<Response | null> {
  const kept = recallPage(key.url);
  if (kept) return kept;
  const hit = await cache.match(key);
  return hit ? keepPage(key.url, hit) : null;
}

/** The stored public copy of a page devotees share, composed for the one signed in. */
async function fromPublicCopy(request: Request, { kv, build }: EdgeCacheOptions, personalize: (page: Response) => Promise<Response | null>) {
  const cache = (caches as unknown as { default: Cache }).default;
  const hit = await storedCopy(cache, await versionedKey(request, kv, build));
  if (!hit) return null;
  if (!hit.headers.has(SAME_FOR_DEVOTEES_HEADER) || !(hit.headers.get("Content-Type") ?? "").includes("text/html")) {
    await hit.body?.cancel();
    return null;
  }
  const composed = await personalize(hit);
  if (!composed) return null;
  composed.headers.set("Cache-Control", "private, no-store");
  composed.headers.delete("CF-Cache-Status");
  return composed;
}

/** An inline script (no src) that carries `nonce`: its attributes and its text. */
const INLINE_SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script>/g;

/**
 * Keeps a page for every visitor: a document's CSP nonce is replaced by the hashes of the
 * inline scripts that carried it (the same scripts, and only those, may run) and the nonce
 * attributes are dropped. Anything but HTML with a nonce is kept as it is.
 */
async function storeShared(cache: Cache, key: Request, response: Response): Promise<void> {
  const policy = response.headers.get("Content-Security-Policy") ?? "";
  const nonce = /'nonce-([^']+)'/.exec(policy)?.[1];
  if (!nonce || !(response.headers.get("Content-Type") ?? "").includes("text/html")) return cache.put(key, response);
  const html = await response.text();
  const attribute = ` nonce="${nonce}"`;
  const scripts = [...html.matchAll(INLINE_SCRIPT)].filter(([, attributes = ""]) => attributes.includes(attribute) && !/\ssrc=/.test(attributes));
  const hashes = [...new Set(await Promise.all(scripts.map(([, , text = ""]) => sha256Base64(text))))];
  const headers = new Headers(response.headers);
  headers.set("Content-Security-Policy", policy.replace(` 'nonce-${nonce}'`, hashes.map((hash) => ` 'sha256-${hash}'`).join("")));
  headers.delete("Content-Length");
  await cache.put(key, new Response(html.replaceAll(attribute, ""), { status: response.status, headers }));
}
