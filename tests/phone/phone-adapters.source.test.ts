/**
 * Issue 41: the production WhatsApp (Meta's Cloud API) and SMS (MSG91) adapters against the
 * local emulators of those APIs (real HTTP servers started by the test run,
 * tests/support/emulator-setup.ts): a template in each of the six languages, and what a
 * queue consumer needs to know of every failure: whether trying again can help. Each test
 * sends to its own number, so faults are scoped to it.
 */
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { readEnv } from "~/lib/env.server";
import type { Locale } from "~/lib/i18n";
import { PhoneDeliveryError, type PhoneMessage } from "~/lib/phone/delivery.server";
import { sendSms } from "~/lib/phone/sms.server";
import { sendWhatsApp } from "~/lib/phone/whatsapp.server";
import { phoneEmulator, uniquePhone } from "../support/phone-emulators";

const appEnv = readEnv(env);
const whatsapp = phoneEmulator(appEnv.config.WHATSAPP_API_BASE!);
const msg91 = phoneEmulator(appEnv.config.MSG91_API_BASE!);
const LANGUAGES: Locale[] = ["en", "hi", "ta", "te", "kn", "ml"];

function message(to: string, overrides: Partial<PhoneMessage> = {}): PhoneMessage {
  return {
    id: `ntf_${crypto.randomUUID()}`,
    to,
    language: "en",
    kind: "receipt",
    text: "Your booking SN-1042 at Sri Guruvayurappan Temple is confirmed.",
    params: ["SN-1042", "Sri Guruvayurappan Temple"],
    ...overrides,
  };
}

async function deliveryError(promise: Promise<unknown>): Promise<PhoneDeliveryError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(PhoneDeliveryError);
  return error as PhoneDeliveryError;
}

const configured = (config: Partial<typeof appEnv.config>) => ({ ...appEnv, config: { ...appEnv.config, ...config } });

describe("WhatsApp (Meta's Cloud API)", () => {
  it("sends the kind's template in each of the six languages, with its body variables and our message id", async () => {
    for (const language of LANGUAGES) {
      const to = uniquePhone();
      const sent = message(to, { language, params: ["SN-1042", "ಶ್ರೀ ಗುರುವಾಯೂರಪ್ಪನ್"] });
      const { providerId } = await sendWhatsApp(appEnv, sent);
      expect(providerId).toMatch(/^wamid\./);
      const [received] = await whatsapp.messages(to);
      expect(received, language).toMatchObject({
        id: providerId,
        to,
        template: "sannidhi_receipt",
        language,
        params: ["SN-1042", "ಶ್ರೀ ಗುರುವಾಯೂರಪ್ಪನ್"],
        callbackData: sent.id,
      });
    }
  });

  it("uses the template names WHATSAPP_TEMPLATES gives, and cleans variables Meta would refuse", async () => {
    const to = uniquePhone();
    const withNames = configured({ WHATSAPP_TEMPLATES: { receipt: "booking_receipt_v2" } });
    await sendWhatsApp(withNames, message(to, { params: ["line one\nline two", "a      b"] }));
    expect(await whatsapp.messages(to)).toMatchObject([{ template: "booking_receipt_v2", params: ["line one line two", "a    b"] }]);
  });

  it("calls a 5xx, a timeout and Meta's throttling retryable, and a refused number or token not", async () => {
    const to = uniquePhone();
    await whatsapp.fault(to, { kind: "error", status: 503 });
    const down = await deliveryError(sendWhatsApp(appEnv, message(to)));
    expect(down).toMatchObject({ retryable: true, status: 503 });

    await whatsapp.fault(to, { kind: "error", status: 400, code: 130429, message: "(#130429) Rate limit hit" });
    expect(await deliveryError(sendWhatsApp(appEnv, message(to)))).toMatchObject({ retryable: true, status: 400 });

    await whatsapp.fault(to, { kind: "timeout", delayMs: 3000 });
    const slow = await deliveryError(sendWhatsApp(appEnv, message(to), { timeoutMs: 300 }));
    expect(slow.retryable).toBe(true);
    expect(slow.message).toMatch(/did not answer/);

    // Not a number Meta can message: the same send will never succeed.
    const badNumber = await deliveryError(sendWhatsApp(appEnv, message("+1555")));
    expect(badNumber).toMatchObject({ retryable: false });
    const wrongToken = await deliveryError(sendWhatsApp(configured({ WHATSAPP_ACCESS_TOKEN: "expired-token" }), message(to)));
    expect(wrongToken).toMatchObject({ retryable: false, status: 401 });
    expect(wrongToken.message).not.toContain("expired-token");
    // An E.164 number the emulator refuses as Meta does (400, #131009): not retryable either.
    await whatsapp.fault(to, { kind: "error", status: 400, code: 131009, message: "(#131009) Parameter value is not valid" });
    expect(await deliveryError(sendWhatsApp(appEnv, message(to)))).toMatchObject({ retryable: false, status: 400 });
    // After the faults the number works again, and nothing was sent meanwhile.
    expect(await whatsapp.messages(to)).toEqual([]);
    await sendWhatsApp(appEnv, message(to));
    expect(await whatsapp.messages(to)).toHaveLength(1);
  });

  it("fails for T seconds and then recovers", async () => {
    const to = uniquePhone();
    await whatsapp.fault(to, { kind: "error", status: 500, seconds: 1 });
    expect(await deliveryError(sendWhatsApp(appEnv, message(to)))).toMatchObject({ retryable: true });
    expect(await deliveryError(sendWhatsApp(appEnv, message(to)))).toMatchObject({ retryable: true });
    await new Promise((resolve) => setTimeout(resolve, 1100));
    expect((await sendWhatsApp(appEnv, message(to))).providerId).toMatch(/^wamid\./);
  });

  it("gives one provider id per call when the provider answers twice, and its statuses carry our id", async () => {
    const to = uniquePhone();
    await whatsapp.fault(to, { kind: "duplicate" });
    const sent = message(to);
    const { providerId } = await sendWhatsApp(appEnv, sent);
    expect(await whatsapp.messages(to)).toMatchObject([{ id: providerId }]);
    // Each status webhook comes twice (the copy a little later), all about the one message.
    const statuses = await whatsapp.webhooks(to);
    expect(statuses.map((webhook) => webhook.event).sort()).toEqual([
      "status.delivered",
      "status.delivered",
      "status.read",
      "status.read",
      "status.sent",
      "status.sent",
    ]);
    expect(new Set(statuses.map((webhook) => webhook.messageId))).toEqual(new Set([providerId]));

    // A send that timed out after Meta took it, then retried: two ids, two calls, both tied to our message.
    const other = uniquePhone();
    await whatsapp.fault(other, { kind: "timeout", delayMs: 2000, process: true });
    const retried = message(other);
    expect(await deliveryError(sendWhatsApp(appEnv, retried, { timeoutMs: 300 }))).toMatchObject({ retryable: true });
    const second = await sendWhatsApp(appEnv, retried);
    const both = await whatsapp.messages(other);
    expect(both.map((m) => m.callbackData)).toEqual([retried.id, retried.id]);
    expect(both[1]!.id).toBe(second.providerId);
    expect(both[0]!.id).not.toBe(second.providerId);
  });

  it("is not configured without its token and number id: not retryable", async () => {
    const unset = configured({ WHATSAPP_ACCESS_TOKEN: undefined });
    expect(await deliveryError(sendWhatsApp(unset, message(uniquePhone())))).toMatchObject({ retryable: false });
  });
});

describe("SMS (MSG91's Flow API)", () => {
  it("sends the DLT template of the kind in each language, with var1… and the sender id", async () => {
    for (const language of LANGUAGES) {
      const to = uniquePhone();
      const { providerId } = await sendSms(appEnv, message(to, { language, kind: "sign-in-code", params: ["482913", "10"] }));
      expect(providerId).toMatch(/^[0-9a-f]{24}$/);
      expect(await msg91.messages(to), language).toMatchObject([
        { id: providerId, to, template: `local_sign_in_code_${language}`, params: ["482913", "10"] },
      ]);
    }
  });

  it("takes a kind's default template, or its one id for every language", async () => {
    const templates = { sign_in_code: { default: "local_sign_in_code_en" }, video_ready: "local_video_ready_en" };
    const to = uniquePhone();
    await sendSms(configured({ MSG91_TEMPLATES: templates }), message(to, { language: "ml", kind: "sign_in_code" }));
    await sendSms(configured({ MSG91_TEMPLATES: templates }), message(to, { language: "ta", kind: "video_ready" }));
    expect((await msg91.messages(to)).map((m) => m.template)).toEqual(["local_sign_in_code_en", "local_video_ready_en"]);
    const missing = await deliveryError(sendSms(configured({ MSG91_TEMPLATES: templates }), message(to, { kind: "refund_started" })));
    expect(missing).toMatchObject({ retryable: false });
    expect(missing.message).toMatch(/not configured/);
  });

  it("calls a 5xx and a timeout retryable, and a refused number, key or foreign number not", async () => {
    const to = uniquePhone();
    await msg91.fault(to, { kind: "error", status: 502 });
    expect(await deliveryError(sendSms(appEnv, message(to)))).toMatchObject({ retryable: true, status: 502 });
    await msg91.fault(to, { kind: "timeout", delayMs: 3000 });
    expect(await deliveryError(sendSms(appEnv, message(to), { timeoutMs: 300 }))).toMatchObject({ retryable: true });
    await msg91.fault(to, { kind: "error", status: 400, message: "Mobile number not valid" });
    expect(await deliveryError(sendSms(appEnv, message(to)))).toMatchObject({ retryable: false, status: 400 });
    const wrongKey = await deliveryError(sendSms(configured({ MSG91_AUTH_KEY: "revoked-key" }), message(to)));
    expect(wrongKey).toMatchObject({ retryable: false, status: 401 });
    expect(wrongKey.message).not.toContain("revoked-key");
    expect(await deliveryError(sendSms(appEnv, message("+14155550100")))).toMatchObject({ retryable: false });
    expect(await msg91.messages(to)).toEqual([]);
  });

  it("gives one request id per call when the provider answers twice (its report comes twice)", async () => {
    const to = uniquePhone();
    await msg91.fault(to, { kind: "duplicate" });
    const { providerId } = await sendSms(appEnv, message(to));
    expect(await msg91.messages(to)).toMatchObject([{ id: providerId }]);
    const reports = await msg91.webhooks(to);
    expect(reports.map((report) => report.event)).toEqual(["report.delivered", "report.delivered"]);
    expect(reports.map((report) => JSON.parse(report.body).requestId)).toEqual([providerId, providerId]);
  });
});
