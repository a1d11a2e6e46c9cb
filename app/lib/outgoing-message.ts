/**
 * The seam between what the portal says and who carries it: every channel's adapter (e-mail
 * through Resend, WhatsApp, SMS) takes an OutgoingMessage and answers the provider's id for
 * it, or throws a DeliveryError that says whether a later try may succeed. The message's id
 * is the provider's idempotency key, so a retry never sends twice.
 */
import type { AppEnv } from "./env.server";

export type MessageChannel = "email" | "sms" | "whatsapp";

export interface OutgoingMessage {
  /** The message's row id: the idempotency key at the provider. */
  id: string;
  /** An e-mail address, or a phone in E.164 (+919876543210). */
  to: string;
  language: string;
  /** What the message says (e.g. "receipt"): a phone provider picks its approved template by it. */
  kind: string;
  subject?: string | null;
  text: string;
  html?: string | null;
  /** The kind's parameters (or a late composer's). */
  params: Record<string, unknown>;
  /** A phone message's template variables in order, in its language (an e-mail has none). */
  templateVariables: string[];
}

export interface ChannelAdapter {
  send(env: AppEnv, message: OutgoingMessage): Promise<{ providerId: string }>;
}

export class DeliveryError extends Error {
  /** true: the provider was down, slow or busy (try later); false: it refused the message (trying again will not help). */
  readonly retryable: boolean;
  constructor(message: string, retryable: boolean) {
    super(message);
    this.name = "DeliveryError";
    this.retryable = retryable;
  }
}
