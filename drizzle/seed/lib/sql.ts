/** Turning rows into SQL text: literal values, multi-row INSERTs in bounded batches. */
export type SqlValue = string | number | boolean | null | undefined;
export type Row = readonly SqlValue[];

/** Rows per INSERT statement. */
export const BATCH_ROWS = 200;
/** Keep every statement under D1's 100 KB statement limit. */
export const MAX_STATEMENT_BYTES = 90_000;

export function sqlValue(value: SqlValue): string {
  if (value === null || value === undefined) return "NULL";
  if (typeof value === "boolean") return value ? "1" : "0";
  if (typeof value === "number") {
    if (!Number.isFinite(value)) throw new Error(`not a finite number: ${value}`);
    return String(value);
  }
  return `'${value.replace(/'/g, "''")}'`;
}

/** UTF-8 byte length without Node's Buffer (the seed also runs inside workerd). */
function utf8Length(text: string): number {
  let bytes = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 0x80) bytes += 1;
    else if (code < 0x800) bytes += 2;
    else if (code >= 0xd800 && code <= 0xdbff) {
      bytes += 4;
      i++;
    } else bytes += 3;
  }
  return bytes;
}

export function insertStatements(table: string, columns: readonly string[], rows: readonly Row[]): string[] {
  const head = `INSERT INTO ${table} (${columns.join(", ")}) VALUES\n`;
  const statements: string[] = [];
  let tuples: string[] = [];
  let bytes = head.length;
  const flush = () => {
    if (tuples.length === 0) return;
    statements.push(`${head + tuples.join(",\n")};`);
    tuples = [];
    bytes = head.length;
  };
  for (const row of rows) {
    if (row.length !== columns.length) {
      throw new Error(`${table}: row has ${row.length} values for ${columns.length} columns`);
    }
    const tuple = `(${row.map(sqlValue).join(", ")})`;
    const size = utf8Length(tuple) + 2;
    if (tuples.length >= BATCH_ROWS || (tuples.length > 0 && bytes + size > MAX_STATEMENT_BYTES)) {
      flush();
    }
    tuples.push(tuple);
    bytes += size;
  }
  flush();
  return statements;
}
