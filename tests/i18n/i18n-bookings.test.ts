/**
 * Issue 30: a booked puja and its temple are named in the page's language wherever a devotee
 * meets them — the cart, the done page, My Transactions (Completed and Accepted), the receipt
 * (in the language it is downloaded in) — with English only where there is no variant; the
 * booking itself keeps the English name (the temple's staff and the records read it).
 */
import { env } from "cloudflare:workers";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pdfText } from "../support/pdf-helpers";
import { pageText } from "../support/browser";
import { bookPuja, DEMO, demoBrowser, newCustomer, type PujaRow, openCheckout, gateway } from "../support/bookings";

const TEMPLE_ML = "പരീക്ഷണ ശ്രീകൃഷ്ണ ക്ഷേത്രം";

let puja: PujaRow;
let pujaName: string;
let pujaMl: string;
let pujaHi: string;
let templeName: string;

const variant = (kind: string, refId: number, locale: string) =>
  env.DB.prepare("select text from content_translations where kind = ? and ref_id = ? and locale = ? and field = 'name'")
    .bind(kind, refId, locale)
    .first<{ text: string }>();

beforeAll(async () => {
  // A direct puja with seeded names in every language, at an online temple no staff test edits.
  const row = await env.DB.prepare(
    `select tp.id, tp.temple_id, tp.puja_id, t.slug, tp.rate, tp.postal_charge, tp.days_offered, tp.booking_mode, p.name as puja_name, t.display_name
     from temple_pujas tp join temples t on t.id = tp.temple_id join pujas p on p.id = tp.puja_id
     where tp.active = 1 and t.online_booking = 1 and t.verified = 1 and tp.booking_mode = 'direct'
       and not exists (select 1 from temple_staff s where s.temple_id = t.id)
       and not exists (select 1 from content_translations c where c.kind = 'temple' and c.ref_id = t.id and c.field = 'name')
       and (select count(*) from content_translations c where c.kind = 'puja' and c.ref_id = p.id and c.field = 'name' and c.locale in ('ml', 'hi')) = 2
     order by tp.id desc limit 1`,
  ).first<PujaRow & { puja_name: string; display_name: string }>();
  expect(row, "a direct puja named in Malayalam and Hindi").toBeTruthy();
  puja = row!;
  pujaName = row!.puja_name;
  templeName = row!.display_name;
  pujaMl = (await variant("puja", puja.puja_id, "ml"))!.text;
  pujaHi = (await variant("puja", puja.puja_id, "hi"))!.text;
  // The temple's desk wrote its name in Malayalam only: Hindi pages fall back to English.
  await env.DB.prepare("insert into content_translations (kind, ref_id, field, locale, text) values ('temple', ?, 'name', 'ml', ?)")
    .bind(puja.temple_id, TEMPLE_ML)
    .run();
});

afterAll(async () => {
  await env.DB.prepare("delete from content_translations where kind = 'temple' and ref_id = ?").bind(puja.temple_id).run();
});

describe("a booked puja in the page's language", () => {
  it("is named in Malayalam and Hindi in the cart, the done page, My Transactions and the receipt; the booking keeps English", async () => {
    const { browser, customerId } = await newCustomer();
    expect((await bookPuja(browser, puja)).status).toBe(303);

    const cartMl = await pageText(await browser.get("/ml/cart"));
    expect(cartMl).toContain(pujaMl);
    expect(cartMl).toContain(TEMPLE_ML);
    expect(cartMl).not.toContain(pujaName);
    const cartHi = await pageText(await browser.get("/hi/cart"));
    expect(cartHi).toContain(pujaHi);
    expect(cartHi).toContain(templeName);
    const cartEn = await pageText(await browser.get("/cart"));
    expect(cartEn).toContain(pujaName);
    expect(cartEn).not.toContain(pujaMl);

    const { orderId } = await openCheckout(browser);
    const paid = await browser.post("/payments/callback", await gateway.pay(orderId));
    expect(paid.status).toBe(303);
    const doneMl = await pageText(await browser.get(`/ml/checkout/done/${orderId}`));
    expect(doneMl).toContain(pujaMl);
    expect(doneMl).toContain(TEMPLE_ML);
    expect(doneMl).not.toContain(pujaName);
    expect(await pageText(await browser.get(`/hi/checkout/done/${orderId}`))).toContain(pujaHi);

    const line = await env.DB.prepare(
      "select l.item_name, t.tracking_no from transaction_lines l join transactions t on t.id = l.transaction_id where t.customer_id = ?",
    )
      .bind(customerId)
      .first<{ item_name: string; tracking_no: string }>();
    expect(line!.item_name, "the booking is recorded under the English name").toBe(pujaName);

    const completedMl = await pageText(await browser.get("/ml/account?tab=transactions&view=completed"));
    expect(completedMl).toContain(pujaMl);
    expect(completedMl).toContain(TEMPLE_ML);
    expect(completedMl).not.toContain(pujaName);
    const completedHi = await pageText(await browser.get("/hi/account?tab=transactions&view=completed"));
    expect(completedHi).toContain(pujaHi);
    expect(completedHi).toContain(templeName);

    const receipt = async (path: string) => {
      const response = await browser.get(path);
      expect(response.status).toBe(200);
      return pdfText(new Uint8Array(await response.arrayBuffer()));
    };
    const receiptMl = await receipt(`/ml/account/transactions/${line!.tracking_no}/receipt.pdf`);
    expect(receiptMl).toContain(pujaMl);
    expect(receiptMl).toContain(TEMPLE_ML);
    expect(receiptMl).not.toContain(pujaName);
    expect(await receipt(`/hi/account/transactions/${line!.tracking_no}/receipt.pdf`)).toContain(pujaHi);
    const receiptEn = await receipt(`/account/transactions/${line!.tracking_no}/receipt.pdf`);
    expect(receiptEn).toContain(pujaName);
    expect(receiptEn).not.toContain(pujaMl);
  });

  it("names accepted requests' pujas in the page's language (the demo devotee's seeded requests)", async () => {
    const browser = await demoBrowser();
    const requests = await env.DB.prepare(
      `select distinct p.id, p.name from requests r join temple_pujas tp on tp.id = r.temple_puja_id join pujas p on p.id = tp.puja_id
       join customers c on c.id = r.customer_id where c.email = ? and r.status = 1`,
    )
      .bind(DEMO.email)
      .all<{ id: number; name: string }>();
    expect(requests.results.length, "the demo devotee has accepted requests").toBeGreaterThan(0);
    const accepted = await pageText(await browser.get("/ml/account?tab=transactions&view=accepted"));
    for (const { id, name } of requests.results) {
      const malayalam = await variant("puja", id, "ml");
      expect(accepted).toContain(malayalam?.text ?? name);
    }
  });
});
