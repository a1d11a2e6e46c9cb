/**
 * For tests that run the built Worker under an environment of their own (a deployment with a
 * Resend key, say): the real queue's consumer runs under the test run's environment, so such a
 * test gives the Worker a NOTIFICATIONS binding that hands each message at once to the built
 * Worker's queue handler under that same environment. The message is sent before the request's
 * answer, as if the queue were instant.
 */
import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import builtWorker from "@sannidhi/built-worker";

async function deliverNow(workerEnv: Env, bodies: unknown[]) {
  const messages = bodies.map((body) => ({
    id: crypto.randomUUID(),
    timestamp: new Date(),
    attempts: 1,
    body,
    ack: () => undefined,
    retry: () => undefined,
  }));
  const ctx = createExecutionContext();
  await builtWorker.queue({ queue: "sannidhi-notifications", messages } as unknown as MessageBatch, workerEnv, ctx);
  await waitOnExecutionContext(ctx);
}

/** `vars` as the Worker's environment, its notifications delivered at once under it. */
export function withInlineQueue(vars: Record<string, unknown>): Env {
  const workerEnv: Record<string, unknown> = { ...vars };
  const deliver = (bodies: unknown[]) => deliverNow(workerEnv as unknown as Env, bodies);
  workerEnv.NOTIFICATIONS = {
    send: (body: unknown) => deliver([body]),
    sendBatch: (messages: Iterable<{ body: unknown }>) => deliver([...messages].map((message) => message.body)),
  };
  return workerEnv as unknown as Env;
}
