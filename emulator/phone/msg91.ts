/**
 * MSG91's Flow API as far as Sannidhi uses it: `POST /api/v5/flow` with the `authkey` header,
 * a DLT template id, the sender id and recipients (`mobiles` with the country code, no +,
 * and the template's variables), answered `{ type, message }` with a 24-hex request id, and
 * the delivery report that follows (webhook v3: one JSON report per number; status 1
 * delivered, 2 failed). MSG91 signs nothing: the report URL carries the Worker's token.
 */
import { type Context, Hono } from "hono";
import { sleep, type StatusTiming } from "./http.ts";
import { newHexId, Outbound, type SentMessage } from "./outbound.ts";

export interface Msg91Options {
  authKey: string;
  /** The DLT header; a request naming another sender is refused. */
  senderId?: string | null;
  /** The template ids registered (MSG91_TEMPLATES' values); any well-formed id when empty. */
  templateIds?: readonly string[];
  timing: StatusTiming;
}

class Msg91Error extends Error {
  readonly status: number;
  constructor(status: number, message: string) {
    super(message);
    this.status = status;
  }
}

type Body = Record<string, unknown>;

/** "2024-05-22 10:06:20" in India's time, as MSG91's reports write dates. */
function istDate(at: Date): string {
  return new Date(at.getTime() + 5.5 * 3600_000).toISOString().slice(0, 19).replace("T", " ");
}

function readFlow(body: Body, options: Msg91Options) {
  const templateId = typeof body.template_id === "string" ? body.template_id : typeof body.flow_id === "string" ? body.flow_id : "";
  if (!templateId) throw new Msg91Error(400, "template_id is missing");
  if (!/^[A-Za-z0-9_-]{1,64}$/.test(templateId) || (options.templateIds?.length && !options.templateIds.includes(templateId)))
    throw new Msg91Error(400, "Invalid template id");
  if (body.sender !== undefined && options.senderId && body.sender !== options.senderId) throw new Msg91Error(400, "Invalid sender id");
  if (body.short_url !== undefined && !["0", "1", 0, 1].includes(body.short_url as string))
    throw new Msg91Error(400, "short_url must be 0 or 1");
  const recipients = Array.isArray(body.recipients) ? (body.recipients as Body[]) : [];
  if (!recipients.length || recipients.length > 1000) throw new Msg91Error(400, "recipients are missing");
  return {
    templateId,
    recipients: recipients.map((recipient) => {
      const mobiles = typeof recipient.mobiles === "string" ? recipient.mobiles : "";
      // India's numbers are 91 and a ten-digit mobile; others their country code and number.
      if (!/^(91[6-9]\d{9}|(?!91)[1-9]\d{7,14})$/.test(mobiles)) throw new Msg91Error(400, "Mobile number not valid");
      const params = Object.entries(recipient)
        .filter(([key]) => key !== "mobiles")
        .map(([key, value]) => {
          if (typeof value !== "string" && typeof value !== "number") throw new Msg91Error(400, `Variable ${key} is not valid`);
          return [key, String(value)] as const;
        })
        .sort(([a], [b]) => a.localeCompare(b, "en", { numeric: true }))
        .map(([, value]) => value);
      return { to: `+${mobiles}`, digits: mobiles, params };
    }),
  };
}

export class Msg91Emulator {
  readonly outbound = new Outbound("sms");
  readonly options: Msg91Options;

  constructor(options: Msg91Options) {
    this.options = options;
  }

  /** The delivery report of one number (webhook v3), after the delay: delivered, or failed. */
  private report(message: SentMessage, requestId: string, undeliverable: boolean, copies: number) {
    if (!undeliverable && !this.options.timing.statuses.includes("delivered")) return;
    const at = new Date(Date.now() + this.options.timing.delayMs);
    this.outbound.reach(message, undeliverable ? "failed" : "delivered", at);
    const body = JSON.stringify({
      date: istDate(at),
      number: message.to.slice(1),
      senderId: this.options.senderId ?? "SNNDHI",
      amount: "0.20",
      requestId,
      INMSID: "0",
      CRQID: "0",
      credit: "1",
      userId: "271828",
      campaignName: "Flow",
      status: undeliverable ? "2" : "1",
      desc: undeliverable ? "FAILED" : "DELIVERED",
      ...(undeliverable ? { failedReason: "Absent subscriber" } : {}),
    });
    const event = undeliverable ? "report.failed" : "report.delivered";
    this.outbound.queue(
      { messageId: message.id, to: message.to, event, headers: { "content-type": "application/json" }, body, dueAt: at.getTime() },
      copies,
    );
  }

  routes() {
    const api = new Hono();
    api.onError((error, c) => {
      if (error instanceof Msg91Error) return c.json({ type: "error", message: error.message }, error.status as 400);
      console.error("msg91 emulator:", error);
      return c.json({ type: "error", message: "Something went wrong" }, 500);
    });
    const send = async (c: Context) => {
      if (c.req.header("authkey") !== this.options.authKey)
        return c.json({ type: "error", message: "Authentication failure", code: "401" }, 401);
      const body = (await c.req.json().catch(() => null)) as Body | null;
      if (!body || typeof body !== "object") throw new Msg91Error(400, "Invalid JSON");
      const flow = readFlow(body, this.options);
      const { faults } = this.outbound;
      const first = flow.recipients[0]!.to;
      const error = faults.take("error", first);
      if (error) throw new Msg91Error(error.status, error.message ?? (error.status >= 500 ? "Something went wrong" : "Invalid request"));
      const timeout = faults.take("timeout", first);
      if (timeout && !timeout.process) {
        await sleep(timeout.delayMs);
        throw new Msg91Error(503, "Service temporarily unavailable");
      }
      const requestId = newHexId(12);
      const undeliverable = Boolean(faults.take("undeliverable", first));
      const copies = faults.take("duplicate", first) ? 2 : 1;
      for (const recipient of flow.recipients) {
        const message = this.outbound.record({
          id: requestId,
          to: recipient.to,
          template: flow.templateId,
          language: null,
          params: recipient.params,
          callbackData: null,
        });
        this.report(message, requestId, undeliverable, copies);
      }
      if (timeout) await sleep(timeout.delayMs);
      return c.json({ type: "success", message: requestId });
    };
    api.post("/api/v5/flow", send);
    api.post("/api/v5/flow/", send);
    return api;
  }
}
