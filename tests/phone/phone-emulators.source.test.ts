/**
 * Issue 41: the phone emulators refuse what Meta and MSG91 refuse, in their shapes, so an
 * adapter that passes here is not passing by the emulators' leniency. Called over HTTP as
 * the adapters call them (emulator/phone, started by tests/support/emulator-setup.ts).
 */
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { readEnv } from "~/lib/env.server";
import { phoneEmulator, uniquePhone } from "../support/phone-emulators";

const { config } = readEnv(env);
const whatsappBase = config.WHATSAPP_API_BASE!;
const msg91Base = config.MSG91_API_BASE!;

async function post(url: string, headers: Record<string, string>, body: unknown) {
  const response = await fetch(url, {
    method: "POST",
    headers: { "content-type": "application/json", ...headers },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

describe("the WhatsApp emulator", () => {
  const url = (phoneNumberId = config.WHATSAPP_PHONE_NUMBER_ID!) => `${whatsappBase}/${phoneNumberId}/messages`;
  const auth = { authorization: `Bearer ${config.WHATSAPP_ACCESS_TOKEN}` };
  const template = (to: string, extra: Record<string, unknown> = {}) => ({
    messaging_product: "whatsapp",
    to,
    type: "template",
    template: {
      name: "sannidhi_video_ready",
      language: { code: "ta" },
      components: [{ type: "body", parameters: [{ type: "text", text: "SN-7" }] }],
    },
    ...extra,
  });
  const errorOf = (answer: { body: Record<string, unknown> }) => answer.body.error as { code: number; message: string; fbtrace_id: string };

  it("answers a template message as Meta does: the contact and one wamid", async () => {
    const to = uniquePhone();
    const answer = await post(url(), auth, template(to));
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ messaging_product: "whatsapp", contacts: [{ input: to, wa_id: to.slice(1) }] });
    expect(answer.body.messages).toEqual([{ id: expect.stringMatching(/^wamid\.[A-Za-z0-9+/=]+$/), message_status: "accepted" }]);
  });

  it("refuses a wrong token (401, code 190), another number's id, and a request without its product", async () => {
    const to = uniquePhone();
    const wrongToken = await post(url(), { authorization: "Bearer nope" }, template(to));
    expect(wrongToken.status).toBe(401);
    expect(errorOf(wrongToken)).toMatchObject({ code: 190, fbtrace_id: expect.any(String) });
    expect(errorOf(await post(url(), {}, template(to))).code).toBe(190);
    const otherNumber = await post(url("999999999999999"), auth, template(to));
    expect(otherNumber.status).toBe(400);
    expect(errorOf(otherNumber)).toMatchObject({ code: 100, message: expect.stringContaining("does not exist") });
    expect((await post(url(), auth, template(to, { messaging_product: undefined }))).status).toBe(400);
    expect(await phoneEmulator(whatsappBase).messages(to)).toEqual([]);
  });

  it("refuses a number that is not E.164, a template without a name or a known language, and bad variables", async () => {
    const to = uniquePhone();
    const refusals = [
      template("98450 12345"),
      template("+0919845012345"),
      template(to, { template: { name: "", language: { code: "ta" } } }),
      template(to, { template: { name: "sannidhi_video_ready" } }),
      template(to, { template: { name: "Sannidhi Video", language: { code: "ta" } } }),
      template(to, { template: { name: "sannidhi_video_ready", language: { code: "xx" } } }),
      template(to, {
        template: { name: "t", language: { code: "en" }, components: [{ type: "body", parameters: [{ type: "text", text: "a\nb" }] }] },
      }),
      template(to, {
        template: { name: "t", language: { code: "en" }, components: [{ type: "body", parameters: [{ type: "text", text: "" }] }] },
      }),
      template(to, { type: "text", text: { body: "hello" } }),
    ];
    for (const body of refusals) {
      const answer = await post(url(), auth, body);
      expect(answer.status, JSON.stringify(body)).toBeGreaterThanOrEqual(400);
      expect(answer.status).toBeLessThan(500);
      expect(errorOf(answer).code).toEqual(expect.any(Number));
    }
    expect(await phoneEmulator(whatsappBase).messages(to)).toEqual([]);
  });

  it("lists what was sent to a number, and forgets it on reset", async () => {
    const emulator = phoneEmulator(whatsappBase);
    const to = uniquePhone();
    await post(url(), auth, template(to));
    expect(await emulator.messages(to)).toMatchObject([
      { channel: "whatsapp", to, template: "sannidhi_video_ready", language: "ta", params: ["SN-7"] },
    ]);
    await emulator.reset(to);
    expect(await emulator.messages(to)).toEqual([]);
    expect(await emulator.webhooks(to)).toEqual([]);
  });
});

describe("the MSG91 emulator", () => {
  const url = `${msg91Base}/flow`;
  const auth = { authkey: config.MSG91_AUTH_KEY! };
  const flow = (mobiles: string, extra: Record<string, unknown> = {}) => ({
    template_id: "local_sign_in_code_hi",
    short_url: "0",
    sender: config.MSG91_SENDER_ID,
    recipients: [{ mobiles, var1: "482913", var2: "10" }],
    ...extra,
  });

  it("answers a flow as MSG91 does: success and a request id", async () => {
    const to = uniquePhone();
    const answer = await post(url, auth, flow(to.slice(1)));
    expect(answer).toEqual({ status: 200, body: { type: "success", message: expect.stringMatching(/^[0-9a-f]{24}$/) } });
    expect(await phoneEmulator(msg91Base).messages(to)).toMatchObject([
      { channel: "sms", template: "local_sign_in_code_hi", params: ["482913", "10"] },
    ]);
  });

  it("refuses a wrong auth key, an unknown template or sender, and a number without its country code", async () => {
    const to = uniquePhone();
    const digits = to.slice(1);
    const wrongKey = await post(url, { authkey: "nope" }, flow(digits));
    expect(wrongKey).toMatchObject({ status: 401, body: { type: "error" } });
    for (const body of [
      flow(digits, { template_id: "unregistered_template" }),
      flow(digits, { template_id: undefined }),
      flow(digits, { sender: "OTHERS" }),
      flow("12345"),
      flow(`+${digits}`),
      flow(digits, { recipients: [] }),
    ]) {
      const answer = await post(url, auth, body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.body).toMatchObject({ type: "error", message: expect.any(String) });
    }
    expect(await phoneEmulator(msg91Base).messages(to)).toEqual([]);
  });
});
