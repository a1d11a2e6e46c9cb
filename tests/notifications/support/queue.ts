/**
 * The notifications tests' handles: the built Worker's queue() handler driven with a batch of
 * our making (so a test chooses each delivery's attempt number and sees whether it was acked or
 * retried), a Worker environment that sends mail through Resend (here the Resend emulator, so
 * the production adapter is the code under test), and the emulator's own knobs.
 */
import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import builtWorker from "@sannidhi/built-worker";
import { runBatch } from "~/db/batch.server";
import { createDb } from "~/db/client.server";
import { type NoticeInput, noticeStatements, prepareNotice } from "~/domain/notifications/notify.server";
import { readEnv } from "~/lib/env.server";

export const QUEUE = "sannidhi-notifications";
export const DEAD_LETTERS = "sannidhi-notifications-dlq";

/** The Resend emulator the test run started (tests/support/emulator-setup.ts); the Worker ignores it without a Resend key. */
const resendApiBase = (env as unknown as { RESEND_API_BASE: string }).RESEND_API_BASE;

/** The Worker as a deployment with a Resend key has it, talking to the Resend emulator. */
export function resendEnv(): Env {
  return { ...env, RESEND_API_KEY: "re_test_notifications" } as unknown as Env;
}

/**
 * One delivery of message `id` (its `attempts`-th) to the built Worker's queue handler under
 * `workerEnv`, as a batch of one whose acks and retries (with their delays) the test reads.
 */
export async function deliver(workerEnv: Env, id: string, attempts = 1, queue = QUEUE) {
  const outcome = { acked: false, retryDelay: null as number | null };
  const message = {
    id: `msg-${crypto.randomUUID()}`,
    timestamp: new Date(),
    attempts,
    body: id,
    ack: () => void (outcome.acked = true),
    retry: (options?: { delaySeconds?: number }) => void (outcome.retryDelay = options?.delaySeconds ?? 0),
  };
  const batch = { queue, messages: [message], ackAll: () => message.ack(), retryAll: () => message.retry() };
  const ctx = createExecutionContext();
  await builtWorker.queue(batch as unknown as MessageBatch, workerEnv, ctx);
  await waitOnExecutionContext(ctx);
  return outcome;
}

/** Writes a notice's rows without queuing them (the test delivers them itself); answers their ids. */
export async function writeNotice(workerEnv: Env, input: NoticeInput) {
  const db = createDb(env.DB);
  const prepared = await prepareNotice(readEnv(workerEnv), db, input);
  await runBatch(db, noticeStatements(db, prepared));
  return prepared.ids;
}

export interface StoredNotification {
  id: string;
  customer_id: number | null;
  kind: string;
  channel: string;
  recipient: string;
  language: string;
  subject: string | null;
  text: string | null;
  tracking_no: string | null;
  status: string;
  attempts: number;
  provider_id: string | null;
  last_error: string | null;
}

export async function rowOf(id: string) {
  return env.DB.prepare("select * from notifications where id = ?").bind(id).first<StoredNotification>();
}

/** The Resend emulator's knobs and what it sent. */
export const resendEmulator = {
  async fault(to: string, mode: "fail" | "timeout" | "twice" | "none", times = 1) {
    const response = await fetch(`${resendApiBase}/_emulator/faults`, { method: "POST", body: JSON.stringify({ to, mode, times }) });
    await response.body?.cancel();
  },
  async sentTo(to: string) {
    const response = await fetch(`${resendApiBase}/_emulator/emails?to=${encodeURIComponent(to)}`);
    return (await response.json<{ emails: { id: string; subject: string; text: string; idempotencyKey: string | null }[] }>()).emails;
  },
};
