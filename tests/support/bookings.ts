/** Shared steps of the bookings Worker tests: who signs in, which puja to book, what a page holds. */
import { env, exports } from "cloudflare:workers";
import { expect } from "vitest";
import { addDays, nextOfferedDay } from "~/domain/bookings/cart/inputs";
import { todayInIndia } from "~/lib/india-time";
import { razorpayEmulator } from "./razorpay-emulator";
import { ORIGIN, signIn, signUp, TestBrowser } from "./browser";

/** The Razorpay emulator the Worker under test talks to (started by tests/support/emulator-setup.ts). */
export const gateway = razorpayEmulator((env as unknown as { RAZORPAY_API_BASE: string }).RAZORPAY_API_BASE);

export const DEMO = { email: "devotee@sannidhi.example", password: "Devotee@2026" };

export async function demoBrowser() {
  const browser = new TestBrowser();
  const response = await signIn(browser, DEMO.email, DEMO.password);
  expect(response.status).toBe(302);
  return browser;
}

/** A freshly registered, signed-in customer with nothing booked yet. */
export async function newCustomer() {
  const browser = new TestBrowser();
  const user = await signUp(browser);
  const row = await env.DB.prepare("select id from customers where email = ?").bind(user.email).first<{ id: number }>();
  return { browser, user, customerId: row!.id };
}

export interface PujaRow {
  id: number;
  temple_id: number;
  puja_id: number;
  slug: string;
  rate: number;
  postal_charge: number;
  days_offered: string;
  booking_mode: "direct" | "request";
}

/** An active puja of an online temple, in the given booking mode, optionally with postal prasad. */
export async function findPuja(mode: "direct" | "request", withPostal = false, skip = 0): Promise<PujaRow> {
  const row = await env.DB.prepare(
    `select tp.id, tp.temple_id, tp.puja_id, t.slug, tp.rate, tp.postal_charge, tp.days_offered, tp.booking_mode
     from temple_pujas tp join temples t on t.id = tp.temple_id
     where tp.active = 1 and t.online_booking = 1 and t.verified = 1 and tp.booking_mode = ? and (? = 0 or tp.postal_charge > 0)
     order by tp.id limit 1 offset ?`,
  )
    .bind(mode, withPostal ? 1 : 0, skip)
    .first<PujaRow>();
  expect(row, `an active ${mode} puja`).toBeTruthy();
  return row!;
}

/** The n-th future day (from a week ahead) on which the puja is offered. */
export function offeredDate(puja: Pick<PujaRow, "days_offered">, weeksAhead = 1): string {
  return nextOfferedDay(puja.days_offered, addDays(todayInIndia(), 7 * weeksAhead))!;
}

/** A donation purpose of a verified online temple (one with a valid 80G registration for every purpose when asked). */
export async function findDonationPurpose(with80g = false) {
  const row = await env.DB.prepare(
    `select d.id, d.temple_id, t.slug from donation_purposes d join temples t on t.id = d.temple_id
     where d.active = 1 and t.online_booking = 1 and t.verified = 1 and (? = 0 or exists (select 1 from temple_trust tt where tt.temple_id = t.id
       and tt.checked_80g is not null and tt.renovation_only = 0 and date('now') between tt.valid_80g_from and tt.valid_80g_to))
     order by d.id limit 1`,
  )
    .bind(with80g ? 1 : 0)
    .first<{ id: number; temple_id: number; slug: string }>();
  expect(row).toBeTruthy();
  return row!;
}

/** The value of a hidden input in a rendered page. */
export function hiddenValue(html: string, name: string): string {
  const escaped = name.replace(/[[\]]/g, "\\$&");
  const match = new RegExp(`name="${escaped}" value="([^"]*)"`).exec(html) ?? new RegExp(`value="([^"]*)" name="${escaped}"`).exec(html);
  expect(match, `hidden field ${name}`).toBeTruthy();
  return match![1]!.replace(/&quot;/g, '"').replace(/&amp;/g, "&");
}

/** Books one direct puja into the cart through the temple site's form. */
export async function bookPuja(browser: TestBrowser, puja: PujaRow, fields: Record<string, string> = {}) {
  return browser.post(`/t/${puja.slug}`, {
    form: "puja",
    templePujaId: String(puja.id),
    "devotees[0].name": "Meera Iyer",
    "devotees[0].starId": "4",
    "dates[0]": offeredDate(puja),
    quantity: "1",
    ...fields,
  });
}

/** Cart → checkout → the payment page that posts to the gateway's hosted checkout; returns the order id and the page's HTML. */
export async function openCheckout(browser: TestBrowser) {
  const checkout = await browser.post("/checkout", {});
  expect(checkout.status).toBe(303);
  const location = checkout.headers.get("location")!;
  expect(location).toMatch(/^\/checkout\/pay\/order_\w{14}$/);
  const page = await browser.get(location);
  expect(page.status).toBe(200);
  return { orderId: decodeURIComponent(location.split("/").pop()!), html: await page.text() };
}

/** Pays the order on the emulator as the browser would, and posts its answer to the callback. */
export async function payAndReturn(browser: TestBrowser, orderId: string) {
  const fields = await gateway.pay(orderId);
  return { fields, response: await browser.post("/payments/callback", fields) };
}

/** Posts the order's pending webhooks to the Worker as Razorpay would; acknowledged when answered 2xx. */
export function deliverWebhooks(orderId: string) {
  return gateway.drainWebhooks(orderId, (webhook) =>
    exports.default.fetch(new Request(`${ORIGIN}/payments/webhook`, { method: "POST", headers: webhook.headers, body: webhook.body })),
  );
}

export async function count(sql: string, ...params: unknown[]) {
  const row = await env.DB.prepare(sql)
    .bind(...params)
    .first<{ n: number }>();
  return row?.n ?? 0;
}
