/** The desk's day sheet on a festival day: a page of lines at a time in puja order, the day's counts over all of them. */
import { env } from "cloudflare:workers";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pageText } from "../support/browser";
import { newCustomer } from "../support/bookings";
import { signedIn, STAFF_A, STAFF_B, templeOf } from "../support/staff";

const DAY = "2024-01-15";
const PAGE = 25;
let templeA: number;
let templeB: number;
let customerId: number;
/** The day's lines at temple A as the sheet orders them (by puja, then as booked): their devotees' names. */
let inOrder: string[];

/** A paid booking of `names.length` puja lines at a temple on DAY (cancelled at the counter when `cancelled`). */
async function addBooking(templeId: number, tag: string, names: string[], cancelled = false) {
  const puja = await env.DB.prepare("select id from temple_pujas where temple_id = ? order by id limit 1")
    .bind(templeId)
    .first<{ id: number }>();
  await env.DB.batch([
    env.DB.prepare(
      `insert into transactions (customer_id, booking_date, receipt_no, tracking_no, total, cancelled_at) values (?, ?, ?, ?, 0, ?)`,
    ).bind(customerId, `${DAY}T01:00:00.000Z`, `RDS-${tag}`, `TDS-${tag}`, cancelled ? `${DAY}T02:00:00.000Z` : null),
    ...names.map((name, i) =>
      env.DB.prepare(
        `insert into transaction_lines (transaction_id, item_type, temple_id, temple_puja_id, item_name, devotee_name, puja_date, amount)
         select id, 'PUJA', ?, ?, ?, ?, ?, 1000 from transactions where tracking_no = ?`,
      ).bind(templeId, puja!.id, `Puja ${String.fromCharCode(67 - (i % 3))}`, name, DAY, `TDS-${tag}`),
    ),
  ]);
}

beforeAll(async () => {
  templeA = await templeOf(STAFF_A.email);
  templeB = await templeOf(STAFF_B.email);
  ({ customerId } = await newCustomer());
  const names = Array.from({ length: 60 }, (_, i) => `Devotee ${String(i + 1).padStart(3, "0")}`);
  await addBooking(templeA, `${customerId}-a`, names);
  await addBooking(templeA, `${customerId}-c`, ["Devotee 061", "Devotee 062"], true);
  await addBooking(templeB, `${customerId}-b`, ["Stranger 001"]);
  await env.DB.prepare("update transaction_lines set puja_status = 'done' where devotee_name = 'Devotee 007' and puja_date = ?")
    .bind(DAY)
    .run();
  // By puja name (C, B, A by turns as written: A first), then in booking order.
  const all = [...names, "Devotee 061", "Devotee 062"];
  const puja = (i: number) => String.fromCharCode(67 - ((i < 60 ? i : i - 60) % 3));
  inOrder = all
    .map((name, i) => ({ name, puja: puja(i), i }))
    .sort((a, b) => a.puja.localeCompare(b.puja) || a.i - b.i)
    .map((line) => line.name);
});

afterAll(async () => {
  await env.DB.batch([
    env.DB.prepare("delete from transaction_lines where transaction_id in (select id from transactions where customer_id = ?)").bind(
      customerId,
    ),
    env.DB.prepare("delete from transactions where customer_id = ?").bind(customerId),
  ]);
});

async function open(path: string) {
  const staff = await signedIn(STAFF_A);
  const response = await staff.get(path);
  expect(response.status).toBe(200);
  const html = await response.text();
  const next = html.match(/<a[^>]*href="([^"]*)"[^>]*>Next lines<\/a>/)?.[1]?.replace(/&amp;/g, "&") ?? null;
  const previous = html.match(/<a[^>]*href="([^"]*)"[^>]*>Previous lines<\/a>/)?.[1]?.replace(/&amp;/g, "&") ?? null;
  const text = await pageText(new Response(html));
  // A line names its devotee more than once (its forms' labels): each once, in order.
  return { shown: [...new Set(text.match(/(Devotee|Stranger) \d{3}/g) ?? [])], next, previous, text };
}

describe("the day sheet of a busy day", () => {
  it("shows a page of lines in puja order with the whole day's counts, and reaches every line once", async () => {
    const first = await open(`/desk/${templeA}/bookings?date=${DAY}`);
    expect(first.shown).toEqual(inOrder.slice(0, PAGE));
    // The cancelled counter sale's two lines are listed but not to perform.
    expect(first.text).toContain(`Pujas to perform on ${DAY}: 60, 1 done`);
    expect(first.text).toContain(`Lines 1–${PAGE} of 62`);
    expect(first.previous).toBeNull();

    const pages = [first];
    while (pages.at(-1)!.next) pages.push(await open(pages.at(-1)!.next!));
    expect(pages).toHaveLength(3);
    expect(pages.flatMap((page) => page.shown)).toEqual(inOrder);
    expect(pages.at(-1)!.text).toContain("Lines 51–62 of 62");
    expect(pages.flatMap((page) => page.shown)).not.toContain("Stranger 001");

    const back = await open(pages.at(-1)!.previous!);
    expect(back.shown).toEqual(inOrder.slice(PAGE, 2 * PAGE));
    expect((await open(back.previous!)).shown).toEqual(inOrder.slice(0, PAGE));
  });

  it("shows the last page for a page past the end", async () => {
    const past = await open(`/desk/${templeA}/bookings?date=${DAY}&page=99`);
    expect(past.shown).toEqual(inOrder.slice(2 * PAGE));
    expect(past.text).toContain("Lines 51–62 of 62");
    expect(past.next).toBeNull();
  });
});
