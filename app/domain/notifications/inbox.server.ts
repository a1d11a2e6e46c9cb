/**
 * The devotee's own view of their messages (the account's Notifications tab): newest first, a
 * page at a time, each with what it was about, and the count of those they have not seen yet
 * (the header's, beside their name). Opening the tab marks everything up to the newest message
 * seen: the account keeps one timestamp, so the count is one range of the
 * `notifications_customer` index. Codes (sign-up, sign-in, password reset) are not listed:
 * they were for the moment, and a code lying in a list helps nobody.
 */
import { and, desc, eq, gt, notInArray, type SQL, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { customers, notifications, temples, transactionLines, transactions } from "~/db/schema";
import { CODE_KINDS } from "./code-messages.server";

/** Kinds the tab leaves out (a code's message). */
export const UNLISTED_KINDS = CODE_KINDS;

export const INBOX_PAGE_SIZE = 20;
/** Pages past this are not offered: a devotee's older messages are in their e-mail. */
export const INBOX_MAX_PAGES = 25;

const listed = (customerId: number): SQL =>
  and(eq(notifications.customerId, customerId), notInArray(notifications.kind, [...UNLISTED_KINDS]))!;

/** When the devotee last opened the tab ('' before they ever did). */
const seenAt = (customerId: number) =>
  sql`coalesce((select ${customers.notificationsSeenAt} from ${customers} where ${customers.id} = ${customerId}), '')`;

/** The count of the devotee's messages newer than their last look at the tab, as one statement for a D1 batch (`{ n }`). */
export function unseenNotificationsQuery(db: Database, customerId: number) {
  return db
    .select({ n: sql<number>`count(*)` })
    .from(notifications)
    .where(and(listed(customerId), gt(notifications.createdAt, seenAt(customerId))));
}

/** The count read on its own. */
export async function countUnseenNotifications(db: Database, customerId: number): Promise<number> {
  const [row] = await unseenNotificationsQuery(db, customerId);
  return row?.n ?? 0;
}

/** A JSON value of the message's parameters, or null. */
const param = (key: string) => sql<string | null>`json_extract(${notifications.params}, ${`$.${key}`})`;

/** The booking's temples (a receipt names no single temple), by the tracking number the row keeps. */
const bookingTemples = sql<string | null>`(
  select group_concat(distinct ${temples.displayName}) from ${transactions}
  join ${transactionLines} on ${transactionLines.transactionId} = ${transactions.id}
  join ${temples} on ${temples.id} = ${transactionLines.templeId}
  where ${transactions.trackingNo} = ${notifications.trackingNo} and ${transactions.customerId} = ${notifications.customerId})`;

/** The line's puja (or donation) as booked. */
const linePuja = sql<
  string | null
>`(select ${transactionLines.itemName} from ${transactionLines} where ${transactionLines.id} = ${notifications.lineId})`;

const templeById = sql<string | null>`(select ${temples.displayName} from ${temples} where ${temples.id} = ${notifications.templeId})`;

/** The booking named by the row's tracking number, when it is this devotee's (a link to it is then offered). */
const ownBooking = sql<number>`exists (select 1 from ${transactions} where ${transactions.trackingNo} = ${notifications.trackingNo}
  and ${transactions.customerId} = ${notifications.customerId})`;

export interface InboxMessage {
  id: string;
  kind: string;
  channel: "email" | "sms" | "whatsapp";
  status: "queued" | "sent" | "delivered" | "read" | "failed";
  createdAt: string;
  /** The booking's tracking number, when the message is about one of the devotee's bookings. */
  bookingTrackingNo: string | null;
  templeName: string | null;
  pujaName: string | null;
  /** A parcel's postal tracking number (prasad dispatched). */
  parcelTrackingNo: string | null;
  /** Newer than the devotee's previous look at the tab. */
  unseen: boolean;
}

/**
 * One page (from 1) of the devotee's messages, newest first, and whether an older page exists.
 * `seenBefore`: when they had looked before this visit (messages after it are marked new).
 */
export async function listInbox(
  db: Database,
  customerId: number,
  options: { page?: number; seenBefore?: string | null } = {},
): Promise<{ messages: InboxMessage[]; page: number; hasOlder: boolean }> {
  const page = Math.min(Math.max(1, Math.trunc(options.page ?? 1)), INBOX_MAX_PAGES);
  const rows = await db
    .select({
      id: notifications.id,
      kind: notifications.kind,
      channel: notifications.channel,
      status: notifications.status,
      createdAt: notifications.createdAt,
      trackingNo: notifications.trackingNo,
      ownBooking,
      templeName: sql<string | null>`coalesce(${param("templeName")}, ${templeById}, ${bookingTemples})`,
      pujaName: sql<string | null>`coalesce(${param("pujaName")}, ${linePuja})`,
      parcelTrackingNo: sql<string | null>`case when ${notifications.kind} = 'prasad-dispatched' then ${param("trackingNo")} end`,
    })
    .from(notifications)
    .where(listed(customerId))
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(INBOX_PAGE_SIZE + 1)
    .offset((page - 1) * INBOX_PAGE_SIZE);
  const seenBefore = options.seenBefore ?? "";
  const messages = rows.slice(0, INBOX_PAGE_SIZE).map(
    (row): InboxMessage => ({
      id: row.id,
      kind: row.kind,
      channel: row.channel,
      status: row.status,
      createdAt: row.createdAt,
      bookingTrackingNo: row.trackingNo && row.ownBooking ? row.trackingNo : null,
      templeName: row.templeName,
      pujaName: row.pujaName,
      parcelTrackingNo: row.parcelTrackingNo,
      unseen: row.createdAt > seenBefore,
    }),
  );
  return { messages, page, hasOlder: rows.length > INBOX_PAGE_SIZE && page < INBOX_MAX_PAGES };
}

/**
 * The devotee opened the tab: everything up to their newest message is seen. Answers when they
 * had looked before (null: never), so the page can mark what is new to them.
 */
export async function markInboxSeen(db: Database, customerId: number): Promise<string | null> {
  const newest = sql`(select max(${notifications.createdAt}) from ${notifications} where ${notifications.customerId} = ${customerId})`;
  const [before] = await db.batch([
    db.select({ seenAt: customers.notificationsSeenAt }).from(customers).where(eq(customers.id, customerId)),
    db
      .update(customers)
      .set({ notificationsSeenAt: sql`coalesce(${newest}, ${customers.notificationsSeenAt})` })
      .where(eq(customers.id, customerId)),
  ]);
  return before[0]?.seenAt ?? null;
}
