/**
 * The stored public copies of pages: looked up (memory, then the Cache API), stored for every
 * visitor (with script hashes instead of the render's nonce), and made on purpose for
 * personal requests when none is stored yet (a rush of signed-in requests alone would never store one).
 */
import { sha256Base64 } from "../crypto.server";
import { keepPage, recallPage } from "./memory.server";

/** The Cache API's default cache (the edge's, per data center). */
export function edgeCache(): Cache {
  return (caches as unknown as { default: Cache }).default;
}

/**
 * The stored copy of a page: from this isolate's memory when it holds it, else from the
 * Cache API (and then kept in memory for the next request).
 */
export async function storedCopy(cache: Cache, key: Request): Promise<Response | null> {
  const kept = recallPage(key.url);
  if (kept) return kept;
  const hit = await cache.match(key);
  return hit ? keepPage(key.url, hit) : null;
}

/** An inline script (no src) that carries `nonce`: its attributes and its text. */
const INLINE_SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script>/g;

/**
 * A page as it is kept for every visitor: a document's CSP nonce is replaced by the hashes of
 * the inline scripts that carried it (the same scripts, and only those, may run) and the nonce
 * attributes are dropped. Anything but HTML with a nonce is kept as it is.
 */
async function sharedCopy(response: Response): Promise<Response> {
  const policy = response.headers.get("Content-Security-Policy") ?? "";
  const nonce = /'nonce-([^']+)'/.exec(policy)?.[1];
  if (!nonce || !(response.headers.get("Content-Type") ?? "").includes("text/html")) return response;
  const html = await response.text();
  const attribute = ` nonce="${nonce}"`;
  const scripts = [...html.matchAll(INLINE_SCRIPT)].filter(
    ([, attributes = ""]) => attributes.includes(attribute) && !/\ssrc=/.test(attributes),
  );
  const hashes = [...new Set(await Promise.all(scripts.map(([, , text = ""]) => sha256Base64(text))))];
  const headers = new Headers(response.headers);
  headers.set("Content-Security-Policy", policy.replace(` 'nonce-${nonce}'`, hashes.map((hash) => ` 'sha256-${hash}'`).join("")));
  headers.delete("Content-Length");
  return new Response(html.replaceAll(attribute, ""), { status: response.status, headers });
}

/** Stores a shareable answer for every visitor. */
export async function storeShared(cache: Cache, key: Request, response: Response): Promise<void> {
  await cache.put(key, await sharedCopy(response));
}

/** Copies being made in this isolate, by key: a rush of personal requests waits for one render. */
const making = new Map<string, Promise<boolean>>();

/**
 * The public copy of a page for a personal request when none is stored: the page rendered for a visitor
 * (`visitorRender`, the same address with no cookie), stored as a visitor's would be and kept
 * in memory; null when that render may not be shared (`shareable` says which may).
 */
export async function madeCopy(
  cache: Cache,
  key: Request,
  visitorRender: () => Promise<Response>,
  shareable: (response: Response) => boolean,
  ctx: ExecutionContext,
): Promise<Response | null> {
  let made = making.get(key.url);
  if (!made) {
    made = (async () => {
      const rendered = await visitorRender();
      if (!shareable(rendered)) {
        await rendered.body?.cancel();
        return false;
      }
      const copy = await sharedCopy(rendered);
      ctx.waitUntil(cache.put(key, copy.clone()));
      await (await keepPage(key.url, copy)).body?.cancel();
      return true;
    })().finally(() => making.delete(key.url));
    making.set(key.url, made);
  }
  return (await made) ? recallPage(key.url) : null;
}
