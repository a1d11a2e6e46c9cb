/**
 * The public pages this isolate has lately answered from the Cache API, kept in its memory:
 * a page asked for again is answered from here, without a lookup in the data center's cache.
 * An isolate serves many requests, and the pages people ask for most (home, a deity's
 * temples, a temple's site) are few, so this answers most hits with no I/O at all.
 *
 * A copy is the Cache API's answer as it was (same bytes, same headers) under the same
 * versioned key: a change to what public pages show moves every page to a new key
 * (versions.server.ts), so no copy outlives an edit. Otherwise a copy is kept for at most
 * MEMORY_SECONDS after the Cache API gave it (so a page can be that much older than its
 * s-maxage), and the whole memory is bounded in bytes, least recently used first out.
 */
export const MEMORY_SECONDS = 30;
const MEMORY_BYTES = 8 * 1024 * 1024;
/** A page larger than this is streamed from the Cache API as it is, never held in memory. */
const MEMORY_PAGE_BYTES = 512 * 1024;

interface Copy {
  body: ArrayBuffer;
  status: number;
  headers: [string, string][];
  until: number;
}

/** Least recently used first (a Map keeps insertion order; a use moves the key to the end). */
const copies = new Map<string, Copy>();
let bytesKept = 0;

function forget(key: string) {
  const copy = copies.get(key);
  if (!copy) return;
  copies.delete(key);
  bytesKept -= copy.body.byteLength;
}

/** The page kept under `key`, as a new response, or null when none is kept or it is too old. */
export function recallPage(key: string, now = Date.now()): Response | null {
  const copy = copies.get(key);
  if (!copy) return null;
  if (copy.until <= now) {
    forget(key);
    return null;
  }
  copies.delete(key);
  copies.set(key, copy);
  return new Response(copy.body, { status: copy.status, headers: copy.headers });
}

/**
 * Keeps the Cache API's answer `hit` under `key` and returns an answer with the same status,
 * headers and body. A page that says it is large (or has no length and turns out large) is
 * passed on without being kept.
 */
export async function keepPage(key: string, hit: Response, now = Date.now()): Promise<Response> {
  const length = Number(hit.headers.get("Content-Length") ?? "0");
  // A new response either way: the Cache API's headers cannot be changed, and ours are.
  if (length > MEMORY_PAGE_BYTES || !hit.body) return new Response(hit.body, hit);
  const body = await hit.arrayBuffer();
  const headers = [...hit.headers];
  if (body.byteLength <= MEMORY_PAGE_BYTES) {
    forget(key);
    copies.set(key, { body, status: hit.status, headers, until: now + MEMORY_SECONDS * 1000 });
    bytesKept += body.byteLength;
    for (const oldest of copies.keys()) {
      if (bytesKept <= MEMORY_BYTES) break;
      forget(oldest);
    }
  }
  return new Response(body, { status: hit.status, headers });
}

/** How much this isolate holds (for tests). */
export function pagesKept(): { pages: number; bytes: number } {
  return { pages: copies.size, bytes: bytesKept };
}
