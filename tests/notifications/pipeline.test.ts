/**
 * Messages from the change that causes them to the outbox, through the real queue in workerd:
 * a booking's receipt is written in the payment's batch (a booking never goes without its
 * receipt, even when the enqueue is lost: housekeeping queues it), and the evening's reminders
 * are queued once per line, or per devotee and release, as their preferences allow.
 */
import { createExecutionContext, createScheduledController, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import builtWorker from "@sannidhi/built-worker";
import { describe, expect, it, vi } from "vitest";
import { createDb } from "~/db/client.server";
import { askReleaseReminder } from "~/domain/bookings/seats/release-reminders.server";
import { addDays } from "~/domain/days";
import { requeueLostNotices } from "~/domain/notifications/housekeeping.server";
import { indiaInstant, todayInIndia } from "~/lib/india-time";
import { readEnv } from "~/lib/env.server";
import { outboxFor } from "../support/browser";
import { bookPuja, count, findPuja, gateway, newCustomer, openCheckout } from "../support/bookings";
import { paidLine, STAFF_A, templeOf } from "../support/staff";

/** The Worker with a queue that refuses every message (a lost enqueue). */
const refusingQueue = {
  ...env,
  NOTIFICATIONS: {
    send: () => Promise.reject(new Error("queue unavailable")),
    sendBatch: () => Promise.reject(new Error("queue unavailable")),
  },
} as unknown as Env;

async function paidBooking(workerEnv: Env = env) {
  const customer = await newCustomer();
  const puja = await findPuja("direct");
  expect((await bookPuja(customer.browser, puja)).status).toBe(303);
  const { orderId } = await openCheckout(customer.browser);
  const fields = await gateway.pay(orderId);
  const ctx = createExecutionContext();
  const paid = await builtWorker.fetch(
    new Request("http://localhost/payments/callback", {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", cookie: customer.browser.cookieHeader() },
      body: new URLSearchParams(fields),
    }),
    workerEnv,
    ctx,
  );
  await waitOnExecutionContext(ctx);
  expect(paid.status).toBe(303);
  const booking = await env.DB.prepare("select receipt_no, tracking_no from transactions where customer_id = ?")
    .bind(customer.customerId)
    .first<{ receipt_no: string; tracking_no: string }>();
  return { ...customer, booking: booking!, fields };
}

const receiptRows = (customerId: number) =>
  env.DB.prepare("select id, status, tracking_no, text from notifications where customer_id = ? and kind = 'receipt'")
    .bind(customerId)
    .all<{ id: string; status: string; tracking_no: string; text: string | null }>()
    .then((result) => result.results);

describe("a booking's receipt", () => {
  it("is written with the booking and arrives in the outbox once the queue has sent it", async () => {
    const { customerId, user, booking, browser, fields } = await paidBooking();
    const [row] = await receiptRows(customerId);
    expect(row).toMatchObject({ tracking_no: booking.tracking_no });
    const receipts = async () => (await outboxFor(user.email)).filter((mail) => mail.subject.startsWith("Sannidhi receipt"));
    const mails = await receipts();
    expect(mails.map((mail) => mail.subject)).toEqual([`Sannidhi receipt ${booking.receipt_no}`]);
    expect(mails[0]).toMatchObject({ channel: "email", to: user.email });
    expect(mails[0]!.text).toContain(`Tracking No: ${booking.tracking_no}`);
    // Composed when sent, and kept: the Notifications tab shows what was sent.
    expect((await receiptRows(customerId))[0]).toMatchObject({ status: "sent", text: mails[0]!.text });
    // The gateway's callback posted again books nothing and writes no second receipt.
    expect((await browser.post("/payments/callback", fields)).status).toBe(303);
    expect(await receiptRows(customerId)).toHaveLength(1);
    expect(await receipts()).toHaveLength(1);
  });

  it("is not lost when its enqueue is: the row was written with the booking, and housekeeping queues it", async () => {
    const warned = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    const { customerId, user, booking } = await paidBooking(refusingQueue);
    expect(warned.mock.calls.map((call) => call.join(" ")).join("\n")).toContain("Messages left for housekeeping to queue");
    warned.mockRestore();
    expect(await receiptRows(customerId)).toMatchObject([{ status: "queued", tracking_no: booking.tracking_no }]);
    // Housekeeping a quarter of an hour later finds it left queued, and queues it.
    expect(await requeueLostNotices(readEnv(env), createDb(env.DB), new Date(Date.now() + 16 * 60_000))).toBeGreaterThanOrEqual(1);
    const mails = (await outboxFor(user.email)).filter((mail) => mail.subject.startsWith("Sannidhi receipt"));
    expect(mails.map((mail) => mail.subject)).toEqual([`Sannidhi receipt ${booking.receipt_no}`]);
    expect(await receiptRows(customerId)).toMatchObject([{ status: "sent" }]);
  });
});

/** A day no other test books: the evening before it is "now" for the reminders. */
function quietDay() {
  return addDays(todayInIndia(), 400 + Math.floor(Math.random() * 300));
}

/** The evening cron (18:00 IST, 12:30 UTC) of the day before `day`, run by the built Worker. */
async function eveningCron(day: string) {
  const ctx = createExecutionContext();
  const scheduledTime = indiaInstant(addDays(day, -1), "18:00");
  await builtWorker.scheduled(createScheduledController({ scheduledTime, cron: "30 12 * * *" }), env, ctx);
  await waitOnExecutionContext(ctx);
}

const reminders = (kind: string, column: "customer_id" | "line_id", id: number) =>
  count(`select count(*) as n from notifications where kind = ? and ${column} = ?`, kind, id);

describe("the puja-eve reminder", () => {
  it("is queued once per booked line and day, in the devotee's language, and not to a devotee who turned reminders off", async () => {
    const templeId = await templeOf(STAFF_A.email);
    const day = quietDay();
    const [wanted, unwanted] = [await paidLine(templeId, day), await paidLine(templeId, day)];
    await env.DB.prepare("update customers set language = 'hi' where id = ?").bind(wanted.customerId).run();
    await env.DB.prepare("update customers set reminders_opt_in = 0 where id = ?").bind(unwanted.customerId).run();
    await eveningCron(day);
    // The cron again (or housekeeping later that evening): nothing new.
    await eveningCron(day);
    expect(await reminders("puja-eve-reminder", "line_id", wanted.lineId)).toBe(1);
    expect(await reminders("puja-eve-reminder", "customer_id", unwanted.customerId)).toBe(0);
    const mails = (await outboxFor(wanted.user.email)).filter((mail) => mail.subject.startsWith("कल: "));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain("नमस्ते Meera");
    expect(mails[0]!.text).toContain("Meera Iyer");
  });
});

describe("the release reminder", () => {
  it("tells each devotee who asked, once, the evening before the release opens", async () => {
    const templeId = await templeOf(STAFF_A.email);
    const day = quietDay();
    const opensAt = new Date(indiaInstant(day, "10:00")).toISOString();
    const release = await env.DB.prepare(
      `insert into puja_releases (temple_id, kind, first_day, last_day, opens_at, admit_per_minute, lobby_minutes, rush_minutes, pass_minutes)
       values (?, 'fixed', ?, ?, ?, 60, 30, 60, 15) returning id`,
    )
      .bind(templeId, addDays(day, 30), addDays(day, 60), opensAt)
      .first<{ id: number }>();
    const [asked, quiet] = [await newCustomer(), await newCustomer()];
    const db = createDb(env.DB);
    expect(await askReleaseReminder(db, asked.customerId, release!.id)).toBe(true);
    expect(await askReleaseReminder(db, asked.customerId, release!.id)).toBe(true);
    await eveningCron(day);
    await eveningCron(day);
    expect(await reminders("release-reminder", "customer_id", asked.customerId)).toBe(1);
    expect(await reminders("release-reminder", "customer_id", quiet.customerId)).toBe(0);
    const mails = (await outboxFor(asked.user.email)).filter((mail) => mail.text.includes("open tomorrow at 10:00 IST."));
    expect(mails).toHaveLength(1);
  });
});
