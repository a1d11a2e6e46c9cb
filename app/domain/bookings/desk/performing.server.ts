/**
 * Bookings a temple performs: the day sheet, marking pujas done, prasad dispatch and
 * puja videos. Every query is scoped to the temple (a line of another temple is simply
 * not found), and every change writes an audit row in the same batch.
 */
import { textInLanguage } from "~/domain/content/translations.server";
import { and, asc, desc, eq, gt, isNull, lte, or, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { addresses, customers, stars, templePujas, temples, transactionLines, transactions } from "~/db/schema";
import { baseLocale, isLocale, type Locale } from "~/lib/i18n";
import { pujaNameShown, templeNameShown } from "../records/booked-names.server";
import { auditStatement } from "~/domain/audit/audit.server";
import type { DispatchedLine } from "./devotee-emails.server";

function pujaLines(db: Database) {
  return db
    .select({
      id: transactionLines.id,
      pujaDate: transactionLines.pujaDate,
      itemName: transactionLines.itemName,
      devoteeName: transactionLines.devoteeName,
      starName: textInLanguage("star", stars.id, stars.name),
      gotra: transactionLines.gotra,
      quantity: transactionLines.quantity,
      pujaStatus: transactionLines.pujaStatus,
      hasVideo: transactionLines.videoKey,
      postalCharge: transactionLines.postalCharge,
      prasadTrackingNo: transactionLines.prasadTrackingNo,
      receiptNo: transactions.receiptNo,
      trackingNo: transactions.trackingNo,
      /** "counter" for a sale at the temple's counter: the sheet marks it. */
      channel: transactions.channel,
      /** A cancelled counter sale stays on the sheet, marked, and is not performed. */
      cancelledAt: transactions.cancelledAt,
      cancelReason: transactions.cancelReason,
      customerName: customers.firstName,
      addressName: addresses.name,
      addressLine1: addresses.line1,
      addressLine2: addresses.line2,
      addressCity: addresses.city,
      addressState: addresses.state,
      addressPin: addresses.postalCode,
      addressPhone: addresses.phone,
    })
    .from(transactionLines)
    .innerJoin(transactions, eq(transactions.id, transactionLines.transactionId))
    .innerJoin(customers, eq(customers.id, transactions.customerId))
    .leftJoin(stars, eq(stars.id, transactionLines.starId))
    .leftJoin(addresses, eq(addresses.id, transactionLines.shippingAddressId))
    .$dynamic();
}

type Row = Awaited<ReturnType<ReturnType<typeof pujaLines>["execute"]>>[number];

function sheetLine({ hasVideo, ...row }: Row) {
  const postal = row.postalCharge > 0;
  const address =
    postal && row.addressLine1
      ? [row.addressName, row.addressLine1, row.addressLine2, row.addressCity, row.addressState, row.addressPin].filter(Boolean).join(", ")
      : null;
  return { ...row, hasVideo: Boolean(hasVideo), postal, address, done: row.pujaStatus === "done", cancelled: row.cancelledAt !== null };
}

export type SheetLine = ReturnType<typeof sheetLine>;

/** The pujas booked (and paid) at the temple for one day, in booking order; cancelled counter sales marked `cancelled`. */
export async function listDaySheet(db: Database, templeId: number, day: string) {
  const rows = await pujaLines(db)
    .where(
      and(
        eq(transactionLines.templeId, templeId),
        eq(transactionLines.itemType, "PUJA"),
        eq(transactionLines.pujaDate, day),
        eq(transactions.status, 0),
      ),
    )
    .orderBy(asc(transactionLines.itemName), asc(transactionLines.id));
  return rows.map(sheetLine);
}

/** Lines a page of the desk's day sheet shows: a festival day can hold thousands; the PDF and the digest list them all. */
export const DAY_SHEET_PAGE_SIZE = 25;

/**
 * The day sheet's counts over the whole day: lines listed, pujas to perform (not cancelled), done. Read from the index
 * transaction_lines_day_counts (temple, day, kind, booking, status) and each line's booking, never the lines' rows.
 */
export function daySheetCounts(db: Database, templeId: number, day: string) {
  return db
    .select({
      lines: sql<number>`count(*)`,
      toPerform: sql<number>`coalesce(sum(${transactions.cancelledAt} is null), 0)`,
      done: sql<number>`coalesce(sum(${transactionLines.pujaStatus} = 'done'), 0)`,
    })
    .from(transactionLines)
    .innerJoin(transactions, eq(transactions.id, transactionLines.transactionId))
    .where(
      and(
        eq(transactionLines.templeId, templeId),
        eq(transactionLines.pujaDate, day),
        eq(transactionLines.itemType, "PUJA"),
        eq(transactions.status, 0),
      ),
    );
}

/**
 * One page of the day sheet in puja order, with the day's counts summed in SQL (lines, to perform,
 * done), so the page's work stays bounded however many pujas the day holds. Offset paging: the day's
 * lines are read from the index transaction_lines_day_sheet in order, and the counts read them all anyway.
 */
export async function listDaySheetPage(db: Database, templeId: number, day: string, page: number): Promise<DaySheetPage> {
  const where = and(
    eq(transactionLines.templeId, templeId),
    eq(transactionLines.pujaDate, day),
    eq(transactionLines.itemType, "PUJA"),
    eq(transactions.status, 0),
  );
  // Not one db.batch: a batch's rows come back by column name, and the lines' joined columns share names (star, address).
  const [rows, [totals]] = await Promise.all([
    pujaLines(db)
      .where(where)
      .orderBy(asc(transactionLines.itemName), asc(transactionLines.id))
      .limit(DAY_SHEET_PAGE_SIZE)
      .offset((page - 1) * DAY_SHEET_PAGE_SIZE),
    daySheetCounts(db, templeId, day),
  ]);
  const counts = totals ?? { lines: 0, toPerform: 0, done: 0 };
  // A page past the end (an old link, a day since cancelled down) shows the last one.
  const last = Math.max(1, Math.ceil(counts.lines / DAY_SHEET_PAGE_SIZE));
  if (page > last) return listDaySheetPage(db, templeId, day, last);
  const from = (page - 1) * DAY_SHEET_PAGE_SIZE;
  return {
    lines: rows.map(sheetLine),
    totals: counts,
    paging: { page, from: from + 1, to: from + rows.length, hasNext: from + rows.length < counts.lines },
  };
}

export type DaySheetPage = {
  lines: SheetLine[];
  /** The whole day's: lines listed, pujas to perform (not cancelled), done. */
  totals: { lines: number; toPerform: number; done: number };
  paging: { page: number; from: number; to: number; hasNext: boolean };
};

/** Postal lines up to `day` still waiting for a tracking number, then the latest dispatched ones. */
export async function listDispatch(db: Database, templeId: number, day: string) {
  const base = and(
    eq(transactionLines.templeId, templeId),
    eq(transactionLines.itemType, "PUJA"),
    gt(transactionLines.postalCharge, 0),
    eq(transactions.status, 0),
  );
  const [pending, sent] = await Promise.all([
    pujaLines(db)
      .where(
        and(
          base,
          isNull(transactionLines.prasadTrackingNo),
          or(lte(transactionLines.pujaDate, day), eq(transactionLines.pujaStatus, "done")),
        ),
      )
      .orderBy(asc(transactionLines.pujaDate), asc(transactionLines.id))
      .limit(200),
    pujaLines(db)
      .where(and(base, gt(transactionLines.prasadTrackingNo, "")))
      .orderBy(desc(transactionLines.id))
      .limit(50),
  ]);
  return { pending: pending.map(sheetLine), sent: sent.map(sheetLine) };
}

/** A puja booked at the temple, its puja and temple named in `locale` (the devotee's, for their e-mail). */
async function findTempleLine(db: Database, templeId: number, lineId: number, locale: Locale = baseLocale) {
  const [line] = await db
    .select({
      id: transactionLines.id,
      pujaStatus: transactionLines.pujaStatus,
      postalCharge: transactionLines.postalCharge,
      videoKey: transactionLines.videoKey,
      itemName: pujaNameShown(templePujas.pujaId, transactionLines.itemName, "puja_name_shown", locale),
      devoteeName: transactionLines.devoteeName,
      receiptNo: transactions.receiptNo,
      bookingTrackingNo: transactions.trackingNo,
      pujaDate: transactionLines.pujaDate,
      customerId: customers.id,
      email: customers.email,
      firstName: customers.firstName,
      language: customers.language,
      /** A sale under the walk-in account: the phone its devotee gave, where they are told. */
      counterPhone: transactions.counterPhone,
      templeName: templeNameShown("temple_name_shown", locale),
    })
    .from(transactionLines)
    .innerJoin(transactions, eq(transactions.id, transactionLines.transactionId))
    .innerJoin(customers, eq(customers.id, transactions.customerId))
    .innerJoin(temples, eq(temples.id, transactionLines.templeId))
    .leftJoin(templePujas, eq(templePujas.id, transactionLines.templePujaId))
    .where(and(eq(transactionLines.id, lineId), eq(transactionLines.templeId, templeId), eq(transactionLines.itemType, "PUJA")))
    .limit(1);
  return line ?? null;
}

/** Whether the line is a puja booked at this temple (for the video upload steps). */
export async function templeHasLine(db: Database, templeId: number, lineId: number) {
  return (await findTempleLine(db, templeId, lineId)) !== null;
}

export async function markPujaDone(db: Database, actorId: number, templeId: number, lineId: number) {
  const line = await findTempleLine(db, templeId, lineId);
  if (!line) return { ok: false as const, reason: "missing" as const };
  if (line.pujaStatus === "cancelled") return { ok: false as const, reason: "missing" as const };
  if (line.pujaStatus === "done") return { ok: false as const, reason: "done" as const };
  await db.batch([
    db
      .update(transactionLines)
      .set({ pujaStatus: "done" })
      .where(and(eq(transactionLines.id, lineId), eq(transactionLines.templeId, templeId))),
    auditStatement(db, { actorId, action: "line.done", entity: "transaction_line", entityId: lineId, templeId }),
  ]);
  return { ok: true as const };
}

export async function setPrasadTracking(db: Database, actorId: number, templeId: number, lineId: number, trackingNo: string) {
  const line = await findTempleLine(db, templeId, lineId);
  if (!line) return { ok: false as const, reason: "missing" as const };
  if (line.postalCharge <= 0) return { ok: false as const, reason: "not-postal" as const };
  await db.batch([
    db
      .update(transactionLines)
      .set({ prasadTrackingNo: trackingNo })
      .where(and(eq(transactionLines.id, lineId), eq(transactionLines.templeId, templeId))),
    auditStatement(db, {
      actorId,
      action: "line.tracking",
      entity: "transaction_line",
      entityId: lineId,
      templeId,
      detail: { trackingNo },
    }),
  ]);
  // The devotee's e-mail speaks the language they chose, naming the puja and temple in it.
  const locale = line.language && isLocale(line.language) ? line.language : baseLocale;
  const named = locale === baseLocale ? line : ((await findTempleLine(db, templeId, lineId, locale)) ?? line);
  const dispatched: DispatchedLine & { id: number; customerId: number } = { ...named, trackingNo, locale };
  return { ok: true as const, line: dispatched };
}

/** A booked puja of the temple as its devotee reads it: its puja and temple named in their language (for their messages). */
export async function lineForDevotee(db: Database, templeId: number, lineId: number) {
  const line = await findTempleLine(db, templeId, lineId);
  if (!line) return null;
  const locale = line.language && isLocale(line.language) ? line.language : baseLocale;
  return locale === baseLocale ? line : ((await findTempleLine(db, templeId, lineId, locale)) ?? line);
}

/** Points the line at its uploaded video; returns the replaced key (to delete) if any. */
export async function attachVideo(db: Database, actorId: number, templeId: number, lineId: number, key: string) {
  const line = await findTempleLine(db, templeId, lineId);
  if (!line) return { ok: false as const };
  await db.batch([
    db
      .update(transactionLines)
      .set({ videoKey: key })
      .where(and(eq(transactionLines.id, lineId), eq(transactionLines.templeId, templeId))),
    auditStatement(db, { actorId, action: "line.video", entity: "transaction_line", entityId: lineId, templeId, detail: { key } }),
  ]);
  return { ok: true as const, replaced: line.videoKey && line.videoKey !== key ? line.videoKey : null };
}
