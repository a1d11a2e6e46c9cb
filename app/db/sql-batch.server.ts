/**
 * Raw SQL statements run as one D1 batch: D1 runs a batch as one transaction, so a write and the read that follows it
 * see the same database. drizzle's own `db.batch` takes only its query builders' statements, not `db.all(sql)`.
 */
import type { SQL } from "drizzle-orm";
import type { Database } from "./client.server";

export async function batchSql(db: Database, queries: readonly SQL[]): Promise<unknown[][]> {
  const statements = queries.map((query) => {
    const { sql, params } = db.all(query).getQuery();
    return db.$client.prepare(sql).bind(...params);
  });
  return (await db.$client.batch(statements)).map((result) => result.results);
}
