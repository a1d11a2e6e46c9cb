/**
 * The emulator over HTTP: its Hono app behind a few lines of node:http (no adapter package
 * needed), the clock that authorises late payments and settles refunds, and, when a
 * webhook URL is set, the delivery loop: each due event is posted until it gets a 2xx,
 * with backoff, keeping its event id across redeliveries.
 */
import { listen } from "../shared/http.ts";
import { Hono } from "hono";
import { adminRoutes } from "./admin.ts";
import { apiRoutes } from "./api.ts";
import { routeAdminRoutes } from "./route.ts";
import { saleAdminRoutes } from "./sales.ts";
import { checkoutRoutes } from "./checkout.ts";
import { type EmulatorOptions, RazorpayEmulator } from "./emulator.ts";

export interface ServerOptions extends EmulatorOptions {
  port?: number;
  host?: string;
  /** First retry after this long, doubling up to a minute (Razorpay's own schedule is longer). */
  retryBaseMs?: number;
}

const MAX_BODY = 64 * 1024;

export function emulatorApp(emulator: RazorpayEmulator) {
  const app = new Hono();
  app.route("/", checkoutRoutes(emulator));
  app.route("/", adminRoutes(emulator));
  app.route("/", saleAdminRoutes(emulator));
  app.route("/", routeAdminRoutes(emulator));
  app.route("/", apiRoutes(emulator));
  return app;
}

export async function startRazorpayEmulator(options: ServerOptions) {
  const emulator = new RazorpayEmulator(options);
  const app = emulatorApp(emulator);
  const { server, origin } = await listen(app, {
    name: "razorpay",
    port: options.port,
    host: options.host,
    maxBody: MAX_BODY,
    failureBody: '{"error":{"code":"SERVER_ERROR","description":"The emulator failed."}}',
  });

  const inFlight = new Set<string>();
  const retryBase = options.retryBaseMs ?? 1000;
  async function deliver() {
    const url = options.webhookUrl;
    if (!url) return;
    for (const delivery of emulator.pending()) {
      if (inFlight.has(delivery.id)) continue;
      inFlight.add(delivery.id);
      delivery.attempts += 1;
      fetch(url, {
        method: "POST",
        headers: RazorpayEmulator.headersOf(delivery),
        body: delivery.body,
        // Razorpay counts an answer slower than 5 s as a failure.
        signal: AbortSignal.timeout(5000),
      })
        .then(async (response) => {
          await response.body?.cancel();
          return response.status;
        })
        .catch(() => null)
        .then((status) => {
          inFlight.delete(delivery.id);
          delivery.lastStatus = status;
          if (status !== null && status >= 200 && status < 300) emulator.acknowledge([delivery.id]);
          else delivery.dueAt = Date.now() + Math.min(60_000, retryBase * 2 ** (delivery.attempts - 1));
          emulator.changed();
        });
    }
  }
  const clock = setInterval(() => {
    emulator.tick();
    void deliver();
  }, 100);

  return {
    emulator,
    origin,
    apiBase: `${origin}/v1`,
    async close() {
      clearInterval(clock);
      emulator.flush();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
