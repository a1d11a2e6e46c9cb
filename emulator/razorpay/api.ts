/**
 * Razorpay's REST API under /v1, as far as Sannidhi uses it: HTTP Basic with the key id and
 * secret, Razorpay's entity and collection shapes, and errors as {error:{code,description,...}}.
 * Faults injected through the admin API answer here first.
 */
import { type Context, Hono } from "hono";
import type { ApiCall } from "./faults.ts";
import { EmulatorError, type RazorpayEmulator } from "./emulator.ts";
import { orderTransferEntities, orderTransfers, routeApiRoutes } from "./route.ts";
import { saleApiRoutes } from "./sales.ts";

export function errorBody(code: string, description: string, field: string | null = null) {
  return {
    error: {
      code,
      description,
      source: code === "BAD_REQUEST_ERROR" ? "business" : "NA",
      step: "NA",
      reason: code === "BAD_REQUEST_ERROR" ? "input_validation_failed" : "NA",
      metadata: {},
      ...(field ? { field } : {}),
    },
  };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A request body as Razorpay reads it: JSON, or a form (`notes[key]=value`). */
export async function readBody(c: Context): Promise<Record<string, unknown>> {
  const type = c.req.header("content-type") ?? "";
  if (type.includes("application/json")) {
    const parsed = (await c.req.json().catch(() => null)) as unknown;
    if (!parsed || typeof parsed !== "object" || Array.isArray(parsed))
      throw new EmulatorError(400, "BAD_REQUEST_ERROR", "The request body is not valid JSON");
    return parsed as Record<string, unknown>;
  }
  const form = new URLSearchParams(await c.req.text());
  const body: Record<string, unknown> = {};
  for (const [key, value] of form) {
    const nested = /^(\w+)\[(\w+)\]$/.exec(key);
    if (nested) body[nested[1]!] = { ...((body[nested[1]!] as object) ?? {}), [nested[2]!]: value };
    else body[key] = /^\d+$/.test(value) && key === "amount" ? Number(value) : value;
  }
  return body;
}

const collection = <T>(items: T[]) => ({ entity: "collection", count: items.length, items });

export function apiRoutes(emulator: RazorpayEmulator) {
  const api = new Hono();
  const expected = `Basic ${Buffer.from(`${emulator.options.keyId}:${emulator.options.keySecret}`).toString("base64")}`;

  api.onError((error, c) => {
    if (error instanceof EmulatorError) return c.json(errorBody(error.code, error.message, error.field), error.status as 400);
    console.error("razorpay emulator:", error);
    return c.json(errorBody("SERVER_ERROR", "The server encountered an error. The incident has been reported to admins."), 500);
  });

  api.use("*", async (c, next) => {
    if (c.req.path.startsWith("/v1/checkout/")) return next();
    if (c.req.header("authorization") !== expected) return c.json(errorBody("BAD_REQUEST_ERROR", "The api key provided is invalid"), 401);
    return next();
  });

  /** Answers an injected fault for this call, if one is set: after its delay, with its status (or not at all). */
  async function fault(call: ApiCall, context: ReturnType<RazorpayEmulator["contextOf"]>) {
    const injected = emulator.faults.take("api", context, (candidate) => candidate.call === call);
    if (!injected) return;
    if (injected.delayMs) await sleep(injected.delayMs);
    if (!injected.status) return;
    if (injected.status >= 500)
      throw new EmulatorError(
        injected.status,
        "SERVER_ERROR",
        "The server encountered an error. The incident has been reported to admins.",
      );
    throw new EmulatorError(
      injected.status,
      "BAD_REQUEST_ERROR",
      injected.description ?? "The request could not be processed (injected fault)",
    );
  }

  saleApiRoutes(emulator, api);
  routeApiRoutes(emulator, api);

  api.post("/v1/orders", async (c) => {
    const body = await readBody(c);
    const notes = (body.notes ?? {}) as Record<string, string>;
    const receipt = typeof body.receipt === "string" ? body.receipt : null;
    await fault("orders", { orderId: null, receipt, notes });
    const amount = body.amount;
    if (typeof amount !== "number" || !Number.isInteger(amount) || amount < 100)
      throw new EmulatorError(400, "BAD_REQUEST_ERROR", "The amount must be atleast INR 1.00", "amount");
    const currency = typeof body.currency === "string" ? body.currency : "INR";
    if (currency !== "INR") throw new EmulatorError(400, "BAD_REQUEST_ERROR", "Currency is not supported", "currency");
    if (receipt !== null && receipt.length > 40)
      throw new EmulatorError(400, "BAD_REQUEST_ERROR", "The receipt may not be greater than 40 characters.", "receipt");
    if (typeof notes !== "object" || Array.isArray(notes) || Object.keys(notes).length > 15)
      throw new EmulatorError(400, "BAD_REQUEST_ERROR", "Number of fields in notes should be less than or equal to 15", "notes");
    const transfers = orderTransfers(emulator, amount, body.transfers);
    const order = emulator.createOrder({ amount, currency, receipt, notes, transfers });
    return c.json(transfers ? { ...order, transfers: orderTransferEntities(order.id, transfers) } : order);
  });

  api.get("/v1/orders/:id", async (c) => {
    await fault("fetch", emulator.contextOf(c.req.param("id")));
    return c.json(emulator.order(c.req.param("id")));
  });

  api.get("/v1/orders/:id/payments", async (c) => {
    await fault("fetch", emulator.contextOf(c.req.param("id")));
    return c.json(collection(emulator.paymentsOf(c.req.param("id"))));
  });

  api.get("/v1/payments/:id", async (c) => {
    await fault("fetch", emulator.contextOf(null, c.req.param("id")));
    return c.json(emulator.payment(c.req.param("id")));
  });

  api.post("/v1/payments/:id/capture", async (c) => {
    await fault("capture", emulator.contextOf(null, c.req.param("id")));
    const body = await readBody(c);
    return c.json(emulator.capture(c.req.param("id"), Number(body.amount)));
  });

  api.post("/v1/payments/:id/refund", async (c) => {
    await fault("refund", emulator.contextOf(null, c.req.param("id")));
    const body = await readBody(c);
    return c.json(emulator.refund(c.req.param("id"), body, c.req.header("x-refund-idempotency") ?? null));
  });

  api.get("/v1/payments/:id/refunds", async (c) => {
    await fault("fetch", emulator.contextOf(null, c.req.param("id")));
    return c.json(collection(emulator.refundsOf(c.req.param("id"))));
  });

  api.get("/v1/refunds/:id", async (c) => {
    const refund = emulator.refundById(c.req.param("id"));
    await fault("fetch", emulator.contextOf(null, refund.payment_id));
    return c.json(refund);
  });

  api.get("/v1/payments/:id/refunds/:refundId", async (c) => {
    const refund = emulator.refundById(c.req.param("refundId"));
    if (refund.payment_id !== c.req.param("id")) throw new EmulatorError(400, "BAD_REQUEST_ERROR", "The id provided does not exist", "id");
    await fault("fetch", emulator.contextOf(null, refund.payment_id));
    return c.json(refund);
  });

  return api;
}
