/**
 * Issue 41: the alerts a temple's staff set on the desk are sent, by SMS to the alert phone, in
 * the language of the staff member who set them: a paid booking tells each of its temples with
 * alerts on, once even when the callback and the webhook both confirm it; a devotee's request
 * tells its temple; the 06:00 IST digest tells each temple with the digest on how many pujas
 * today's sheet holds and how much prasad waits to be posted, once per day.
 */
import { createExecutionContext, createScheduledController, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import builtWorker from "@sannidhi/built-worker";
import { describe, expect, it, onTestFinished } from "vitest";
import { addDays } from "~/domain/days";
import { indiaInstant, todayInIndia } from "~/lib/india-time";
import {
  bookPuja,
  deliverWebhooks,
  findPuja,
  newCustomer,
  offeredDate,
  openCheckout,
  payAndReturn,
  type PujaRow,
} from "../support/bookings";
import { pageText } from "../support/browser";
import { OPERATOR, paidLine, signedIn, STAFF_A, STAFF_B, templeOf } from "../support/staff";

interface AlertRow {
  kind: string;
  channel: string;
  recipient: string;
  language: string;
  temple_id: number;
  tracking_no: string | null;
  text: string;
  params: string;
}

async function alertsTo(templeId: number, kind: string) {
  const { results } = await env.DB.prepare(
    "select kind, channel, recipient, language, temple_id, tracking_no, text, params from notifications where temple_id = ? and kind = ? order by created_at",
  )
    .bind(templeId, kind)
    .all<AlertRow>();
  return results;
}

/** A phone of the test's own, ten digits from 8. */
function alertPhone() {
  const digits = String(crypto.getRandomValues(new Uint32Array(1))[0]! % 1_000_000_000).padStart(9, "0");
  return { national: `8${digits}`, e164: `+918${digits}` };
}

/** Sets the temple's alerts (the test's own; what was there is put back when it ends: tests share D1). */
async function setAlerts(templeId: number, values: { phone: string; newBookings: boolean; morningDigest: boolean; language: string }) {
  const before = await env.DB.prepare("select * from temple_alerts where temple_id = ?").bind(templeId).first<Record<string, unknown>>();
  onTestFinished(async () => {
    await env.DB.prepare("delete from temple_alerts where temple_id = ?").bind(templeId).run();
    if (before) {
      const columns = Object.keys(before);
      await env.DB.prepare(`insert into temple_alerts (${columns.join(", ")}) values (${columns.map(() => "?").join(", ")})`)
        .bind(...Object.values(before))
        .run();
    }
  });
  const staff = await env.DB.prepare("select id from customers where email = ?").bind(STAFF_A.email).first<{ id: number }>();
  await env.DB.prepare(
    `insert into temple_alerts (temple_id, phone, new_bookings, morning_digest, language, updated_by) values (?, ?, ?, ?, ?, ?)
     on conflict (temple_id) do update set phone = excluded.phone, new_bookings = excluded.new_bookings,
       morning_digest = excluded.morning_digest, language = excluded.language`,
  )
    .bind(templeId, values.phone, values.newBookings ? 1 : 0, values.morningDigest ? 1 : 0, values.language, staff!.id)
    .run();
}

async function clearAlerts(templeId: number) {
  await setAlerts(templeId, { phone: "+919845000000", newBookings: false, morningDigest: false, language: "en" });
  await env.DB.prepare("delete from temple_alerts where temple_id = ?").bind(templeId).run();
}

/** Two direct pujas of two different temples. */
async function pujasOfTwoTemples(): Promise<[PujaRow, PujaRow]> {
  const first = await findPuja("direct");
  for (let skip = 1; skip < 50; skip++) {
    const other = await findPuja("direct", false, skip);
    if (other.temple_id !== first.temple_id) return [first, other];
  }
  throw new Error("no second temple with a direct puja");
}

describe("a paid booking's alerts", () => {
  it("tell each temple with alerts on once, in its staff's language, though callback and webhook both confirm the payment", async () => {
    const [alerted, silent] = await pujasOfTwoTemples();
    const phone = alertPhone();
    await setAlerts(alerted.temple_id, { phone: phone.e164, newBookings: true, morningDigest: false, language: "ta" });
    await clearAlerts(silent.temple_id);
    const before = (await alertsTo(alerted.temple_id, "temple-new-booking")).length;

    const { browser } = await newCustomer();
    expect((await bookPuja(browser, alerted)).status).toBe(303);
    expect((await bookPuja(browser, silent)).status).toBe(303);
    const { orderId } = await openCheckout(browser);
    const { fields } = await payAndReturn(browser, orderId);
    await deliverWebhooks(orderId);
    // The callback again (a devotee's second tab): the booking is known, nothing new is sent.
    await browser.post("/payments/callback", fields);

    const booking = await env.DB.prepare(
      "select t.tracking_no from transactions t join payment_orders o on o.id = t.payment_order_id where o.provider_order_id = ?",
    )
      .bind(orderId)
      .first<{ tracking_no: string }>();
    expect(booking).toBeTruthy();
    const alerts = (await alertsTo(alerted.temple_id, "temple-new-booking")).slice(before);
    expect(alerts).toHaveLength(1);
    const [alert] = alerts;
    expect(alert).toMatchObject({ channel: "sms", recipient: phone.e164, language: "ta", tracking_no: booking!.tracking_no });
    expect(alert!.text).toMatch(/^Sannidhi: புதிய முன்பதிவு TRK\d+: /);
    expect(alert!.text).toContain(booking!.tracking_no);
    expect(JSON.parse(alert!.params)).toMatchObject({ trackingNo: booking!.tracking_no, date: offeredDate(alerted) });
    const toSilent = await env.DB.prepare("select count(*) as n from notifications where tracking_no = ? and temple_id = ?")
      .bind(booking!.tracking_no, silent.temple_id)
      .first<{ n: number }>();
    expect(toSilent!.n).toBe(0);
  });
});

describe("a request's alert", () => {
  it("tells the temple of a devotee's request of an on-request puja", async () => {
    const puja = await findPuja("request");
    const phone = alertPhone();
    await setAlerts(puja.temple_id, { phone: phone.e164, newBookings: true, morningDigest: false, language: "en" });
    const before = (await alertsTo(puja.temple_id, "temple-new-request")).length;
    const { browser } = await newCustomer();
    expect((await bookPuja(browser, puja)).status).toBe(303);
    const alerts = (await alertsTo(puja.temple_id, "temple-new-request")).slice(before);
    expect(alerts).toHaveLength(1);
    expect(alerts[0]).toMatchObject({ channel: "sms", recipient: phone.e164, language: "en" });
    expect(JSON.parse(alerts[0]!.params)).toMatchObject({ date: offeredDate(puja), requests: 1 });
    expect(alerts[0]!.text).toMatch(
      /^Sannidhi: New puja request: .+, first date .+\. Requests: 1\. Please accept or decline on the desk\.$/,
    );
    // The console's Messages page finds it by the alert phone as people type it (0 and a space), and says what it was.
    const operator = await signedIn(OPERATOR);
    const found = await pageText(
      await operator.get(`/operator/messages?q=${encodeURIComponent(`0${phone.national.slice(0, 5)} ${phone.national.slice(5)}`)}`),
    );
    expect(found).toContain("Temple alert: new request");
  });

  it("is not sent where the temple's new-booking alerts are off", async () => {
    const puja = await findPuja("request");
    await setAlerts(puja.temple_id, { phone: alertPhone().e164, newBookings: false, morningDigest: true, language: "en" });
    const before = (await alertsTo(puja.temple_id, "temple-new-request")).length;
    const { browser } = await newCustomer();
    expect((await bookPuja(browser, puja)).status).toBe(303);
    expect(await alertsTo(puja.temple_id, "temple-new-request")).toHaveLength(before);
  });
});

/** A day no other test books: its 06:00 IST is "now" for the digest. */
function quietDay() {
  return addDays(todayInIndia(), 800 + Math.floor(Math.random() * 300));
}

async function morningCron(day: string) {
  const ctx = createExecutionContext();
  await builtWorker.scheduled(createScheduledController({ scheduledTime: indiaInstant(day, "06:00"), cron: "30 0 * * *" }), env, ctx);
  await waitOnExecutionContext(ctx);
}

/** Postal lines of the temple up to `day` still waiting for a tracking number (the desk's "prasad to post"). */
async function prasadToPost(templeId: number, day: string) {
  const row = await env.DB.prepare(
    `select count(*) as n from transaction_lines l join transactions t on t.id = l.transaction_id
     where l.temple_id = ? and l.item_type = 'PUJA' and l.postal_charge > 0 and t.status = 0 and l.prasad_tracking_no is null
       and (l.puja_date <= ? or l.puja_status = 'done')`,
  )
    .bind(templeId, day)
    .first<{ n: number }>();
  return Math.min(row!.n, 200);
}

describe("the morning digest", () => {
  it("tells each temple with the digest on, once a day at 06:00 IST, its day sheet's pujas and prasad to post, in its staff's language", async () => {
    const [templeId, otherId] = [await templeOf(STAFF_A.email), await templeOf(STAFF_B.email)];
    const day = quietDay();
    const phone = alertPhone();
    // Set on the desk in Tamil: the alerts speak Tamil.
    await setAlerts(templeId, { phone: phone.e164, newBookings: false, morningDigest: false, language: "en" });
    const desk = await signedIn(STAFF_A);
    const saved = await desk.post(`/ta/desk/${templeId}/alerts`, { intent: "alerts", phone: phone.national, morningDigest: "on" });
    expect(saved.status).toBe(303);
    await setAlerts(otherId, { phone: alertPhone().e164, newBookings: true, morningDigest: false, language: "en" });
    await paidLine(templeId, day);
    await paidLine(templeId, day);
    const prasad = await prasadToPost(templeId, day);
    expect(prasad).toBeGreaterThanOrEqual(2);

    await morningCron(day);
    await morningCron(day);
    const digests = (await alertsTo(templeId, "temple-morning-digest")).filter((row) => JSON.parse(row.params).date === day);
    expect(digests).toHaveLength(1);
    expect(digests[0]).toMatchObject({ channel: "sms", recipient: phone.e164, language: "ta" });
    expect(JSON.parse(digests[0]!.params)).toEqual({ date: day, pujas: 2, prasad });
    expect(digests[0]!.text).toContain("இன்று");
    expect(digests[0]!.text).toContain(`நாள் பட்டியலில் பூஜைகள்: 2; அஞ்சலில் அனுப்ப வேண்டிய பிரசாதம்: ${prasad}.`);
    const toOther = (await alertsTo(otherId, "temple-morning-digest")).filter((row) => JSON.parse(row.params).date === day);
    expect(toOther).toHaveLength(0);
  });
});
