/**
 * Issue 41: the phone providers' webhooks (workers/phone-webhooks.ts). The emulators make the
 * webhooks Meta and MSG91 would send after a real send; the test posts them to the sub-app
 * with handlers that record their calls (the Worker under Vitest is not reachable over HTTP).
 * Meta's are signed with the app secret; MSG91's carry the token of the URL registered with it.
 */
import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env, exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { readEnv } from "~/lib/env.server";
import type { PhoneMessage, PhoneStatusUpdate } from "~/lib/phone/delivery.server";
import { sendSms } from "~/lib/phone/sms.server";
import { sendWhatsApp } from "~/lib/phone/whatsapp.server";
import { type PhoneWebhookHandlers, phoneWebhooks } from "../../workers/phone-webhooks";
import { type OwedWebhook, phoneEmulator, uniquePhone } from "../support/phone-emulators";

const appEnv = readEnv(env);
const { config } = appEnv;
const whatsapp = phoneEmulator(config.WHATSAPP_API_BASE!);
const msg91 = phoneEmulator(config.MSG91_API_BASE!);
const ORIGIN = "https://sannidhi.example";

/** The sub-app with handlers that remember what they were told. */
function recorder(options: { failing?: boolean } = {}) {
  const statuses: PhoneStatusUpdate[] = [];
  const optOuts: string[] = [];
  const handlers: PhoneWebhookHandlers = {
    async status(_env, update) {
      if (options.failing) throw new Error("D1 is unavailable");
      statuses.push(update);
    },
    async optOut(_env, request) {
      optOuts.push(request.phone);
    },
  };
  const app = phoneWebhooks(handlers);
  async function call(path: string, init?: RequestInit) {
    const ctx = createExecutionContext();
    const response = await app.fetch(new Request(`${ORIGIN}${path}`, init), env, ctx);
    await waitOnExecutionContext(ctx);
    return response;
  }
  const post = (path: string, webhook: Pick<OwedWebhook, "headers" | "body">) =>
    call(path, { method: "POST", headers: webhook.headers, body: webhook.body });
  return { statuses, optOuts, call, post };
}

const sendTo = (to: string, id = `ntf_${crypto.randomUUID()}`): PhoneMessage => ({
  id,
  to,
  language: "ml",
  kind: "receipt",
  text: "…",
  params: ["SN-1042"],
});

describe("WhatsApp's webhook", () => {
  it("answers Meta's subscription check with the challenge, only for our verify token", async () => {
    const { call } = recorder();
    const check = (token: string, mode = "subscribe") =>
      call(`/webhooks/whatsapp?hub.mode=${mode}&hub.verify_token=${encodeURIComponent(token)}&hub.challenge=1158201444`);
    const ok = await check(config.WHATSAPP_VERIFY_TOKEN!);
    expect(ok.status).toBe(200);
    expect(await ok.text()).toBe("1158201444");
    for (const refused of [await check("not-our-token"), await check(config.WHATSAPP_VERIFY_TOKEN!, "unsubscribe")]) {
      expect(refused.status).toBe(403);
      expect(await refused.text()).not.toContain("1158201444");
    }
  });

  it("passes each signed status (sent, delivered, read) to the status handler, with our message id", async () => {
    const { statuses, post } = recorder();
    const to = uniquePhone();
    const sent = sendTo(to);
    const { providerId } = await sendWhatsApp(appEnv, sent);
    for (const webhook of await whatsapp.webhooks(to)) expect((await post("/webhooks/whatsapp", webhook)).status).toBe(200);
    expect(statuses.map((update) => update.status)).toEqual(["sent", "delivered", "read"]);
    for (const update of statuses) {
      expect(update).toMatchObject({ channel: "whatsapp", providerId, messageId: sent.id });
      expect(Math.abs(update.at.getTime() - Date.now())).toBeLessThan(60_000);
    }
  });

  it("says why a message failed", async () => {
    const { statuses, post } = recorder();
    const to = uniquePhone();
    await whatsapp.fault(to, { kind: "undeliverable" });
    const { providerId } = await sendWhatsApp(appEnv, sendTo(to));
    for (const webhook of await whatsapp.webhooks(to)) await post("/webhooks/whatsapp", webhook);
    expect(statuses).toMatchObject([{ providerId, status: "failed", error: "131026 Message undeliverable" }]);
  });

  it("refuses a body that is not signed by the app secret (401), and tells no handler", async () => {
    const { statuses, optOuts, post } = recorder();
    const to = uniquePhone();
    await sendWhatsApp(appEnv, sendTo(to));
    await whatsapp.inbound(to, "STOP");
    const [webhook] = await whatsapp.webhooks(to);
    const signature = webhook!.headers["x-hub-signature-256"]!;
    const { "x-hub-signature-256": _, ...unsigned } = webhook!.headers;
    const forged = [
      { headers: unsigned, body: webhook!.body },
      { headers: webhook!.headers, body: webhook!.body.replace('"sent"', '"read"') },
      { headers: { ...webhook!.headers, "x-hub-signature-256": signature.replace(/^sha256=/, "sha1=") }, body: webhook!.body },
      { headers: { ...webhook!.headers, "x-hub-signature-256": "sha256=" }, body: webhook!.body },
    ];
    for (const attempt of forged) expect((await post("/webhooks/whatsapp", attempt)).status).toBe(401);
    expect(statuses).toEqual([]);
    expect(optOuts).toEqual([]);
  });

  it("refuses a body larger than any of Meta's (413), signed or not", async () => {
    const { statuses, post } = recorder();
    const body = JSON.stringify({ object: "whatsapp_business_account", entry: [], padding: "x".repeat(200 * 1024) });
    const response = await post("/webhooks/whatsapp", {
      headers: { "content-type": "application/json", "x-hub-signature-256": "sha256=00" },
      body,
    });
    expect(response.status).toBe(413);
    expect(statuses).toEqual([]);
  });

  it("records an opt-out when the devotee writes STOP, and nothing for other words", async () => {
    const { optOuts, post } = recorder();
    const [stopper, chatter] = [uniquePhone(), uniquePhone()];
    await whatsapp.inbound(stopper, " stop ");
    await whatsapp.inbound(chatter, "Please stop by the temple office");
    for (const phone of [stopper, chatter]) for (const webhook of await whatsapp.webhooks(phone)) await post("/webhooks/whatsapp", webhook);
    expect(optOuts).toEqual([stopper]);
  });

  it("answers 500 when a handler fails, so Meta delivers again", async () => {
    const failing = recorder({ failing: true });
    const to = uniquePhone();
    await sendWhatsApp(appEnv, sendTo(to));
    const [webhook] = await whatsapp.webhooks(to);
    expect((await failing.post("/webhooks/whatsapp", webhook!)).status).toBe(500);
    const working = recorder();
    expect((await working.post("/webhooks/whatsapp", webhook!)).status).toBe(200);
    expect(working.statuses).toHaveLength(1);
  });
});

describe("MSG91's delivery reports", () => {
  const reportPath = (token: string) => `/webhooks/sms?token=${encodeURIComponent(token)}`;

  it("pass a report posted with our token to the status handler: delivered, or failed with the reason", async () => {
    const { statuses, post } = recorder();
    const [delivered, absent] = [uniquePhone(), uniquePhone()];
    await msg91.fault(absent, { kind: "undeliverable" });
    const first = await sendSms(appEnv, sendTo(delivered));
    const second = await sendSms(appEnv, sendTo(absent));
    for (const phone of [delivered, absent])
      for (const report of await msg91.webhooks(phone))
        expect((await post(reportPath(config.MSG91_WEBHOOK_TOKEN!), report)).status).toBe(200);
    expect(statuses).toMatchObject([
      { channel: "sms", providerId: first.providerId, status: "delivered" },
      { channel: "sms", providerId: second.providerId, status: "failed", error: "2 Absent subscriber" },
    ]);
  });

  it("refuse a report with a wrong or missing token (401), and tell no handler", async () => {
    const { statuses, call, post } = recorder();
    const to = uniquePhone();
    await sendSms(appEnv, sendTo(to));
    const [report] = await msg91.webhooks(to);
    expect((await post(reportPath("not-the-token-0123456789abcdef"), report!)).status).toBe(401);
    expect((await post(reportPath(`${config.MSG91_WEBHOOK_TOKEN!}x`), report!)).status).toBe(401);
    expect((await call("/webhooks/sms", { method: "POST", headers: report!.headers, body: report!.body })).status).toBe(401);
    expect(statuses).toEqual([]);
  });

  it("read the batched form MSG91's webhook v2 posts", async () => {
    const { statuses, post } = recorder();
    const data = JSON.stringify([
      {
        senderId: "SNNDHI",
        requestId: "3466f1a2b3c4d5e6f7a8b9c0",
        report: [
          { date: "2026-11-30 18:06:20", number: "919845012345", status: "1", desc: "DELIVERED" },
          { date: "2026-11-30 18:06:21", number: "919845012346", status: "17", desc: "BLOCKED", failedReason: "Blocked number" },
        ],
      },
    ]);
    const body = new URLSearchParams({ data }).toString();
    const response = await post(reportPath(config.MSG91_WEBHOOK_TOKEN!), {
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body,
    });
    expect(response.status).toBe(200);
    expect(statuses).toEqual([
      { channel: "sms", providerId: "3466f1a2b3c4d5e6f7a8b9c0", status: "delivered", at: new Date("2026-11-30T12:36:20Z") },
      {
        channel: "sms",
        providerId: "3466f1a2b3c4d5e6f7a8b9c0",
        status: "failed",
        at: new Date("2026-11-30T12:36:21Z"),
        error: "17 Blocked number",
      },
    ]);
  });
});

describe("the Worker", () => {
  it("serves the phone webhooks before its pages: the subscription check and the signature check", async () => {
    const fetchWorker = (request: Request) => exports.default.fetch(request);
    const token = encodeURIComponent(config.WHATSAPP_VERIFY_TOKEN!);
    const check = await fetchWorker(
      new Request(`${ORIGIN}/webhooks/whatsapp?hub.mode=subscribe&hub.verify_token=${token}&hub.challenge=42`),
    );
    expect(await check.text()).toBe("42");
    const unsigned = await fetchWorker(new Request(`${ORIGIN}/webhooks/whatsapp`, { method: "POST", body: "{}" }));
    expect(unsigned.status).toBe(401);
    const report = await fetchWorker(new Request(`${ORIGIN}/webhooks/sms?token=wrong`, { method: "POST", body: "{}" }));
    expect(report.status).toBe(401);
  });
});
