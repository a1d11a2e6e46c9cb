/**
 * The tests' handle on the local Razorpay emulator (emulator/razorpay): pay an order as the
 * browser would, fail it, pay and close the tab, pay late, pull the webhooks it would send,
 * inject faults and reset an order's scope. Plain fetch, so Worker tests (workerd) and e2e
 * tests (Node) share it: each passes the API base its Worker was configured with.
 */

/** What the hosted checkout posts to the merchant's callback_url after a payment. */
export interface PaidFields {
  razorpay_order_id: string;
  razorpay_payment_id: string;
  razorpay_signature: string;
  [field: string]: string;
}
/** What it posts after a failed payment: error[code], error[description], error[metadata]... */
export type CallbackFields = Record<string, string>;

export interface EmulatedPayment {
  id: string;
  order_id: string | null;
  amount: number;
  status: "created" | "authorized" | "captured" | "refunded" | "failed";
  amount_refunded: number;
  fee: number | null;
  tax: number | null;
  created_at: number;
}

/** A webhook the emulator would send: post `body` with `headers` to /payments/webhook. */
export interface PendingWebhook {
  id: string;
  eventId: string;
  event: string;
  orderId: string | null;
  headers: Record<string, string>;
  body: string;
}

type Scope = { orderId?: string; receipt?: string; notes?: Record<string, string>; times?: number };
/** A fault to inject (emulator/razorpay/faults.ts has the full schema). */
export type EmulatorFault =
  | ({
      kind: "api";
      call: "orders" | "fetch" | "refund" | "capture" | "transfer";
      status?: number;
      description?: string;
      delayMs?: number;
    } & Scope)
  | ({ kind: "webhook"; duplicate?: number; reorder?: boolean; delayMs?: number; drop?: boolean } & Scope)
  | ({ kind: "late-authorization"; delayMs?: number; capture?: "auto" | "manual" } & Scope)
  | ({ kind: "refund-fails" } & Scope)
  | ({ kind: "transfer-fails" } & Scope);

export interface RazorpayEmulatorClient {
  readonly apiBase: string;
  readonly origin: string;
  /** Pays the order and answers the fields the browser posts to the callback. */
  pay(orderId: string): Promise<PaidFields>;
  /** Fails a payment attempt; answers Razorpay's error[...] fields. */
  fail(orderId: string): Promise<CallbackFields>;
  /** Pays (captured) but the browser never returns: only the webhooks tell the Worker. */
  payAndClose(orderId: string): Promise<EmulatedPayment>;
  /** A payment left "created", authorised (and captured unless capture is manual) after delayMs. */
  payLate(orderId: string, options?: { delayMs?: number; capture?: "auto" | "manual" }): Promise<EmulatedPayment>;
  /** Makes the order's late payments happen now. */
  runLate(orderId: string): Promise<void>;
  /** The webhooks due for the order (or all), not yet acknowledged. */
  pendingWebhooks(orderId?: string): Promise<PendingWebhook[]>;
  acknowledgeWebhooks(ids: readonly string[]): Promise<void>;
  /** Posts each pending webhook of the order through `send`; those answered 2xx are acknowledged. */
  drainWebhooks(
    orderId: string,
    send: (webhook: PendingWebhook) => Promise<Response>,
  ): Promise<{ webhook: PendingWebhook; status: number }[]>;
  injectFault(fault: EmulatorFault): Promise<{ id: string }>;
  /** Forgets an order's faults and pending webhooks (or, without an order, everything). */
  reset(orderId?: string): Promise<void>;
  /** Payments made before the emulator knew of them, as the seed writes them into `npm start`'s state. */
  importPaid(
    paid: {
      orderId: string;
      paymentId: string;
      amount: number;
      paidAt: number;
      email: string;
      refund?: { id: string; amount: number; at: number };
    }[],
  ): Promise<void>;
  /** A devotee pays the counter's QR code (single use: it closes). */
  payQrCode(qrCodeId: string): Promise<EmulatedPayment>;
  /** The QR code closes unpaid (its close_by passed). */
  expireQrCode(qrCodeId: string): Promise<void>;
  /** The devotee pays the payment link; `again` pays a link already paid (a second payment). */
  payLink(linkId: string, options?: { again?: boolean }): Promise<EmulatedPayment>;
  /** The link expires unpaid (its expire_by passed). */
  expireLink(linkId: string): Promise<void>;
  /** Razorpay's review moves a Route linked account (a webhook account.<status> each time). */
  setAccountStatus(accountId: string, status: "under_review" | "needs_clarification" | "activated" | "suspended"): Promise<void>;
  /** "Settle now": the linked account's processed transfers not on hold are settled (a UTR each settlement). */
  settleNow(accountId: string): Promise<{ id: string; utr: string; amount: number }[]>;
  /** What the emulator holds about an order: the order, its payments, refunds, deliveries and faults. */
  orderState(orderId: string): Promise<{ order: { status: string } | null; payments: EmulatedPayment[]; refunds: unknown[] }>;
}

export function razorpayEmulator(apiBase: string): RazorpayEmulatorClient {
  const origin = apiBase.replace(/\/v1\/?$/, "");
  async function call<T>(method: "GET" | "POST", path: string, body?: unknown): Promise<T> {
    const response = await fetch(`${origin}${path}`, {
      method,
      headers: body === undefined ? {} : { "content-type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    if (!response.ok) throw new Error(`Razorpay emulator ${method} ${path}: HTTP ${response.status} ${text.slice(0, 300)}`);
    return JSON.parse(text) as T;
  }
  const pay = (orderId: string, body: Record<string, unknown>) =>
    call<{ payment: EmulatedPayment; callback: CallbackFields | null }>(
      "POST",
      `/__emulator/orders/${encodeURIComponent(orderId)}/pay`,
      body,
    );
  const client: RazorpayEmulatorClient = {
    apiBase,
    origin,
    async pay(orderId) {
      const { callback } = await pay(orderId, { outcome: "success" });
      if (!callback) throw new Error(`The emulator paid ${orderId} without a callback (a late-authorisation fault?)`);
      return callback as PaidFields;
    },
    async fail(orderId) {
      return (await pay(orderId, { outcome: "fail" })).callback!;
    },
    async payAndClose(orderId) {
      return (await pay(orderId, { outcome: "close" })).payment;
    },
    async payLate(orderId, options = {}) {
      return (await pay(orderId, { outcome: "late", ...options })).payment;
    },
    async runLate(orderId) {
      await call("POST", "/__emulator/late/run", { orderId });
    },
    async pendingWebhooks(orderId) {
      const query = orderId ? `?orderId=${encodeURIComponent(orderId)}` : "";
      return (await call<{ items: PendingWebhook[] }>("GET", `/__emulator/webhooks${query}`)).items;
    },
    async acknowledgeWebhooks(ids) {
      await call("POST", "/__emulator/webhooks/ack", { ids });
    },
    async drainWebhooks(orderId, send) {
      const results: { webhook: PendingWebhook; status: number }[] = [];
      for (const webhook of await client.pendingWebhooks(orderId)) {
        const response = await send(webhook);
        await response.body?.cancel();
        results.push({ webhook, status: response.status });
      }
      const delivered = results.filter((r) => r.status >= 200 && r.status < 300).map((r) => r.webhook.id);
      if (delivered.length) await client.acknowledgeWebhooks(delivered);
      return results;
    },
    injectFault(fault) {
      return call<{ id: string }>("POST", "/__emulator/faults", fault);
    },
    async reset(orderId) {
      await call("POST", "/__emulator/reset", orderId ? { orderId } : {});
    },
    async importPaid(paid) {
      await call("POST", "/__emulator/import", { paid });
    },
    async payQrCode(qrCodeId) {
      return (await call<{ payment: EmulatedPayment }>("POST", `/__emulator/qr_codes/${encodeURIComponent(qrCodeId)}/pay`, {})).payment;
    },
    async expireQrCode(qrCodeId) {
      await call("POST", `/__emulator/qr_codes/${encodeURIComponent(qrCodeId)}/expire`, {});
    },
    async payLink(linkId, options = {}) {
      const path = `/__emulator/payment_links/${encodeURIComponent(linkId)}/pay`;
      return (await call<{ payment: EmulatedPayment }>("POST", path, { again: options.again ?? false })).payment;
    },
    async expireLink(linkId) {
      await call("POST", `/__emulator/payment_links/${encodeURIComponent(linkId)}/expire`, {});
    },
    async setAccountStatus(accountId, status) {
      await call("POST", `/__emulator/accounts/${encodeURIComponent(accountId)}/status`, { status });
    },
    async settleNow(accountId) {
      return (await call<{ items: { id: string; utr: string; amount: number }[] }>("POST", "/__emulator/settlements/run", { accountId }))
        .items;
    },
    orderState(orderId) {
      return call("GET", `/__emulator/state?orderId=${encodeURIComponent(orderId)}`);
    },
  };
  return client;
}
