/** My Transactions a page at a time: newest first, "Older" and "Newer" reach every booking once, and only the devotee's own. */
import { env } from "cloudflare:workers";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pageText, type TestBrowser } from "../support/browser";
import { findPuja, newCustomer } from "../support/bookings";

const BOOKINGS = 45;
const PAGE = 20;
const COMPLETED = "/account?tab=transactions&view=completed";

let browser: TestBrowser;
let customerId: number;
let otherId: number;
/** The devotee's listed tracking numbers, newest first. */
let newestFirst: string[];
let removed: string;
let othersBooking: string;

/** Bookings as a booking leaves them (one puja line each), a minute apart but two (the 26th and 27th: across a page's edge). */
async function addBookings(owner: number, count: number, prefix: string) {
  const puja = await findPuja("direct");
  const statements = Array.from({ length: count }, (_, i) => {
    const minute = String(i === 26 ? 25 : i).padStart(2, "0");
    const number = `${prefix}${owner}-${String(i + 1).padStart(3, "0")}`;
    return [
      env.DB.prepare(
        `insert into transactions (customer_id, booking_date, receipt_no, tracking_no, total) values (?, ?, ?, ?, 10000)`,
      ).bind(owner, `2025-03-01T09:${minute}:00.000Z`, `R${number}`, `T${number}`),
      env.DB.prepare(
        `insert into transaction_lines (transaction_id, item_type, temple_id, temple_puja_id, item_name, devotee_name, puja_date, amount)
         select id, 'PUJA', ?, ?, 'Archana', 'Meera', '2025-03-10', 10000 from transactions where tracking_no = ?`,
      ).bind(puja.temple_id, puja.id, `T${number}`),
    ];
  });
  await env.DB.batch(statements.flat());
  return Array.from({ length: count }, (_, i) => `T${prefix}${owner}-${String(i + 1).padStart(3, "0")}`);
}

async function removeBookings(owner: number) {
  await env.DB.batch([
    env.DB.prepare("delete from transaction_lines where transaction_id in (select id from transactions where customer_id = ?)").bind(owner),
    env.DB.prepare("delete from transactions where customer_id = ?").bind(owner),
  ]);
}

/** The page's booking tracking numbers in the order shown, and its Older / Newer links. */
async function open(path: string) {
  const response = await browser.get(path);
  expect(response.status).toBe(200);
  const html = await response.text();
  // The list's own bookings (the page's links elsewhere carry the query, and with it a tracking number).
  const list = html.slice(html.indexOf('aria-label="Completed bookings"'), html.indexOf('aria-label="Pages of completed bookings"'));
  const shown = [...new Set(list.match(/TPG\d+-\d{3}/g) ?? [])];
  const link = (name: string) => {
    const anchor = html.match(new RegExp(`<a[^>]*href="([^"]*)"[^>]*>${name}</a>`));
    return anchor ? anchor[1]!.replace(/&amp;/g, "&") : null;
  };
  return { shown, older: link("Older bookings"), newer: link("Newer bookings"), text: await pageText(new Response(html)) };
}

beforeAll(async () => {
  ({ browser, customerId } = await newCustomer());
  ({ customerId: otherId } = await newCustomer());
  const made = await addBookings(customerId, BOOKINGS + 1, "PG");
  othersBooking = (await addBookings(otherId, 3, "PG"))[0]!;
  // One booking removed from the list: never shown, never counted.
  removed = made[5]!;
  await env.DB.prepare("update transactions set deleted_at = '2025-04-01T00:00:00.000Z' where tracking_no = ?").bind(removed).run();
  // Newest first: by booking time, then by id (the later of two booked in the same minute first).
  newestFirst = made.filter((number) => number !== removed).reverse();
});

afterAll(async () => {
  await removeBookings(customerId);
  await removeBookings(otherId);
});

describe("My Transactions a page at a time", () => {
  it("shows the newest page first, then reaches the oldest by Older and comes back by Newer, each booking once", async () => {
    const first = await open(COMPLETED);
    expect(first.shown).toEqual(newestFirst.slice(0, PAGE));
    expect(first.text).toContain(`Bookings 1–${PAGE} of ${BOOKINGS}`);
    expect(first.newer).toBeNull();

    const pages = [first];
    while (pages.at(-1)!.older) pages.push(await open(pages.at(-1)!.older!));
    expect(pages).toHaveLength(Math.ceil(BOOKINGS / PAGE));
    expect(pages.flatMap((page) => page.shown)).toEqual(newestFirst);
    expect(pages.at(-1)!.text).toContain(`Bookings ${2 * PAGE + 1}–${BOOKINGS} of ${BOOKINGS}`);

    const middle = await open(pages.at(-1)!.newer!);
    expect(middle.shown).toEqual(newestFirst.slice(PAGE, 2 * PAGE));
    expect(middle.text).toContain(`Bookings ${PAGE + 1}–${2 * PAGE} of ${BOOKINGS}`);
    const top = await open(middle.newer!);
    expect(top.shown).toEqual(newestFirst.slice(0, PAGE));
    expect(top.newer).toBeNull();
  });

  it("never shows another devotee's booking nor a removed one, even when a link names it", async () => {
    for (const path of [COMPLETED, `${COMPLETED}&older=${newestFirst[PAGE - 1]}`, `${COMPLETED}&older=${newestFirst[2 * PAGE - 1]}`]) {
      const page = await open(path);
      expect(page.shown).not.toContain(othersBooking);
      expect(page.shown).not.toContain(removed);
    }
    // Another devotee's booking as the place to start: the newest page of one's own, nothing of theirs.
    const named = await open(`${COMPLETED}&older=${othersBooking}`);
    expect(named.shown).toEqual(newestFirst.slice(0, PAGE));
  });

  it("opens the page holding a booking a message links to", async () => {
    const linked = newestFirst[30]!;
    const page = await open(`${COMPLETED}&booking=${linked}`);
    expect(page.shown[0]).toBe(linked);
    expect(page.text).toContain(`Bookings 31–${BOOKINGS} of ${BOOKINGS}`);
    expect(page.newer).not.toBeNull();
  });

  it("shows no paging for a devotee with a page or less", async () => {
    const { browser: few, customerId: fewId } = await newCustomer();
    await addBookings(fewId, 3, "PG");
    try {
      const html = await (await few.get(COMPLETED)).text();
      expect(html).not.toContain("Older bookings");
      expect(html).not.toContain("Newer bookings");
    } finally {
      await removeBookings(fewId);
    }
  });
});
