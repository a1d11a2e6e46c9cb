/**
 * Razorpay's QR Codes API (POST/GET /v1/payments/qr_codes, its payments, close) and Payment Links
 * API (POST/GET /v1/payment_links), with Razorpay's entity shapes and webhooks: a single-use
 * upi_qr code paid sends payment.authorized, payment.captured, qr_code.credited and qr_code.closed
 * (close_reason "paid"); a paid link sends payment.authorized, payment.captured, order.paid and
 * payment_link.paid; an expired one payment_link.expired. The admin hooks under /__emulator pay
 * or expire a code or a link as a devotee (or the clock) would.
 */
import { Hono } from "hono";
import { z } from "zod";
import { errorBody, readBody } from "./api.ts";
import { EmulatorError, type RazorpayEmulator } from "./emulator.ts";
import { captureFee, newId, newPayment, nowSeconds, type PaymentLink, type QrCode } from "./store.ts";

const bad = (description: string, field: string | null = null) => new EmulatorError(400, "BAD_REQUEST_ERROR", description, field);
const collection = <T>(items: T[]) => ({ entity: "collection", count: items.length, items });

function qrCode(emulator: RazorpayEmulator, id: string): QrCode {
  const qr = emulator.state.qrCodes[id];
  if (!qr) throw bad("The id provided does not exist", "id");
  return lapse(emulator, qr);
}

function paymentLink(emulator: RazorpayEmulator, id: string): PaymentLink {
  const link = emulator.state.paymentLinks[id];
  if (!link) throw bad("The id provided does not exist", "id");
  return lapse(emulator, link);
}

/** A code past close_by closes, a link past expire_by expires, when next looked at (Razorpay's own clock). */
function lapse<T extends QrCode | PaymentLink>(emulator: RazorpayEmulator, entity: T): T {
  const now = nowSeconds();
  if ("type" in entity) {
    if (entity.status === "active" && entity.close_by !== null && entity.close_by <= now) closeQr(emulator, entity, "on_demand");
  } else if (entity.status === "created" && entity.expire_by > 0 && entity.expire_by <= now) expireLink(emulator, entity);
  return entity;
}

function closeQr(emulator: RazorpayEmulator, qr: QrCode, reason: "on_demand" | "paid") {
  Object.assign(qr, { status: "closed", closed_at: nowSeconds(), close_reason: reason });
  emulator.emit("qr_code.closed", { qr_code: qr }, qr.id);
  emulator.changed();
}

function expireLink(emulator: RazorpayEmulator, link: PaymentLink) {
  Object.assign(link, { status: "expired", expired_at: nowSeconds(), updated_at: nowSeconds() });
  emulator.emit("payment_link.expired", { payment_link: link }, link.id);
  emulator.changed();
}

function createQr(emulator: RazorpayEmulator, body: Record<string, unknown>, origin: string): QrCode {
  if (body.type !== "upi_qr") throw bad("The type field is invalid.", "type");
  const usage = body.usage ?? "multiple_use";
  if (usage !== "single_use" && usage !== "multiple_use") throw bad("The usage field is invalid.", "usage");
  const fixed = body.fixed_amount === true || body.fixed_amount === "true" || body.fixed_amount === 1;
  const amount = body.payment_amount === undefined ? null : Number(body.payment_amount);
  if (fixed && (amount === null || !Number.isInteger(amount) || amount < 100))
    throw bad("The payment amount must be atleast INR 1.00", "payment_amount");
  const closeBy = body.close_by === undefined ? null : Number(body.close_by);
  // Razorpay wants close_by at least two minutes after the code is made.
  if (closeBy !== null && (!Number.isInteger(closeBy) || closeBy < nowSeconds() + 120))
    throw bad("close_by should be at least 2 minutes after current time", "close_by");
  const id = newId("qr");
  const qr: QrCode = {
    id,
    entity: "qr_code",
    created_at: nowSeconds(),
    name: typeof body.name === "string" ? body.name : null,
    usage,
    type: "upi_qr",
    image_url: `${origin}/__emulator/qr/${id}.svg`,
    payment_amount: fixed ? amount : null,
    status: "active",
    description: typeof body.description === "string" ? body.description : null,
    fixed_amount: fixed,
    payments_amount_received: 0,
    payments_count_received: 0,
    notes: (body.notes as Record<string, string>) ?? {},
    customer_id: typeof body.customer_id === "string" ? body.customer_id : null,
    close_by: closeBy,
    closed_at: null,
    close_reason: null,
  };
  emulator.state.qrCodes[id] = qr;
  emulator.changed();
  return qr;
}

function createLink(emulator: RazorpayEmulator, body: Record<string, unknown>, origin: string): PaymentLink {
  const amount = Number(body.amount);
  if (!Number.isInteger(amount) || amount < 100) throw bad("The amount must be atleast INR 1.00", "amount");
  if ((body.currency ?? "INR") !== "INR") throw bad("Currency is not supported", "currency");
  const expireBy = body.expire_by === undefined ? 0 : Number(body.expire_by);
  // Razorpay wants expire_by at least 15 minutes ahead.
  if (expireBy !== 0 && (!Number.isInteger(expireBy) || expireBy < nowSeconds() + 15 * 60))
    throw bad("expire_by should be at least 15 minutes after current time", "expire_by");
  const reference = typeof body.reference_id === "string" ? body.reference_id : "";
  if (reference.length > 40) throw bad("The reference id may not be greater than 40 characters.", "reference_id");
  if (reference && Object.values(emulator.state.paymentLinks).some((link) => link.reference_id === reference))
    throw bad(`Payment Link with reference id ${reference} already exists`, "reference_id");
  const order = emulator.createOrder({ amount, currency: "INR", receipt: reference || null, notes: {} });
  const id = newId("plink");
  const notify = (body.notify ?? {}) as { email?: boolean; sms?: boolean };
  const link: PaymentLink = {
    id,
    accept_partial: body.accept_partial === true,
    amount,
    amount_paid: 0,
    callback_method: typeof body.callback_method === "string" ? body.callback_method : "",
    callback_url: typeof body.callback_url === "string" ? body.callback_url : "",
    cancelled_at: 0,
    created_at: nowSeconds(),
    currency: "INR",
    customer: (body.customer as PaymentLink["customer"]) ?? {},
    description: typeof body.description === "string" ? body.description : "",
    expire_by: expireBy,
    expired_at: 0,
    first_min_partial_amount: 0,
    notes: (body.notes as Record<string, string>) ?? null,
    notify: { email: notify.email === true, sms: notify.sms === true },
    order_id: order.id,
    payments: null,
    reference_id: reference,
    reminder_enable: body.reminder_enable === true,
    reminders: [],
    short_url: `${origin}/__emulator/l/${id}`,
    status: "created",
    updated_at: nowSeconds(),
    upi_link: false,
    user_id: "",
  };
  emulator.state.paymentLinks[id] = link;
  emulator.changed();
  return link;
}

/** A captured UPI payment (authorised, then captured), its webhooks sent. */
function capturedPayment(emulator: RazorpayEmulator, orderId: string | null, amount: number, email: string, scope: string) {
  const payment = newPayment({ id: newId("pay"), orderId, amount, currency: "INR", email, createdAt: nowSeconds() });
  emulator.state.payments[payment.id] = payment;
  payment.status = "authorized";
  emulator.emit("payment.authorized", { payment }, scope);
  Object.assign(payment, { status: "captured", captured: true, ...captureFee(amount) });
  emulator.emit("payment.captured", { payment }, scope);
  return payment;
}

/** A devotee scans the code and pays its amount: a closed code takes nothing (as a UPI app is refused). */
function payQr(emulator: RazorpayEmulator, id: string) {
  const qr = qrCode(emulator, id);
  if (qr.status !== "active") throw bad("The QR code is closed and cannot accept payments");
  const amount = qr.payment_amount ?? 100;
  const payment = capturedPayment(emulator, null, amount, "devotee@example.com", qr.id);
  emulator.state.qrPayments[qr.id] = [...(emulator.state.qrPayments[qr.id] ?? []), payment.id];
  qr.payments_amount_received += amount;
  qr.payments_count_received += 1;
  emulator.emit("qr_code.credited", { payment, qr_code: qr }, qr.id);
  if (qr.usage === "single_use") closeQr(emulator, qr, "paid");
  emulator.changed();
  return payment;
}

/** A devotee pays the link; `again` pays a link already paid (a second tab), which Razorpay rarely lets through. */
function payLink(emulator: RazorpayEmulator, id: string, again: boolean) {
  const link = paymentLink(emulator, id);
  if (link.status !== "created" && !(again && link.status === "paid")) throw bad(`This payment link is ${link.status}`);
  const order = emulator.state.orders[link.order_id]!;
  const payment = capturedPayment(emulator, order.id, link.amount, link.customer.email ?? "devotee@example.com", link.id);
  Object.assign(order, { amount_paid: order.amount, amount_due: 0, status: "paid", attempts: order.attempts + 1 });
  emulator.emit("order.paid", { payment, order }, link.id);
  const now = nowSeconds();
  link.payments = [
    ...(link.payments ?? []),
    { amount: link.amount, created_at: now, method: "upi", payment_id: payment.id, plink_id: link.id, status: "captured", updated_at: now },
  ];
  Object.assign(link, { status: "paid", amount_paid: link.amount, updated_at: now });
  emulator.emit("payment_link.paid", { payment_link: link, order, payment }, link.id);
  emulator.changed();
  return payment;
}

/** The Razorpay API's routes for QR codes and payment links (mounted before the other /v1 routes). */
export function saleApiRoutes(emulator: RazorpayEmulator, api: Hono) {
  api.post("/v1/payments/qr_codes", async (c) => c.json(createQr(emulator, await readBody(c), new URL(c.req.url).origin)));
  api.get("/v1/payments/qr_codes/:id", (c) => c.json(qrCode(emulator, c.req.param("id"))));
  api.get("/v1/payments/qr_codes/:id/payments", (c) => {
    const qr = qrCode(emulator, c.req.param("id"));
    const payments = (emulator.state.qrPayments[qr.id] ?? []).map((paymentId) => emulator.state.payments[paymentId]!).filter(Boolean);
    return c.json(collection(payments));
  });
  api.post("/v1/payments/qr_codes/:id/close", (c) => {
    const qr = qrCode(emulator, c.req.param("id"));
    if (qr.status === "closed") throw bad("The QR code is already closed");
    closeQr(emulator, qr, "on_demand");
    return c.json(qr);
  });
  api.post("/v1/payment_links", async (c) => c.json(createLink(emulator, await readBody(c), new URL(c.req.url).origin)));
  api.get("/v1/payment_links/:id", (c) => c.json(paymentLink(emulator, c.req.param("id"))));
}

const againSchema = z.object({ again: z.boolean().default(false) });

/** The emulator's own controls for codes and links: pay them, or let their time run out now. */
export function saleAdminRoutes(emulator: RazorpayEmulator) {
  const admin = new Hono();
  admin.onError((error, c) => {
    if (error instanceof EmulatorError) return c.json(errorBody(error.code, error.message, error.field), error.status as 400);
    if (error instanceof z.ZodError) return c.json(errorBody("BAD_REQUEST_ERROR", z.prettifyError(error)), 400);
    return c.json(errorBody("SERVER_ERROR", "The emulator failed."), 500);
  });
  admin.post("/__emulator/qr_codes/:id/pay", (c) => c.json({ payment: payQr(emulator, c.req.param("id")) }));
  admin.post("/__emulator/qr_codes/:id/expire", (c) => {
    const qr = qrCode(emulator, c.req.param("id"));
    if (qr.status === "active") closeQr(emulator, qr, "on_demand");
    return c.json(qr);
  });
  admin.post("/__emulator/payment_links/:id/pay", async (c) => {
    const { again } = againSchema.parse(await readBody(c).catch(() => ({})));
    return c.json({ payment: payLink(emulator, c.req.param("id"), again) });
  });
  admin.post("/__emulator/payment_links/:id/expire", (c) => {
    const link = paymentLink(emulator, c.req.param("id"));
    if (link.status === "created") expireLink(emulator, link);
    return c.json(link);
  });
  admin.get("/__emulator/qr/:file", (c) => {
    const id = c.req.param("file").replace(/\.svg$/, "");
    qrCode(emulator, id);
    const svg = [
      '<svg xmlns="http://www.w3.org/2000/svg" width="240" height="240" viewBox="0 0 24 24"><rect width="24" height="24" fill="#fff"/>',
      '<path d="M2 2h6v6H2zM16 2h6v6h-6zM2 16h6v6H2zM10 10h4v4h-4zM16 16h2v2h-2zM20 20h2v2h-2z"/></svg>',
    ].join("");
    return c.body(svg, 200, { "content-type": "image/svg+xml" });
  });
  admin.get("/__emulator/l/:id", (c) => {
    const link = paymentLink(emulator, c.req.param("id"));
    return c.html(`<!doctype html><title>Pay</title><h1>${link.description.replace(/[<&>]/g, "")}</h1><p>Status: ${link.status}</p>`);
  });
  return admin;
}
