/**
 * Razorpay Route: payouts to each temple's linked account. The temple is a linked account
 * (POST /v2/accounts, type "route") with a stakeholder and the "route" product configured with
 * its settlement bank account; Razorpay reviews it (created → under_review → activated). A
 * devotee's payment is split by transfers (on the order, made when the payment is captured, or
 * from the captured payment), which may be held and released, reversed, and are settled to the
 * temple's bank with a UTR. Same keys and base as the payments adapter (HTTP Basic; the /v2
 * account APIs beside /v1). Errors name the call and Razorpay's HTTP status, never a key.
 */
import { z } from "zod";
import { PaymentGatewayError } from "./provider";
import { razorpayHttp } from "./razorpay-http.server";
import { RAZORPAY_API, type RazorpayKeys } from "./razorpay.server";

export type LinkedAccountStatus = "created" | "under_review" | "needs_clarification" | "activated" | "suspended";
const accountStatus = z.enum(["created", "under_review", "needs_clarification", "activated", "suspended"]);

const accountEntity = z.object({
  id: z.string().regex(/^acc_\w+$/),
  type: z.literal("route"),
  status: accountStatus,
  email: z.string(),
  reference_id: z.string().nullable().optional(),
  legal_business_name: z.string(),
  activated_at: z.number().nullable().optional(),
});
const stakeholderEntity = z.object({ id: z.string().regex(/^sth_\w+$/), entity: z.literal("stakeholder"), name: z.string() });
const settlementsEntity = z.object({ account_number: z.string(), ifsc_code: z.string(), beneficiary_name: z.string() });
const productEntity = z.object({
  id: z.string().min(1),
  account_id: z.string(),
  product_name: z.literal("route"),
  activation_status: z.string(),
  active_configuration: z.object({ settlements: settlementsEntity.nullable().optional() }).passthrough(),
  requirements: z.array(z.object({ field_reference: z.string(), status: z.string() }).passthrough()).default([]),
});

export type TransferStatus = "created" | "pending" | "processed" | "failed" | "reversed" | "partially_reversed";
export const transferEntity = z.object({
  id: z.string().regex(/^trf_\w+$/),
  entity: z.literal("transfer"),
  status: z.enum(["created", "pending", "processed", "failed", "reversed", "partially_reversed"]),
  source: z.string(),
  recipient: z.string(),
  amount: z.number().int(),
  currency: z.string(),
  amount_reversed: z.number().int().default(0),
  notes: z.union([z.record(z.string(), z.string()), z.array(z.never())]).default({}),
  on_hold: z.boolean(),
  on_hold_until: z.number().nullable().optional(),
  settlement_status: z.enum(["pending", "on_hold", "settled"]).nullable().optional(),
  recipient_settlement_id: z.string().nullable().optional(),
  created_at: z.number(),
  processed_at: z.number().nullable().optional(),
  error: z.object({ code: z.string().nullable().optional(), description: z.string().nullable().optional() }).passthrough().optional(),
});
const reversalEntity = z.object({
  id: z.string().regex(/^rvrsl_\w+$/),
  entity: z.literal("reversal"),
  transfer_id: z.string(),
  amount: z.number().int(),
  customer_refund_id: z.string().nullable().optional(),
  created_at: z.number(),
});
export const settlementEntity = z.object({
  id: z.string().regex(/^setl_\w+$/),
  entity: z.literal("settlement"),
  amount: z.number().int(),
  status: z.string(),
  fees: z.number().int(),
  tax: z.number().int(),
  utr: z.string().nullable(),
  created_at: z.number(),
});
const refundEntity = z.object({ id: z.string().min(1), payment_id: z.string(), amount: z.number().int(), status: z.string() });
const collection = <T extends z.ZodType>(item: T) => z.object({ items: z.array(item) });
const orderWithTransfers = z.object({
  id: z.string().min(1),
  amount: z.number().int(),
  transfers: z.array(z.object({ recipient: z.string(), amount: z.number().int(), status: z.string() }).passthrough()).default([]),
});

export interface LinkedAccount {
  id: string;
  status: LinkedAccountStatus;
  email: string;
  referenceId: string | null;
  legalBusinessName: string;
  activatedAt: number | null;
}

export interface Transfer {
  id: string;
  status: TransferStatus;
  /** The payment it is made from (the order before the payment is captured). */
  source: string;
  /** The linked account paid. */
  recipient: string;
  amount: number;
  amountReversed: number;
  notes: Record<string, string>;
  onHold: boolean;
  onHoldUntil: number | null;
  settlementStatus: "pending" | "on_hold" | "settled" | null;
  settlementId: string | null;
  createdAt: number;
  processedAt: number | null;
  /** Razorpay's reason when it failed. */
  error: string | null;
}

export interface Reversal {
  id: string;
  transferId: string;
  amount: number;
  refundId: string | null;
  createdAt: number;
}

export interface Settlement {
  id: string;
  amount: number;
  status: string;
  fees: number;
  tax: number;
  utr: string | null;
  createdAt: number;
}

export const toTransfer = (entity: z.infer<typeof transferEntity>): Transfer => ({
  id: entity.id,
  status: entity.status,
  source: entity.source,
  recipient: entity.recipient,
  amount: entity.amount,
  amountReversed: entity.amount_reversed,
  notes: Array.isArray(entity.notes) ? {} : entity.notes,
  onHold: entity.on_hold,
  onHoldUntil: entity.on_hold_until ?? null,
  settlementStatus: entity.settlement_status ?? null,
  settlementId: entity.recipient_settlement_id ?? null,
  createdAt: entity.created_at,
  processedAt: entity.processed_at ?? null,
  error: entity.error?.description ?? null,
});

export const toSettlement = (entity: z.infer<typeof settlementEntity>): Settlement => ({
  id: entity.id,
  amount: entity.amount,
  status: entity.status,
  fees: entity.fees,
  tax: entity.tax,
  utr: entity.utr,
  createdAt: entity.created_at,
});

const toAccount = (entity: z.infer<typeof accountEntity>): LinkedAccount => ({
  id: entity.id,
  status: entity.status,
  email: entity.email,
  referenceId: entity.reference_id ?? null,
  legalBusinessName: entity.legal_business_name,
  activatedAt: entity.activated_at ?? null,
});

/** What the temple gives to become a linked account (a trust or a society, usually). */
export interface LinkedAccountRequest {
  email: string;
  phone: string;
  /** Our reference (the temple's id), unique at Razorpay. */
  referenceId: string;
  legalBusinessName: string;
  businessType: "trust" | "society" | "ngo" | "private_limited" | "partnership" | "proprietorship" | "individual" | "not_yet_registered";
  contactName: string;
  /** Registered address (Razorpay's profile.addresses.registered). */
  address?: { street1: string; street2?: string; city: string; state: string; postal_code: string; country: "IN" };
  pan?: string;
  gst?: string;
  notes?: Record<string, string>;
}

export interface StakeholderRequest {
  name: string;
  email: string;
  phone?: string;
  pan?: string;
}

export interface SettlementAccount {
  accountNumber: string;
  ifscCode: string;
  beneficiaryName: string;
}

export interface TransferRequest {
  /** The linked account (acc_...). */
  account: string;
  /** Paise. */
  amount: number;
  notes?: Record<string, string>;
  /** Held until released (or until onHoldUntil, Unix seconds). */
  onHold?: boolean;
  onHoldUntil?: number | null;
}

const transferBody = (request: TransferRequest) => ({
  account: request.account,
  amount: request.amount,
  currency: "INR",
  notes: request.notes ?? {},
  on_hold: request.onHold ?? false,
  ...(request.onHold && request.onHoldUntil ? { on_hold_until: request.onHoldUntil } : {}),
});

/** The Route calls, with the same keys and API base as the payments adapter. */
export function razorpayRoute(keys: RazorpayKeys) {
  const v1 = keys.apiBase ?? RAZORPAY_API;
  const v2 = v1.replace(/\/v1\/?$/, "/v2");
  const { call, answer, id } = razorpayHttp(keys, { explainRefusals: true });
  const transfers = collection(transferEntity);

  return {
    async createLinkedAccount(request: LinkedAccountRequest): Promise<LinkedAccount> {
      const body = {
        email: request.email,
        phone: request.phone,
        type: "route",
        reference_id: request.referenceId,
        legal_business_name: request.legalBusinessName,
        business_type: request.businessType,
        contact_name: request.contactName,
        profile: {
          category: "others",
          subcategory: "religious_organisations",
          ...(request.address ? { addresses: { registered: request.address } } : {}),
        },
        ...(request.pan || request.gst
          ? { legal_info: { ...(request.pan ? { pan: request.pan } : {}), ...(request.gst ? { gst: request.gst } : {}) } }
          : {}),
        notes: request.notes ?? {},
      };
      return toAccount(await answer(await call("POST", `${v2}/accounts`, body), accountEntity, "linked account"));
    },
    async fetchLinkedAccount(accountId: string): Promise<LinkedAccount> {
      return toAccount(await answer(await call("GET", `${v2}/accounts/${id(accountId)}`), accountEntity, "linked account"));
    },
    async addStakeholder(accountId: string, request: StakeholderRequest): Promise<{ id: string }> {
      const body = {
        name: request.name,
        email: request.email,
        ...(request.phone ? { phone: { primary: request.phone } } : {}),
        ...(request.pan ? { kyc: { pan: request.pan } } : {}),
      };
      const data = await answer(await call("POST", `${v2}/accounts/${id(accountId)}/stakeholders`, body), stakeholderEntity, "stakeholder");
      return { id: data.id };
    },
    /** Asks for the route product and gives the settlement bank account (terms accepted): the account goes for review. */
    async configureRoute(accountId: string, settlements: SettlementAccount): Promise<{ productId: string; activationStatus: string }> {
      const requested = await answer(
        await call("POST", `${v2}/accounts/${id(accountId)}/products`, { product_name: "route", tnc_accepted: true }),
        productEntity,
        "product configuration",
      );
      const body = {
        settlements: {
          account_number: settlements.accountNumber,
          ifsc_code: settlements.ifscCode,
          beneficiary_name: settlements.beneficiaryName,
        },
        tnc_accepted: true,
      };
      const product = await answer(
        await call("PATCH", `${v2}/accounts/${id(accountId)}/products/${id(requested.id)}`, body),
        productEntity,
        "product configuration",
      );
      return { productId: product.id, activationStatus: product.activation_status };
    },
    /** A new settlement bank account for the linked account's route product (a temple changed its bank account). */
    async updateSettlements(accountId: string, productId: string, settlements: SettlementAccount): Promise<{ activationStatus: string }> {
      const body = {
        settlements: {
          account_number: settlements.accountNumber,
          ifsc_code: settlements.ifscCode,
          beneficiary_name: settlements.beneficiaryName,
        },
        tnc_accepted: true,
      };
      const url = `${v2}/accounts/${id(accountId)}/products/${id(productId)}`;
      const product = await answer(await call("PATCH", url, body), productEntity, "settlement account");
      return { activationStatus: product.activation_status };
    },
    /** An order whose payment, once captured, is split by these transfers. */
    async createOrderWithTransfers(order: { amount: number; receipt: string; notes: Record<string, string> }, split: TransferRequest[]) {
      const body = {
        amount: order.amount,
        currency: "INR",
        receipt: order.receipt,
        notes: order.notes,
        transfers: split.map(transferBody),
      };
      const data = await answer(await call("POST", `${v1}/orders`, body), orderWithTransfers, "order");
      if (data.amount !== order.amount || data.transfers.length !== split.length)
        throw new PaymentGatewayError("Razorpay answered with an unexpected order");
      return { providerOrderId: data.id };
    },
    async transferPayment(paymentId: string, split: TransferRequest[]): Promise<Transfer[]> {
      const response = await call("POST", `${v1}/payments/${id(paymentId)}/transfers`, { transfers: split.map(transferBody) });
      return (await answer(response, transfers, "transfer")).items.map(toTransfer);
    },
    async fetchPaymentTransfers(paymentId: string): Promise<Transfer[]> {
      return (await answer(await call("GET", `${v1}/payments/${id(paymentId)}/transfers`), transfers, "transfers")).items.map(toTransfer);
    },
    async fetchTransfer(transferId: string): Promise<Transfer> {
      return toTransfer(await answer(await call("GET", `${v1}/transfers/${id(transferId)}`), transferEntity, "transfer"));
    },
    /** Holds a transfer's settlement (until a time, or until released), or releases it (onHold false). */
    async setTransferHold(transferId: string, onHold: boolean, onHoldUntil: number | null = null): Promise<Transfer> {
      const body = { on_hold: onHold, ...(onHold && onHoldUntil ? { on_hold_until: onHoldUntil } : {}) };
      return toTransfer(await answer(await call("PATCH", `${v1}/transfers/${id(transferId)}`, body), transferEntity, "transfer"));
    },
    async reverseTransfer(transferId: string, amount?: number, notes: Record<string, string> = {}): Promise<Reversal> {
      const body = { ...(amount === undefined ? {} : { amount }), notes };
      const data = await answer(await call("POST", `${v1}/transfers/${id(transferId)}/reversals`, body), reversalEntity, "reversal");
      return {
        id: data.id,
        transferId: data.transfer_id,
        amount: data.amount,
        refundId: data.customer_refund_id ?? null,
        createdAt: data.created_at,
      };
    },
    /** A refund that first takes back every transfer of the payment (reverse_all). */
    async refundReversingTransfers(paymentId: string, amount: number, idempotencyKey: string) {
      const body = { amount, reverse_all: 1 };
      const response = await call("POST", `${v1}/payments/${id(paymentId)}/refund`, body, { "X-Refund-Idempotency": idempotencyKey });
      const data = await answer(response, refundEntity, "refund");
      if (data.amount !== amount || data.payment_id !== paymentId)
        throw new PaymentGatewayError("Razorpay answered with an unexpected refund");
      return { id: data.id, paymentId: data.payment_id, amount: data.amount, status: data.status };
    },
    /** The transfers a linked account's settlement paid out (GET /transfers?recipient_settlement_id=…). */
    async fetchSettlementTransfers(settlementId: string): Promise<Transfer[]> {
      const response = await call("GET", `${v1}/transfers?recipient_settlement_id=${id(settlementId)}`);
      return (await answer(response, transfers, "transfers")).items.map(toTransfer);
    },
    async fetchSettlement(settlementId: string): Promise<Settlement> {
      return toSettlement(await answer(await call("GET", `${v1}/settlements/${id(settlementId)}`), settlementEntity, "settlement"));
    },
  };
}

export type RazorpayRoute = ReturnType<typeof razorpayRoute>;

/**
 * Route's webhooks: transfer.processed / transfer.failed, settlement.processed, and account.* and
 * product.route.* (the linked account's activation).
 */
export const routeWebhookSchema = z.object({
  event: z.enum([
    "transfer.processed",
    "transfer.failed",
    "settlement.processed",
    "account.under_review",
    "account.needs_clarification",
    "account.activated",
    "account.suspended",
    "product.route.under_review",
    "product.route.needs_clarification",
    "product.route.activated",
  ]),
  account_id: z.string(),
  created_at: z.number(),
  payload: z.object({
    transfer: z.object({ entity: transferEntity }).optional(),
    settlement: z.object({ entity: settlementEntity.extend({ account_id: z.string().optional() }) }).optional(),
    account: z.object({ entity: accountEntity }).optional(),
    /** product.route.*: the linked account's route product (merchant_id is the linked account). */
    merchant_product: z.object({ entity: z.object({ id: z.string(), merchant_id: z.string(), activation_status: z.string() }) }).optional(),
  }),
});
export type RouteWebhook = z.infer<typeof routeWebhookSchema>;
