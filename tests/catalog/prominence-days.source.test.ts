/**
 * Issue 44: search prominence counts each closed day's bookings once (prominence.ts), not 90 days of lines every 15
 * minutes, and ranks exactly as counting the window's lines did: a booking of yesterday counts after its day is
 * counted, a booking that left the 90 days stops counting, a removed booking stops counting (a cancelled one still
 * counts, as it always did), a booking written later on a counted day counts at the next run, and a state whose days
 * were never counted catches up a bounded number of days a run, ranking the same meanwhile.
 */
import { env } from "cloudflare:workers";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDb } from "~/db/client.server";
import { DAYS_COUNTED_PER_RUN, refreshProminence } from "~/domain/catalog/prominence.server";
import { prominenceSince } from "~/domain/catalog/prominence";

const db = () => createDb(env.DB);
const DAY = 86_400_000;
// Noon (UTC) today: its bookings a minute before are today's whatever the hour the tests run at.
const now = new Date(`${new Date().toISOString().slice(0, 10)}T12:00:00.000Z`);
const iso = (ms: number) => new Date(ms).toISOString();
const yesterday = iso(now.getTime() - DAY).slice(0, 10);

let templeId = 0;
let customerId = 0;
const bookings: Record<string, number[]> = {};

/** A booking of one line (two when `lines` says) at the temple, dated `bookingDate`. */
async function book(bookingDate: string, lines = 1) {
  const key = crypto.randomUUID().replace(/-/g, "").slice(0, 16);
  const tx = (await env.DB.prepare(
    "insert into transactions (customer_id, booking_date, receipt_no, tracking_no, status, total) values (?, ?, ?, ?, 0, 100) returning id",
  )
    .bind(customerId, bookingDate, `SN-P${key}`, `TRK-P${key}`)
    .first<number>("id"))!;
  for (let i = 0; i < lines; i++) {
    await env.DB.prepare(
      "insert into transaction_lines (transaction_id, item_type, temple_id, item_name, devotee_name, amount) " +
        "values (?, 'DONATION', ?, 'Annadanam', 'Test', 100)",
    )
      .bind(tx, templeId)
      .run();
  }
  return tx;
}

/** What counting the window's lines and favourites gives (the rule before issue 44, as a reference). */
async function counted(at: Date) {
  const since = prominenceSince(at);
  const row = await env.DB.prepare(
    `select t.pilgrimage_weight as weight, (select count(distinct l.transaction_id) from transaction_lines l
       where l.temple_id = t.id and l.booked_at >= ?1
         and l.transaction_id not in (select id from transactions where deleted_at is not null)) as bookings,
       (select count(*) from favourites f where f.temple_id = t.id and f.created_at >= ?1) as favourites
     from temples t where t.id = ?2`,
  )
    .bind(since, templeId)
    .first<{ weight: number; bookings: number; favourites: number }>();
  const n = row!.bookings + row!.favourites;
  return { bookings: row!.bookings, prominence: row!.weight * 7 + 30 * Math.floor((10 * n) / (n + 20)) };
}

const prominence = async () =>
  (await env.DB.prepare("select prominence from temples where id = ?").bind(templeId).first<number>("prominence"))!;
const rolledUp = async (day: string) =>
  env.DB.prepare("select bookings from temple_booking_days where day = ? and temple_id = ? and day in (select day from booking_days)")
    .bind(day, templeId)
    .first<number>("bookings");

beforeAll(async () => {
  // A temple nobody booked or keeps among favourites, of weight 0 (another file's tests pick the newest such: the oldest here).
  templeId = (await env.DB.prepare(
    `select id from temples t where pilgrimage_weight = 0 and prominence = 0
       and not exists (select 1 from favourites f where f.temple_id = t.id)
       and not exists (select 1 from transaction_lines l where l.temple_id = t.id) order by id limit 1`,
  ).first<number>("id"))!;
  customerId = (await env.DB.prepare("select id from customers order by id limit 1").first<number>("id"))!;
  const at = (day: string, time: string) => `${day}T${time}.000Z`;
  const sinceMs = Date.parse(prominenceSince(now));
  // Two yesterday (one of two lines), two today, two just inside the window's first day, one just before it.
  bookings.yesterday = [await book(at(yesterday, "04:10:00"), 2), await book(at(yesterday, "20:45:00"))];
  bookings.today = [await book(iso(now.getTime() - 60_000)), await book(iso(now.getTime() - 120_000))];
  bookings.firstDay = [await book(iso(sinceMs + 60 * 60_000)), await book(iso(sinceMs + 90 * 60_000))];
  bookings.before = [await book(iso(sinceMs - 60 * 60_000))];
});

afterAll(async () => {
  const ids = Object.values(bookings).flat();
  if (ids.length === 0) return;
  await env.DB.prepare(`delete from transaction_lines where transaction_id in (${ids.join(",")})`).run();
  await env.DB.prepare(`delete from transactions where id in (${ids.join(",")})`).run();
  await refreshProminence(db(), new Date(), templeId);
});

describe("prominence from counted days", () => {
  it("counts yesterday's bookings once its day is counted, and ranks as counting the window's lines does", async () => {
    const expected = await counted(now);
    expect(expected.bookings, "yesterday 2, today 2, the window's first day 2").toBe(6);
    expect(expected.prominence).toBe(60);
    await refreshProminence(db(), now);
    expect(await prominence()).toBe(expected.prominence);
    expect(await rolledUp(yesterday), "yesterday's bookings are counted once, as one row").toBe(2);
    // Read from that row: a second run finds nothing to change and counts no line of yesterday again.
    expect(await refreshProminence(db(), now)).toBe(0);
  });

  it("drops the bookings that left the 90 days, and counts the day that closed", async () => {
    const later = new Date(now.getTime() + 2 * DAY);
    const expected = await counted(later);
    expect(expected.bookings, "the first day's two have left the window").toBe(4);
    await refreshProminence(db(), later, templeId);
    expect(await prominence()).toBe(expected.prominence);
    expect(expected.prominence).toBe(30);
    await refreshProminence(db(), now, templeId);
    expect(await prominence()).toBe(60);
  });

  it("stops counting a removed booking of a counted day (a cancelled one still counts); counts one written later on it", async () => {
    await refreshProminence(db(), now);
    expect(await rolledUp(yesterday)).toBe(2);
    // Cancelled (status 1, cancelled_at set): still counted, as it was before.
    await env.DB.prepare("update transactions set status = 1, cancelled_at = ? where id = ?")
      .bind(now.toISOString(), bookings.yesterday![0])
      .run();
    await refreshProminence(db(), now);
    expect(await prominence()).toBe(60);
    // Removed: two of six gone, 4 → 30.
    await env.DB.prepare(`update transactions set deleted_at = ? where id in (${bookings.yesterday!.join(",")})`)
      .bind(now.toISOString())
      .run();
    await refreshProminence(db(), now);
    expect((await counted(now)).bookings).toBe(4);
    expect(await prominence()).toBe(30);
    expect(await rolledUp(yesterday), "the day counted again, without them").toBeNull();
    // Brought back, and a booking written afterwards on the counted day (a counter sale entered late): 7 → 60.
    await env.DB.prepare(`update transactions set deleted_at = null where id in (${bookings.yesterday!.join(",")})`).run();
    bookings.late = [await book(`${yesterday}T23:59:59.999Z`)];
    await refreshProminence(db(), now);
    expect((await counted(now)).bookings).toBe(7);
    expect(await prominence()).toBe((await counted(now)).prominence);
    expect(await rolledUp(yesterday)).toBe(3);
  });

  it("moves a line's booking to another temple's count when the line moves", async () => {
    await refreshProminence(db(), now);
    const line = (await env.DB.prepare("select id from transaction_lines where transaction_id = ?")
      .bind(bookings.late![0])
      .first<number>("id"))!;
    const other = (await env.DB.prepare("select id from temples where id <> ? order by id limit 1").bind(templeId).first<number>("id"))!;
    await env.DB.prepare("update transaction_lines set temple_id = ? where id = ?").bind(other, line).run();
    await refreshProminence(db(), now);
    expect(await rolledUp(yesterday)).toBe(2);
    expect(await prominence()).toBe((await counted(now)).prominence);
    await env.DB.prepare("update transaction_lines set temple_id = ? where id = ?").bind(templeId, line).run();
  });

  it("catches up a state whose days were never counted a bounded number of days a run, ranking the same meanwhile", async () => {
    await env.DB.prepare("delete from booking_days").run();
    await refreshProminence(db(), now);
    expect(await prominence()).toBe((await counted(now)).prominence);
    const days = (await env.DB.prepare("select day from booking_days order by day").all<{ day: string }>()).results.map((r) => r.day);
    expect(days.length).toBe(DAYS_COUNTED_PER_RUN);
    expect(days.at(-1), "the newest first").toBe(yesterday);
    for (let run = 0; run < 13; run++) await refreshProminence(db(), now);
    expect(await env.DB.prepare("select count(*) as n from booking_days").first<number>("n"), "the window's 89 closed days").toBe(89);
    expect(await prominence()).toBe((await counted(now)).prominence);
  });
});
