/**
 * The phone emulators: WhatsApp's Cloud API and MSG91's on a port each (so each base URL
 * looks like its provider's: /v26.0/… and /api/v5/…), in one Node process (one fewer to
 * start, and one place for the faults and the delivery loop they share).
 */
import { Hono } from "hono";
import { adminRoutes } from "./admin.ts";
import { serve } from "./http.ts";
import { Msg91Emulator } from "./msg91.ts";
import type { MessageStatus } from "./outbound.ts";
import { WhatsAppEmulator } from "./whatsapp.ts";

/** The Graph API version the emulator's base URL names (it answers any version, as the adapter may name another). */
export const GRAPH_VERSION = "v26.0";

export interface PhoneEmulatorOptions {
  whatsapp: { accessToken: string; phoneNumberId: string; appSecret: string; port?: number; webhookUrl?: string | null };
  msg91: { authKey: string; senderId?: string | null; templateIds?: readonly string[]; port?: number; webhookUrl?: string | null };
  /** Each status webhook this long after the one before (default 1 s; 0: all due at once). */
  statusDelayMs?: number;
  /** Which statuses are reported (default all: sent, delivered, read; MSG91 reports delivered only). */
  statuses?: readonly MessageStatus[];
  host?: string;
  retryBaseMs?: number;
}

export async function startPhoneEmulators(options: PhoneEmulatorOptions) {
  const timing = { delayMs: options.statusDelayMs ?? 1000, statuses: options.statuses ?? (["sent", "delivered", "read"] as const) };
  const whatsapp = new WhatsAppEmulator({ ...options.whatsapp, timing });
  const msg91 = new Msg91Emulator({ ...options.msg91, timing });

  const whatsappApp = new Hono();
  whatsappApp.route(
    "/",
    adminRoutes(whatsapp.outbound, (from, text) => whatsapp.inbound(from, text)),
  );
  whatsappApp.route("/", whatsapp.routes());
  const msg91App = new Hono();
  msg91App.route("/", adminRoutes(msg91.outbound));
  msg91App.route("/", msg91.routes());

  const common = { host: options.host, retryBaseMs: options.retryBaseMs };
  const whatsappServer = await serve(whatsappApp, whatsapp.outbound, {
    ...common,
    name: "whatsapp",
    port: options.whatsapp.port,
    webhookUrl: options.whatsapp.webhookUrl,
  });
  const msg91Server = await serve(msg91App, msg91.outbound, {
    ...common,
    name: "msg91",
    port: options.msg91.port,
    webhookUrl: options.msg91.webhookUrl,
  });

  return {
    whatsapp: { emulator: whatsapp, origin: whatsappServer.origin, apiBase: `${whatsappServer.origin}/${GRAPH_VERSION}` },
    msg91: { emulator: msg91, origin: msg91Server.origin, apiBase: `${msg91Server.origin}/api/v5` },
    async close() {
      await Promise.all([whatsappServer.close(), msg91Server.close()]);
    },
  };
}
