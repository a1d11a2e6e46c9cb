import type { ReactNode } from "react";
import { Form } from "~/components/layout/localized";
import { DeskTable } from "~/components/desk/desk-table";
import { shortDate } from "~/domain/text";
import { m } from "~/paraglide/messages";

/** The Remove button of an event, news item or announcement row (posts intent=delete). */
function RemoveMessageForm({ id, header }: { id: number; header: string }) {
  return (
    <Form method="post">
      <input type="hidden" name="messageId" value={id} />
      <button type="submit" name="intent" value="delete" className="link-button" aria-label={m.common_remove_item({ header })}>
        {m.common_remove()}
      </button>
    </Form>
  );
}

interface MessageRow {
  id: number;
  header: string;
  startDate: string;
  endDate: string;
}

/**
 * The table of current messages on the desk's Events & news tab and the console's
 * announcements: heading, one column of the page's own (kind or order), the dates shown, and
 * a Remove button per row.
 */
export function MessagesTable<Row extends MessageRow>(props: {
  caption: string;
  items: Row[];
  /** Column headings: the message's heading, the page's own column, from, until, remove (read by screen readers). */
  headings: { heading: string; own: string; from: string; until: string; remove: string };
  /** The page's own column for a row. */
  own: (row: Row) => ReactNode;
}) {
  const { headings } = props;
  return (
    <DeskTable
      caption={props.caption}
      headings={[headings.heading, headings.own, headings.from, headings.until, { text: headings.remove, hidden: true }]}
    >
      {props.items.map((item) => (
        <tr key={item.id}>
          <th scope="row">{item.header}</th>
          <td>{props.own(item)}</td>
          <td>{shortDate(item.startDate)}</td>
          <td>{shortDate(item.endDate)}</td>
          <td>
            <RemoveMessageForm id={item.id} header={item.header} />
          </td>
        </tr>
      ))}
    </DeskTable>
  );
}
