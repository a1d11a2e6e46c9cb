/**
 * One emulated provider over HTTP: its Hono app behind a few lines of node:http, and, when
 * a webhook URL is set, the delivery loop: each due webhook is posted until it gets a 2xx,
 * with backoff, as the providers do.
 */
import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";
import type { Hono } from "hono";
import type { MessageStatus, Outbound } from "./outbound.ts";

/** When status webhooks follow a send: each step `delayMs` after the one before; only the listed statuses are sent. */
export interface StatusTiming {
  delayMs: number;
  statuses: readonly MessageStatus[];
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms).unref());

const MAX_BODY = 256 * 1024;

async function toRequest(req: IncomingMessage, origin: string): Promise<Request | null> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_BODY) return null;
    chunks.push(chunk);
  }
  const headers = new Headers();
  for (let i = 0; i < req.rawHeaders.length; i += 2) headers.append(req.rawHeaders[i]!, req.rawHeaders[i + 1]!);
  const method = req.method ?? "GET";
  return new Request(new URL(req.url ?? "/", origin), {
    method,
    headers,
    body: method === "GET" || method === "HEAD" ? undefined : Buffer.concat(chunks),
  });
}

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
  const host = options.host ?? "127.0.0.1";
  let origin = "";
  const server = createServer((req, res) => {
    toRequest(req, origin)
      .then(async (request) => {
        const response = request ? await app.fetch(request) : new Response("Request body too large", { status: 413 });
        if (res.destroyed) return; // the caller gave up waiting (a timeout fault)
        res.writeHead(response.status, Object.fromEntries(response.headers));
        res.end(Buffer.from(await response.arrayBuffer()));
      })
      .catch((error: unknown) => {
        console.error(`${options.name} emulator:`, error);
        if (!res.headersSent) res.writeHead(500, { "content-type": "application/json" });
        res.end('{"error":{"message":"The emulator failed."}}');
      });
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, host, () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  origin = `http://${host}:${port}`;

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
    port,
    async close() {
      clearInterval(clock);
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
