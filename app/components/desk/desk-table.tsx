import type { ReactNode } from "react";

/** A column heading: its text, or one read only by screen readers (a column of buttons or links). */
export type DeskHeading = string | { text: string; hidden: true };

/**
 * The scaffold of the desk's and the console's tables: a scrolling wrapper, the caption and one
 * row of column headings. Each page writes its own rows (a row heading, numbers, links, forms).
 */
export function DeskTable({
  caption,
  headings,
  children,
  footer,
}: {
  caption: ReactNode;
  headings: readonly DeskHeading[];
  children: ReactNode;
  /** A totals row (or rows), in a tfoot. */
  footer?: ReactNode;
}) {
  return (
    <div className="table-scroll">
      <table className="desk-table">
        <caption>{caption}</caption>
        <thead>
          <tr>
            {headings.map((heading, i) =>
              typeof heading === "string" ? (
                <th key={i} scope="col">
                  {heading}
                </th>
              ) : (
                <th key={i} scope="col">
                  <span className="visually-hidden">{heading.text}</span>
                </th>
              ),
            )}
          </tr>
        </thead>
        <tbody>{children}</tbody>
        {footer ? <tfoot>{footer}</tfoot> : null}
      </table>
    </div>
  );
}
