/**
 * The payment gateway seen by checkout. Two implementations: Razorpay (orders API,
 * hosted checkout, HMAC-signed callbacks and webhooks) and a local sandbox that signs
 * its callbacks the same way, used where no Razorpay keys are configured.
 */
export type ProviderName = "sandbox" | "razorpay";

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

export interface PaymentProvider {
  readonly name: ProviderName;
  createOrder(order: GatewayOrderRequest): Promise<{ providerOrderId: string }>;
  /** Checks the callback's signature against the order id we stored. */
  verifyPayment(payment: GatewayPayment): Promise<boolean>;
  /** Checks a webhook's signature over its raw body. */
  verifyWebhook(rawBody: string, signature: string): Promise<boolean>;
  /** Refunds a captured payment in full (`amount` in paise); throws PaymentGatewayError when the gateway refuses. */
  refund(paymentId: string, amount: number): Promise<{ refundId: string }>;
}

/** The gateway could not be reached or refused the order; the message names no secret. */
export class PaymentGatewayError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "PaymentGatewayError";
  }
}
