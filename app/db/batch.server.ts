/**
 * D1 refuses a statement with more than 100 bound parameters ("too many SQL
 * variables"), so a multi-row insert is split into statements sized by the table's
 * column count: every column binds at most one parameter per row, which keeps each
 * statement under the limit by construction. The statements go into one `db.batch`,
 * which D1 runs as a single transaction (all or nothing).
 */
import { getTableColumns } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { SQLiteInsertValue, SQLiteTable } from "drizzle-orm/sqlite-core";
import type { Database } from "./client.server";

/** D1's limit on bound parameters per statement. */
export const D1_MAX_BOUND_PARAMETERS = 100;

/** How many rows of `table` one insert statement may carry. */
export function rowsPerInsert(table: SQLiteTable): number {
  const columns = Object.keys(getTableColumns(table)).length;
  return Math.max(1, Math.floor(D1_MAX_BOUND_PARAMETERS / columns));
}

/**
 * Insert statements for `rows`, each under D1's parameter limit, to be run inside one
 * `db.batch` with whatever else must commit with them. A value that is itself an SQL
 * expression binding several parameters could break the sizing, so each statement is
 * checked before it is returned (a programming error, never a user's input).
 */
export function insertInChunks<T extends SQLiteTable>(db: Database, table: T, rows: SQLiteInsertValue<T>[]) {
  const size = rowsPerInsert(table);
  const statements = [];
  for (let start = 0; start < rows.length; start += size) {
    const statement = db.insert(table).values(rows.slice(start, start + size));
    // Its SQL is built once: the batch runs the prepared query that was checked (drizzle's batch asks `_prepare`).
    const prepared = statement.prepare();
    const bound = prepared.getQuery().params.length;
    if (bound > D1_MAX_BOUND_PARAMETERS) throw new Error(`An insert chunk binds ${bound} parameters (limit ${D1_MAX_BOUND_PARAMETERS})`);
    statements.push(Object.assign(statement, { _prepare: () => prepared }));
  }
  return statements;
}

/** `db.batch` for a list built at run time (drizzle's signature wants a non-empty tuple). */
export function runBatch(db: Database, statements: BatchItem<"sqlite">[]) {
  if (statements.length === 0) return Promise.resolve([]);
  return db.batch(statements as [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]]);
}

/** Whether D1 refused a statement on a unique key (how a batch learns that a concurrent one won). */
export function isUniqueViolation(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  return /UNIQUE constraint failed/i.test(`${error.message} ${String(error.cause ?? "")}`);
}
