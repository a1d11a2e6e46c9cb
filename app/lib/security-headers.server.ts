/**
 * Security headers. Every response gets the baseline below; HTML documents also get a
 * Content-Security-Policy with a per-request nonce (entry.server.tsx), which React
 * Router's inline hydration scripts carry.
 */
import { randomBytes, toBase64 } from "./crypto.server";
import { stripLocale } from "./i18n";

export function securityHeaders(headers: Headers, url: URL) {
  headers.set("X-Content-Type-Options", "nosniff");
  headers.set("Referrer-Policy", headers.get("Referrer-Policy") ?? "strict-origin-when-cross-origin");
  headers.set("X-Frame-Options", "DENY");
  headers.set("Cross-Origin-Opener-Policy", "same-origin-allow-popups");
  headers.set("Permissions-Policy", "camera=(), microphone=(), geolocation=()");
  if (!headers.has("Content-Security-Policy")) {
    headers.set("Content-Security-Policy", "frame-ancestors 'none'; base-uri 'self'; object-src 'none'");
  }
  if (url.protocol === "https:") {
    headers.set("Strict-Transport-Security", "max-age=31536000; includeSubDomains");
  }
}

/** A fresh nonce for one document. */
export function createNonce(): string {
  return toBase64(randomBytes(16));
}

/**
 * The pages' policy: only our own scripts (and inline ones with this request's
 * nonce), our own styles, images, media and fetches; no framing, no plugins, forms
 * post only here. Style attributes are allowed (layout code sets them; they cannot
 * run script). In development Vite's HMR needs its websocket and inline styles.
 */
export function documentContentSecurityPolicy(
  nonce: string,
  url: URL,
  development = false,
  /** Where the payment page's form goes: Razorpay, or locally the emulator (payments/index.server.ts). */
  hostedCheckoutOrigin = "https://api.razorpay.com",
): string {
  const directives = [
    "default-src 'self'",
    // Cloudflare Turnstile: the human check an account past its limit asks for (components/account/human-check-field.tsx).
    `script-src 'self' 'nonce-${nonce}' https://challenges.cloudflare.com`,
    "frame-src https://challenges.cloudflare.com",
    development ? "style-src 'self' 'unsafe-inline'" : "style-src 'self'",
    "style-src-attr 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "media-src 'self' blob:",
    "font-src 'self'",
    development ? "connect-src 'self' ws: wss:" : "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    // The Razorpay payment page posts its form to Razorpay's hosted checkout.
    stripLocale(url.pathname).startsWith("/checkout/pay/") ? `form-action 'self' ${hostedCheckoutOrigin}` : "form-action 'self'",
    "frame-ancestors 'none'",
  ];
  if (url.protocol === "https:") directives.push("upgrade-insecure-requests");
  return directives.join("; ");
}
