/**
 * The edge cache: the one entry the Worker calls for every page request (README.md here
 * draws its path). A page opts in with its loader's headers (page-headers.server.ts); the
 * answer is kept in the Cache API under its address, the content version and the build
 * (versions.server.ts), and lately answered pages come from the isolate's memory
 * (memory.server.ts). A request that carries anything personal is never answered from, nor
 * stored in, the cache, except a signed-in devotee asking for a page devotees share: that
 * devotee gets the stored public copy under their own header, with the page's own devotee
 * part (a temple site's booking forms) drawn for them (devotee-pages.server.ts).
 *
 * The copy kept in the cache allows its inline scripts by their SHA-256 hashes instead of the
 * nonce of the render that made it (a nonce must never be handed to a second visitor), so an
 * answer from the cache is the stored response as it is: no rewriting per hit.
 */
import { type DevoteeHeaders, devoteePage } from "./devotee-pages.server";
import { composableForDevotee, hasPersonalCookie, SAME_FOR_DEVOTEES_HEADER } from "./page-headers.server";
import { edgeCache, madeCopy, storedCopy, storeShared } from "./stored-copies.server";
import { contentVersion, edgeCacheKey, forgetContentVersion } from "./versions.server";

export { cacheControlHeaders, publicCacheHeaders, sharedPageHeaders } from "./page-headers.server";

export interface EdgeCacheOptions {
  ctx: ExecutionContext;
  /** Where the content version is kept (the `content_version` row). */
  db: D1Database;
  /** The build that renders the pages (React Router's assets version). */
  build: string;
  /** For signed-in devotees: who they are and their header (the site knows, the cache does not). */
  devotees?: DevoteeHeaders;
}

/**
 * A page's document, as opposed to its data (`/temples.data`, `/_root.data`): only a document
 * is composed for a devotee (the header is put into its HTML). A data request carries the root
 * loader's data too (who is signed in, their cart), so a devotee's is always rendered for them.
 */
function isDocument(request: Request): boolean {
  return !new URL(request.url).pathname.endsWith(".data");
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

async function versionedKey(request: Request, db: D1Database, build: string): Promise<Request> {
  return new Request(edgeCacheKey(request.url, await contentVersion(db), build), { method: "GET" });
}

/** The request as a visitor would send it: the same address and headers, no cookie. */
function asVisitor(request: Request): Request {
  const headers = new Headers(request.headers);
  headers.delete("Cookie");
  return new Request(request.url, { method: "GET", headers });
}

/** A page renderer: the Worker renders `request` (the one being answered, or a visitor's for a copy). */
export type PageRender = (request: Request) => Promise<Response>;

/** Answers a public GET from the Cache API when it can, and stores shareable answers. */
export async function withEdgeCache(request: Request, options: EdgeCacheOptions, handle: PageRender): Promise<Response> {
  const { ctx, db, build, devotees } = options;
  const cacheable = request.method === "GET" && typeof caches !== "undefined";
  const forDevotee = cacheable && devotees && composableForDevotee(request) && isDocument(request);
  if (forDevotee && sharedPaths.has(new URL(request.url).pathname)) {
    const composed = await fromPublicCopy(request, options, devotees, handle);
    if (composed) return withoutNote(composed);
  }
  if (!cacheable || hasPersonalCookie(request)) {
    const response = await handle(request);
    // A devotee's own render of a page devotees share says so: the next one is composed.
    if (forDevotee) rememberShared(request, response);
    if (request.method !== "GET" && isShareable(response)) response.headers.set("Cache-Control", "private, no-store");
    // A write may have raised the content version (migration 0011's triggers): the page the
    // editor is sent back to, and every later one in this isolate, asks D1 for it again.
    if (request.method !== "GET" && request.method !== "HEAD") forgetContentVersion();
    return withoutNote(response);
  }
  const cache = edgeCache();
  const key = await versionedKey(request, db, build);
  const hit = await storedCopy(cache, key);
  if (hit) {
    rememberShared(request, hit);
    return withoutNote(hit);
  }
  const response = await handle(request);
  if (isShareable(response)) {
    rememberShared(request, response);
    ctx.waitUntil(storeShared(cache, key, response.clone()));
  }
  return withoutNote(response);
}

/**
 * The stored public copy of a page devotees share, composed for the one signed in; with no
 * copy stored yet, one is made from a visitor's render of the address (once for a rush).
 */
async function fromPublicCopy(request: Request, { ctx, db, build }: EdgeCacheOptions, devotees: DevoteeHeaders, handle: PageRender) {
  const cache = edgeCache();
  const key = await versionedKey(request, db, build);
  const shareable = (response: Response) => isShareable(response) && response.headers.has(SAME_FOR_DEVOTEES_HEADER);
  const hit = (await storedCopy(cache, key)) ?? (await madeCopy(cache, key, () => handle(asVisitor(request)), shareable, ctx));
  if (!hit) return null;
  if (!hit.headers.has(SAME_FOR_DEVOTEES_HEADER) || !(hit.headers.get("Content-Type") ?? "").includes("text/html")) {
    await hit.body?.cancel();
    return null;
  }
  const composed = await devoteePage(request, hit, devotees, hit.headers.get(SAME_FOR_DEVOTEES_HEADER) ?? undefined);
  if (!composed) return null;
  composed.headers.set("Cache-Control", "private, no-store");
  composed.headers.delete("CF-Cache-Status");
  return composed;
}
