/**
 * The tests' handle on the local phone emulators (emulator/phone): what was sent to a number,
 * the webhooks owed for it (to post to the Worker), faults, a devotee writing in (STOP). Plain
 * fetch, so Worker tests (workerd) and e2e tests (Node) share it: each passes the API base its
 * Worker was configured with (WHATSAPP_API_BASE, MSG91_API_BASE).
 */

export interface EmulatedMessage {
  id: string;
  channel: "whatsapp" | "sms";
  to: string;
  template: string;
  language: string | null;
  params: string[];
  callbackData: string | null;
  status: "accepted" | "sent" | "delivered" | "read" | "failed";
}

/** A webhook the emulator owes: post `body` with `headers` to /webhooks/whatsapp or /webhooks/sms. */
export interface OwedWebhook {
  id: string;
  event: string;
  to: string;
  messageId: string | null;
  headers: Record<string, string>;
  body: string;
}

/** A fault to inject (emulator/phone/faults.ts has the schema); scope it to the test's own number. */
export type PhoneFault =
  | { kind: "error"; status?: number; code?: number; message?: string }
  | { kind: "timeout"; delayMs?: number; process?: boolean }
  | { kind: "duplicate" }
  | { kind: "undeliverable" };

/** A mobile number no other test uses (+91 and ten digits starting 9). */
export function uniquePhone(): string {
  const digits = Array.from(crypto.getRandomValues(new Uint8Array(9)), (byte) => byte % 10).join("");
  return `+919${digits}`;
}

export function phoneEmulator(apiBase: string) {
  const origin = new URL(apiBase).origin;
  async function call<T>(method: string, path: string, body?: unknown): Promise<T> {
    const response = await fetch(`${origin}${path}`, {
      method,
      headers: body === undefined ? {} : { "content-type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (!response.ok) throw new Error(`phone emulator ${method} ${path}: ${response.status} ${await response.text()}`);
    return (await response.json()) as T;
  }
  const query = (to: string) => `to=${encodeURIComponent(to)}`;
  return {
    origin,
    messages: async (to: string) => (await call<{ items: EmulatedMessage[] }>("GET", `/__admin/messages?${query(to)}`)).items,
    /** The webhooks owed for a number (all of them, due or not), oldest first. */
    webhooks: async (to: string) => (await call<{ items: OwedWebhook[] }>("GET", `/__admin/webhooks?${query(to)}&includeLater=1`)).items,
    /** The webhooks delivered for a number: with a webhook URL, those its server answered 2xx (`lastStatus`). */
    delivered: async (to: string) =>
      (
        await call<{ items: (OwedWebhook & { attempts: number; lastStatus: number | null })[] }>(
          "GET",
          `/__admin/webhooks?${query(to)}&delivered=1`,
        )
      ).items,
    acknowledge: (ids: string[]) => call("POST", "/__admin/webhooks/ack", { ids }),
    fault: (to: string, fault: PhoneFault & { times?: number; seconds?: number }) => call("POST", "/__admin/faults", { ...fault, to }),
    clearFaults: (to: string) => call("DELETE", `/__admin/faults?${query(to)}`),
    /** The devotee writes to the business number (WhatsApp only). */
    inbound: (from: string, text: string) => call("POST", "/__admin/inbound", { from, text }),
    reset: (to: string) => call("POST", "/__admin/reset", { to }),
  };
}
