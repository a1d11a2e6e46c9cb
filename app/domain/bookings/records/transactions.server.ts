/**
 * A devotee's bookings (My Transactions): the completed list, its details, requests,
 * and removing a booking from the list. Every read is scoped to the customer: another
 * customer's tracking number is simply not found.
 */
import { textInLanguage } from "~/domain/content/translations.server";
import { and, asc, desc, eq, inArray, isNull, type SQL, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { addresses, requests, stars, templePujas, temples, transactionLines, transactions } from "~/db/schema";
import { postalAddressLine } from "../cart/addresses.server";
import { readRequests, REQUEST_STATUS } from "../desk/request-lifecycle.server";
import { pujaNameShown, templeNameShown } from "./booked-names.server";
import { bookingTotals } from "../cart/cart";
import { bookingHeadline, type HeadlineLine } from "./booking-headline";
import { receiptCode } from "~/domain/trust/receipt-codes.server";
import { canStillMove, type CustomerDateChange, latestChangeByLine, listCustomerDateChanges } from "../desk/date-changes.server";
import { todayInIndia } from "~/lib/india-time";
import { type CompletedCursor, type CompletedPaging, pageOfListed } from "./completed-page.server";

export const TRANSACTION_MESSAGES = {
  removed: "The booking has been removed from your list. It is not cancelled: the temple will still perform the pujas.",
  notFound: "We could not find that booking in your list.",
} as const;

/** The Completed list: status 0 and not deleted, newest first. */
const summaryColumns = {
  trackingNo: transactions.trackingNo,
  receiptNo: transactions.receiptNo,
  bookingDate: transactions.bookingDate,
  total: transactions.total,
  status: transactions.status,
};

function completedWhere(customerId: number) {
  return and(eq(transactions.customerId, customerId), eq(transactions.status, 0), isNull(transactions.deletedAt));
}

export function listTransactionSummaries(db: Database, customerId: number) {
  return db
    .select(summaryColumns)
    .from(transactions)
    .where(completedWhere(customerId))
    .orderBy(desc(transactions.bookingDate), desc(transactions.id));
}

export type TransactionSummary = Awaited<ReturnType<typeof listTransactionSummaries>>[number];

/** Lines of the customer's bookings that `match` picks (one tracking number, or a page's bookings by a subquery, never a list of ids). */
function linesQuery(db: Database, customerId: number, match: SQL | undefined) {
  return db
    .select({
      id: transactionLines.id,
      trackingNo: transactions.trackingNo,
      itemType: transactionLines.itemType,
      itemId: transactionLines.templePujaId,
      donationPurposeId: transactionLines.donationPurposeId,
      // Named in the request's language (the booking keeps the English name it was booked under).
      itemName: pujaNameShown(templePujas.pujaId, transactionLines.itemName, "item_name_shown"),
      templeId: transactionLines.templeId,
      templeName: templeNameShown("temple_name_shown"),
      templeSlug: temples.slug,
      registration80g: temples.registration80g,
      templePan: sql<string | null>`${temples.pan}`.as("temple_pan"),
      devoteeName: transactionLines.devoteeName,
      starName: textInLanguage("star", stars.id, stars.name),
      gotra: transactionLines.gotra,
      pujaDate: transactionLines.pujaDate,
      quantity: transactionLines.quantity,
      amount: transactionLines.amount,
      postalCharge: transactionLines.postalCharge,
      pujaStatus: transactionLines.pujaStatus,
      hasVideo: transactionLines.videoKey,
      prasadTrackingNo: transactionLines.prasadTrackingNo,
      shippingAddress: postalAddressLine("shipping_address"),
    })
    .from(transactionLines)
    .innerJoin(transactions, eq(transactions.id, transactionLines.transactionId))
    .innerJoin(temples, eq(temples.id, transactionLines.templeId))
    .leftJoin(templePujas, eq(templePujas.id, transactionLines.templePujaId))
    .leftJoin(stars, eq(stars.id, transactionLines.starId))
    .leftJoin(addresses, eq(addresses.id, transactionLines.shippingAddressId))
    .where(and(eq(transactions.customerId, customerId), match))
    .orderBy(asc(transactionLines.id));
}

type LineRow = Awaited<ReturnType<typeof linesQuery>>[number];

// The stored key stays here: the fronts only learn that a video exists and link to /videos.
function detailLine(row: LineRow) {
  const { hasVideo, ...line } = row;
  return { ...line, hasVideo: Boolean(hasVideo) };
}

export type DetailLine = ReturnType<typeof detailLine>;

function headlineOf(line: DetailLine): HeadlineLine {
  return { ...line, templePujaId: line.itemId };
}

/**
 * A page of the customer's completed bookings, newest first, each with its per-temple detail and
 * its receipt's verification code (the one its PDF, page and email carry), for the Completed tab.
 * Keyset paging (completed-page.server.ts): the page's cost stays the same at 5 bookings or 5,000.
 */
export async function listCompletedBookings(
  db: Database,
  customerId: number,
  codeSecret: string,
  cursor: CompletedCursor = null,
  now = new Date(),
): Promise<CompletedPage> {
  const page = pageOfListed(db, customerId, cursor);
  const [summaries, rows, changes, [counts]] = await db.batch([
    db
      .select({ id: transactions.id, convenienceFee: transactions.convenienceFee, ...summaryColumns })
      .from(transactions)
      .where(inArray(transactions.id, page.ids))
      .orderBy(desc(transactions.bookingDate), desc(transactions.id)),
    linesQuery(db, customerId, inArray(transactions.id, page.ids)),
    listCustomerDateChanges(db, customerId),
    page.counts,
  ]);
  const window = page.window(summaries, counts ?? { total: 0, newer: 0 });
  // A cursor that finds nothing (a booking removed, or a link edited) shows the newest page.
  if (window === null) return listCompletedBookings(db, customerId, codeSecret, null, now);
  const latest = latestChangeByLine(changes);
  const today = todayInIndia(now);
  const lines = (trackingNo: string) => rows.filter((row) => row.trackingNo === trackingNo).map(detailLine);
  const bookings = await Promise.all(
    window.rows.map((summary) => completedBooking(codeSecret, summary, lines(summary.trackingNo), latest, today)),
  );
  return { bookings, paging: window.paging };
}

type ListedSummary = TransactionSummary & { id: number; convenienceFee: number };

async function completedBooking(
  codeSecret: string,
  { id, convenienceFee, ...summary }: ListedSummary,
  lines: DetailLine[],
  latest: Map<number, CustomerDateChange>,
  today: string,
) {
  const moves = lines.flatMap((line) => movesOf(line, latest.get(line.id) ?? null, today));
  const verifyCode = await receiptCode(codeSecret, { id, receiptNo: summary.receiptNo });
  return {
    ...summary,
    verifyCode,
    headline: bookingHeadline(lines.map(headlineOf), summary.bookingDate),
    moves,
    totals: bookingTotals(lines, convenienceFee),
  };
}

/**
 * A puja line's part in "Cannot come on the day?": whether the devotee may ask to move it now
 * (booked, its day still to come, no ask open) and the latest ask's answer. Nothing for a
 * donation, or a line never asked about that can no longer move.
 */
function movesOf(line: DetailLine, change: CustomerDateChange | null, today: string) {
  if (line.itemType !== "PUJA" || line.pujaDate === null) return [];
  const movable = canStillMove(line, today) && change?.status !== "asked";
  if (!movable && (change === null || change.status === "withdrawn")) return [];
  return [
    {
      lineId: line.id,
      itemName: line.itemName,
      devoteeName: line.devoteeName,
      pujaDate: line.pujaDate,
      movable,
      change: change?.status === "withdrawn" ? null : change,
    },
  ];
}

export type LineMove = ReturnType<typeof movesOf>[number];

export type CompletedBooking = Awaited<ReturnType<typeof completedBooking>>;
export type CompletedPage = { bookings: CompletedBooking[]; paging: CompletedPaging };

/** One booking of the customer (also removed ones, for receipts); null when it is not theirs. */
export async function loadTransaction(db: Database, customerId: number, trackingNo: string) {
  const [[transaction], rows] = await db.batch([
    db
      .select()
      .from(transactions)
      .where(and(eq(transactions.customerId, customerId), eq(transactions.trackingNo, trackingNo)))
      .limit(1),
    linesQuery(db, customerId, eq(transactions.trackingNo, trackingNo)),
  ]);
  if (!transaction) return null;
  const lines = rows.map(detailLine);
  return { transaction, lines, totals: bookingTotals(lines, transaction.convenienceFee) };
}

/** One booking as the customer's list shows it: a removed one, like another customer's, is not there (null). */
export async function loadListedTransaction(db: Database, customerId: number, trackingNo: string) {
  const loaded = await loadTransaction(db, customerId, trackingNo);
  return loaded && !loaded.transaction.deletedAt ? loaded : null;
}

export type LoadedTransaction = NonNullable<Awaited<ReturnType<typeof loadTransaction>>>;

/** Removes a booking from the customer's list (it is hidden, never cancelled). Status 0 means done. */
export async function removeTransaction(db: Database, customerId: number, trackingNo: string) {
  const removed = await db
    .update(transactions)
    .set({ deletedAt: new Date().toISOString() })
    .where(and(eq(transactions.customerId, customerId), eq(transactions.trackingNo, trackingNo), isNull(transactions.deletedAt)))
    .returning({ id: transactions.id });
  return removed.length > 0
    ? { status: 0 as const, message: TRANSACTION_MESSAGES.removed }
    : { status: 1 as const, message: TRANSACTION_MESSAGES.notFound };
}

/** Requests of the customer with a status (2 requested, 1 accepted), soonest first, named in the page's language. */
export async function listRequests(db: Database, customerId: number, status: 1 | 2) {
  const rows = await readRequests(db, and(eq(requests.customerId, customerId), eq(requests.status, status)), { limit: 1000 });
  return rows.map(({ cartItemId, ...row }) => ({ ...row, inCart: cartItemId !== null }));
}

export type RequestRow = Awaited<ReturnType<typeof listRequests>>[number];

export const REQUEST_TABS = { requested: REQUEST_STATUS.requested, accepted: REQUEST_STATUS.accepted } as const;
