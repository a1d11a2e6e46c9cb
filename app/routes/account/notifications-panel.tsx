/** The Notifications tab: the devotee's messages, newest first, a page at a time, each with what it was about. */
import { Link } from "~/components/layout/localized";
import { channelWords, kindWords, statusWords } from "~/components/notifications/message-words";
import type { InboxMessage } from "~/domain/notifications/inbox.server";
import { longDate } from "~/domain/text";
import { indiaDateTime } from "~/lib/india-time";
import { m } from "~/paraglide/messages";

export interface InboxView {
  messages: InboxMessage[];
  page: number;
  hasOlder: boolean;
}

/** When a message was written, in India time, as the page's language writes a date. */
function sentWhen(iso: string): string {
  const { day, time } = indiaDateTime(Date.parse(iso));
  return m.account_notify_when({ date: longDate(day), time });
}

/** The booking's place in My Transactions: its sub-tab, opened at it. */
function bookingPath(trackingNo: string): string {
  const query = new URLSearchParams({ tab: "transactions", view: "completed", booking: trackingNo });
  return `/account?${query}#booking-${trackingNo}`;
}

function About({ message }: { message: InboxMessage }) {
  const rows: [label: string, value: React.ReactNode][] = [];
  if (message.bookingTrackingNo) {
    rows.push([
      m.account_tracking_no(),
      <Link key="booking" to={bookingPath(message.bookingTrackingNo)}>
        {message.bookingTrackingNo}
      </Link>,
    ]);
  }
  if (message.pujaName) rows.push([m.account_notify_about_puja(), message.pujaName]);
  if (message.templeName) rows.push([m.account_notify_about_temple(), message.templeName]);
  if (message.parcelTrackingNo) rows.push([m.account_notify_about_parcel(), message.parcelTrackingNo]);
  if (rows.length === 0) return null;
  return (
    <dl className="notification-item__about">
      {rows.map(([label, value]) => (
        <div key={label}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

function MessageItem({ message }: { message: InboxMessage }) {
  return (
    <li className="notification-item" data-status={message.status} data-channel={message.channel}>
      <p className="notification-item__title">
        <strong>{kindWords(message.kind)}</strong>
        {message.unseen ? <span className="notification-item__new">{m.account_notify_new()}</span> : null}
      </p>
      <About message={message} />
      <p className="notification-item__meta">
        <span className="notification-item__channel">{channelWords(message.channel)}</span>
        {" · "}
        <span className="notification-item__status">{statusWords(message.status)}</span>
        {" · "}
        <time dateTime={message.createdAt}>{sentWhen(message.createdAt)}</time>
      </p>
    </li>
  );
}

export function NotificationsPanel({ inbox }: { inbox: InboxView | null }) {
  const messages = inbox?.messages ?? [];
  const page = inbox?.page ?? 1;
  return (
    <div>
      <h2 className="visually-hidden">{m.account_tab_notifications()}</h2>
      {messages.length === 0 ? (
        <div className="empty-state">
          <p>{m.account_notifications_empty()}</p>
        </div>
      ) : (
        <ol className="notification-list" aria-label={m.account_notify_list_label()}>
          {messages.map((message) => (
            <MessageItem key={message.id} message={message} />
          ))}
        </ol>
      )}
      {page > 1 || inbox?.hasOlder ? (
        <nav className="notification-pages" aria-label={m.account_notify_pages_label()}>
          {page > 1 ? (
            <Link to={page === 2 ? "?tab=notifications" : `?tab=notifications&page=${page - 1}`} preventScrollReset>
              {m.account_notify_newer()}
            </Link>
          ) : null}
          {inbox?.hasOlder ? (
            <Link to={`?tab=notifications&page=${page + 1}`} preventScrollReset>
              {m.account_notify_older()}
            </Link>
          ) : null}
        </nav>
      ) : null}
      <p className="field-hint">
        <Link to="/account?tab=profile#message-preferences">{m.account_notify_prefs_link()}</Link>
      </p>
    </div>
  );
}
