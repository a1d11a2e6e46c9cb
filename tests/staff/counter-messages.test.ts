/**
 * What a counter sale's devotee hears: the receipt by SMS at the phone they gave (written with
 * the sale, sent once however often the form is posted), and later that their puja was
 * performed, at that phone; the walk-in account the sale is booked under is never written to.
 */
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { todayInIndia } from "~/lib/india-time";
import { signedIn, STAFF_A, templeOf } from "../support/staff";
import { ownPuja } from "../support/own-puja";

let templeA: number;
beforeAll(async () => {
  templeA = await templeOf(STAFF_A.email);
});

const sale = (templePujaId: number, phone: string) => ({
  saleKey: crypto.randomUUID().replace(/-/g, ""),
  item: `puja-${templePujaId}`,
  pujaDate: todayInIndia(),
  "devotees[0].name": "Kamala Devi",
  "devotees[0].starId": "3",
  "devotees[0].gotra": "Vasishta",
  quantity: "1",
  phone,
  payment: "cash",
});

const messagesAbout = (trackingNo: string) =>
  env.DB.prepare("select kind, channel, recipient as address from notifications where tracking_no = ? order by kind, channel")
    .bind(trackingNo)
    .all<{ kind: string; channel: string; address: string }>()
    .then((r) => r.results);

describe("a counter sale's messages", () => {
  it("sends the receipt by SMS to the phone given, once however often the form is posted", async () => {
    const staff = await signedIn(STAFF_A);
    const templePujaId = (await ownPuja(templeA)).id;
    const fields = sale(templePujaId, "98450 12345");
    const path = `/desk/${templeA}/counter?item=puja-${templePujaId}`;
    expect((await staff.post(path, fields)).status).toBe(200);
    expect((await staff.post(path, fields)).status).toBe(200);
    const booking = await env.DB.prepare("select tracking_no from transactions where sale_key = ?")
      .bind(fields.saleKey)
      .first<{ tracking_no: string }>();
    expect(await messagesAbout(booking!.tracking_no)).toEqual([{ kind: "receipt", channel: "sms", address: "+919845012345" }]);
  });

  it("sends nothing without a phone, and tells the phone (never the walk-in address) that the puja was performed", async () => {
    const staff = await signedIn(STAFF_A);
    const templePujaId = (await ownPuja(templeA)).id;
    const silent = sale(templePujaId, "");
    expect((await staff.post(`/desk/${templeA}/counter?item=puja-${templePujaId}`, silent)).status).toBe(200);
    const quiet = await env.DB.prepare("select tracking_no from transactions where sale_key = ?")
      .bind(silent.saleKey)
      .first<{ tracking_no: string }>();
    expect(await messagesAbout(quiet!.tracking_no)).toEqual([]);

    const told = sale(templePujaId, "+91 98450 54321");
    expect((await staff.post(`/desk/${templeA}/counter?item=puja-${templePujaId}`, told)).status).toBe(200);
    const line = await env.DB.prepare(
      "select l.id, t.tracking_no from transactions t join transaction_lines l on l.transaction_id = t.id where t.sale_key = ?",
    )
      .bind(told.saleKey)
      .first<{ id: number; tracking_no: string }>();
    const done = await staff.post(`/desk/${templeA}/bookings`, { intent: "done", lineId: String(line!.id) });
    expect(done.status).toBe(303);
    expect(await messagesAbout(line!.tracking_no)).toEqual([
      { kind: "puja-performed", channel: "sms", address: "+919845054321" },
      { kind: "receipt", channel: "sms", address: "+919845054321" },
    ]);
    const walkIn = await env.DB.prepare(
      "select count(*) as n from notifications where recipient = 'walk-in@counter.sannidhi.invalid'",
    ).first<{ n: number }>();
    expect(walkIn!.n).toBe(0);
  });
});
