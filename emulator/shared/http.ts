/**
 * What every provider emulator needs of node:http (no adapter package): a Hono app served on a
 * port, a body cap answered with 413, and a JSON 500 in the provider's own error shape when the
 * emulator itself fails. Emulators run in Node beside workerd, never in the Worker.
 */
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { Hono } from "hono";

async function toRequest(req: IncomingMessage, origin: string, maxBody: number): Promise<Request | null> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > maxBody) return null;
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

export interface ListenOptions {
  /** Named in the log when the emulator fails. */
  name: string;
  port?: number;
  host?: string;
  maxBody: number;
  /** The 500's body, in the provider's error shape. */
  failureBody: string;
}

/** Serves `app` and answers its origin (`http://host:port`) once it listens. */
export async function listen(app: Hono, options: ListenOptions): Promise<{ server: Server; origin: string }> {
  const host = options.host ?? "127.0.0.1";
  let origin = "";
  const server = createServer((req, res) => {
    toRequest(req, origin, options.maxBody)
      .then(async (request) => {
        const response = request ? await app.fetch(request) : new Response("Request body too large", { status: 413 });
        if (res.destroyed) return; // the caller gave up waiting (a timeout fault)
        res.writeHead(response.status, Object.fromEntries(response.headers));
        res.end(Buffer.from(await response.arrayBuffer()));
      })
      .catch((error: unknown) => {
        console.error(`${options.name} emulator:`, error);
        if (!res.headersSent) res.writeHead(500, { "content-type": "application/json" });
        res.end(options.failureBody);
      });
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, host, () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  origin = `http://${host}:${port}`;
  return { server, origin };
}
