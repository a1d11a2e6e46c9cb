/**
 * The emulator's own controls under /__emulator (never part of Razorpay's API): inspect and
 * reset state, inject faults, pay an order as the browser would, and pull webhooks (the
 * Worker tests' Worker is not reachable over HTTP, so a test posts them itself).
 */
import { Hono } from "hono";
import { z } from "zod";
import { errorBody, readBody } from "./api.ts";
import { EmulatorError, RazorpayEmulator } from "./emulator.ts";

const paySchema = z.object({
  outcome: z.enum(["success", "fail", "close", "late"]).default("success"),
  delayMs: z.number().int().min(0).max(86_400_000).optional(),
  capture: z.enum(["auto", "manual"]).optional(),
});

/** Payments made before the emulator knew of them (the seed's), as `npm start`'s state file takes them too. */
const importSchema = z.object({
  paid: z
    .array(
      z.object({
        orderId: z.string().regex(/^order_\w{1,40}$/),
        paymentId: z.string().regex(/^pay_\w{1,40}$/),
        amount: z.number().int().positive().max(10_000_000_000),
        paidAt: z.number().int().positive(),
        email: z.string().max(254),
        refund: z
          .object({ id: z.string().regex(/^rfnd_\w{1,40}$/), amount: z.number().int().positive(), at: z.number().int().positive() })
          .optional(),
      }),
    )
    .max(10_000),
});

export function adminRoutes(emulator: RazorpayEmulator) {
  const admin = new Hono();

  admin.onError((error, c) => {
    if (error instanceof EmulatorError) return c.json(errorBody(error.code, error.message, error.field), error.status as 400);
    if (error instanceof z.ZodError) return c.json(errorBody("BAD_REQUEST_ERROR", z.prettifyError(error)), 400);
    console.error("razorpay emulator:", error);
    return c.json(errorBody("SERVER_ERROR", "The emulator failed."), 500);
  });

  admin.get("/__emulator/health", (c) => c.json({ ok: true }));

  admin.get("/__emulator/state", (c) => {
    const orderId = c.req.query("orderId");
    const { state } = emulator;
    if (!orderId) return c.json({ ...state, faults: emulator.faults.list() });
    const payments = Object.values(state.payments).filter((p) => p.order_id === orderId);
    const ids = new Set(payments.map((p) => p.id));
    return c.json({
      order: state.orders[orderId] ?? null,
      payments,
      refunds: Object.values(state.refunds).filter((r) => ids.has(r.payment_id)),
      deliveries: state.deliveries.filter((d) => d.orderId === orderId),
      faults: emulator.faults.list().filter((f) => f.orderId === orderId),
    });
  });

  admin.post("/__emulator/reset", async (c) => {
    const body = await readBody(c).catch(() => ({}) as Record<string, unknown>);
    emulator.reset(typeof body.orderId === "string" ? body.orderId : undefined);
    return c.json({ ok: true });
  });

  admin.post("/__emulator/import", async (c) => {
    const { paid } = importSchema.parse(await readBody(c));
    emulator.importPaid(paid);
    return c.json({ ok: true, count: paid.length });
  });

  admin.get("/__emulator/faults", (c) => c.json({ items: emulator.faults.list() }));
  admin.post("/__emulator/faults", async (c) => c.json(emulator.faults.add(await readBody(c))));
  admin.delete("/__emulator/faults", (c) => {
    emulator.faults.clear(c.req.query("orderId"));
    return c.json({ ok: true });
  });

  /** Pays (or fails, or pays late) an order as the hosted checkout would; answers the callback fields. */
  admin.post("/__emulator/orders/:id/pay", async (c) => {
    const input = paySchema.parse(await readBody(c));
    const { payment, callback } = emulator.pay(c.req.param("id"), input.outcome, { delayMs: input.delayMs, capture: input.capture });
    return c.json({ payment, callback });
  });

  /** Makes the late payments of an order (or all) happen now. */
  admin.post("/__emulator/late/run", async (c) => {
    const body = await readBody(c).catch(() => ({}) as Record<string, unknown>);
    for (const [paymentId, late] of Object.entries(emulator.state.late))
      if (!body.orderId || emulator.state.payments[paymentId]?.order_id === body.orderId) late.at = 0;
    emulator.tick();
    return c.json({ ok: true });
  });

  /** The webhook deliveries due and not yet acknowledged: headers and raw body, for a test to post. */
  admin.get("/__emulator/webhooks", (c) => {
    const items = emulator.pending(c.req.query("orderId"), c.req.query("includeLater") === "1");
    return c.json({
      items: items.map((delivery) => ({
        id: delivery.id,
        eventId: delivery.eventId,
        event: delivery.event,
        orderId: delivery.orderId,
        headers: RazorpayEmulator.headersOf(delivery),
        body: delivery.body,
      })),
    });
  });

  admin.post("/__emulator/webhooks/ack", async (c) => {
    const body = z.object({ ids: z.array(z.string()).max(10_000) }).parse(await readBody(c));
    emulator.acknowledge(body.ids);
    return c.json({ ok: true });
  });

  return admin;
}
