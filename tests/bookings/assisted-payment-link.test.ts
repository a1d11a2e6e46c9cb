/**
 * Assisted temples (issue 42): an operator books for a devotee who phoned in; the devotee is sent a
 * payment link by e-mail and the booking (channel "assisted", sold by the operator) is made when
 * the link is paid, under the devotee's account if one has that e-mail, else the walk-in account
 * (the receipt then goes to the e-mail given). Expired: nothing booked. Paid twice: one booking and
 * one refund. Operators only, and only for assisted temples.
 */
import { env } from "cloudflare:workers";
import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import builtWorker from "@sannidhi/built-worker";
import { beforeAll, describe, expect, it, onTestFinished } from "vitest";
import { addDays } from "~/domain/bookings/cart/inputs";
import { formatRupees } from "~/domain/text";
import { todayInIndia } from "~/lib/india-time";
import { ORIGIN, pageText, type TestBrowser } from "../support/browser";
import { demoBrowser, gateway, newCustomer } from "../support/bookings";
import type { PendingWebhook } from "../support/razorpay-emulator";
import { OPERATOR, signedIn, STAFF_A, STAFF_B, templeOf } from "../support/staff";
import { ownPuja } from "../support/own-puja";

let assistedTemple: number;
let otherTemple: number;
beforeAll(async () => {
  assistedTemple = await templeOf(STAFF_A.email);
  otherTemple = await templeOf(STAFF_B.email);
});

/** The temple is assisted (or not) for this test only. */
async function makeAssisted(templeId: number, assisted = true) {
  const before = await env.DB.prepare("select is_assisted from temples where id = ?").bind(templeId).first<{ is_assisted: number }>();
  await env.DB.prepare("update temples set is_assisted = ? where id = ?")
    .bind(assisted ? 1 : 0, templeId)
    .run();
  onTestFinished(async () => {
    await env.DB.prepare("update temples set is_assisted = ? where id = ?").bind(before!.is_assisted, templeId).run();
  });
}

function bookingFields(templeId: number, templePujaId: number, payer: { email: string; name?: string }) {
  return {
    intent: "book",
    templeId: String(templeId),
    item: `puja-${templePujaId}`,
    pujaDate: addDays(todayInIndia(), 3),
    "devotees[0].name": "Parvathi Menon",
    "devotees[0].starId": "9",
    "devotees[0].gotra": "Vasishta",
    quantity: "1",
    name: payer.name ?? "Parvathi Menon",
    email: payer.email,
    phone: "9876543210",
  };
}

const bookingsOf = (templePujaId: number) =>
  env.DB.prepare(
    `select t.id, t.channel, t.customer_id, t.sold_by, t.counter_payment, t.payment_ref, t.total, t.tracking_no, l.gotra
     from transactions t join transaction_lines l on l.transaction_id = t.id where l.temple_puja_id = ? order by t.id`,
  )
    .bind(templePujaId)
    .all<Record<string, unknown>>()
    .then((r) => r.results);

interface LinkOrder {
  id: number;
  status: string;
  customer_id: number;
  placed_by: number;
  provider_order_id: string;
  pay_url: string;
  amount: number;
  contact: string;
}

async function latestLinkOf(templeId: number) {
  return env.DB.prepare(
    `select id, status, customer_id, placed_by, provider_order_id, pay_url, amount, contact from payment_orders
     where kind = 'payment_link' and temple_id = ? order by id desc limit 1`,
  )
    .bind(templeId)
    .first<LinkOrder>();
}

/** The operator books; answers the payment order the booking opened. */
async function bookForDevotee(operator: TestBrowser, fields: Record<string, string>) {
  const before = await latestLinkOf(Number(fields.templeId));
  const response = await operator.post(`/operator/assisted?temple=${fields.templeId}&item=${fields.item}`, fields);
  expect(response.status).toBe(303);
  const order = await latestLinkOf(Number(fields.templeId));
  expect(order?.id).not.toBe(before?.id);
  return order!;
}

async function postWebhook(webhook: Pick<PendingWebhook, "headers" | "body">) {
  const ctx = createExecutionContext();
  const request = new Request(`${ORIGIN}/payments/webhook`, { method: "POST", headers: webhook.headers, body: webhook.body });
  const response = await builtWorker.fetch(request, env, ctx);
  await waitOnExecutionContext(ctx);
  return response;
}

const deliverWebhooks = (scope: string) => gateway.drainWebhooks(scope, postWebhook);

const notificationsOf = (kind: string, recipient: string) =>
  env.DB.prepare("select channel, recipient, subject, text, html, tracking_no from notifications where kind = ? and recipient = ?")
    .bind(kind, recipient)
    .all<{
      channel: string;
      recipient: string;
      subject: string | null;
      text: string | null;
      html: string | null;
      tracking_no: string | null;
    }>()
    .then((r) => r.results);

const operatorId = () => env.DB.prepare("select id from customers where email = ?").bind(OPERATOR.email).first<{ id: number }>();

describe("booking for a devotee at an assisted temple", () => {
  it("sends the devotee a payment link and books under their account, once, when it is paid", async () => {
    await makeAssisted(assistedTemple);
    const puja = await ownPuja(assistedTemple, { capacity: 5, rate: 50100, label: "Assisted Puja" });
    const devotee = await newCustomer();
    const operator = await signedIn(OPERATOR);
    const order = await bookForDevotee(operator, bookingFields(assistedTemple, puja.id, { email: devotee.user.email }));
    expect(order).toMatchObject({ status: "created", customer_id: devotee.customerId, placed_by: (await operatorId())!.id, amount: 50100 });
    expect(order.provider_order_id).toMatch(/^plink_/);
    expect(JSON.parse(order.contact)).toEqual({ name: "Parvathi Menon", email: devotee.user.email, phone: "9876543210" });
    const [mail] = (await notificationsOf("payment-link", devotee.user.email)).filter((n) => n.channel === "email");
    expect(mail!.subject).toBe(`Your payment link for ${puja.name}`);
    expect(mail!.html).toContain(order.pay_url);
    expect(mail!.text).toContain(formatRupees(50100));
    const listed = await pageText(await operator.get("/operator/assisted"));
    expect(listed).toContain("Awaiting payment");
    expect(listed).toContain(order.pay_url);
    expect(await bookingsOf(puja.id)).toHaveLength(0);

    await gateway.payLink(order.provider_order_id);
    const delivered = await deliverWebhooks(order.provider_order_id);
    expect(delivered.map((d) => d.webhook.event)).toContain("payment_link.paid");
    const bookings = await bookingsOf(puja.id);
    expect(bookings).toHaveLength(1);
    expect(bookings[0]).toMatchObject({
      channel: "assisted",
      customer_id: devotee.customerId,
      sold_by: (await operatorId())!.id,
      counter_payment: null,
      total: 50100,
      gotra: "Vasishta",
    });
    expect((await latestLinkOf(assistedTemple))!.status).toBe("paid");
    const receipts = await notificationsOf("receipt", devotee.user.email);
    expect(receipts.map((r) => r.tracking_no)).toContain(bookings[0]!.tracking_no);
    expect(await pageText(await operator.get("/operator/assisted"))).toContain(`Paid: booking ${bookings[0]!.tracking_no}`);
    // The devotee sees it among their own bookings.
    expect(await pageText(await devotee.browser.get("/account?tab=transactions&view=completed"))).toContain(
      String(bookings[0]!.tracking_no),
    );
  });

  it("books under the walk-in account when no account has the e-mail, and sends the receipt to that e-mail", async () => {
    await makeAssisted(assistedTemple);
    const puja = await ownPuja(assistedTemple, { capacity: 5, rate: 50100, label: "Assisted Puja" });
    const email = `caller-${crypto.randomUUID().slice(0, 8)}@example.com`;
    const operator = await signedIn(OPERATOR);
    const order = await bookForDevotee(operator, bookingFields(assistedTemple, puja.id, { email, name: "Ravi Shankar" }));
    const walkIn = await env.DB.prepare("select id from customers where role = 'walkin'").first<{ id: number }>();
    expect(order.customer_id).toBe(walkIn!.id);
    expect(await notificationsOf("payment-link", email)).toMatchObject([{ channel: "email" }]);
    await gateway.payLink(order.provider_order_id);
    await deliverWebhooks(order.provider_order_id);
    const bookings = await bookingsOf(puja.id);
    expect(bookings).toMatchObject([{ channel: "assisted", customer_id: walkIn!.id }]);
    expect((await notificationsOf("receipt", email)).map((r) => r.tracking_no)).toEqual([bookings[0]!.tracking_no]);
  });

  it("books nothing when the link expires unpaid", async () => {
    await makeAssisted(assistedTemple);
    const puja = await ownPuja(assistedTemple, { capacity: 5, rate: 50100, label: "Assisted Puja" });
    const operator = await signedIn(OPERATOR);
    const order = await bookForDevotee(
      operator,
      bookingFields(assistedTemple, puja.id, { email: `late-${crypto.randomUUID().slice(0, 8)}@example.com` }),
    );
    await gateway.expireLink(order.provider_order_id);
    expect((await deliverWebhooks(order.provider_order_id)).map((d) => d.webhook.event)).toEqual(["payment_link.expired"]);
    expect((await latestLinkOf(assistedTemple))!.status).toBe("cancelled");
    expect(await bookingsOf(puja.id)).toHaveLength(0);
    expect(await pageText(await operator.get("/operator/assisted"))).toContain("Expired unpaid");
  });

  it("books once and refunds the second payment when a link is paid twice", async () => {
    await makeAssisted(assistedTemple);
    const puja = await ownPuja(assistedTemple, { capacity: 5, rate: 50100, label: "Assisted Puja" });
    const operator = await signedIn(OPERATOR);
    const email = `twice-${crypto.randomUUID().slice(0, 8)}@example.com`;
    const order = await bookForDevotee(operator, bookingFields(assistedTemple, puja.id, { email }));
    const first = await gateway.payLink(order.provider_order_id);
    const second = await gateway.payLink(order.provider_order_id, { again: true });
    await deliverWebhooks(order.provider_order_id);
    const bookings = await bookingsOf(puja.id);
    expect(bookings).toHaveLength(1);
    expect(bookings[0]!.payment_ref).toBe(first.id);
    const refunds = await env.DB.prepare("select payment_ref, reason, amount from payment_refunds where payment_order_id = ?")
      .bind(order.id)
      .all()
      .then((r) => r.results);
    expect(refunds).toEqual([{ payment_ref: second.id, reason: "already-paid", amount: 50100 }]);
    // Booked under the walk-in account: the devotee hears of the refund at the e-mail they gave.
    expect(await notificationsOf("refund-started", email)).toMatchObject([{ channel: "email" }]);
    // Asking the gateway again changes nothing.
    expect((await operator.post("/operator/assisted", { intent: "check" })).status).toBe(303);
    expect(await bookingsOf(puja.id)).toHaveLength(1);
  });

  it("refuses a temple that is not assisted, and changes nothing", async () => {
    const puja = await ownPuja(otherTemple, { capacity: 5, rate: 50100, label: "Assisted Puja" });
    await makeAssisted(otherTemple, false);
    const operator = await signedIn(OPERATOR);
    const before = await latestLinkOf(otherTemple);
    const response = await operator.post(
      `/operator/assisted?temple=${otherTemple}&item=puja-${puja.id}`,
      bookingFields(otherTemple, puja.id, { email: "nobody@example.com" }),
    );
    expect(response.status).toBe(400);
    expect(await pageText(response)).toContain("Choose an assisted temple.");
    expect((await latestLinkOf(otherTemple))?.id).toBe(before?.id);
  });

  it("is the operators' page only: temple staff and devotees are turned away and nothing is booked", async () => {
    await makeAssisted(assistedTemple);
    const puja = await ownPuja(assistedTemple, { capacity: 5, rate: 50100, label: "Assisted Puja" });
    const before = await latestLinkOf(assistedTemple);
    for (const browser of [await signedIn(STAFF_A), await demoBrowser()]) {
      expect([403, 404]).toContain((await browser.get("/operator/assisted")).status);
      const posted = await browser.post("/operator/assisted", bookingFields(assistedTemple, puja.id, { email: "x@example.com" }));
      expect([403, 404]).toContain(posted.status);
    }
    expect((await latestLinkOf(assistedTemple))?.id).toBe(before?.id);
  });
});
