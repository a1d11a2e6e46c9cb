/**
 * The cache key of a page: its address under the content version and the build. The content
 * version is a row in D1 that triggers raise on every write to a table public pages read
 * (migration 0011), whoever writes: invalidation follows the writes, not the screens. It is
 * read at most once a second per isolate, so a cache hit costs no D1 read; after a request
 * that may have written (any method but GET and HEAD), this isolate reads it again at once,
 * so an editor is sent back to a fresh page. The build is in the key because a page names its
 * scripts and style sheet by hashed file names: no page of the previous deploy is served.
 */
import { Memo } from "../memo.server";

// Settled answers only: a cache hit never waits for a read another request started.
const versions = new Memo<string>({ max: 4, share: false });
const databases = new WeakMap<D1Database, string>();
let databasesSeen = 0;

/** The version of what public pages show (the `content_version` row). */
export function contentVersion(db: D1Database): Promise<string> {
  if (!databases.has(db)) databases.set(db, String(databasesSeen++));
  // 1 s: a change elsewhere shows within a second; a write through this isolate forgets it at once.
  return versions.get({ key: databases.get(db)!, ttlMs: 1000 }, async () => {
    const row = await db.prepare("select version from content_version where id = 1").first<{ version: number }>();
    return String(row?.version ?? 0);
  });
}

let writesSeen = 0;

/** A request may have changed content: the next one asks D1 for the version again. */
export function forgetContentVersion(): void {
  versions.forget();
  writesSeen += 1;
}

/**
 * How many requests that may have written this isolate has answered: a memo of what D1 said
 * (a temple's seats) keys by it, so whatever a request wrote through this isolate, the next
 * page it serves reads again.
 */
export function isolateWrites(): number {
  return writesSeen;
}

/**
 * The versions go in front of the path, never into the query: the visitor's whole address
 * (`?__content=…` included) stays part of the key, so no address can be stored under another's.
 */
export function edgeCacheKey(address: string, version: string, build: string): string {
  const url = new URL(address);
  return `${url.origin}/__edge/${encodeURIComponent(version)}/${encodeURIComponent(build)}${url.pathname}${url.search}`;
}
