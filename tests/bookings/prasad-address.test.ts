/**
 * Issue 38: a puja booked with prasad by post says where it will be posted: on the cart, in
 * My Transactions and on the receipt (PDF), in the page's language.
 */
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { pageText } from "../support/browser";
import { pdfText } from "../support/pdf-helpers";
import { bookPuja, findPuja, gateway, newCustomer, openCheckout } from "../support/bookings";

const STREET = `${Math.floor(Math.random() * 900) + 100}, Kutchery Road`;
const ADDRESS = `Meera Iyer, ${STREET}, Mylapore, Chennai, Tamil Nadu 600004`;
const POSTED_TO = {
  en: `Prasad will be posted to: ${ADDRESS}`,
  hi: `प्रसाद इस पते पर भेजा जाएगा: ${ADDRESS}`,
  ta: `பிரசாதம் இந்த முகவரிக்கு அனுப்பப்படும்: ${ADDRESS}`,
};
const PREFIX = { en: "", hi: "/hi", ta: "/ta" };

describe("a prasad sent by post", () => {
  it("shows its address on the cart, in My Transactions and on the receipt", async () => {
    const { browser, customerId } = await newCustomer();
    const booked = await bookPuja(browser, await findPuja("direct", true), {
      postal: "on",
      addressId: "new",
      addressName: "Meera Iyer",
      addressLine1: STREET,
      addressLine2: "Mylapore",
      addressCity: "Chennai",
      addressState: "Tamil Nadu",
      addressPostalCode: "600004",
    });
    expect(booked.status).toBe(303);
    for (const locale of ["en", "hi", "ta"] as const) {
      expect(await pageText(await browser.get(`${PREFIX[locale]}/cart`)), `${locale}: the cart`).toContain(POSTED_TO[locale]);
    }

    const { orderId } = await openCheckout(browser);
    expect((await browser.post("/payments/callback", await gateway.pay(orderId))).status).toBe(303);
    const booking = await env.DB.prepare("select tracking_no from transactions where customer_id = ?")
      .bind(customerId)
      .first<{ tracking_no: string }>();
    for (const locale of ["en", "hi", "ta"] as const) {
      const completed = await pageText(await browser.get(`${PREFIX[locale]}/account?tab=transactions&view=completed`));
      expect(completed, `${locale}: My Transactions`).toContain(POSTED_TO[locale]);
    }
    const receipt = await browser.get(`/account/transactions/${booking!.tracking_no}/receipt.pdf`);
    expect(receipt.status).toBe(200);
    expect((await pdfText(await receipt.arrayBuffer())).replace(/\s+/g, " ")).toContain(POSTED_TO.en);
  }, 30_000);
});
