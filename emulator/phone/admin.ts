/**
 * The emulators' own controls under /__admin (never part of a provider's API), the same on
 * both ports:
 *   GET    /__admin/health
 *   GET    /__admin/messages[?to=+91…]          what was sent (tests, the local outbox)
 *   POST   /__admin/faults                       { kind: error|timeout|duplicate|undeliverable, to?, times?, seconds?, … }
 *   GET    /__admin/faults   DELETE /__admin/faults[?to=]
 *   GET    /__admin/webhooks[?to=&includeLater=1] the webhooks owed (headers and raw body), for a test to post;
 *                                               with delivered=1 those delivered, with their attempts and last HTTP status
 *   POST   /__admin/webhooks/ack { ids }          pulled webhooks are not posted again
 *   POST   /__admin/reset [{ to }]
 *   POST   /__admin/inbound { from, text }        WhatsApp only: the devotee writes (e.g. STOP)
 */
import { Hono } from "hono";
import { z } from "zod";
import type { Outbound } from "./outbound.ts";

const phone = z
  .string()
  .regex(/^\+?[1-9]\d{7,14}$/)
  .transform((value) => (value.startsWith("+") ? value : `+${value}`));

export function adminRoutes(outbound: Outbound, inbound?: (from: string, text: string) => void) {
  const admin = new Hono();
  admin.onError((error, c) => {
    if (error instanceof z.ZodError) return c.json({ error: z.prettifyError(error) }, 400);
    console.error(`${outbound.channel} emulator:`, error);
    return c.json({ error: "The emulator failed." }, 500);
  });
  const toOf = (value: string | undefined) => (value ? phone.parse(value) : undefined);
  const body = async (request: Request) => (await request.json().catch(() => ({}))) as unknown;

  admin.get("/__admin/health", (c) => c.json({ ok: true, channel: outbound.channel }));
  admin.get("/__admin/messages", (c) => c.json({ items: outbound.list(toOf(c.req.query("to"))) }));

  admin.get("/__admin/faults", (c) => c.json({ items: outbound.faults.list() }));
  admin.post("/__admin/faults", async (c) => c.json(outbound.faults.add(await body(c.req.raw))));
  admin.delete("/__admin/faults", (c) => {
    outbound.faults.clear(toOf(c.req.query("to")));
    return c.json({ ok: true });
  });

  admin.get("/__admin/webhooks", (c) => {
    const to = toOf(c.req.query("to"));
    const items = c.req.query("delivered") === "1" ? outbound.delivered(to) : outbound.pending(to, c.req.query("includeLater") === "1");
    return c.json({
      items: items.map(({ id, event, to, messageId, headers, body, attempts, lastStatus }) => ({
        ...{ id, event, to, messageId, headers, body },
        ...{ attempts, lastStatus },
      })),
    });
  });
  admin.post("/__admin/webhooks/ack", async (c) => {
    const { ids } = z.object({ ids: z.array(z.string()).max(100_000) }).parse(await body(c.req.raw));
    outbound.acknowledge(ids);
    return c.json({ ok: true });
  });

  admin.post("/__admin/reset", async (c) => {
    const { to } = z.object({ to: phone.optional() }).parse(await body(c.req.raw));
    outbound.reset(to);
    return c.json({ ok: true });
  });

  if (inbound)
    admin.post("/__admin/inbound", async (c) => {
      const input = z.object({ from: phone, text: z.string().min(1).max(4096) }).parse(await body(c.req.raw));
      inbound(input.from, input.text);
      return c.json({ ok: true });
    });

  return admin;
}
