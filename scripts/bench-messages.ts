/**
 * The messages row of `npm run bench`: 10,000 messages through the notifications queue on the
 * production build in one workerd (Miniflare's queues, as `npm start` runs them), sent to the
 * local outbox (MAIL_MODE=local). Each message is a change's row (written in D1 batches, as a
 * booking writes its receipt) whose id is then queued, as the Worker does; the consumer sends it.
 * Measured: messages a second from the first row written to the last sent, p50/p97.5 from a
 * row's writing to its `sent_at`, how many were lost (never sent) and doubled (an outbox entry
 * more than messages sent). A benchmark, not a test: nothing passes or fails on a threshold.
 */
import { randomUUID } from "node:crypto";
import type { Miniflare } from "miniflare";

export interface MessagesResult {
  messages: number;
  seconds: number;
  messagesPerSecond: number;
  p50: number;
  p97_5: number;
  lost: number;
  doubled: number;
}

const COLUMNS = "(id, kind, channel, recipient, language, subject, text, html, created_at, updated_at)";
const ROWS_PER_STATEMENT = 9; // 10 bound parameters a row, under D1's 100
const STATEMENTS_PER_BATCH = 50;

/** What the bench reads of the outbox's KV namespace: its keys, page by page. */
type OutboxKeys = {
  list(options: { prefix: string; cursor?: string }): Promise<{ keys: { name: string }[]; list_complete: boolean; cursor?: string }>;
};

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] ?? 0;

export async function benchMessages(worker: Miniflare, count = 10_000, timeoutMs = 300_000): Promise<MessagesResult> {
  const db = await worker.getD1Database("DB");
  const queue = await worker.getQueueProducer<string>("NOTIFICATIONS");
  const outbox = (await worker.getKVNamespace("SESSIONS")) as unknown as OutboxKeys;
  const run = randomUUID().slice(0, 8);
  const ids = Array.from({ length: count }, () => randomUUID());
  const started = Date.now();
  // The changes: rows written in batches, each batch's ids queued once it has committed.
  for (let i = 0; i < ids.length; i += ROWS_PER_STATEMENT * STATEMENTS_PER_BATCH) {
    const chunk = ids.slice(i, i + ROWS_PER_STATEMENT * STATEMENTS_PER_BATCH);
    const statements = [];
    for (let j = 0; j < chunk.length; j += ROWS_PER_STATEMENT) {
      const rows = chunk.slice(j, j + ROWS_PER_STATEMENT);
      const now = new Date().toISOString();
      statements.push(
        db
          .prepare(`insert into notifications ${COLUMNS} values ${rows.map(() => "(?, ?, ?, ?, ?, ?, ?, ?, ?, ?)").join(", ")}`)
          .bind(
            ...rows.flatMap((id, k) => [
              id,
              "sign-in-code",
              "email",
              `bench.${run}.${i + j + k}@example.org`,
              "en",
              "Your Sannidhi sign-in code",
              "Your sign-in code is 482913. Do not share it with anyone.",
              "<p>Your sign-in code is 482913.</p>",
              now,
              now,
            ]),
          ),
      );
    }
    await db.batch(statements);
    for (let j = 0; j < chunk.length; j += 100)
      await queue.sendBatch(chunk.slice(j, j + 100).map((id) => ({ body: id, contentType: "json" })));
  }
  // Until every row is sent (or the time is up).
  const like = `bench.${run}.%`;
  for (;;) {
    const left = await db
      .prepare("select count(*) as n from notifications where recipient like ? and status = 'queued'")
      .bind(like)
      .first<{ n: number }>();
    if (!left?.n || Date.now() - started > timeoutMs) break;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  const results = (
    await db.prepare("select created_at, sent_at from notifications where recipient like ? and status = 'sent'").bind(like).all()
  ).results as { created_at: string; sent_at: string }[];
  const latencies = results.map((row) => Date.parse(row.sent_at) - Date.parse(row.created_at)).sort((a, b) => a - b);
  const lastSent = Math.max(...results.map((row) => Date.parse(row.sent_at)));
  let entries = 0;
  let cursor: string | undefined;
  do {
    const page = await outbox.list({ prefix: "outbox:", cursor });
    entries += page.keys.length;
    cursor = page.list_complete ? undefined : page.cursor;
  } while (cursor);
  const seconds = (lastSent - started) / 1000;
  return {
    messages: count,
    seconds: Number(seconds.toFixed(1)),
    messagesPerSecond: Math.round(results.length / seconds),
    p50: percentile(latencies, 50),
    p97_5: percentile(latencies, 97.5),
    lost: count - results.length,
    doubled: Math.max(0, entries - results.length),
  };
}
