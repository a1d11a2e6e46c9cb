import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { createDb } from "~/db/client.server";
import { BOOKING_MESSAGES } from "~/domain/bookings/cart/inputs";
import { addPujaToBookingList } from "~/domain/bookings/cart/booking-list.server";
import { outboxFor, pageText, TestBrowser } from "../support/browser";
import { bookPuja, count, findPuja, newCustomer, offeredDate, openCheckout, gateway } from "../support/bookings";

describe("booking a puja on a temple site", () => {
  it("shows the temple's pujas and asks visitors to sign in to book", async () => {
    const puja = await findPuja("direct");
    const response = await new TestBrowser().get(`/t/${puja.slug}`);
    expect(response.status).toBe(200);
    const text = await pageText(response);
    expect(text).toContain("Pujas and offerings");
    expect(text).toContain("Sign in to book a puja or donate");
    expect((await new TestBrowser().get("/t/no-such-temple")).status).toBe(404);
  });

  it("puts a direct puja for two devotees with postal prasad to a new address into the cart", async () => {
    const { browser, customerId } = await newCustomer();
    const puja = await findPuja("direct", true);
    const response = await bookPuja(browser, puja, {
      "devotees[1].name": "K. Narayanan",
      "devotees[1].starId": "10",
      quantity: "2",
      postal: "on",
      addressId: "new",
      addressName: "Meera Iyer",
      addressLine1: "14, Kutchery Road",
      addressCity: "Chennai",
      addressState: "Tamil Nadu",
      addressPostalCode: "600004",
    });
    expect(response.status).toBe(303);
    expect(response.headers.get("location")).toBe(`/t/${puja.slug}?added=puja#book-puja`);
    const back = await browser.get(`/t/${puja.slug}`);
    expect(await pageText(back)).toContain(BOOKING_MESSAGES.added);
    expect(await count("select count(*) as n from cart_items where customer_id = ? and postal = 1 and quantity = 2", customerId)).toBe(2);
    expect(await count("select count(*) as n from addresses where customer_id = ? and postal_code = '600004'", customerId)).toBe(1);
    const cart = await pageText(await browser.get("/cart"));
    const expected = (puja.rate * 2 + 2 * puja.postal_charge) * 2;
    expect(cart).toContain(
      new Intl.NumberFormat("en-IN", { style: "currency", currency: "INR", minimumFractionDigits: 2 }).format(expected / 100),
    );
  });

  it("refuses a past date, a bad name and a missing star with inline messages", async () => {
    const { browser, customerId } = await newCustomer();
    const puja = await findPuja("direct");
    const response = await bookPuja(browser, puja, { "dates[0]": "2020-01-01", "devotees[0].name": "R2-D2", "devotees[0].starId": "" });
    expect(response.status).toBe(400);
    const text = await pageText(response);
    expect(text).toContain("Choose a puja date after today");
    expect(text).toContain("Enter valid name!");
    expect(await count("select count(*) as n from cart_items where customer_id = ?", customerId)).toBe(0);
  });

  it("adds a devotee row without JavaScript (Conform's insert intent) and books nothing yet", async () => {
    const { browser, customerId } = await newCustomer();
    const puja = await findPuja("direct");
    const response = await bookPuja(browser, puja, {
      __intent__: JSON.stringify({ type: "insert", payload: { name: "devotees", defaultValue: { name: "", starId: "" } } }),
    });
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain('name="devotees[1].name"');
    expect(html).toContain('value="Meera Iyer"');
    expect(await count("select count(*) as n from cart_items where customer_id = ?", customerId)).toBe(0);
  });

  it("sends visitors to sign in instead of booking", async () => {
    const puja = await findPuja("direct");
    const response = await bookPuja(new TestBrowser(), puja);
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toMatch(/^\/login\?redirectTo=/);
  });
});

describe("on-request pujas", () => {
  it("become requests (status 2) with the spec's message, through the portal and the shared domain call", async () => {
    const { browser, customerId } = await newCustomer();
    const puja = await findPuja("request");
    const response = await bookPuja(browser, puja);
    expect(response.status).toBe(303);
    expect(await pageText(await browser.get(`/t/${puja.slug}`))).toContain(BOOKING_MESSAGES.added);
    expect(await count("select count(*) as n from requests where customer_id = ? and status = 2", customerId)).toBe(1);

    // The legacy /api/request/addtolist call: temple and master puja ids, as its clients send them.
    const result = await addPujaToBookingList(createDb(env.DB), customerId, {
      templeId: puja.temple_id,
      pujaId: puja.puja_id,
      devotees: [{ name: "Meera Iyer", starId: 4 }],
      dates: [offeredDate(puja, 2)],
      quantity: 1,
      postal: false,
      addressId: null,
    });
    expect(result).toEqual({ ok: true, mode: "request", count: 1 });
    expect(await count("select count(*) as n from requests where customer_id = ? and status = 2", customerId)).toBe(2);
    expect(await count("select count(*) as n from cart_items where customer_id = ?", customerId)).toBe(0);
    const requested = await pageText(await browser.get("/account?tab=transactions&view=requested"));
    expect(requested).toContain("Meera Iyer");
    expect(BOOKING_MESSAGES.failed("sannidhi.example")).toBe("failed to add item to booking list. please contact support@sannidhi.example");
  });

  it("once accepted (status 1) can be added to the cart once, at the accepted rate", async () => {
    const { browser, customerId } = await newCustomer();
    const puja = await findPuja("request");
    await bookPuja(browser, puja);
    const request = await env.DB.prepare("select id from requests where customer_id = ?").bind(customerId).first<{ id: number }>();
    await env.DB.prepare("update requests set status = 1, rate = 123400 where id = ?").bind(request!.id).run();
    const accepted = await pageText(await browser.get("/account?tab=transactions&view=accepted"));
    expect(accepted).toContain("Add To Cart");
    const added = await browser.post("/cart", { intent: "add-request", requestId: String(request!.id) });
    expect(added.status).toBe(303);
    expect(added.headers.get("location")).toBe("/cart");
    expect(await pageText(await browser.get("/cart"))).toContain("₹1,234.00");
    const again = await browser.post("/cart", { intent: "add-request", requestId: String(request!.id) });
    expect(await pageText(await browser.get(again.headers.get("location")!))).toContain("This request is already in your cart.");
    expect(await count("select count(*) as n from cart_items where request_id = ?", request!.id)).toBe(1);
  });
});

describe("checkout through the Razorpay emulator", () => {
  it("records the booking once, empties the cart and mails the receipt; a replay is refused", async () => {
    const { browser, user, customerId } = await newCustomer();
    const puja = await findPuja("direct");
    await bookPuja(browser, puja);
    const { orderId } = await openCheckout(browser);
    const fields = await gateway.pay(orderId);
    const paid = await browser.post("/payments/callback", fields);
    expect(paid.status).toBe(303);
    expect(paid.headers.get("location")).toBe(`/checkout/done/${orderId}`);
    expect(paid.headers.get("cache-control")).toBe("no-store");
    const done = await pageText(await browser.get(paid.headers.get("location")!));
    const booking = await env.DB.prepare("select * from transactions where customer_id = ?")
      .bind(customerId)
      .first<Record<string, string | number>>();
    expect(booking).toMatchObject({ status: 0, total: puja.rate, payment_provider: "razorpay", payment_ref: fields.razorpay_payment_id });
    expect(String(booking!.receipt_no)).toMatch(/^SN-\d{4}-\d{6}$/);
    expect(String(booking!.tracking_no)).toMatch(/^TRK\d{10}$/);
    expect(done).toContain(String(booking!.receipt_no));
    expect(await count("select count(*) as n from transaction_lines where transaction_id = ?", booking!.id)).toBe(1);
    expect(await count("select count(*) as n from cart_items where customer_id = ?", customerId)).toBe(0);
    const mail = await outboxFor(user.email);
    expect(mail[0]?.subject).toContain(String(booking!.receipt_no));

    const replay = await browser.post("/payments/callback", fields);
    expect(replay.status).toBe(303);
    expect(replay.headers.get("location")).toBe(`/checkout/done/${orderId}`);
    expect(await count("select count(*) as n from transactions where customer_id = ?", customerId)).toBe(1);
    // A fresh payment for the same, already paid order is not booked again: it is recorded and refunded.
    const second = await gateway.pay(orderId);
    const secondPaid = await browser.post("/payments/callback", second);
    expect(secondPaid.status).toBe(303);
    expect(secondPaid.headers.get("location")).toBe(`/checkout/done/${orderId}`);
    expect(
      await count(
        "select count(*) as n from payment_refunds where payment_ref = ? and reason = 'already-paid' and status = 'refunded'",
        second.razorpay_payment_id,
      ),
    ).toBe(1);
    expect(await count("select count(*) as n from transactions where customer_id = ?", customerId)).toBe(1);
  });

  it("records one booking when the same payment arrives twice at once", async () => {
    const { browser, customerId } = await newCustomer();
    await bookPuja(browser, await findPuja("direct"));
    const { orderId } = await openCheckout(browser);
    const fields = await gateway.pay(orderId);
    const answers = await Promise.all([browser.post("/payments/callback", fields), browser.post("/payments/callback", fields)]);
    // Both land on the booking; it is made once.
    expect(answers.map((a) => a.status)).toEqual([303, 303]);
    expect(await count("select count(*) as n from transactions where customer_id = ?", customerId)).toBe(1);
    expect(
      await count(
        "select count(*) as n from transaction_lines l join transactions t on t.id = l.transaction_id where t.customer_id = ?",
        customerId,
      ),
    ).toBe(1);
  });

  it("refuses a forged signature and writes nothing", async () => {
    const { browser, customerId } = await newCustomer();
    await bookPuja(browser, await findPuja("direct"));
    const { orderId } = await openCheckout(browser);
    const fields = await gateway.pay(orderId);
    const forged = await new TestBrowser().post("/payments/callback", { ...fields, razorpay_signature: "0".repeat(64) });
    expect(forged.status).toBe(400);
    const otherPayment = await browser.post("/payments/callback", { ...fields, razorpay_payment_id: "pay_Forged00000001" });
    expect(otherPayment.status).toBe(400);
    expect(await count("select count(*) as n from transactions where customer_id = ?", customerId)).toBe(0);
    expect(await count("select count(*) as n from cart_items where customer_id = ?", customerId)).toBe(1);
  });

  it("on failure books nothing and keeps the cart", async () => {
    const { browser, customerId } = await newCustomer();
    await bookPuja(browser, await findPuja("direct"));
    const { orderId } = await openCheckout(browser);
    const failed = await browser.post("/payments/callback", await gateway.fail(orderId));
    expect(failed.status).toBe(303);
    expect(failed.headers.get("location")).toBe("/cart");
    expect(failed.headers.get("cache-control")).toBe("no-store");
    const cart = await pageText(await browser.get("/cart"));
    expect(cart).toContain("nothing was booked and your cart is kept");
    expect(await count("select count(*) as n from transactions where customer_id = ?", customerId)).toBe(0);
    expect(await count("select count(*) as n from cart_items where customer_id = ?", customerId)).toBe(1);
  });
});
