/**
 * A local stand-in for Resend's `POST /emails`, so the Worker's production e-mail adapter (the
 * Resend SDK pointed at RESEND_API_BASE) is the code under test. Like Resend it checks the API
 * key, keeps an `Idempotency-Key` for a day (the same key and body answer the first send's id
 * and send nothing; another body under the key is refused, 409), and answers `{ id }`. It can
 * be told to misbehave for the next sends to one address:
 *   fail     answer 500 and send nothing (Resend down);
 *   timeout  send, but the answer times out on the way (a gateway's 504 page instead of Resend's JSON);
 *   twice    send, then answer 500 (the sender tries again; its key makes that a no-op).
 * Its own routes, under /_emulator: GET emails?to= (what it sent), POST faults { to, mode, times }.
 * Never bundled into the Worker: tests start it (tests/support/emulator-setup.ts).
 */
import { createHash, randomUUID } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

export type ResendFault = "fail" | "timeout" | "twice";

export interface SentEmail {
  id: string;
  from: string;
  to: string[];
  subject: string;
  text?: string;
  html?: string;
  idempotencyKey: string | null;
  sentAt: string;
}

interface Remembered {
  bodyHash: string;
  id: string;
}

const MAX_BODY = 512 * 1024;

async function readBody(req: IncomingMessage): Promise<string | null> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_BODY) return null;
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString("utf8");
}

function json(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { "content-type": "application/json" });
  res.end(JSON.stringify(body));
}

const error = (res: ServerResponse, statusCode: number, name: string, message: string) =>
  json(res, statusCode, { statusCode, name, message });

export class ResendEmulator {
  readonly sent: SentEmail[] = [];
  private readonly keys = new Map<string, Remembered>();
  private readonly faults = new Map<string, { mode: ResendFault; times: number }>();

  private readonly apiKey: string | undefined;

  constructor(apiKey?: string) {
    this.apiKey = apiKey;
  }

  setFault(to: string, mode: ResendFault | "none", times = 1) {
    if (mode === "none") this.faults.delete(to.toLowerCase());
    else this.faults.set(to.toLowerCase(), { mode, times });
  }

  /** The fault to play on a send to `to`, counted down. */
  private takeFault(to: string): ResendFault | null {
    const fault = this.faults.get(to.toLowerCase());
    if (!fault) return null;
    if (--fault.times <= 0) this.faults.delete(to.toLowerCase());
    return fault.mode;
  }

  sentTo(to: string | null) {
    const wanted = to?.toLowerCase();
    return wanted ? this.sent.filter((mail) => mail.to.some((address) => address.toLowerCase() === wanted)) : this.sent;
  }

  async handle(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? "/", "http://emulator");
    if (req.method === "GET" && url.pathname === "/_emulator/emails")
      return json(res, 200, { emails: this.sentTo(url.searchParams.get("to")) });
    const raw = await readBody(req);
    if (raw === null) return error(res, 413, "validation_error", "The request body is too large.");
    if (req.method === "POST" && url.pathname === "/_emulator/faults") {
      const { to, mode, times } = JSON.parse(raw) as { to: string; mode: ResendFault | "none"; times?: number };
      this.setFault(to, mode, times ?? 1);
      return json(res, 200, { ok: true });
    }
    if (req.method !== "POST" || url.pathname !== "/emails") return error(res, 404, "not_found", "The requested endpoint does not exist.");
    const auth = req.headers.authorization ?? "";
    if (!auth.startsWith("Bearer ")) return error(res, 401, "missing_api_key", "Missing API key in the authorization header.");
    if (this.apiKey ? auth !== `Bearer ${this.apiKey}` : !auth.startsWith("Bearer re_")) {
      return error(res, 403, "invalid_api_key", "API key is invalid.");
    }
    let body: { from?: string; to?: string | string[]; subject?: string; text?: string; html?: string };
    try {
      body = JSON.parse(raw);
    } catch {
      return error(res, 422, "validation_error", "Invalid JSON.");
    }
    const to = [body.to ?? []].flat();
    if (!body.from || to.length === 0 || !body.subject) return error(res, 422, "validation_error", "from, to and subject are required.");
    const key = typeof req.headers["idempotency-key"] === "string" ? req.headers["idempotency-key"] : null;
    const bodyHash = createHash("sha256").update(raw).digest("hex");
    const known = key ? this.keys.get(key) : undefined;
    if (known) {
      if (known.bodyHash !== bodyHash)
        return error(res, 409, "invalid_idempotent_request", "Same idempotency key used with a different request payload.");
      return json(res, 200, { id: known.id });
    }
    const fault = this.takeFault(to[0]!);
    if (fault === "fail") return error(res, 500, "internal_server_error", "An unexpected error occurred.");
    const id = randomUUID();
    this.sent.push({
      id,
      from: body.from,
      to,
      subject: body.subject,
      text: body.text,
      html: body.html,
      idempotencyKey: key,
      sentAt: new Date().toISOString(),
    });
    if (key) this.keys.set(key, { bodyHash, id });
    if (fault === "timeout") {
      res.writeHead(504, { "content-type": "text/html" });
      return res.end("<html><body><h1>504 Gateway Time-out</h1></body></html>");
    }
    if (fault === "twice") return error(res, 500, "internal_server_error", "An unexpected error occurred.");
    return json(res, 200, { id });
  }
}

export async function startResendEmulator(options: { port?: number; host?: string; apiKey?: string } = {}) {
  const emulator = new ResendEmulator(options.apiKey);
  const host = options.host ?? "127.0.0.1";
  const server = createServer((req, res) => {
    emulator.handle(req, res).catch((failure: unknown) => {
      console.error("resend emulator:", failure);
      if (!res.headersSent) error(res, 500, "application_error", "The emulator failed.");
      else res.end();
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, host, () => resolve());
  });
  const origin = `http://${host}:${(server.address() as AddressInfo).port}`;
  return {
    emulator,
    origin,
    /** What RESEND_API_BASE is set to (the SDK adds /emails). */
    apiBase: origin,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
