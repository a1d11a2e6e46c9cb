/**
 * The counter: staff sell a puja at their temple's counter as one booking (lines with the
 * devotees' names, stars and gotra, seats taken by the same trigger as online), once per form,
 * never at another temple, and never from bad input.
 */
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { COUNTER_MESSAGES } from "~/domain/bookings/counter/counter-inputs";
import { todayInIndia } from "~/lib/india-time";
import { pageText } from "../support/browser";
import { signedIn, STAFF_A, STAFF_B, templeOf } from "../support/staff";
import { ownPuja } from "../support/own-puja";

let templeA: number;
beforeAll(async () => {
  templeA = await templeOf(STAFF_A.email);
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
    payment: "cash",
    ...fields,
  };
}

const salesOf = (templePujaId: number) =>
  env.DB.prepare(
    `select t.id, t.channel, t.customer_id, t.sold_by, t.counter_payment, t.counter_payment_ref, t.total, t.tracking_no,
       l.devotee_name, l.star_id, l.gotra, l.quantity, l.amount
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

describe("the counter", () => {
  it("sells what it says: one booking, its lines with name, star and gotra, its seats", async () => {
    const staff = await signedIn(STAFF_A);
    const puja = await ownPuja(templeA, { capacity: 5 });
    const fields = saleFields(puja.id, {
      "devotees[1].name": "Sita Raman",
      "devotees[1].starId": "7",
      "devotees[1].gotra": "Bharadwaja",
      quantity: "2",
      payment: "upi",
      upiRef: "UPI123456789",
    });
    const response = await staff.post(`/desk/${templeA}/counter?item=puja-${puja.id}`, fields);
    expect(response.status).toBe(200);
    const sales = await salesOf(puja.id);
    expect(sales).toHaveLength(2);
    const staffId = await env.DB.prepare("select id from customers where email = ?").bind(STAFF_A.email).first<{ id: number }>();
    // Booked under the walk-in account, never in the selling staff member's own bookings.
    const walkIn = await env.DB.prepare("select id from customers where role = 'walkin'").first<{ id: number }>();
    expect(sales[0]).toMatchObject({
      channel: "counter",
      customer_id: walkIn!.id,
      sold_by: staffId!.id,
      counter_payment: "upi",
      counter_payment_ref: "UPI123456789",
    });
    expect(sales[0]).toMatchObject({ total: 4 * 25100, devotee_name: "Lakshmi Narayanan", star_id: 4, gotra: "Kashyapa", quantity: 2 });
    expect(sales[1]).toMatchObject({ devotee_name: "Sita Raman", star_id: 7, gotra: "Bharadwaja" });
    expect(await pageText(response)).toContain(String(sales[0]!.tracking_no));
    expect(await seatsOf(puja.id)).toEqual([
      { kind: "counter", quantity: 2 },
      { kind: "counter", quantity: 2 },
    ]);
  });

  it("sells once when the same form is posted twice, and answers the first sale", async () => {
    const staff = await signedIn(STAFF_A);
    const puja = await ownPuja(templeA, { capacity: 5 });
    const fields = saleFields(puja.id);
    const path = `/desk/${templeA}/counter?item=puja-${puja.id}`;
    const [first, second] = await Promise.all([staff.post(path, fields), staff.post(path, fields)]);
    expect([first.status, second.status]).toEqual([200, 200]);
    const sales = await salesOf(puja.id);
    expect(sales).toHaveLength(1);
    expect(await pageText(second)).toContain(String(sales[0]!.tracking_no));
    expect(await seatsOf(puja.id)).toHaveLength(1);
  });

  it("sells exactly the day's capacity when sales race for the last seat", async () => {
    const staff = await signedIn(STAFF_A);
    const puja = await ownPuja(templeA, { capacity: 1 });
    const path = `/desk/${templeA}/counter?item=puja-${puja.id}`;
    const answers = await Promise.all([staff.post(path, saleFields(puja.id)), staff.post(path, saleFields(puja.id))]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 400]);
    expect(await salesOf(puja.id)).toHaveLength(1);
    expect(await seatsOf(puja.id)).toEqual([{ kind: "counter", quantity: 1 }]);
  });

  it("refuses staff of another temple (404) and changes nothing", async () => {
    const other = await signedIn(STAFF_B);
    const puja = await ownPuja(templeA, { capacity: 5 });
    const response = await other.post(`/desk/${templeA}/counter?item=puja-${puja.id}`, saleFields(puja.id));
    expect(response.status).toBe(404);
    expect(await salesOf(puja.id)).toHaveLength(0);
  });

  it("answers bad input with a clear message and changes nothing", async () => {
    const staff = await signedIn(STAFF_A);
    const puja = await ownPuja(templeA, { capacity: 5 });
    const path = `/desk/${templeA}/counter?item=puja-${puja.id}`;
    const noRef = await staff.post(path, saleFields(puja.id, { payment: "upi" }));
    expect(noRef.status).toBe(400);
    expect(await pageText(noRef)).toContain(COUNTER_MESSAGES.upiRef);
    const tooMany = await staff.post(path, saleFields(puja.id, { quantity: "6" }));
    expect(tooMany.status).toBe(400);
    expect(await pageText(tooMany)).toContain(COUNTER_MESSAGES.dayFull(5));
    expect(await salesOf(puja.id)).toHaveLength(0);
    expect(await seatsOf(puja.id)).toHaveLength(0);
  });
});

describe("the day sheet", () => {
  it("lists a counter sale like an online booking, marked Counter", async () => {
    const staff = await signedIn(STAFF_A);
    const puja = await ownPuja(templeA, { capacity: 5 });
    const fields = saleFields(puja.id, { "devotees[0].name": "Counter Sheet Devotee" });
    expect((await staff.post(`/desk/${templeA}/counter?item=puja-${puja.id}`, fields)).status).toBe(200);
    const sheet = await pageText(await staff.get(`/desk/${templeA}/bookings?date=${todayInIndia()}`));
    expect(sheet).toMatch(/Counter Sheet Devotee\s+Counter/);
  });
});
