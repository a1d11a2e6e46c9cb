/** CSV as spreadsheets read it safely: the console's, the desk's and the ledger's exports all write it here. */

/**
 * Spreadsheets run a cell as a formula when it starts with one of these, and some read the
 * full-width forms (＝ ＋ － ＠) and the small ones (﹦ ﹢ ﹣) as the same signs.
 */
const FORMULA_START = /^[=+\-@\t\r\uff1d\uff0b\uff0d\uff20\ufe62\ufe63\ufe66]/;
/** Spaces and invisible characters (zero-width space, BOM, joiners) a spreadsheet may skip before one. */
const SKIPPED_LEAD = /^[\p{Z}\p{Cf}\s]+/u;

/** One CSV cell: quoted, and defused so spreadsheets never run it as a formula. */
export function csvCell(value: string | number | null | undefined): string {
  let text = value === null || value === undefined ? "" : String(value);
  if (FORMULA_START.test(text) || FORMULA_START.test(text.replace(SKIPPED_LEAD, ""))) text = `'${text}`;
  return `"${text.replace(/"/g, '""')}"`;
}

/** RFC 4180 CSV with CRLF line ends and a header row. */
export function toCsv(columns: readonly string[], rows: readonly (readonly (string | number | null)[])[]): string {
  return `${[columns, ...rows].map((row) => row.map(csvCell).join(",")).join("\r\n")}\r\n`;
}
