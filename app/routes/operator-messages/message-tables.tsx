/** The Messages page's tables: the last day by channel and status, and a list of messages (dead letters, a search's). */
import { DeskTable } from "~/components/desk/desk-table";
import { SubmitButton, useIsSubmitting } from "~/components/forms/form-fields";
import { Form } from "~/components/layout/localized";
import { channelWords, kindWords, statusWords } from "~/components/notifications/message-words";
import { MESSAGE_CHANNELS, MESSAGE_STATUSES, type MessageChannelName, type StatusCounts } from "~/domain/notifications/states";
import { formatCount } from "~/domain/text";
import { indiaMinute } from "~/lib/india-time";
import { m } from "~/paraglide/messages";

/** Per channel, the last 24 hours' messages by status. */
export function LastDayTable({ counts }: { counts: Record<MessageChannelName, StatusCounts> }) {
  return (
    <DeskTable
      caption={m.operator_messages_last_day()}
      headings={[m.operator_messages_col_channel(), ...MESSAGE_STATUSES.map(statusWords)]}
    >
      {MESSAGE_CHANNELS.map((channel) => (
        <tr key={channel} data-channel={channel}>
          <th scope="row">{channelWords(channel)}</th>
          {MESSAGE_STATUSES.map((status) => (
            <td key={status} className="num" data-status={status}>
              {formatCount(counts[channel][status])}
            </td>
          ))}
        </tr>
      ))}
    </DeskTable>
  );
}

export interface ListedMessage {
  id: string;
  kind: string;
  channel: string;
  recipient: string;
  status: string;
  attempts: number;
  lastError: string | null;
  trackingNo: string | null;
  createdAt: string;
}

function RetryForm({ message }: { message: ListedMessage }) {
  const busy = useIsSubmitting("/operator/messages", "retry");
  return (
    <Form method="post" className="desk-inline-form" aria-label={m.operator_messages_retry_label({ to: message.recipient })}>
      <input type="hidden" name="intent" value="retry" />
      <input type="hidden" name="messageId" value={message.id} />
      <SubmitButton busy={busy} className="button button--small">
        {m.operator_messages_retry()}
      </SubmitButton>
    </Form>
  );
}

/** Messages, newest first: when, what, by which channel to whom, what became of it; Retry on a failed one. */
export function MessagesTable({ caption, messages }: { caption: string; messages: readonly ListedMessage[] }) {
  return (
    <DeskTable
      caption={caption}
      headings={[
        m.operator_messages_col_when(),
        m.operator_messages_col_kind(),
        m.operator_messages_col_channel(),
        m.operator_messages_col_to(),
        m.operator_messages_col_status(),
        { text: m.operator_refunds_col_actions(), hidden: true },
      ]}
    >
      {messages.map((message) => (
        <tr key={message.id} data-message={message.id} data-status={message.status}>
          <th scope="row">{indiaMinute(message.createdAt)}</th>
          <td>
            {kindWords(message.kind)}
            {message.trackingNo ? <span className="booking-table__note">{message.trackingNo}</span> : null}
          </td>
          <td>{channelWords(message.channel)}</td>
          <td>{message.recipient}</td>
          <td>
            {statusWords(message.status)}
            <span className="booking-table__note">{m.operator_messages_attempts({ count: message.attempts })}</span>
            {message.lastError ? (
              <span className="booking-table__note">{m.operator_refunds_last_error({ error: message.lastError })}</span>
            ) : null}
          </td>
          <td>{message.status === "failed" ? <RetryForm message={message} /> : null}</td>
        </tr>
      ))}
    </DeskTable>
  );
}
