/**
 * The edge cache: the one entry the Worker calls for every page request (README.md here
 * draws its path). A page opts in with its loader's headers (page-headers.server.ts); the
 * answer is kept in the Cache API under its address, the content version and the build
 * (versions.server.ts), and lately answered pages come from the isolate's memory
 * (memory.server.ts). A request that carries anything personal is never answered from, nor
 * stored in, the cache; but for a page whose copy may be composed, the caller's `compose`
 * may make that request's answer from the stored public copy (what it puts on the copy is
 * the caller's business: app/compose for a signed-in devotee).
 *
 * The copy kept in the cache allows its inline scripts by their SHA-256 hashes instead of the
 * nonce of the render that made it (a nonce must never be handed to a second visitor), so an
 * answer from the cache is the stored response as it is: no rewriting per hit.
 */
import { hasPersonalCookie, SHARED_COPY_HEADER } from "./page-headers.server";
import { edgeCache, madeCopy, storedCopy, storeShared } from "./stored-copies.server";
import { contentVersion, edgeCacheKey } from "./versions.server";

export { cacheControlHeaders, publicCacheHeaders, sharedPageHeaders } from "./page-headers.server";

/**
 * The caller's answer to a personal request for a page whose copy may be composed, made from
 * the stored public copy (`storedCopy()`: the copy, its note still on, or null when there is
 * none to share), or null: the page is then rendered in full. A copy it asks for is its own:
 * it reads it or cancels it.
 */
export type Compose = (request: Request, storedCopy: () => Promise<Response | null>) => Promise<Response | null>;

export interface EdgeCacheOptions {
  ctx: ExecutionContext;
  /** Where the content version is kept (the `content_version` row). */
  db: D1Database;
  /** The build that renders the pages (React Router's assets version). */
  build: string;
  /** Personal requests' answers from stored copies (the caller knows what to put on them, the cache does not). */
  compose?: Compose;
}

/**
 * A page's document, as opposed to its data (`/temples.data`, `/_root.data`): only a document
 * is composed. A data request carries the root loader's data too (who is signed in, their
 * cart), so a personal one is always rendered.
 */
function isDocument(request: Request): boolean {
  return !new URL(request.url).pathname.endsWith(".data");
}

/**
 * The paths (without the query) whose stored copies may be composed, as this isolate has seen
 * them stored or served: a personal request for any other path (the account, the cart, the
 * desk) goes straight to its render, without a cache lookup that could only miss.
 */
const sharedPaths = new Set<string>();
const SHARED_PATHS_KEPT = 5000;

function rememberShared(request: Request, response: Response) {
  if (!response.headers.has(SHARED_COPY_HEADER) || !isDocument(request)) return;
  if (sharedPaths.size >= SHARED_PATHS_KEPT) sharedPaths.clear();
  sharedPaths.add(new URL(request.url).pathname);
}

/** The answer as it leaves the Worker: without the note meant for the cache. */
function withoutNote(response: Response): Response {
  if (!response.headers.has(SHARED_COPY_HEADER)) return response;
  try {
    response.headers.delete(SHARED_COPY_HEADER);
    return response;
  } catch {
    const copy = new Response(response.body, response);
    copy.headers.delete(SHARED_COPY_HEADER);
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
  const { ctx, db, build, compose } = options;
  const cacheable = request.method === "GET" && typeof caches !== "undefined";
  // Only a GET is ever cached or composed: a form post needs no look at its cookies here.
  const personal = cacheable && hasPersonalCookie(request);
  const composable = cacheable && compose && personal && isDocument(request);
  if (composable && sharedPaths.has(new URL(request.url).pathname)) {
    const composed = await compose(request, () => sharedCopy(request, options, handle));
    if (composed) {
      composed.headers.set("Cache-Control", "private, no-store");
      composed.headers.delete("CF-Cache-Status");
      return withoutNote(composed);
    }
  }
  if (!cacheable || personal) {
    const response = await handle(request);
    // A personal render of a page whose copy may be composed says so: the next one is composed.
    if (composable) rememberShared(request, response);
    if (request.method !== "GET" && isShareable(response)) response.headers.set("Cache-Control", "private, no-store");
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
 * The stored public copy of a page that may be composed (an HTML page with the note); with no
 * copy stored yet, one is made from a visitor's render of the address (once for a rush).
 */
async function sharedCopy(request: Request, { ctx, db, build }: EdgeCacheOptions, handle: PageRender): Promise<Response | null> {
  const cache = edgeCache();
  const key = await versionedKey(request, db, build);
  const shareable = (response: Response) => isShareable(response) && response.headers.has(SHARED_COPY_HEADER);
  const hit = (await storedCopy(cache, key)) ?? (await madeCopy(cache, key, () => handle(asVisitor(request)), shareable, ctx));
  if (!hit) return null;
  if (!hit.headers.has(SHARED_COPY_HEADER) || !(hit.headers.get("Content-Type") ?? "").includes("text/html")) {
    await hit.body?.cancel();
    return null;
  }
  return hit;
}
