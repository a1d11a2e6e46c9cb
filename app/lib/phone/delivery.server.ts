/**
 * What the phone channels (WhatsApp, SMS) share: the message a sender hands them, the one
 * error they throw (retryable or not, so a queue consumer knows whether to try again), the
 * guard on a configured API base, and one JSON call with a timeout.
 */
import type { Locale } from "../i18n";
import { isLoopbackHost } from "../loopback";

export interface PhoneMessage {
  /** The sender's own id of the message (the notification's row id); WhatsApp echoes it in its webhooks. */
  id: string;
  /** E.164, e.g. +919845012345 (phone-number.ts). */
  to: string;
  language: Locale;
  /** What the message is about (receipt, sign-in-code, …: the notifications kinds): it picks the provider's template. */
  kind: string;
  /** The whole message as the devotee reads it (for the outbox and the records; providers send their approved template). */
  text: string;
  /** The template's variables, in order. */
  params: string[];
}

export type PhoneChannel = "whatsapp" | "sms";

/** What a provider's webhook says became of a message it accepted. */
export interface PhoneStatusUpdate {
  channel: PhoneChannel;
  /** The id the provider answered the send with (WhatsApp's wamid, MSG91's request id). */
  providerId: string;
  status: "sent" | "delivered" | "read" | "failed";
  at: Date;
  /** Why it failed, in the provider's words (short). */
  error?: string;
  /** The sender's own message id when the provider echoes it (WhatsApp's biz_opaque_callback_data). */
  messageId?: string;
}

/** A send that did not go through; `retryable` says whether the same send may succeed later. */
export class PhoneDeliveryError extends Error {
  readonly retryable: boolean;
  readonly status: number | null;
  constructor(message: string, options: { retryable: boolean; status?: number | null }) {
    super(message);
    this.name = "PhoneDeliveryError";
    this.retryable = options.retryable;
    this.status = options.status ?? null;
  }
}

/** Nothing to send with: trying again changes nothing until someone configures the channel. */
export function notConfigured(provider: string, what: string): PhoneDeliveryError {
  return new PhoneDeliveryError(`${provider} is not configured (${what})`, { retryable: false });
}

/** An HTTP status worth trying again: the provider is down, overloaded or slow (5xx, 429, 408). */
export function isRetryableStatus(status: number): boolean {
  return status >= 500 || status === 429 || status === 408;
}

/**
 * The API base to call: `configured` when it is a loopback address (a local emulator) or an
 * https address on one of the provider's own hosts (another API version), else `official`.
 * So a local setting that leaked into a deployment can only ever reach the provider itself.
 */
export function providerApiBase(configured: string | undefined, official: string, officialHosts: readonly string[]): string {
  if (!configured) return official;
  try {
    const url = new URL(configured);
    const local = (url.protocol === "http:" || url.protocol === "https:") && isLoopbackHost(url.hostname);
    const own = url.protocol === "https:" && officialHosts.includes(url.hostname) && !url.username && !url.password;
    if (local || own) return configured.replace(/\/+$/, "");
  } catch {
    // Not a URL: ignored like any other address that is not allowed.
  }
  return official;
}

export interface SendOptions {
  /** How long the provider may take to answer (CALL_TIMEOUT_MS unless a caller needs less). */
  timeoutMs?: number;
}

/** How long one call to a provider may take before it counts as unreachable (and the send is retried). */
export const CALL_TIMEOUT_MS = 10_000;

export interface ProviderAnswer {
  status: number;
  /** The answer's JSON, or null when it was not JSON. */
  body: unknown;
}

/** POSTs JSON to a provider; a network failure or a timeout is a retryable PhoneDeliveryError naming no secret. */
export async function postJson(
  provider: string,
  url: string,
  headers: Record<string, string>,
  body: unknown,
  timeoutMs = CALL_TIMEOUT_MS,
): Promise<ProviderAnswer> {
  let response: Response;
  try {
    response = await fetch(url, {
      method: "POST",
      headers: { "content-type": "application/json", accept: "application/json", ...headers },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(timeoutMs),
    });
  } catch (error) {
    const timedOut = error instanceof Error && (error.name === "TimeoutError" || error.name === "AbortError");
    throw new PhoneDeliveryError(
      timedOut ? `${provider} did not answer within ${timeoutMs / 1000} s` : `${provider} could not be reached`,
      {
        retryable: true,
      },
    );
  }
  let text: string;
  try {
    text = await response.text();
  } catch {
    throw new PhoneDeliveryError(`${provider}'s answer was cut off`, { retryable: true, status: response.status });
  }
  let json: unknown = null;
  try {
    json = text ? JSON.parse(text) : null;
  } catch {
    json = null;
  }
  return { status: response.status, body: json };
}

/** A provider's error text cut to a short line for logs and the records (it never holds our secrets). */
export function shortReason(text: unknown, fallback: string): string {
  const line = typeof text === "string" ? text.replace(/\s+/g, " ").trim() : "";
  return (line || fallback).slice(0, 200);
}
