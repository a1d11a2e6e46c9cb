/**
 * The queue's consumer with the production e-mail adapter (the Resend SDK) against the Resend
 * emulator: a provider down for a while, one that answers late or twice, a queue that delivers
 * a message twice, a message that keeps failing (dead-letter queue, failed, Retry).
 */
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { createDb } from "~/db/client.server";
import { retryDelaySeconds } from "~/domain/notifications/delivery.server";
import { listFailedNotifications, recordDeliveryStatus, retryFailed } from "~/domain/notifications/statuses.server";
import { readEnv } from "~/lib/env.server";
import { outboxFor, uniqueEmail } from "../support/browser";
import { DEAD_LETTERS, deliver, resendEmulator, resendEnv, rowOf, writeNotice } from "./support/queue";

/** A sign-in code e-mailed to a new address, written but not queued: the test delivers it. */
async function codeFor(workerEnv: Env) {
  const to = uniqueEmail("notify");
  const [id] = await writeNotice(workerEnv, { kind: "sign-in-code", to: { email: to, language: "en" }, params: { code: "246810" } });
  return { to, id: id! };
}

describe("a provider that is down for a while", () => {
  it("is tried again later, each wait longer, and the message arrives once when it is back", async () => {
    const workerEnv = resendEnv();
    const { to, id } = await codeFor(workerEnv);
    await resendEmulator.fault(to, "fail", 2);
    expect(await deliver(workerEnv, id, 1)).toEqual({ acked: false, retryDelay: 30 });
    expect(await rowOf(id)).toMatchObject({
      status: "queued",
      attempts: 1,
      last_error: "Email could not be sent: Resend answered internal_server_error",
    });
    expect(await deliver(workerEnv, id, 2)).toEqual({ acked: false, retryDelay: 60 });
    expect(await resendEmulator.sentTo(to)).toEqual([]);
    // Back up: sent, with the row id as Resend's idempotency key.
    expect(await deliver(workerEnv, id, 3)).toEqual({ acked: true, retryDelay: null });
    const sent = await resendEmulator.sentTo(to);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ subject: "Your Sannidhi sign-in code", idempotencyKey: id });
    expect(sent[0]!.text).toContain("Your sign-in code is 246810.");
    expect(await rowOf(id)).toMatchObject({ status: "sent", attempts: 3, provider_id: sent[0]!.id, last_error: null });
    // The queue delivers it once more (at least once): nothing is sent again.
    expect(await deliver(workerEnv, id, 1)).toEqual({ acked: true, retryDelay: null });
    expect(await resendEmulator.sentTo(to)).toHaveLength(1);
  });

  it("waits 30 s, 1, 2, 4, 8 minutes, then 10 minutes between tries", () => {
    expect([1, 2, 3, 4, 5, 6, 7].map(retryDelaySeconds)).toEqual([30, 60, 120, 240, 480, 600, 600]);
  });
});

describe("one message, however the provider or the queue misbehaves", () => {
  for (const fault of ["timeout", "twice"] as const) {
    it(`a provider that sends and then ${fault === "timeout" ? "gives no answer" : "answers an error"}: one e-mail`, async () => {
      const workerEnv = resendEnv();
      const { to, id } = await codeFor(workerEnv);
      await resendEmulator.fault(to, fault);
      expect((await deliver(workerEnv, id, 1)).acked).toBe(false);
      expect(await deliver(workerEnv, id, 2)).toEqual({ acked: true, retryDelay: null });
      const sent = await resendEmulator.sentTo(to);
      expect(sent).toHaveLength(1);
      expect(await rowOf(id)).toMatchObject({ status: "sent", provider_id: sent[0]!.id });
    });
  }

  it("a queue that delivers the same message twice at once: one e-mail", async () => {
    const workerEnv = resendEnv();
    const { to, id } = await codeFor(workerEnv);
    const both = await Promise.all([deliver(workerEnv, id, 1), deliver(workerEnv, id, 1)]);
    expect(await resendEmulator.sentTo(to)).toHaveLength(1);
    expect(await rowOf(id)).toMatchObject({ status: "sent", attempts: 1 });
    // One sent it; the other found it claimed (and looks again later) or already sent.
    expect(both.filter((result) => result.acked).length).toBeGreaterThanOrEqual(1);
    for (const result of both) if (!result.acked) expect(result.retryDelay).toBe(60);
  });
});

describe("a message that keeps failing", () => {
  it("goes to the dead-letter queue, shows failed, and Retry sends it once", async () => {
    const workerEnv = resendEnv();
    const { to, id } = await codeFor(workerEnv);
    await resendEmulator.fault(to, "fail", 100);
    // wrangler.toml: max_retries = 6, so seven tries, each retried; then the queue dead-letters it.
    for (let attempt = 1; attempt <= 7; attempt++) expect((await deliver(workerEnv, id, attempt)).acked).toBe(false);
    expect(await rowOf(id)).toMatchObject({ status: "queued", attempts: 7 });
    expect(await deliver(workerEnv, id, 1, DEAD_LETTERS)).toEqual({ acked: true, retryDelay: null });
    expect(await rowOf(id)).toMatchObject({
      status: "failed",
      last_error: "Email could not be sent: Resend answered internal_server_error",
    });
    const db = createDb(env.DB);
    expect((await listFailedNotifications(db)).map((row) => row.id)).toContain(id);
    expect(await resendEmulator.sentTo(to)).toEqual([]);
    // Retry (the console's) queues it again on the real queue, whose consumer here is the local outbox.
    expect(await retryFailed(db, readEnv(env), id)).toBe(true);
    expect(await retryFailed(db, readEnv(env), id)).toBe(false);
    const arrived = await outboxFor(to);
    expect(arrived).toHaveLength(1);
    expect(arrived[0]!.text).toContain("246810");
    expect(await rowOf(id)).toMatchObject({ status: "sent" });
    expect(await retryFailed(db, readEnv(env), id)).toBe(false);
  });

  it("is failed at once when the provider refuses it (an SMS to a number abroad, which India's DLT routes cannot carry)", async () => {
    const [id] = await writeNotice(env, {
      kind: "sign-in-code",
      to: { phone: "+1 415 555 0100", channel: "sms" },
      params: { code: "482913" },
    });
    expect(await deliver(env, id!, 1)).toEqual({ acked: true, retryDelay: null });
    expect(await rowOf(id!)).toMatchObject({
      status: "failed",
      channel: "sms",
      recipient: "+14155550100",
      last_error: "MSG91: SMS go to Indian numbers only",
    });
  });
});

describe("delivery reports", () => {
  it("move a message forward only: sent, delivered, read; failed only before it was delivered", async () => {
    const workerEnv = resendEnv();
    const { id } = await codeFor(workerEnv);
    await deliver(workerEnv, id, 1);
    const { provider_id: providerId } = (await rowOf(id))!;
    const db = createDb(env.DB);
    const report = (status: "delivered" | "read" | "failed") =>
      recordDeliveryStatus(db, { channel: "email", providerId: providerId!, status, at: new Date(), error: "bounced" });
    expect(await report("read")).toBe(true);
    expect(await report("delivered")).toBe(false);
    expect(await report("failed")).toBe(false);
    expect(await rowOf(id)).toMatchObject({ status: "read" });
    expect(await recordDeliveryStatus(db, { channel: "sms", providerId: providerId!, status: "delivered", at: new Date() })).toBe(false);
  });
});
