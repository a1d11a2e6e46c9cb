/**
 * The counter's UPI QR code for the exact amount (issue 42): the sale is judged as a cash sale is,
 * the gateway's single-use QR code is shown until the gateway says it is paid, then the sale is
 * booked once as a counter sale paid by upi_qr, whoever tells first (webhook, "Check payment").
 * A code that closes unpaid sells nothing; a payment after the seats went is refunded.
 */
import { env } from "cloudflare:workers";
import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import builtWorker from "@sannidhi/built-worker";
import { beforeAll, describe, expect, it } from "vitest";
import { createDb } from "~/db/client.server";
import { reconcile } from "~/domain/ledger/reconcile.server";
import { formatRupees } from "~/domain/text";
import { razorpayProvider } from "~/lib/payments/razorpay.server";
import { todayInIndia } from "~/lib/india-time";
import { ORIGIN, pageText, type TestBrowser } from "../support/browser";
import { gateway } from "../support/bookings";
import type { PendingWebhook } from "../support/razorpay-emulator";
import { OPERATOR, signedIn, STAFF_A, STAFF_B, templeOf } from "../support/staff";
import { ownPuja } from "../support/own-puja";

let templeA: number;
let templeB: number;
beforeAll(async () => {
  templeA = await templeOf(STAFF_A.email);
  templeB = await templeOf(STAFF_B.email);
});

const key = () => crypto.randomUUID().replace(/-/g, "");

function saleFields(templePujaId: number, fields: Record<string, string> = {}) {
  return {
    saleKey: key(),
    item: `puja-${templePujaId}`,
    pujaDate: todayInIndia(),
    "devotees[0].name": "Lakshmi Narayanan",
    "devotees[0].starId": "4",
    "devotees[0].gotra": "Kashyapa",
    quantity: "1",
    payment: "upi_qr",
    ...fields,
  };
}

const salesOf = (templePujaId: number) =>
  env.DB.prepare(
    `select t.id, t.channel, t.customer_id, t.sold_by, t.counter_payment, t.payment_ref, t.total, t.tracking_no, t.sale_key, l.gotra
     from transactions t join transaction_lines l on l.transaction_id = t.id where l.temple_puja_id = ? order by l.id`,
  )
    .bind(templePujaId)
    .all<Record<string, unknown>>()
    .then((r) => r.results);

const seatsOf = (templePujaId: number) =>
  env.DB.prepare("select kind, quantity from puja_seats where temple_puja_id = ?")
    .bind(templePujaId)
    .all()
    .then((r) => r.results);

const orderOf = (id: number) =>
  env.DB.prepare("select id, kind, status, amount, provider_order_id, pay_url, temple_id from payment_orders where id = ?")
    .bind(id)
    .first<{ id: number; kind: string; status: string; amount: number; provider_order_id: string; pay_url: string; temple_id: number }>();

/** Posts the sale; answers the QR page's address and the payment order behind it. */
async function startQrSale(staff: TestBrowser, templeId: number, fields: Record<string, string>) {
  const response = await staff.post(`/desk/${templeId}/counter?item=${fields.item}`, fields);
  expect(response.status).toBe(303);
  const page = new URL(response.headers.get("location")!, ORIGIN).pathname;
  expect(page).toMatch(new RegExp(`^/desk/${templeId}/counter/qr/\\d+$`));
  const order = await orderOf(Number(page.split("/").pop()));
  return { page, order: order! };
}

/** Posts a webhook to the built Worker as Razorpay would, and waits for the work it does after answering. */
async function postWebhook(webhook: Pick<PendingWebhook, "headers" | "body">) {
  const ctx = createExecutionContext();
  const request = new Request(`${ORIGIN}/payments/webhook`, { method: "POST", headers: webhook.headers, body: webhook.body });
  const response = await builtWorker.fetch(request, env, ctx);
  await waitOnExecutionContext(ctx);
  return response;
}

const deliverWebhooks = (scope: string) => gateway.drainWebhooks(scope, postWebhook);

describe("the counter's UPI QR code", () => {
  it("shows the code for the exact amount, and books the sale once when the gateway says it is paid", async () => {
    const staff = await signedIn(STAFF_A);
    const puja = await ownPuja(templeA, { capacity: 5, label: "QR Puja" });
    const fields = saleFields(puja.id, { phone: "98450 67890" });
    const { page, order } = await startQrSale(staff, templeA, fields);
    expect(order).toMatchObject({ kind: "counter_qr", status: "created", amount: 25100, temple_id: templeA });
    expect(order.provider_order_id).toMatch(/^qr_/);
    const waiting = await staff.get(page);
    expect(waiting.status).toBe(200);
    const html = await waiting.text();
    expect(html).toContain(`alt="UPI QR code to pay ${formatRupees(25100)}"`);
    expect(html).toContain(`src="${order.pay_url}"`);
    expect(html).toContain("Check payment");
    expect(await salesOf(puja.id)).toHaveLength(0);
    // The same form posted again (a double tap) opens no second code.
    expect((await startQrSale(staff, templeA, fields)).page).toBe(page);

    await gateway.payQrCode(order.provider_order_id);
    const delivered = await deliverWebhooks(order.provider_order_id);
    expect(delivered.map((d) => d.webhook.event)).toContain("qr_code.credited");
    expect(delivered.every((d) => d.status === 200)).toBe(true);

    const sales = await salesOf(puja.id);
    expect(sales).toHaveLength(1);
    const staffId = await env.DB.prepare("select id from customers where email = ?").bind(STAFF_A.email).first<{ id: number }>();
    const walkIn = await env.DB.prepare("select id from customers where role = 'walkin'").first<{ id: number }>();
    expect(sales[0]).toMatchObject({
      channel: "counter",
      counter_payment: "upi_qr",
      customer_id: walkIn!.id,
      sold_by: staffId!.id,
      total: 25100,
      gotra: "Kashyapa",
      sale_key: `order:${order.id}`,
    });
    expect(sales[0]!.payment_ref).toMatch(/^pay_/);
    expect(await seatsOf(puja.id)).toEqual([{ kind: "counter", quantity: 1 }]);
    // In the clerk's cash book (their open shift), and its receipt by SMS to the phone the devotee gave.
    const shift = await env.DB.prepare(
      `select s.staff_id, s.closed_at from transactions t join counter_shifts s on s.id = t.counter_shift_id where t.sale_key = ?`,
    )
      .bind(`order:${order.id}`)
      .first<{ staff_id: number; closed_at: string | null }>();
    expect(shift).toEqual({ staff_id: staffId!.id, closed_at: null });
    const told = await env.DB.prepare("select kind, channel, recipient from notifications where tracking_no = ?")
      .bind(sales[0]!.tracking_no)
      .all();
    expect(told.results).toEqual([{ kind: "receipt", channel: "sms", recipient: "+919845067890" }]);
    // The operator's ledger for the temple counts the QR payment as the temple's (an order of one sale, not a cart's lines).
    const operator = await signedIn(OPERATOR);
    const ledger = await operator.get(`/operator/ledger?templeId=${templeA}`);
    expect(ledger.status).toBe(200);
    expect(await pageText(ledger)).toContain(formatRupees(25100));
    expect((await orderOf(order.id))!.status).toBe("paid");
    const done = await pageText(await staff.get(page));
    expect(done).toContain("Sale recorded");
    expect(done).toContain(String(sales[0]!.tracking_no));

    // Told again (a redelivery under a new event id, then "Check payment" asking the gateway): still one sale, no refund.
    const credited = delivered.find((d) => d.webhook.event === "qr_code.credited")!.webhook;
    expect(
      (await postWebhook({ body: credited.body, headers: { ...credited.headers, "x-razorpay-event-id": `evt_${key()}` } })).status,
    ).toBe(200);
    expect((await staff.post(page, {})).status).toBe(303);
    expect(await salesOf(puja.id)).toHaveLength(1);
    const refunds = await env.DB.prepare("select count(*) as n from payment_refunds where payment_order_id = ?")
      .bind(order.id)
      .first<{ n: number }>();
    expect(refunds!.n).toBe(0);
  });

  it("books the sale when staff press Check payment and no webhook came", async () => {
    const staff = await signedIn(STAFF_A);
    const puja = await ownPuja(templeA, { capacity: 5, label: "QR Puja" });
    const { page, order } = await startQrSale(staff, templeA, saleFields(puja.id));
    await gateway.payQrCode(order.provider_order_id);
    const pending = await gateway.pendingWebhooks(order.provider_order_id);
    await gateway.acknowledgeWebhooks(pending.map((w) => w.id));
    const checked = await staff.post(page, {});
    expect(checked.status).toBe(303);
    expect(await salesOf(puja.id)).toMatchObject([{ channel: "counter", counter_payment: "upi_qr" }]);
    expect(await pageText(await staff.get(page))).toContain("Sale recorded");
  });

  it("books the sale when the code's closing (it was paid) arrives before its payment", async () => {
    const staff = await signedIn(STAFF_A);
    const puja = await ownPuja(templeA, { capacity: 5, label: "QR Puja" });
    const { order } = await startQrSale(staff, templeA, saleFields(puja.id));
    await gateway.payQrCode(order.provider_order_id);
    const pending = await gateway.pendingWebhooks(order.provider_order_id);
    const closedFirst = [...pending].sort((a, b) => Number(b.event === "qr_code.closed") - Number(a.event === "qr_code.closed"));
    expect(closedFirst[0]!.event).toBe("qr_code.closed");
    for (const webhook of closedFirst) expect((await postWebhook(webhook)).status).toBe(200);
    await gateway.acknowledgeWebhooks(pending.map((w) => w.id));
    expect(await salesOf(puja.id)).toMatchObject([{ counter_payment: "upi_qr" }]);
    expect((await orderOf(order.id))!.status).toBe("paid");
    const refunds = await env.DB.prepare("select count(*) as n from payment_refunds where payment_order_id = ?")
      .bind(order.id)
      .first<{ n: number }>();
    expect(refunds!.n).toBe(0);
  });

  it("sells nothing when the code closes unpaid", async () => {
    const staff = await signedIn(STAFF_A);
    const puja = await ownPuja(templeA, { capacity: 5, label: "QR Puja" });
    const { page, order } = await startQrSale(staff, templeA, saleFields(puja.id));
    await gateway.expireQrCode(order.provider_order_id);
    await deliverWebhooks(order.provider_order_id);
    expect((await orderOf(order.id))!.status).toBe("cancelled");
    expect(await pageText(await staff.get(page))).toContain("The QR code closed without a payment. Nothing was sold.");
    expect(await salesOf(puja.id)).toHaveLength(0);
    expect(await seatsOf(puja.id)).toHaveLength(0);
  });

  it("refunds a payment that came after the day's last seat was sold", async () => {
    const staff = await signedIn(STAFF_A);
    const puja = await ownPuja(templeA, { capacity: 1, label: "QR Puja" });
    const { page, order } = await startQrSale(staff, templeA, saleFields(puja.id));
    // The last seat goes for cash while the devotee opens their UPI app.
    const cash = await staff.post(`/desk/${templeA}/counter?item=puja-${puja.id}`, saleFields(puja.id, { payment: "cash" }));
    expect(cash.status).toBe(200);
    const payment = await gateway.payQrCode(order.provider_order_id);
    await deliverWebhooks(order.provider_order_id);
    expect(await salesOf(puja.id)).toMatchObject([{ counter_payment: "cash" }]);
    const refund = await env.DB.prepare("select reason, amount, status from payment_refunds where payment_ref = ?")
      .bind(payment.id)
      .first<{ reason: string; amount: number; status: string }>();
    expect(refund).toEqual({ reason: "full", amount: 25100, status: "refunded" });
    expect((await orderOf(order.id))!.status).toBe("refund");
    // The counter tells the devotee; nothing is mailed to the walk-in account's address.
    const mailed = await env.DB.prepare(
      "select count(*) as n from notifications where recipient = 'walk-in@counter.sannidhi.invalid'",
    ).first<{ n: number }>();
    expect(mailed!.n).toBe(0);
    expect(await pageText(await staff.get(page))).toContain("it is being refunded");
  });

  it("is settled by reconciliation when no webhook came: a paid code is booked, an unpaid one past its time closes", async () => {
    const staff = await signedIn(STAFF_A);
    const puja = await ownPuja(templeA, { capacity: 5, label: "QR Puja" });
    const paid = await startQrSale(staff, templeA, saleFields(puja.id));
    const unpaid = await startQrSale(staff, templeA, saleFields(puja.id));
    await gateway.payQrCode(paid.order.provider_order_id);
    for (const scope of [paid.order.provider_order_id, unpaid.order.provider_order_id])
      await gateway.acknowledgeWebhooks((await gateway.pendingWebhooks(scope)).map((w) => w.id));
    const vars = env as unknown as Record<"RAZORPAY_KEY_ID" | "RAZORPAY_KEY_SECRET" | "RAZORPAY_API_BASE", string>;
    const provider = razorpayProvider({
      keyId: vars.RAZORPAY_KEY_ID,
      keySecret: vars.RAZORPAY_KEY_SECRET,
      apiBase: vars.RAZORPAY_API_BASE,
    });
    // Housekeeping's run 20 minutes on: past the callback's grace and past the codes' 15 minutes.
    await reconcile(createDb(env.DB), provider, new Date(Date.now() + 20 * 60_000));
    expect(await salesOf(puja.id)).toMatchObject([{ channel: "counter", counter_payment: "upi_qr", sale_key: `order:${paid.order.id}` }]);
    expect((await orderOf(paid.order.id))!.status).toBe("paid");
    expect((await orderOf(unpaid.order.id))!.status).toBe("cancelled");
    expect(await pageText(await staff.get(unpaid.page))).toContain("The QR code closed without a payment.");
  });

  it("is not shown to staff of another temple", async () => {
    const staff = await signedIn(STAFF_A);
    const puja = await ownPuja(templeA, { capacity: 5, label: "QR Puja" });
    const { order } = await startQrSale(staff, templeA, saleFields(puja.id));
    const other = await signedIn(STAFF_B);
    expect((await other.get(`/desk/${templeA}/counter/qr/${order.id}`)).status).toBe(404);
    expect((await other.get(`/desk/${templeB}/counter/qr/${order.id}`)).status).toBe(404);
    expect((await other.post(`/desk/${templeB}/counter/qr/${order.id}`, {})).status).toBe(404);
  });
});
