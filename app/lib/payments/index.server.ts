/** Which gateway takes payments: Razorpay with keys, else the sandbox on a local deployment only. */
import type { AppConfig } from "../env.server";
import type { PaymentProvider, ProviderName } from "./provider";
import { razorpayProvider } from "./razorpay.server";
import { sandboxProvider } from "./sandbox.server";

/**
 * The sandbox must never take "payments" in production: it is offered only where the
 * deployment is local (MAIL_MODE=local, which only .dev.vars and the test configs set,
 * and which the Worker drops for any request to a host that is not loopback).
 */
export function sandboxAllowed(config: AppConfig): boolean {
  return config.MAIL_MODE === "local";
}

function razorpayFrom(config: AppConfig): PaymentProvider | null {
  if (!config.RAZORPAY_KEY_ID || !config.RAZORPAY_KEY_SECRET) return null;
  return razorpayProvider({
    keyId: config.RAZORPAY_KEY_ID,
    keySecret: config.RAZORPAY_KEY_SECRET,
    webhookSecret: config.RAZORPAY_WEBHOOK_SECRET,
  });
}

/** The gateway new orders go to, or null when none is available. */
export function checkoutProvider(config: AppConfig): PaymentProvider | null {
  return razorpayFrom(config) ?? (sandboxAllowed(config) ? sandboxProvider(config.SESSION_SECRET) : null);
}

/** The gateway an existing order was made with (to verify its callback), or null. */
export function providerNamed(config: AppConfig, name: ProviderName): PaymentProvider | null {
  if (name === "razorpay") return razorpayFrom(config);
  return sandboxAllowed(config) ? sandboxProvider(config.SESSION_SECRET) : null;
}
