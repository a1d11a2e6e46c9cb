/**
 * Razorpay Route (payouts to temples' linked accounts), with Razorpay's entity shapes:
 * - linked accounts (POST/GET /v2/accounts, type "route"), their stakeholders and the "route" product
 *   configured with the settlement bank account; activation created → under_review → activated (or
 *   suspended), moved by an admin hook, each step a webhook (account.under_review, account.activated...);
 * - transfers: on an order (`transfers[]` on POST /v1/orders, made when its payment is captured) or
 *   on a captured payment (POST /v1/payments/:id/transfers), listed per payment, fetched, held and
 *   released (PATCH /v1/transfers/:id on_hold / on_hold_until), reversed (POST /v1/transfers/:id/reversals);
 *   a refund with reverse_all reverses the payment's transfers;
 * - settlements to linked accounts with a UTR ("settle now" admin hook): processed transfers not on hold.
 * Webhooks: transfer.processed / transfer.failed (scoped by the payment's order, so the order's webhook
 * faults apply), settlement.processed and account.* (scoped by the linked account id).
 */
import { type Context, Hono } from "hono";
import { z } from "zod";
import { errorBody, readBody } from "./api.ts";
import { EmulatorError, type RazorpayEmulator } from "./emulator.ts";
import type { AccountStatus, LinkedAccount, Reversal, Settlement, Stakeholder, Transfer, TransferRequest } from "./route-state.ts";
import { newId, nowSeconds, type Payment, type Refund } from "./store.ts";

export type { TransferRequest } from "./route-state.ts";

const bad = (description: string, field: string | null = null) => new EmulatorError(400, "BAD_REQUEST_ERROR", description, field);
const collection = <T>(items: T[]) => ({ entity: "collection", count: items.length, items });
const notes = z
  .record(z.string(), z.string())
  .refine((value) => Object.keys(value).length <= 15, "Number of fields in notes should be less than or equal to 15")
  .default({});
const holdUntil = z.coerce.number().int().positive().nullable().optional();

const transferRequest: z.ZodType<TransferRequest, unknown> = z.object({
  account: z.string().regex(/^acc_\w+$/, "The account field is invalid."),
  amount: z.coerce.number().int().min(100, "The amount must be atleast INR 1.00"),
  currency: z.literal("INR").default("INR"),
  notes,
  linked_account_notes: z.array(z.string()).max(15).default([]),
  on_hold: z.union([z.boolean(), z.literal(0), z.literal(1), z.literal("0"), z.literal("1")]).default(false),
  on_hold_until: holdUntil,
});
const truthy = (value: unknown) => value === true || value === 1 || value === "1" || value === "true";

/** A body read against a schema; the first problem answered as Razorpay's 400. */
function parse<T extends z.ZodType>(schema: T, body: unknown): z.infer<T> {
  const parsed = schema.safeParse(body);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0]!;
  const field = issue.path.map(String).join(".");
  throw bad(issue.message.startsWith("The ") ? issue.message : `The ${field || "request"} field is invalid.`, field || null);
}

const accountRequest = z.object({
  email: z.email("The email field is invalid."),
  phone: z.string().regex(/^\+?\d{8,15}$/, "The phone field is invalid."),
  type: z.literal("route", "The type field is invalid."),
  reference_id: z.string().max(512).nullable().optional(),
  legal_business_name: z.string().min(4, "The legal business name field is invalid.").max(200),
  customer_facing_business_name: z.string().max(255).optional(),
  business_type: z.enum([
    "trust",
    "society",
    "ngo",
    "private_limited",
    "partnership",
    "proprietorship",
    "individual",
    "not_yet_registered",
  ]),
  contact_name: z.string().min(1).max(255),
  profile: z.record(z.string(), z.unknown()).optional(),
  legal_info: z.record(z.string(), z.unknown()).optional(),
  notes,
});

const stakeholderRequest = z.object({
  name: z.string().min(1).max(255),
  email: z.email("The email field is invalid."),
  phone: z.record(z.string(), z.string()).optional(),
  relationship: z.record(z.string(), z.boolean()).optional(),
  kyc: z.object({ pan: z.string().regex(/^[A-Z]{5}\d{4}[A-Z]$/, "The pan field is invalid.") }).optional(),
  notes,
});

const settlementsRequest = z.object({
  account_number: z.string().regex(/^\d{5,20}$/, "The account number field is invalid."),
  ifsc_code: z.string().regex(/^[A-Z]{4}0[A-Z0-9]{6}$/, "The ifsc code field is invalid."),
  beneficiary_name: z.string().min(3).max(120),
});

export function account(emulator: RazorpayEmulator, id: string): LinkedAccount {
  const found = emulator.state.route.accounts[id];
  if (!found) throw bad("The id provided does not exist", "id");
  return found;
}

export function transfer(emulator: RazorpayEmulator, id: string): Transfer {
  const found = emulator.state.route.transfers[id];
  if (!found) throw bad("The id provided does not exist", "id");
  return found;
}

const productOf = (emulator: RazorpayEmulator, accountId: string) =>
  Object.values(emulator.state.route.products).find((product) => product.account_id === accountId) ?? null;

/** Moves a linked account (and its route product) to a status; each move a webhook account.<status>. */
export function setAccountStatus(emulator: RazorpayEmulator, accountId: string, status: AccountStatus) {
  const linked = account(emulator, accountId);
  if (status === "activated" && !productOf(emulator, accountId)?.active_configuration.settlements)
    throw bad("The account cannot be activated before its settlement bank account is given");
  if (linked.status === status) return linked;
  linked.status = status;
  if (status === "activated") linked.activated_at ??= nowSeconds();
  const product = productOf(emulator, accountId);
  if (product) product.activation_status = status;
  emulator.emit(`account.${status}`, { account: linked }, linked.id);
  // Route's own activation events carry the product (merchant_product), as Razorpay's Route webhooks do.
  if (product && status !== "suspended") {
    const merchantProduct = { id: product.id, merchant_id: linked.id, activation_status: status };
    emulator.emit(`product.route.${status}`, { merchant_product: merchantProduct }, linked.id);
  }
  emulator.changed();
  return linked;
}

function createAccount(emulator: RazorpayEmulator, body: Record<string, unknown>): LinkedAccount {
  const input = parse(accountRequest, body);
  if (input.reference_id && Object.values(emulator.state.route.accounts).some((a) => a.reference_id === input.reference_id))
    throw bad("Merchant with the same reference id already exists", "reference_id");
  if (Object.values(emulator.state.route.accounts).some((a) => a.email === input.email))
    throw bad("Merchant email already exists for account", "email");
  const linked: LinkedAccount = {
    id: newId("acc"),
    type: "route",
    status: "created",
    email: input.email,
    phone: input.phone,
    reference_id: input.reference_id ?? null,
    business_type: input.business_type,
    legal_business_name: input.legal_business_name,
    customer_facing_business_name: input.customer_facing_business_name ?? null,
    contact_name: input.contact_name,
    profile: input.profile ?? null,
    legal_info: input.legal_info ?? null,
    notes: input.notes,
    created_at: nowSeconds(),
    activated_at: null,
    live: false,
    hold_funds: false,
  };
  emulator.state.route.accounts[linked.id] = linked;
  emulator.changed();
  return linked;
}

function configureProduct(emulator: RazorpayEmulator, accountId: string, body: Record<string, unknown>, productId?: string) {
  const linked = account(emulator, accountId);
  let product = productId ? emulator.state.route.products[productId] : productOf(emulator, accountId);
  if (productId && (!product || product.account_id !== accountId)) throw bad("The id provided does not exist", "id");
  if (!product) {
    if (body.product_name !== "route") throw bad("The product name field is invalid.", "product_name");
    product = {
      id: newId("acc_prd"),
      account_id: accountId,
      product_name: "route",
      activation_status: "requested",
      requested_configuration: {},
      active_configuration: { settlements: null, payment_capture: null, notifications: null },
      requirements: [],
      tnc: { accepted: false, accepted_at: null },
      requested_at: nowSeconds(),
    };
    emulator.state.route.products[product.id] = product;
  }
  if (body.settlements !== undefined) {
    product.active_configuration.settlements = parse(settlementsRequest, body.settlements);
    product.requested_configuration = { settlements: product.active_configuration.settlements };
  }
  if (truthy(body.tnc_accepted)) product.tnc = { accepted: true, accepted_at: product.tnc.accepted_at ?? nowSeconds() };
  product.requirements = product.active_configuration.settlements
    ? []
    : [
        {
          field_reference: "settlements.account_number",
          resolution_url: `/accounts/${accountId}/products/${product.id}`,
          status: "required",
          reason_code: "field_missing",
        },
      ];
  // Given its bank account and the terms, the account goes for review (Razorpay's KYC).
  if (product.active_configuration.settlements && product.tnc.accepted && linked.status === "created")
    setAccountStatus(emulator, accountId, "under_review");
  product.activation_status = linked.status === "created" ? "requested" : linked.status;
  emulator.changed();
  return product;
}

function addStakeholder(emulator: RazorpayEmulator, accountId: string, body: Record<string, unknown>): Stakeholder {
  account(emulator, accountId);
  const input = parse(stakeholderRequest, body);
  const stakeholder: Stakeholder = {
    entity: "stakeholder",
    id: newId("sth"),
    account_id: accountId,
    name: input.name,
    email: input.email,
    phone: input.phone ?? null,
    relationship: input.relationship ?? null,
    kyc: { pan: input.kyc?.pan ?? null },
    notes: input.notes,
    created_at: nowSeconds(),
  };
  emulator.state.route.stakeholders[stakeholder.id] = stakeholder;
  emulator.changed();
  return stakeholder;
}

const transfersOfPayment = (emulator: RazorpayEmulator, paymentId: string) =>
  Object.values(emulator.state.route.transfers)
    .filter((t) => emulator.state.route.transferPayment[t.id] === paymentId)
    .sort((a, b) => a.created_at - b.created_at);

/** The requests checked as Razorpay checks them: activated accounts, and no more than the amount. */
function checkTransfers(emulator: RazorpayEmulator, requests: TransferRequest[], available: number) {
  for (const request of requests) {
    const linked = emulator.state.route.accounts[request.account];
    if (!linked) throw bad(`${request.account} is not a valid id`, "account");
    if (linked.status !== "activated") throw bad("Transfer cannot be made to an account that is not activated", "account");
  }
  const total = requests.reduce((sum, request) => sum + request.amount, 0);
  if (total > available) throw bad("The sum of amount requested for transfer is greater than the captured amount", "amount");
}

/** Makes transfers from a captured payment: processed at once (or failed by a fault), each with its webhook. */
function makeTransfers(emulator: RazorpayEmulator, payment: Payment, requests: TransferRequest[]): Transfer[] {
  const made: Transfer[] = [];
  for (const request of requests) {
    const onHold = truthy(request.on_hold);
    const fails = emulator.faults.take("transfer-fails", emulator.contextOf(payment.order_id, payment.id));
    const now = nowSeconds();
    const item: Transfer = {
      id: newId("trf"),
      entity: "transfer",
      status: fails ? "failed" : "processed",
      source: payment.id,
      recipient: request.account,
      amount: request.amount,
      currency: "INR",
      amount_reversed: 0,
      fees: 0,
      tax: 0,
      notes: request.notes,
      linked_account_notes: request.linked_account_notes,
      on_hold: onHold,
      on_hold_until: onHold ? (request.on_hold_until ?? null) : null,
      settlement_status: fails ? null : onHold ? "on_hold" : "pending",
      recipient_settlement_id: null,
      created_at: now,
      processed_at: fails ? null : now,
      error: fails
        ? {
            code: "BAD_REQUEST_ERROR",
            description: "The transfer could not be processed (local emulator fault)",
            reason: "transfer_failed",
            field: null,
            step: "transfer_processing",
            source: "business",
          }
        : { code: null, description: null, reason: null, field: null, step: null, source: null },
    };
    emulator.state.route.transfers[item.id] = item;
    emulator.state.route.transferPayment[item.id] = payment.id;
    emulator.emit(fails ? "transfer.failed" : "transfer.processed", { transfer: item }, payment.order_id ?? payment.id);
    made.push(item);
  }
  emulator.changed();
  return made;
}

/** What a payment can still transfer: its captured amount less what is refunded and already transferred. */
function transferable(emulator: RazorpayEmulator, payment: Payment) {
  const live = transfersOfPayment(emulator, payment.id).filter((t) => t.status !== "failed");
  return payment.amount - payment.amount_refunded - live.reduce((sum, t) => sum + t.amount - t.amount_reversed, 0);
}

function transferFromPayment(emulator: RazorpayEmulator, paymentId: string, body: Record<string, unknown>): Transfer[] {
  const payment = emulator.payment(paymentId);
  if (payment.status !== "captured") throw bad("Transfers can only be made from a captured payment");
  const requests = parse(z.object({ transfers: z.array(transferRequest).min(1).max(50) }), body).transfers;
  checkTransfers(emulator, requests, transferable(emulator, payment));
  return makeTransfers(emulator, payment, requests);
}

/** Order creation's `transfers`: checked now, made when the order's payment is captured. */
export function orderTransfers(emulator: RazorpayEmulator, amount: number, raw: unknown): TransferRequest[] | null {
  if (raw === undefined) return null;
  const requests = parse(z.array(transferRequest).min(1).max(50), raw);
  checkTransfers(emulator, requests, amount);
  return requests;
}

/** The order's transfers as Razorpay shows them on the order it answers (not yet made: status created). */
export function orderTransferEntities(orderId: string, requests: TransferRequest[]) {
  return requests.map((request) => ({
    entity: "transfer",
    status: "created",
    source: orderId,
    recipient: request.account,
    amount: request.amount,
    currency: "INR",
    notes: request.notes,
    linked_account_notes: request.linked_account_notes,
    on_hold: truthy(request.on_hold),
    on_hold_until: truthy(request.on_hold) ? (request.on_hold_until ?? null) : null,
  }));
}

function patchTransfer(emulator: RazorpayEmulator, id: string, body: Record<string, unknown>): Transfer {
  const item = transfer(emulator, id);
  const input = parse(z.object({ on_hold: z.union([z.boolean(), z.coerce.number().int().min(0).max(1)]), on_hold_until: holdUntil }), body);
  if (item.settlement_status === "settled") throw bad("The transfer has already been settled");
  if (item.status !== "processed" && item.status !== "partially_reversed") throw bad("Only a processed transfer can be held or released");
  item.on_hold = truthy(input.on_hold);
  item.on_hold_until = item.on_hold ? (input.on_hold_until ?? null) : null;
  item.settlement_status = item.on_hold ? "on_hold" : "pending";
  emulator.changed();
  return item;
}

function reverse(
  emulator: RazorpayEmulator,
  item: Transfer,
  amount: number,
  bodyNotes: Record<string, string>,
  refund: Refund | null,
): Reversal {
  const left = item.amount - item.amount_reversed;
  if (item.status === "failed" || item.status === "reversed") throw bad("The transfer cannot be reversed");
  if (!Number.isInteger(amount) || amount < 1 || amount > left) throw bad("Reversal amount exceeds the amount not yet reversed", "amount");
  const reversal: Reversal = {
    id: newId("rvrsl"),
    entity: "reversal",
    transfer_id: item.id,
    amount,
    fee: 0,
    tax: 0,
    currency: "INR",
    notes: bodyNotes,
    initiator_id: emulator.options.accountId ?? "acc_EmulatorLocal01",
    customer_refund_id: refund?.id ?? null,
    utr: null,
    created_at: nowSeconds(),
  };
  item.amount_reversed += amount;
  item.status = item.amount_reversed >= item.amount ? "reversed" : "partially_reversed";
  emulator.state.route.reversals[reversal.id] = reversal;
  emulator.changed();
  return reversal;
}

function reverseTransfer(emulator: RazorpayEmulator, id: string, body: Record<string, unknown>): Reversal {
  const item = transfer(emulator, id);
  const input = parse(z.object({ amount: z.coerce.number().int().optional(), notes }), body);
  return reverse(emulator, item, input.amount ?? item.amount - item.amount_reversed, input.notes, null);
}

/** A refund with reverse_all: each of the payment's transfers is reversed in full first. */
export function reverseAll(emulator: RazorpayEmulator, payment: Payment, refund: Refund) {
  for (const item of transfersOfPayment(emulator, payment.id))
    if (item.status === "processed" || item.status === "partially_reversed")
      reverse(emulator, item, item.amount - item.amount_reversed, {}, refund);
}

/** Whether a refund asks for reverse_all, and whether the payment can take it (transfers not yet settled). */
export function checkReverseAll(emulator: RazorpayEmulator, payment: Payment, body: Record<string, unknown>): boolean {
  if (!truthy(body.reverse_all)) return false;
  const settled = transfersOfPayment(emulator, payment.id).some((t) => t.settlement_status === "settled" && t.status !== "reversed");
  if (settled) throw bad("Refund with reverse_all cannot be made after the transfers have been settled", "reverse_all");
  return true;
}

/** The payment's captured: its order's transfers are made now. */
export function onCaptured(emulator: RazorpayEmulator, payment: Payment) {
  const requests = payment.order_id ? emulator.state.route.orderTransfers[payment.order_id] : undefined;
  if (!requests || transfersOfPayment(emulator, payment.id).length) return;
  // A second payment of a paid order (two tabs) carries no transfers: the merchant refunds it.
  const earlier = Object.values(emulator.state.payments).some(
    (other) => other.id !== payment.id && other.order_id === payment.order_id && transfersOfPayment(emulator, other.id).length,
  );
  if (!earlier) makeTransfers(emulator, payment, requests);
}

/**
 * "Settle now": each activated linked account (or the one given) is paid its processed transfers
 * not on hold (a hold whose on_hold_until has passed is over) in one settlement with a UTR.
 */
export function settleNow(emulator: RazorpayEmulator, accountId?: string): Settlement[] {
  const now = nowSeconds();
  const byAccount = new Map<string, Transfer[]>();
  for (const item of Object.values(emulator.state.route.transfers)) {
    if (accountId && item.recipient !== accountId) continue;
    if (item.status !== "processed" && item.status !== "partially_reversed") continue;
    if (item.on_hold && item.on_hold_until !== null && item.on_hold_until <= now)
      Object.assign(item, { on_hold: false, settlement_status: "pending" });
    if (item.on_hold || item.settlement_status !== "pending") continue;
    if (emulator.state.route.accounts[item.recipient]?.status !== "activated") continue;
    byAccount.set(item.recipient, [...(byAccount.get(item.recipient) ?? []), item]);
  }
  const made: Settlement[] = [];
  for (const [recipient, items] of byAccount) {
    const amount = items.reduce((sum, item) => sum + item.amount - item.amount_reversed, 0);
    const settlement: Settlement = {
      id: newId("setl"),
      entity: "settlement",
      account_id: recipient,
      amount,
      status: "processed",
      fees: 0,
      tax: 0,
      utr: `EMUR${newId("").slice(0, 12).toUpperCase()}`,
      created_at: now,
    };
    for (const item of items) Object.assign(item, { settlement_status: "settled", recipient_settlement_id: settlement.id });
    emulator.state.route.settlements[settlement.id] = settlement;
    emulator.emit("settlement.processed", { settlement }, recipient);
    made.push(settlement);
  }
  emulator.changed();
  return made;
}

/** Route's API routes (mounted with the other /v1 and /v2 routes, behind the same key check). */
export function routeApiRoutes(emulator: RazorpayEmulator, api: Hono) {
  const id = (c: Context, name = "id") => c.req.param(name) ?? "";
  api.post("/v2/accounts", async (c) => c.json(createAccount(emulator, await readBody(c))));
  api.get("/v2/accounts/:id", (c) => c.json(account(emulator, id(c))));
  api.post("/v2/accounts/:id/stakeholders", async (c) => c.json(addStakeholder(emulator, id(c), await readBody(c))));
  api.get("/v2/accounts/:id/stakeholders", (c) => {
    account(emulator, id(c));
    return c.json(collection(Object.values(emulator.state.route.stakeholders).filter((s) => s.account_id === id(c))));
  });
  api.post("/v2/accounts/:id/products", async (c) => c.json(configureProduct(emulator, id(c), await readBody(c))));
  api.patch("/v2/accounts/:id/products/:productId", async (c) =>
    c.json(configureProduct(emulator, id(c), await readBody(c), id(c, "productId"))),
  );
  api.get("/v2/accounts/:id/products/:productId", (c) => {
    const product = emulator.state.route.products[id(c, "productId")];
    if (!product || product.account_id !== id(c)) throw bad("The id provided does not exist", "id");
    return c.json(product);
  });
  api.post("/v1/payments/:id/transfers", async (c) => {
    await faultFor(emulator, "transfer", emulator.contextOf(null, id(c)));
    return c.json(collection(transferFromPayment(emulator, id(c), await readBody(c))));
  });
  api.get("/v1/payments/:id/transfers", (c) => {
    emulator.payment(id(c));
    return c.json(collection(transfersOfPayment(emulator, id(c))));
  });
  // Razorpay's "fetch transfers for a settlement" (GET /v1/transfers?recipient_settlement_id=setl_…).
  api.get("/v1/transfers", (c) => {
    const settlementId = c.req.query("recipient_settlement_id");
    if (!settlementId) throw bad("The recipient settlement id field is required.", "recipient_settlement_id");
    return c.json(collection(Object.values(emulator.state.route.transfers).filter((t) => t.recipient_settlement_id === settlementId)));
  });
  api.get("/v1/transfers/:id", (c) => c.json(transfer(emulator, id(c))));
  api.patch("/v1/transfers/:id", async (c) => c.json(patchTransfer(emulator, id(c), await readBody(c))));
  api.post("/v1/transfers/:id/reversals", async (c) => c.json(reverseTransfer(emulator, id(c), await readBody(c))));
  api.get("/v1/transfers/:id/reversals", (c) => {
    transfer(emulator, id(c));
    return c.json(collection(Object.values(emulator.state.route.reversals).filter((r) => r.transfer_id === id(c))));
  });
  api.get("/v1/settlements/:id", (c) => {
    const settlement = emulator.state.route.settlements[id(c)];
    if (!settlement) throw bad("The id provided does not exist", "id");
    return c.json(settlement);
  });
}

/** An injected API fault for a Route call (kind "api", call "transfer"): a 5xx or 4xx, after its delay. */
async function faultFor(emulator: RazorpayEmulator, call: "transfer", context: ReturnType<RazorpayEmulator["contextOf"]>) {
  const injected = emulator.faults.take("api", context, (candidate) => candidate.call === call);
  if (!injected) return;
  if (injected.delayMs) await new Promise((resolve) => setTimeout(resolve, injected.delayMs));
  if (!injected.status) return;
  if (injected.status >= 500) throw new EmulatorError(injected.status, "SERVER_ERROR", "The server encountered an error.");
  throw new EmulatorError(
    injected.status,
    "BAD_REQUEST_ERROR",
    injected.description ?? "The request could not be processed (injected fault)",
  );
}

const statusSchema = z.object({ status: z.enum(["under_review", "needs_clarification", "activated", "suspended"]) });

/** The emulator's own controls for Route: move a linked account's activation, and settle now. */
export function routeAdminRoutes(emulator: RazorpayEmulator) {
  const admin = new Hono();
  admin.onError((error, c) => {
    if (error instanceof EmulatorError) return c.json(errorBody(error.code, error.message, error.field), error.status as 400);
    if (error instanceof z.ZodError) return c.json(errorBody("BAD_REQUEST_ERROR", z.prettifyError(error)), 400);
    return c.json(errorBody("SERVER_ERROR", "The emulator failed."), 500);
  });
  admin.post("/__emulator/accounts/:id/status", async (c) => {
    const { status } = statusSchema.parse(await readBody(c));
    return c.json(setAccountStatus(emulator, c.req.param("id"), status));
  });
  admin.post("/__emulator/settlements/run", async (c) => {
    const body = await readBody(c).catch(() => ({}) as Record<string, unknown>);
    return c.json({ items: settleNow(emulator, typeof body.accountId === "string" ? body.accountId : undefined) });
  });
  return admin;
}
