import { drizzle } from "drizzle-orm/d1";

export type Database = ReturnType<typeof createDb>;

/**
 * A drizzle client on one request's D1 session. No `schema` is passed: the portal writes its
 * queries with the query builder (never `db.query.*`), and a schema here would make drizzle
 * rebuild its relations map on every request (about 1 ms of CPU each, in the profile).
 */
export function createDb(d1: D1Database) {
  return drizzle(d1);
}
