/**
 * The one table of the booking pages (a cart's and a booking's lines, a package's pujas): a
 * row header first, then labelled cells, numbers right-aligned. On a phone each row is a card
 * of label: value pairs (`booking-table--stack`, app/styles/bookings.css reads `data-label`).
 */
export interface Column<Row> {
  label: string;
  cell: (row: Row) => React.ReactNode;
  /** A number or an amount: right-aligned. */
  num?: boolean;
  /** The cell's own class (a total, a button's cell). */
  className?: string;
  /** False for a cell whose content says what it is (a button): no label before it on a phone. */
  labelled?: boolean;
}

interface StackTableProps<Row> {
  /** The row header's column (what each row is: the puja, the donation, the temple). */
  header: Column<Row>;
  columns: readonly (Column<Row> | null | false | undefined)[];
  rows: readonly Row[];
  rowKey: (row: Row) => React.Key;
  caption?: string;
  className?: string;
}

export function StackTable<Row>({ header, columns, rows, rowKey, caption, className = "" }: StackTableProps<Row>) {
  const shown = columns.filter((column): column is Column<Row> => Boolean(column));
  const numClass = (column: Column<Row>, extra?: string) => [column.num ? "num" : "", extra ?? ""].join(" ").trim() || undefined;
  return (
    <div className="table-scroll">
      <table className={`booking-table booking-table--stack ${className}`.trim()}>
        {caption ? <caption className="visually-hidden">{caption}</caption> : null}
        <thead>
          <tr>
            {[header, ...shown].map((column) => (
              <th key={column.label} scope="col" className={numClass(column)}>
                {column.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={rowKey(row)}>
              <th scope="row">{header.cell(row)}</th>
              {shown.map((column) => (
                <td
                  key={column.label}
                  className={numClass(column, column.className)}
                  data-label={column.labelled === false ? undefined : column.label}
                >
                  {column.cell(row)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
