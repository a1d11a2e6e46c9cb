/**
 * The phone channels' tests' handles (for both projects: nothing here needs the build): the
 * emulators this run started (their addresses are the Worker's WHATSAPP_API_BASE and
 * MSG91_API_BASE), a phone message written for the test to deliver, the queue's consumer from
 * source, and the webhooks the emulators owe, posted to the Worker as Meta and MSG91 would.
 */
import { createExecutionContext } from "cloudflare:test";
import { env, exports } from "cloudflare:workers";
import { expect } from "vitest";
import { runBatch } from "~/db/batch.server";
import { createDb } from "~/db/client.server";
import type { KindParams, NotificationKind } from "~/domain/notifications/kinds";
import { type NoticeInput, noticeStatements, prepareNotice } from "~/domain/notifications/notify.server";
import { readEnv } from "~/lib/env.server";
import type { Locale } from "~/lib/i18n";
import { queue } from "../../../workers/queue";
import { phoneEmulator } from "../../support/phone-emulators";

const bases = env as unknown as { WHATSAPP_API_BASE: string; MSG91_API_BASE: string; MSG91_WEBHOOK_TOKEN: string };
export const whatsapp = phoneEmulator(bases.WHATSAPP_API_BASE);
export const msg91 = phoneEmulator(bases.MSG91_API_BASE);
export const emulatorOf = (channel: "sms" | "whatsapp") => (channel === "sms" ? msg91 : whatsapp);

/** A message of `kind` to one phone by `channel`, written and not queued (the test delivers it); its row id. */
export async function phoneNotice<K extends NotificationKind>(
  channel: "sms" | "whatsapp",
  phone: string,
  kind: K,
  params: KindParams[K],
  language: Locale = "en",
) {
  const db = createDb(env.DB);
  const prepared = await prepareNotice(readEnv(env), db, { kind, to: { phone, channel, language }, params } as NoticeInput);
  await runBatch(db, noticeStatements(db, prepared));
  const [id] = prepared.ids;
  expect(id, `a ${channel} row for ${phone}`).toBeDefined();
  return id!;
}

/** Posts the webhooks owed for `phone` (oldest first, or those `pick` keeps) to the Worker; answers their events. */
export async function postOwedWebhooks(channel: "sms" | "whatsapp", phone: string, pick = (_event: string) => true) {
  const emulator = emulatorOf(channel);
  const owed = (await emulator.webhooks(phone)).filter((webhook) => pick(webhook.event));
  const path = channel === "sms" ? `/webhooks/sms?token=${encodeURIComponent(bases.MSG91_WEBHOOK_TOKEN)}` : "/webhooks/whatsapp";
  for (const webhook of owed) {
    const response = await exports.default.fetch(`http://localhost${path}`, {
      method: "POST",
      headers: webhook.headers,
      body: webhook.body,
    });
    expect(response.status, `${webhook.event}: ${await response.text()}`).toBe(200);
  }
  if (owed.length) await emulator.acknowledge(owed.map((webhook) => webhook.id));
  return owed.map((webhook) => webhook.event);
}

/** One delivery of message `id` to the queue's consumer (workers/queue.ts from source); whether it was acked. */
export async function deliverFromSource(id: string) {
  let acked = false;
  const message = { id: `msg-${id}`, timestamp: new Date(), attempts: 1, body: id, ack: () => void (acked = true), retry: () => undefined };
  const batch = { queue: "sannidhi-notifications", messages: [message], ackAll: () => undefined, retryAll: () => undefined };
  await queue(batch as unknown as MessageBatch, env as unknown as Env, createExecutionContext());
  return acked;
}
