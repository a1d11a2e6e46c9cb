/**
 * Issue 41: the phone emulators beside the served Worker (scripts/serve-test.ts: WhatsApp on
 * E2E_PORT + 2, MSG91 on + 3) post their webhooks to it as Meta and MSG91 would, and the Worker
 * takes them: a webhook stays owed until the Worker answers 2xx, so an emulator with nothing
 * owed means every signature and token was accepted. Sends go to the emulators' APIs as the
 * production adapters send them (the notifications queue sends them in the app).
 */
import { expect, test } from "@playwright/test";
import { PHONE_KEYS } from "../support/test-vars";
import { phoneEmulator, uniquePhone } from "../support/phone-emulators";

const port = Number(process.env.E2E_PORT ?? 8790);
const WORKER = `http://127.0.0.1:${port}`;
const whatsapp = phoneEmulator(`http://127.0.0.1:${port + 2}/v26.0`);
const msg91 = phoneEmulator(`http://127.0.0.1:${port + 3}/api/v5`);

async function postJson(url: string, headers: Record<string, string>, body: unknown) {
  const response = await fetch(url, {
    method: "POST",
    headers: { "content-type": "application/json", ...headers },
    body: JSON.stringify(body),
  });
  expect(response.status, await response.clone().text()).toBe(200);
  return (await response.json()) as Record<string, unknown>;
}

test("WhatsApp's statuses and a devotee's STOP reach the Worker, signed, and are taken", async () => {
  const to = uniquePhone();
  await postJson(
    `${whatsapp.origin}/v26.0/${PHONE_KEYS.WHATSAPP_PHONE_NUMBER_ID}/messages`,
    { authorization: `Bearer ${PHONE_KEYS.WHATSAPP_ACCESS_TOKEN}` },
    {
      messaging_product: "whatsapp",
      to,
      type: "template",
      template: {
        name: "sannidhi_receipt",
        language: { code: "ml" },
        components: [{ type: "body", parameters: [{ type: "text", text: "SN-1" }] }],
      },
    },
  );
  await whatsapp.inbound(to, "STOP");
  const taken = async () => (await whatsapp.delivered(to)).map((webhook) => `${webhook.event} ${webhook.lastStatus}`).sort();
  await expect.poll(taken, { timeout: 15_000 }).toEqual(["message 200", "status.delivered 200", "status.read 200", "status.sent 200"]);
  expect(await whatsapp.webhooks(to)).toEqual([]);
  expect(await whatsapp.messages(to)).toMatchObject([{ status: "read" }]);
});

test("MSG91's delivery report reaches the Worker with its token and is taken", async () => {
  const to = uniquePhone();
  const answer = await postJson(
    `${msg91.origin}/api/v5/flow`,
    { authkey: PHONE_KEYS.MSG91_AUTH_KEY },
    {
      template_id: "local_sign_in_code_ml",
      short_url: "0",
      recipients: [{ mobiles: to.slice(1), var1: "482913" }],
    },
  );
  expect(answer).toMatchObject({ type: "success" });
  const taken = async () => (await msg91.delivered(to)).map((report) => `${report.event} ${report.lastStatus}`);
  await expect.poll(taken, { timeout: 15_000 }).toEqual(["report.delivered 200"]);
  expect(await msg91.webhooks(to)).toEqual([]);
});

test("the Worker refuses what no provider signed", async () => {
  const [pending] = await (async () => {
    const to = uniquePhone();
    await whatsapp.inbound(to, "STOP");
    return whatsapp.webhooks(to);
  })();
  const forged = await fetch(`${WORKER}/webhooks/whatsapp`, {
    method: "POST",
    headers: { ...pending!.headers, "x-hub-signature-256": `sha256=${"0".repeat(64)}` },
    body: pending!.body,
  });
  expect(forged.status).toBe(401);
  const report = await fetch(`${WORKER}/webhooks/sms?token=guess`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: "{}",
  });
  expect(report.status).toBe(401);
});
