/**
 * The payment gateway seen by checkout: Razorpay's API (orders, hosted checkout,
 * HMAC-signed callbacks and webhooks, payments of an order, capture, refunds with an
 * idempotency key). Locally the same adapter talks to the Razorpay emulator through a
 * loopback base URL; no other implementation takes payments.
 */
/**
 * The gateway that takes payments. payment_orders.provider may still read "sandbox" in an old
 * local database (the removed local gateway); no provider answers to that name.
 */
export type ProviderName = "razorpay";

export interface GatewayOrderRequest {
  /** Paise. */
  amount: number;
  /** Our reference for the order, at most 40 characters. */
  receipt: string;
  notes: Record<string, string>;
}

/** What the gateway's callback reports for a successful payment. */
export interface GatewayPayment {
  providerOrderId: string;
  paymentId: string;
  signature: string;
}

/** Razorpay's payment states: created → authorized → captured (→ refunded), or failed. */
export type GatewayPaymentStatus = "created" | "authorized" | "captured" | "refunded" | "failed";

/** A payment as the gateway's API reports it (amounts in paise, times in Unix seconds). */
export interface GatewayPaymentRecord {
  id: string;
  orderId: string | null;
  amount: number;
  status: GatewayPaymentStatus;
  /** How much of it has been refunded so far. */
  amountRefunded: number;
  createdAt: number | null;
  /** The gateway's fee and the tax on it, when it reports them (captured payments). */
  fee: number | null;
  tax: number | null;
}

export type GatewayRefundStatus = "pending" | "processed" | "failed";

export interface GatewayRefund {
  id: string;
  paymentId: string;
  amount: number;
  status: GatewayRefundStatus;
  createdAt: number | null;
}

/** A UPI QR code for one payment of a fixed amount (Razorpay's QR Codes API, type upi_qr, single_use). */
export interface GatewayQrRequest {
  /** Paise. */
  amount: number;
  /** Unix seconds after which the code takes no payment. */
  closeBy: number;
  /** A label for the code (at most 40 characters). */
  name: string;
  description: string;
  notes: Record<string, string>;
}

export interface GatewayQrCode {
  id: string;
  /** The QR code's image. */
  imageUrl: string;
  status: "active" | "closed";
  closeReason: string | null;
}

/** A payment link sent to a devotee (Razorpay's Payment Links API). */
export interface GatewayLinkRequest {
  /** Paise. */
  amount: number;
  description: string;
  customer: { name: string; email: string; contact: string };
  /** Unix seconds after which the link expires. */
  expireBy: number;
  /** Our reference (the payment order's id), unique per link. */
  referenceId: string;
  callbackUrl: string | null;
}

export interface GatewayLink {
  id: string;
  shortUrl: string;
  status: "created" | "partially_paid" | "paid" | "expired" | "cancelled";
  /** The link's payments (the payment entity's fields the ledger reads; fee and tax are not in a link's answer). */
  payments: GatewayPaymentRecord[];
}

export interface PaymentProvider {
  readonly name: ProviderName;
  createOrder(order: GatewayOrderRequest): Promise<{ providerOrderId: string }>;
  /** Checks the callback's signature against the order id we stored. */
  verifyPayment(payment: GatewayPayment): Promise<boolean>;
  /** Checks a webhook's signature over its raw body. */
  verifyWebhook(rawBody: string, signature: string): Promise<boolean>;
  /**
   * Refunds `amount` paise of a captured payment. The same `idempotencyKey` (10+ characters
   * of letters, digits, - and _) with the same amount never refunds twice: a retry answers the
   * refund already made. Throws PaymentGatewayError when the gateway refuses or cannot be reached.
   */
  refund(paymentId: string, amount: number, idempotencyKey: string): Promise<GatewayRefund>;
  /** Every payment attempt of an order (GET /orders/:id/payments). */
  fetchOrderPayments(providerOrderId: string): Promise<GatewayPaymentRecord[]>;
  /** One payment, or null when the gateway does not know it. */
  fetchPayment(paymentId: string): Promise<GatewayPaymentRecord | null>;
  /** The refunds of a payment (GET /payments/:id/refunds). */
  fetchRefunds(paymentId: string): Promise<GatewayRefund[]>;
  /** Captures an authorized payment in full (a late authorisation). */
  capture(paymentId: string, amount: number): Promise<GatewayPaymentRecord>;
  /** A single-use UPI QR code for the exact amount (POST /payments/qr_codes). */
  createQrCode(request: GatewayQrRequest): Promise<GatewayQrCode>;
  /** The QR code now (GET /payments/qr_codes/:id). */
  fetchQrCode(qrCodeId: string): Promise<GatewayQrCode>;
  /** The payments made to a QR code (GET /payments/qr_codes/:id/payments). */
  fetchQrCodePayments(qrCodeId: string): Promise<GatewayPaymentRecord[]>;
  /** Closes a QR code so it takes no payment (POST /payments/qr_codes/:id/close). */
  closeQrCode(qrCodeId: string): Promise<void>;
  /** A payment link (POST /payment_links); the gateway does not notify: the portal sends it. */
  createPaymentLink(request: GatewayLinkRequest): Promise<GatewayLink>;
  /** The link with its payments (GET /payment_links/:id). */
  fetchPaymentLink(linkId: string): Promise<GatewayLink>;
}

/** The gateway could not be reached or refused the call; the message names no secret. */
export class PaymentGatewayError extends Error {
  constructor(
    message: string,
    /** The HTTP status the gateway answered, or null when it could not be reached (timeout, network). */
    readonly status: number | null = null,
  ) {
    super(message);
    this.name = "PaymentGatewayError";
  }
}
