/** Which gateway takes payments: Razorpay with keys, else the sandbox on a local deployment only. */
import type { AppConfig } from "../env.server";
import type { PaymentProvider, ProviderName } from "./provider";
import { isLoopbackHost } from "../loopback";
import { RAZORPAY_API, razorpayProvider } from "./razorpay.server";
import { sandboxProvider } from "./sandbox.server";

/**
 * The sandbox must never take "payments" in production: it is offered only where the
 * deployment is local (MAIL_MODE=local, which only .dev.vars and the test configs set,
 * and which the Worker drops for any request to a host that is not loopback).
 */
export function sandboxAllowed(config: AppConfig): boolean {
  return config.MAIL_MODE === "local";
}

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

/** The gateway new orders go to, or null when none is available. */
export function checkoutProvider(config: AppConfig): PaymentProvider | null {
  return razorpayFrom(config) ?? (sandboxAllowed(config) ? sandboxProvider(config.SESSION_SECRET) : null);
}

/** The gateway an existing order was made with (to verify its callback), or null. */
export function providerNamed(config: AppConfig, name: ProviderName): PaymentProvider | null {
  if (name === "razorpay") return razorpayFrom(config);
  return sandboxAllowed(config) ? sandboxProvider(config.SESSION_SECRET) : null;
}
