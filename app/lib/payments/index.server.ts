/** Which gateway takes payments: Razorpay when its keys are set (locally, the Razorpay emulator), else none. */
import type { AppConfig } from "../env.server";
import type { PaymentProvider } from "./provider";
import { isLoopbackHost } from "../loopback";
import { RAZORPAY_API, razorpayProvider } from "./razorpay.server";
import { type RazorpayRoute, razorpayRoute } from "./razorpay-route.server";

/**
 * Razorpay's API base: the real one, unless RAZORPAY_API_BASE names a loopback address (the
 * local Razorpay emulator). Any other value is ignored, and the deploy checks refuse the
 * setting, so a deployment can only ever talk to Razorpay itself.
 */
export function razorpayApiBase(config: AppConfig): string {
  const base = config.RAZORPAY_API_BASE;
  if (!base) return RAZORPAY_API;
  try {
    const url = new URL(base);
    if ((url.protocol === "http:" || url.protocol === "https:") && isLoopbackHost(url.hostname)) return base.replace(/\/+$/, "");
  } catch {
    // Not a URL: ignored like any other non-loopback value.
  }
  return RAZORPAY_API;
}

function razorpayFrom(config: AppConfig): PaymentProvider | null {
  if (!config.RAZORPAY_KEY_ID || !config.RAZORPAY_KEY_SECRET) return null;
  return razorpayProvider({
    keyId: config.RAZORPAY_KEY_ID,
    keySecret: config.RAZORPAY_KEY_SECRET,
    webhookSecret: config.RAZORPAY_WEBHOOK_SECRET,
    apiBase: razorpayApiBase(config),
  });
}

/** The gateway new orders go to, or null when none is configured. */
export function checkoutProvider(config: AppConfig): PaymentProvider | null {
  return razorpayFrom(config);
}

/**
 * The gateway an existing order was made with (to verify its callback), or null. Orders an
 * old local database made with the removed sandbox gateway ("sandbox") have none.
 */
export function providerNamed(config: AppConfig, name: string): PaymentProvider | null {
  return name === "razorpay" ? razorpayFrom(config) : null;
}

/** Razorpay Route (payouts to temples' linked accounts) with the same keys, or null when none are set. */
export function routeGateway(config: AppConfig): RazorpayRoute | null {
  if (!config.RAZORPAY_KEY_ID || !config.RAZORPAY_KEY_SECRET) return null;
  return razorpayRoute({
    keyId: config.RAZORPAY_KEY_ID,
    keySecret: config.RAZORPAY_KEY_SECRET,
    webhookSecret: config.RAZORPAY_WEBHOOK_SECRET,
    apiBase: razorpayApiBase(config),
  });
}
