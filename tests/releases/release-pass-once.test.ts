/**
 * Issue 37, a waiting-room pass works once: it admits one checkout (one cart's worth) of its
 * opening's dates, in the session it was given to. Its order can be paid (and a failed payment
 * tried again) while it is open, but the pass opens no second order, whether the first was paid
 * or its cart changed; a copy of the cookie in another sign-in is refused and sent to the room.
 */
import { env } from "cloudflare:workers";
import { afterEach, describe, expect, it } from "vitest";
import { longDate } from "~/domain/text";
import { indiaDateTime } from "~/lib/india-time";
import { pageText, signIn, TestBrowser } from "../support/browser";
import { count, findPuja, gateway, newCustomer, openCheckout, type PujaRow } from "../support/bookings";
import { booking, dayAhead, enter, MINUTE, release, removeReleases } from "./support/releases";

afterEach(removeReleases);

const rushEndsAt = (opening: number) => indiaDateTime(opening + 60 * MINUTE).time;
const used = (time: string) =>
  `Your turn from the waiting room has already been used for one checkout, and a turn allows only ` +
  `one. From ${time} IST anyone can book the dates that are left, without waiting.`;
const elsewhere = (day: string) => `Your turn to book ${day} was given in another sign-in or browser: please join the waiting room here.`;

/** A release of two dates of `puja` whose rush began a minute ago, and a devotee admitted to its room with their pass. */
async function admitted(puja: PujaRow, days: number) {
  const first = dayAhead(puja, days);
  const second = dayAhead(puja, days + 7);
  const opening = Date.now() - MINUTE;
  const releaseId = await release(puja, { firstDay: first, lastDay: second, opensAt: opening });
  const devotee = await newCustomer();
  const { pass } = await enter(devotee.browser, puja, releaseId);
  expect(pass).toBeTruthy();
  return { ...devotee, first, second, opening, releaseId, token: pass!.split(";")[0]!.slice("sn_pass=".length) };
}

const orders = (customerId: number) => count("select count(*) as n from payment_orders where customer_id = ?", customerId);
const cartLine = (customerId: number, day: string) =>
  env.DB.prepare("select id from cart_items where customer_id = ? and puja_date = ?").bind(customerId, day).first<{ id: number }>();

describe("a waiting-room pass", () => {
  it("admits the ordinary path: two dates within the limit, a failed payment tried again, paid", async () => {
    const puja = await findPuja("direct", false, 30);
    const { browser, customerId, first, second } = await admitted(puja, 330);
    expect((await browser.post(`/t/${puja.slug}`, booking(puja, first))).status).toBe(303);
    expect((await browser.post(`/t/${puja.slug}`, booking(puja, second))).status).toBe(303);
    const { orderId } = await openCheckout(browser);
    expect((await browser.post("/payments/callback", await gateway.fail(orderId))).headers.get("location")).toBe("/cart");
    // Back at the cart, checking out again returns to the same order, which is then paid.
    expect((await openCheckout(browser)).orderId).toBe(orderId);
    const paid = await browser.post("/payments/callback", await gateway.pay(orderId));
    expect(paid.headers.get("location")).toBe(`/checkout/done/${orderId}`);
    expect(await count("select count(*) as n from transactions where customer_id = ?", customerId)).toBe(1);
    expect(await orders(customerId)).toBe(1);
  });

  it("opens no second order once its checkout is paid: another date is refused, in the devotee's language", async () => {
    const puja = await findPuja("direct", false, 31);
    const { browser, customerId, first, second, opening } = await admitted(puja, 331);
    expect((await browser.post(`/t/${puja.slug}`, booking(puja, first))).status).toBe(303);
    const { orderId } = await openCheckout(browser);
    expect((await browser.post("/payments/callback", await gateway.pay(orderId))).status).toBe(303);

    const again = await browser.post(`/t/${puja.slug}`, booking(puja, second));
    expect(again.status).toBe(400);
    expect(await again.text()).toContain(used(rushEndsAt(opening)));
    const hindi = await browser.post(`/hi/t/${puja.slug}`, booking(puja, second));
    expect(await hindi.text()).toContain(`${rushEndsAt(opening)} IST से कोई भी बिना प्रतीक्षा के बची हुई तिथियाँ बुक कर सकता है।`);
    expect(await cartLine(customerId, second)).toBeNull();
    expect(await orders(customerId)).toBe(1);
  });

  it("opens one order between two checkouts at once, and none after its cart changes", async () => {
    const puja = await findPuja("direct", false, 32);
    const { browser, customerId, first, second, opening } = await admitted(puja, 332);
    expect((await browser.post(`/t/${puja.slug}`, booking(puja, first))).status).toBe(303);
    expect((await browser.post(`/t/${puja.slug}`, booking(puja, second))).status).toBe(303);
    const answers = await Promise.all([browser.post("/checkout", {}), browser.post("/checkout", {})]);
    expect(await orders(customerId)).toBe(1);
    const order = await env.DB.prepare("select provider_order_id as id from payment_orders where customer_id = ?")
      .bind(customerId)
      .first<{ id: string }>();
    const pay = `/checkout/pay/${order!.id}`;
    // Both land on that order's payment page (or the cart, when one was busy at the same moment).
    const locations = answers.map((answer) => answer.headers.get("location"));
    expect(locations).toContain(pay);
    for (const location of locations) expect([pay, "/cart"]).toContain(location);

    // A date taken out of the cart: the pass does not open a second order for what is left.
    const line = await cartLine(customerId, second);
    expect((await browser.post("/cart", { intent: "remove", itemId: String(line!.id) })).status).toBe(303);
    const refused = await browser.post("/checkout", {});
    expect(refused.headers.get("location")).toBe("/cart");
    expect(await pageText(await browser.get("/cart"))).toContain(used(rushEndsAt(opening)));
    expect(await orders(customerId)).toBe(1);
  });

  it("is refused in another sign-in of the same devotee, which is sent to the waiting room", async () => {
    const puja = await findPuja("direct", false, 33);
    const { browser, user, customerId, first, second, releaseId, token } = await admitted(puja, 333);
    expect((await browser.post(`/t/${puja.slug}`, booking(puja, first))).status).toBe(303);

    const other = new TestBrowser();
    expect((await signIn(other, user.email, user.password)).status).toBe(302);
    other.jar.set("sn_pass", token);
    const copied = await other.post(`/t/${puja.slug}`, booking(puja, second));
    expect(copied.status).toBe(400);
    expect(await copied.text()).toContain(elsewhere(longDate(second, "en")));
    expect(await cartLine(customerId, second)).toBeNull();
    // Its checkout of the cart is refused too, and goes to the waiting room; no order is opened.
    const checkout = await other.post("/checkout", {});
    expect(checkout.headers.get("location")).toBe(`/t/${puja.slug}/wait?release=${releaseId}`);
    expect(await orders(customerId)).toBe(0);
    // In the sign-in it was given to, the pass still admits its checkout.
    expect((await openCheckout(browser)).orderId).toMatch(/^order_/);
  });
});
