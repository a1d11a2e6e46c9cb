/**
 * Statements whose SQL drizzle builds once per isolate instead of on every request. Building a
 * query's SQL (drizzle's query builder, its SQL chunks, the dialect) cost a booking POST about
 * as much CPU as D1's own client in the profile (docs/benchmarks.md, "The booking POST beside
 * its floor"): on a hot path a query is written with the builder as everywhere, its values as
 * `sql.placeholder(name)`, and this keeps drizzle's SQL, its row mapping and its result types,
 * binding only the values per request.
 */
import { fillPlaceholders } from "drizzle-orm";
import { drizzle } from "drizzle-orm/d1";
import type { Database } from "./client.server";

/** A drizzle client that runs nothing: it only builds statements (its `prepare` keeps the SQL). */
const builder: Database = drizzle({ prepare: (sql: string) => ({ sql }) } as unknown as D1Database);

/** What drizzle's prepared query offers its own batch (drizzle-orm/d1 `SQLiteD1Session.batch`): the SQL, the statement, the mapping. */
interface Template {
  getQuery(): { sql: string; params: unknown[] };
  mapResult(result: unknown, isFromBatch?: boolean): unknown;
}

/**
 * A statement built once (`build` on a client that runs nothing; its values `sql.placeholder`s),
 * then per request bound to that request's D1 with `values`. The answer stands where the built
 * query stood: in `db.batch([...])` (what the hot paths use) or awaited for its rows; its type is
 * the builder's, but only those two uses are supported.
 */
export function preparedStatement<Values extends Record<string, unknown>, Query extends { prepare(): unknown }>(
  build: (db: Database) => Query,
): (db: Database, values: Values) => Query {
  let template: Template | undefined;
  return (db, values) => {
    template ??= build(builder).prepare() as Template;
    const built = template;
    const { sql, params } = built.getQuery();
    const client = db.$client;
    const bound = fillPlaceholders(params, values);
    const prepared = {
      getQuery: () => ({ sql, params: bound }),
      stmt: client.prepare(sql),
      mapResult: (result: unknown, isFromBatch?: boolean) => built.mapResult(result, isFromBatch),
    };
    const statement = {
      _prepare: () => prepared,
      // biome-ignore lint/suspicious/noThenProperty: awaited alone it runs as drizzle would, on this request's D1.
      then: (resolve: (rows: unknown) => unknown, reject: (error: unknown) => unknown) =>
        prepared.stmt
          .bind(...bound)
          .all()
          .then((result) => built.mapResult(result, true))
          .then(resolve, reject),
    };
    return statement as unknown as Query;
  };
}
