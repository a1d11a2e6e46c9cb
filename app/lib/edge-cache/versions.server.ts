/**
 * The cache key of a page: its address under the content version and the build. The content
 * version is a row in D1 that triggers raise on every write to a table public pages read
 * (migration 0011), whoever writes: invalidation follows the writes, not the screens. It is
 * read at most once a second per isolate, so a cache hit costs no D1 read; after a request
 * that may have written (any method but GET and HEAD), this isolate reads it again at once,
 * so an editor is sent back to a fresh page. The build is in the key because a page names its
 * scripts and style sheet by hashed file names: no page of the previous deploy is served.
 */
const VERSION_MEMO_MS = 1000;
let memo: { db: D1Database; version: string; until: number } | undefined;

/** The version of what public pages show (the `content_version` row). */
export async function contentVersion(db: D1Database): Promise<string> {
  const now = Date.now();
  if (memo && memo.db === db && memo.until > now) return memo.version;
  const row = await db.prepare("select version from content_version where id = 1").first<{ version: number }>();
  const version = String(row?.version ?? 0);
  memo = { db, version, until: now + VERSION_MEMO_MS };
  return version;
}

let writesSeen = 0;

/** A request may have changed content: the next one asks D1 for the version again. */
export function forgetContentVersion(): void {
  memo = undefined;
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
