/**
 * One emulated provider over HTTP: its Hono app behind a few lines of node:http, and, when
 * a webhook URL is set, the delivery loop: each due webhook is posted until it gets a 2xx,
 * with backoff, as the providers do.
 */
import { listen } from "../shared/http.ts";
import type { Hono } from "hono";
import type { MessageStatus, Outbound } from "./outbound.ts";

/** When status webhooks follow a send: each step `delayMs` after the one before; only the listed statuses are sent. */
export interface StatusTiming {
  delayMs: number;
  statuses: readonly MessageStatus[];
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms).unref());

const MAX_BODY = 256 * 1024;

export interface ServeOptions {
  name: string;
  port?: number;
  host?: string;
  /** Where webhooks are posted; without it they wait to be pulled (GET /__admin/webhooks). */
  webhookUrl?: string | null;
  /** First retry after this long, doubling up to a minute. */
  retryBaseMs?: number;
}

export async function serve(app: Hono, outbound: Outbound, options: ServeOptions) {
  const { server, origin } = await listen(app, {
    name: options.name,
    port: options.port,
    host: options.host,
    maxBody: MAX_BODY,
    failureBody: '{"error":{"message":"The emulator failed."}}',
  });

  const inFlight = new Set<string>();
  const retryBase = options.retryBaseMs ?? 1000;
  function deliver() {
    const url = options.webhookUrl;
    if (!url) return;
    for (const delivery of outbound.pending()) {
      if (inFlight.has(delivery.id)) continue;
      inFlight.add(delivery.id);
      delivery.attempts += 1;
      fetch(url, { method: "POST", headers: delivery.headers, body: delivery.body, signal: AbortSignal.timeout(10_000) })
        .then(async (response) => {
          await response.body?.cancel();
          return response.status;
        })
        .catch(() => null)
        .then((status) => {
          inFlight.delete(delivery.id);
          delivery.lastStatus = status;
          if (status !== null && status >= 200 && status < 300) outbound.acknowledge([delivery.id]);
          else delivery.dueAt = Date.now() + Math.min(60_000, retryBase * 2 ** (delivery.attempts - 1));
        });
    }
  }
  const clock = setInterval(deliver, 100);

  return {
    origin,
    port: Number(new URL(origin).port),
    async close() {
      clearInterval(clock);
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
