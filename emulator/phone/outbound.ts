/**
 * What either emulated provider keeps, in memory: the messages it accepted (for tests and the
 * local outbox: GET /__admin/messages) and the webhooks it owes, each due at a time. With a
 * webhook URL the server posts them (server.ts); without one they wait to be pulled
 * (GET /__admin/webhooks): the Worker under Vitest lives in workerd, unreachable over HTTP.
 */
import { randomBytes } from "node:crypto";
import { FaultBook } from "./faults.ts";

export type Channel = "whatsapp" | "sms";
export type MessageStatus = "accepted" | "sent" | "delivered" | "read" | "failed";

export interface SentMessage {
  id: string;
  channel: Channel;
  /** E.164. */
  to: string;
  /** WhatsApp's template name, MSG91's template id. */
  template: string;
  /** WhatsApp's language code (MSG91's templates carry their language themselves). */
  language: string | null;
  params: string[];
  /** WhatsApp's biz_opaque_callback_data: the sender's own id of the message. */
  callbackData: string | null;
  receivedAt: string;
  status: MessageStatus;
  history: { status: MessageStatus; at: string }[];
}

export interface Delivery {
  id: string;
  /** The message it is about (null for an inbound message). */
  messageId: string | null;
  to: string;
  event: string;
  headers: Record<string, string>;
  body: string;
  dueAt: number;
  attempts: number;
  delivered: boolean;
  lastStatus: number | null;
}

const MAX_MESSAGES = 50_000;
const MAX_DELIVERED = 5_000;

export const newHexId = (bytes = 12) => randomBytes(bytes).toString("hex");

export class Outbound {
  readonly channel: Channel;
  readonly faults = new FaultBook();
  messages: SentMessage[] = [];
  deliveries: Delivery[] = [];

  constructor(channel: Channel) {
    this.channel = channel;
  }

  record(message: Omit<SentMessage, "channel" | "receivedAt" | "status" | "history">): SentMessage {
    const now = new Date().toISOString();
    const sent: SentMessage = {
      ...message,
      channel: this.channel,
      receivedAt: now,
      status: "accepted",
      history: [{ status: "accepted", at: now }],
    };
    this.messages.push(sent);
    if (this.messages.length > MAX_MESSAGES) this.messages.splice(0, this.messages.length - MAX_MESSAGES);
    return sent;
  }

  /** A status the provider reached for a message (shown in the listing when its webhook is queued). */
  reach(message: SentMessage, status: MessageStatus, at: Date) {
    message.status = status;
    message.history.push({ status, at: at.toISOString() });
  }

  queue(delivery: Omit<Delivery, "id" | "attempts" | "delivered" | "lastStatus">, copies = 1) {
    for (let copy = 0; copy < copies; copy++)
      this.deliveries.push({
        ...delivery,
        id: `dlv_${newHexId(8)}`,
        attempts: 0,
        delivered: false,
        lastStatus: null,
        dueAt: delivery.dueAt + copy * 50,
      });
  }

  list(to?: string): SentMessage[] {
    return to ? this.messages.filter((message) => message.to === to) : [...this.messages];
  }

  /** Webhooks due and not yet acknowledged (oldest due first), optionally to one number, or all owed. */
  pending(to?: string, includeLater = false): Delivery[] {
    const now = Date.now();
    return this.deliveries
      .filter((d) => !d.delivered && (includeLater || d.dueAt <= now) && (!to || d.to === to))
      .sort((a, b) => a.dueAt - b.dueAt);
  }

  /** Webhooks delivered (a 2xx, or acknowledged after a pull), the most recent kept. */
  delivered(to?: string): Delivery[] {
    return this.deliveries.filter((d) => d.delivered && (!to || d.to === to));
  }

  acknowledge(ids: readonly string[]) {
    const wanted = new Set(ids);
    for (const delivery of this.deliveries) if (wanted.has(delivery.id)) delivery.delivered = true;
    const delivered = this.deliveries.filter((d) => d.delivered);
    if (delivered.length > MAX_DELIVERED) {
      const drop = new Set(delivered.slice(0, delivered.length - MAX_DELIVERED));
      this.deliveries = this.deliveries.filter((d) => !drop.has(d));
    }
  }

  reset(to?: string) {
    this.faults.clear(to);
    if (!to) {
      this.messages = [];
      this.deliveries = [];
      return;
    }
    this.messages = this.messages.filter((message) => message.to !== to);
    this.deliveries = this.deliveries.filter((delivery) => delivery.to !== to);
  }
}
