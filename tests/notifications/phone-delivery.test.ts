/**
 * Issue 41: phone messages through the queue's consumer and the production adapters against the
 * emulated providers: a devotee's consent decides the channel (and a STOP on WhatsApp withdraws
 * it), a provider down for a while or answering late or twice still gives one message and one
 * sent row, one that keeps failing is dead-lettered and Retry sends it once, and the providers'
 * status webhooks move a row forward only.
 */
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { createDb } from "~/db/client.server";
import { STOPPED } from "~/domain/notifications/preferences.server";
import { prepareNotice } from "~/domain/notifications/notify.server";
import { listFailedNotifications, retryFailed } from "~/domain/notifications/statuses.server";
import { listOutbox } from "~/lib/email.server";
import { readEnv } from "~/lib/env.server";
import { uniqueEmail } from "../support/browser";
import { uniquePhone } from "../support/phone-emulators";
import { settledStatus } from "./support/messages";
import { msg91, phoneNotice, postOwedWebhooks, whatsapp } from "./support/phone-messages";
import { DEAD_LETTERS, deliver, rowOf } from "./support/queue";

const CODE = { code: "482913" };
const VIDEO = { templeName: "Sree Krishna Temple", pujaName: "Udayasthamana Pooja", devoteeName: "Meera Iyer" };

/** A devotee with `mobile` (as typed on the profile) and the consents given; their id. */
async function devoteeWith(mobile: string, consents: { whatsapp?: boolean; sms?: boolean } = {}) {
  const now = new Date().toISOString();
  const row = await env.DB.prepare(
    `insert into customers (email, first_name, phone_mobile, password_hash, verified, language, whatsapp_opt_in, sms_opt_in)
     values (?, 'Meera', ?, 'x', 1, 'ml', ?, ?) returning id`,
  )
    .bind(uniqueEmail("phone"), mobile, consents.whatsapp ? now : null, consents.sms ? now : null)
    .first<{ id: number }>();
  return row!.id;
}

/** The channels a video-ready message to the devotee goes by, and where. */
async function channelsOf(customerId: number) {
  const notice = await prepareNotice(readEnv(env), createDb(env.DB), { kind: "video-ready", to: { customerId }, params: VIDEO });
  return notice.rows.map((row) => [row.channel, row.channel === "email" ? "email" : row.recipient]);
}

const national = (e164: string) => e164.slice(3);

describe("a devotee's consent", () => {
  it("sends no WhatsApp without whatsapp_opt_in and no SMS without sms_opt_in; WhatsApp first when both", async () => {
    const phone = uniquePhone();
    expect(await channelsOf(await devoteeWith(national(phone)))).toEqual([["email", "email"]]);
    expect(await channelsOf(await devoteeWith(national(phone), { sms: true }))).toEqual([
      ["email", "email"],
      ["sms", phone],
    ]);
    expect(await channelsOf(await devoteeWith(national(phone), { whatsapp: true }))).toEqual([
      ["email", "email"],
      ["whatsapp", phone],
    ]);
    expect(await channelsOf(await devoteeWith(national(phone), { whatsapp: true, sms: true }))).toEqual([
      ["email", "email"],
      ["whatsapp", phone],
    ]);
  });

  it("is withdrawn for WhatsApp by a STOP, on every account with that mobile, audited; SMS if agreed, else e-mail; none waiting is sent", async () => {
    const phone = uniquePhone();
    const both = await devoteeWith(national(phone), { whatsapp: true, sms: true });
    const whatsappOnly = await devoteeWith(phone, { whatsapp: true });
    const otherPhone = await devoteeWith(national(uniquePhone()), { whatsapp: true });
    const id = await phoneNotice("whatsapp", phone, "video-ready", VIDEO, "ml");
    await deliver(env, id);
    // One still waiting for WhatsApp when the STOP comes is never sent there.
    const waiting = await phoneNotice("whatsapp", phone, "video-ready", VIDEO, "ml");
    await whatsapp.inbound(phone, "STOP");
    expect(await postOwedWebhooks("whatsapp", phone, (event) => event === "message")).toEqual(["message"]);
    expect(await rowOf(waiting)).toMatchObject({ status: "failed", last_error: STOPPED });
    await deliver(env, waiting);
    expect(await whatsapp.messages(phone)).toHaveLength(1);
    const consent = (customerId: number) =>
      env.DB.prepare("select whatsapp_opt_in w, sms_opt_in s from customers where id = ?")
        .bind(customerId)
        .first<{ w: string; s: string }>();
    expect(await consent(both)).toMatchObject({ w: null, s: expect.any(String) });
    expect(await consent(whatsappOnly)).toMatchObject({ w: null, s: null });
    expect((await consent(otherPhone))!.w).not.toBeNull();
    const audited = await env.DB.prepare(
      "select actor_id, entity_id, detail from audit_log where action = 'notifications.whatsapp_stop' and actor_id in (?, ?) order by actor_id",
    )
      .bind(both, whatsappOnly)
      .all<{ actor_id: number; entity_id: string; detail: string }>();
    expect(audited.results).toEqual([
      { actor_id: both, entity_id: String(both), detail: JSON.stringify({ channel: "whatsapp", via: "STOP" }) },
      { actor_id: whatsappOnly, entity_id: String(whatsappOnly), detail: JSON.stringify({ channel: "whatsapp", via: "STOP" }) },
    ]);
    expect(await channelsOf(both)).toEqual([
      ["email", "email"],
      ["sms", phone],
    ]);
    expect(await channelsOf(whatsappOnly)).toEqual([["email", "email"]]);
  });
});

/** Delivers message `id` until it is acked, a try at a time as the queue would; the number of tries. */
async function deliverUntilAcked(id: string, timeoutMs = 15_000) {
  const deadline = Date.now() + timeoutMs;
  for (let attempt = 1; ; attempt++) {
    if ((await deliver(env, id, attempt)).acked) return attempt;
    expect(Date.now(), "the message is sent before the deadline").toBeLessThan(deadline);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

for (const channel of ["sms", "whatsapp"] as const) {
  const emulator = channel === "sms" ? msg91 : whatsapp;
  describe(`${channel === "sms" ? "SMS" : "WhatsApp"} through a provider that misbehaves`, () => {
    it("down for a while: tried again, and arrives once when it is back (one outbox entry)", async () => {
      const phone = uniquePhone();
      const id = await phoneNotice(channel, phone, "sign-in-code", CODE, "ta");
      await emulator.fault(phone, { kind: "error", status: 503, seconds: 1.5 });
      expect(await deliver(env, id, 1)).toEqual({ acked: false, retryDelay: 30 });
      expect(await rowOf(id)).toMatchObject({ status: "queued", attempts: 1, last_error: expect.stringContaining("503") });
      expect(await deliverUntilAcked(id)).toBeGreaterThan(1);
      const received = await emulator.messages(phone);
      expect(received).toHaveLength(1);
      expect(await rowOf(id)).toMatchObject({ status: "sent", provider_id: received[0]!.id, last_error: null });
      // The queue delivers it once more (at least once): nothing is sent again.
      expect(await deliver(env, id, 1)).toEqual({ acked: true, retryDelay: null });
      expect(await emulator.messages(phone)).toHaveLength(1);
      expect(await listOutbox(env.SESSIONS, phone)).toMatchObject([{ channel, to: phone, text: expect.stringContaining("482913") }]);
    });

    it("refusing the message for good (a bad number): failed at once, not retried", async () => {
      const phone = uniquePhone();
      const id = await phoneNotice(channel, phone, "sign-in-code", CODE);
      await emulator.fault(phone, { kind: "error", status: 400, code: 131009, message: "Parameter value is not valid" });
      expect(await deliver(env, id, 1)).toEqual({ acked: true, retryDelay: null });
      expect(await rowOf(id)).toMatchObject({ status: "failed", last_error: expect.stringContaining("HTTP 400") });
    });

    it("answering twice (each status posted twice): one message, one sent row, its status read or delivered once", async () => {
      const phone = uniquePhone();
      const id = await phoneNotice(channel, phone, "video-ready", VIDEO, "ml");
      await emulator.fault(phone, { kind: "duplicate" });
      expect(await deliver(env, id, 1)).toEqual({ acked: true, retryDelay: null });
      const events = await postOwedWebhooks(channel, phone);
      expect(events.length).toBeGreaterThanOrEqual(2);
      expect(new Set(events).size * 2).toBe(events.length);
      expect(await emulator.messages(phone)).toHaveLength(1);
      expect(await rowOf(id)).toMatchObject({ status: channel === "sms" ? "delivered" : "read", attempts: 1 });
      expect(await listOutbox(env.SESSIONS, phone)).toHaveLength(1);
    });

    it("keeps failing: dead-lettered, the row shows failed, and Retry sends it once", async () => {
      const phone = uniquePhone();
      const id = await phoneNotice(channel, phone, "refund-completed", { amount: 50_100, reference: "rfnd_Q1w2E3r4" }, "hi");
      await emulator.fault(phone, { kind: "error", status: 500, times: 100 });
      // wrangler.toml: max_retries = 6, so seven tries, each retried; then the queue dead-letters it.
      for (let attempt = 1; attempt <= 7; attempt++) expect((await deliver(env, id, attempt)).acked).toBe(false);
      expect(await deliver(env, id, 1, DEAD_LETTERS)).toEqual({ acked: true, retryDelay: null });
      expect(await rowOf(id)).toMatchObject({ status: "failed", attempts: 7, last_error: expect.stringContaining("500") });
      const db = createDb(env.DB);
      expect((await listFailedNotifications(db)).map((row) => row.id)).toContain(id);
      expect(await emulator.messages(phone)).toEqual([]);
      await emulator.clearFaults(phone);
      // Retry (the console's) queues it again on the real queue, whose consumer sends it.
      expect(await retryFailed(db, readEnv(env), id)).toBe(true);
      expect(await retryFailed(db, readEnv(env), id)).toBe(false);
      expect(await settledStatus(id)).toBe("sent");
      expect(await emulator.messages(phone)).toHaveLength(1);
      expect(await listOutbox(env.SESSIONS, phone)).toHaveLength(1);
    });
  });
}

describe("a provider that gives no answer in time", () => {
  it("not having sent it: the next try sends it, one message and one sent row", async () => {
    const phone = uniquePhone();
    const id = await phoneNotice("sms", phone, "sign-in-code", CODE, "kn");
    await msg91.fault(phone, { kind: "timeout", delayMs: 12_000 });
    expect(await deliver(env, id, 1)).toEqual({ acked: false, retryDelay: 30 });
    expect(await rowOf(id)).toMatchObject({ status: "queued", last_error: expect.stringContaining("did not answer") });
    expect(await deliver(env, id, 2)).toEqual({ acked: true, retryDelay: null });
    const received = await msg91.messages(phone);
    expect(received).toHaveLength(1);
    expect(await rowOf(id)).toMatchObject({ status: "sent", provider_id: received[0]!.id });
    expect(await listOutbox(env.SESSIONS, phone)).toHaveLength(1);
  });

  it("having sent it: its status, echoing our id, settles the row, and the next try sends nothing", async () => {
    const phone = uniquePhone();
    const id = await phoneNotice("whatsapp", phone, "sign-in-code", CODE, "te");
    await whatsapp.fault(phone, { kind: "timeout", delayMs: 12_000, process: true });
    expect(await deliver(env, id, 1)).toEqual({ acked: false, retryDelay: 30 });
    const [sent] = await whatsapp.messages(phone);
    expect(sent).toMatchObject({ callbackData: id });
    await postOwedWebhooks("whatsapp", phone, (event) => event === "status.sent");
    expect(await rowOf(id)).toMatchObject({ status: "sent", provider_id: sent!.id });
    expect(await deliver(env, id, 2)).toEqual({ acked: true, retryDelay: null });
    expect(await whatsapp.messages(phone)).toHaveLength(1);
  });
});

describe("the providers' status webhooks", () => {
  it("move a WhatsApp message forward only: sent, delivered, read; never back, never failed after delivery", async () => {
    const phone = uniquePhone();
    const id = await phoneNotice("whatsapp", phone, "video-ready", VIDEO, "ml");
    await deliver(env, id);
    expect(await postOwedWebhooks("whatsapp", phone, (event) => event === "status.delivered")).toEqual(["status.delivered"]);
    expect(await rowOf(id)).toMatchObject({ status: "delivered" });
    expect(await postOwedWebhooks("whatsapp", phone, (event) => event === "status.read")).toEqual(["status.read"]);
    expect(await rowOf(id)).toMatchObject({ status: "read" });
    // Late and out of order: the sent status changes nothing.
    expect(await postOwedWebhooks("whatsapp", phone)).toEqual(["status.sent"]);
    expect(await rowOf(id)).toMatchObject({ status: "read" });
  });

  it("mark an SMS failed with the provider's reason, and a delivered one delivered", async () => {
    const [absent, present] = [uniquePhone(), uniquePhone()];
    const failing = await phoneNotice("sms", absent, "video-ready", VIDEO);
    const arriving = await phoneNotice("sms", present, "video-ready", VIDEO);
    await msg91.fault(absent, { kind: "undeliverable" });
    await deliver(env, failing);
    await deliver(env, arriving);
    await postOwedWebhooks("sms", absent);
    await postOwedWebhooks("sms", present);
    expect(await rowOf(failing)).toMatchObject({ status: "failed", last_error: "2 Absent subscriber" });
    expect(await rowOf(arriving)).toMatchObject({ status: "delivered", last_error: null });
  });
});
