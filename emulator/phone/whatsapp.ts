/**
 * Meta's WhatsApp Business Cloud API as far as Sannidhi uses it: `POST /{version}/{phone-number-id}/messages`
 * with a template, a system user's bearer token, Graph API error bodies, `wamid.` ids, and
 * the webhooks that follow (statuses sent → delivered → read, or failed; the devotee's own
 * messages), signed `X-Hub-Signature-256: sha256=` HMAC of the body under the app secret.
 */
import { createHmac, randomBytes } from "node:crypto";
import { Hono } from "hono";
import { sleep, type StatusTiming } from "./http.ts";
import { type MessageStatus, Outbound, type SentMessage } from "./outbound.ts";

export interface WhatsAppOptions {
  accessToken: string;
  phoneNumberId: string;
  appSecret: string;
  timing: StatusTiming;
}

/** Meta's template language codes this emulator knows (the portal's six, and English's regional ones). */
const LANGUAGE_CODES = new Set(["en", "en_US", "en_GB", "hi", "ta", "te", "kn", "ml"]);
const WABA_ID = "102290129340398";

const traceId = () => randomBytes(9).toString("base64url");
const graphError = (message: string, code: number, type = "OAuthException", details?: string) => ({
  error: { message, type, code, ...(details ? { error_data: { messaging_product: "whatsapp", details } } : {}), fbtrace_id: traceId() },
});
const wamid = (digits: string) =>
  `wamid.${Buffer.concat([Buffer.from(`\x18\x0c${digits}\x15\x02\x00\x11\x18\x12`), randomBytes(18)]).toString("base64")}`;

class GraphError extends Error {
  readonly status: number;
  readonly body: ReturnType<typeof graphError>;
  constructor(status: number, body: ReturnType<typeof graphError>) {
    super(body.error.message);
    this.status = status;
    this.body = body;
  }
}

type Body = Record<string, unknown>;
const invalid = (details: string) => new GraphError(400, graphError("(#100) Invalid parameter", 100, "OAuthException", details));

/** The message a request asks for, or the GraphError Meta would answer. */
function readTemplateMessage(body: Body) {
  if (body.messaging_product !== "whatsapp")
    throw new GraphError(400, graphError("(#100) The parameter messaging_product is required.", 100));
  const to = typeof body.to === "string" ? body.to.replace(/^\+/, "") : "";
  if (!/^[1-9]\d{7,14}$/.test(to))
    throw new GraphError(
      400,
      graphError("(#131009) Parameter value is not valid", 131009, "OAuthException", "Recipient phone number is not valid"),
    );
  if (body.type !== "template") throw invalid("This emulator sends template messages only (business-initiated messages must be templates)");
  const template = (body.template ?? {}) as Body;
  const name = typeof template.name === "string" ? template.name : "";
  const code = typeof (template.language as Body | undefined)?.code === "string" ? ((template.language as Body).code as string) : "";
  if (!/^[a-z0-9_]{1,512}$/.test(name) || !LANGUAGE_CODES.has(code))
    throw new GraphError(
      404,
      graphError(
        `(#132001) Template name does not exist in the translation`,
        132001,
        "OAuthException",
        `template name (${name}) does not exist in ${code || "(none)"}`,
      ),
    );
  const params: string[] = [];
  for (const component of Array.isArray(template.components) ? (template.components as Body[]) : []) {
    if (component.type !== "body") continue;
    for (const parameter of Array.isArray(component.parameters) ? (component.parameters as Body[]) : []) {
      const text = parameter.text;
      if (parameter.type !== "text" || typeof text !== "string" || !text.trim()) throw invalid("Param text is missing or empty");
      if (/[\n\t]| {5,}/.test(text)) throw invalid("Param text cannot have new-line/tab characters or more than 4 consecutive spaces");
      if (text.length > 1024) throw invalid("Param text is longer than 1024 characters");
      params.push(text);
    }
  }
  const callback = body.biz_opaque_callback_data;
  if (callback !== undefined && (typeof callback !== "string" || callback.length > 512))
    throw invalid("biz_opaque_callback_data is longer than 512 characters");
  return { to: `+${to}`, digits: to, name, code, params, callbackData: typeof callback === "string" ? callback : null };
}

export class WhatsAppEmulator {
  readonly outbound = new Outbound("whatsapp");
  readonly options: WhatsAppOptions;

  constructor(options: WhatsAppOptions) {
    this.options = options;
  }

  private envelope(value: Body) {
    return {
      object: "whatsapp_business_account",
      entry: [
        {
          id: WABA_ID,
          changes: [
            {
              value: {
                messaging_product: "whatsapp",
                metadata: { display_phone_number: "918047102030", phone_number_id: this.options.phoneNumberId },
                ...value,
              },
              field: "messages",
            },
          ],
        },
      ],
    };
  }

  private post(event: string, to: string, messageId: string | null, value: Body, dueAt: number, copies = 1) {
    const body = JSON.stringify(this.envelope(value));
    const signature = createHmac("sha256", this.options.appSecret).update(body).digest("hex");
    const headers = {
      "content-type": "application/json",
      "x-hub-signature-256": `sha256=${signature}`,
      "user-agent": "facebookexternalua",
    };
    this.outbound.queue({ messageId, to, event, headers, body, dueAt }, copies);
  }

  /** The status webhooks a message will get: sent → delivered → read, or sent → failed. */
  private scheduleStatuses(message: SentMessage, undeliverable: boolean, copies: number) {
    const { delayMs, statuses } = this.options.timing;
    const steps: MessageStatus[] = undeliverable
      ? ["failed"]
      : (["sent", "delivered", "read"] as const).filter((s) => statuses.includes(s));
    steps.forEach((status, index) => {
      const at = new Date(Date.now() + delayMs * (index + 1));
      this.outbound.reach(message, status, at);
      const entry = {
        id: message.id,
        status,
        timestamp: String(Math.floor(at.getTime() / 1000)),
        recipient_id: message.to.slice(1),
        ...(message.callbackData ? { biz_opaque_callback_data: message.callbackData } : {}),
        ...(status === "failed"
          ? {
              errors: [
                {
                  code: 131026,
                  title: "Message undeliverable",
                  message: "Message undeliverable",
                  error_data: { details: "Message Undeliverable." },
                },
              ],
            }
          : {
              conversation: { id: message.id.slice(6, 38), origin: { type: "utility" } },
              pricing: { billable: true, pricing_model: "PMP", category: "utility" },
            }),
      };
      this.post(`status.${status}`, message.to, message.id, { statuses: [entry] }, at.getTime(), copies);
    });
  }

  /** The devotee writes to the business (e.g. STOP): an inbound message webhook, at once. */
  inbound(from: string, text: string) {
    const digits = from.replace(/^\+/, "");
    const message = {
      from: digits,
      id: wamid(digits),
      timestamp: String(Math.floor(Date.now() / 1000)),
      type: "text",
      text: { body: text },
    };
    this.post(
      "message",
      `+${digits}`,
      null,
      { contacts: [{ profile: { name: "Devotee" }, wa_id: digits }], messages: [message] },
      Date.now(),
    );
  }

  routes() {
    const api = new Hono();
    api.onError((error, c) => {
      if (error instanceof GraphError) return c.json(error.body, error.status as 400);
      console.error("whatsapp emulator:", error);
      return c.json(graphError("An unknown error occurred", 1, "OAuthException"), 500);
    });
    api.post("/:version/:phoneNumberId/messages", async (c) => {
      if (!/^v\d{1,3}\.\d$/.test(c.req.param("version"))) throw new GraphError(400, graphError("Unknown path components", 2500));
      if (c.req.header("authorization") !== `Bearer ${this.options.accessToken}`)
        throw new GraphError(401, graphError("Invalid OAuth access token - Cannot parse access token", 190));
      const id = c.req.param("phoneNumberId");
      if (id !== this.options.phoneNumberId)
        throw new GraphError(
          400,
          graphError(
            `Unsupported post request. Object with ID '${id.slice(0, 40)}' does not exist, cannot be loaded due to missing ` +
              "permissions, or does not support this operation.",
            100,
            "GraphMethodException",
          ),
        );
      const body = (await c.req.json().catch(() => null)) as Body | null;
      if (!body || typeof body !== "object") throw invalid("The request body is not JSON");
      const request = readTemplateMessage(body);
      const { faults } = this.outbound;
      const error = faults.take("error", request.to);
      if (error)
        throw new GraphError(
          error.status,
          graphError(
            error.message ?? (error.status >= 500 ? "(#131000) Something went wrong" : "(#100) Invalid parameter"),
            error.code ?? (error.status >= 500 ? 131000 : 100),
          ),
        );
      const timeout = faults.take("timeout", request.to);
      if (timeout && !timeout.process) {
        await sleep(timeout.delayMs);
        throw new GraphError(503, graphError("(#2) Service temporarily unavailable", 2));
      }
      const message = this.outbound.record({
        id: wamid(request.digits),
        to: request.to,
        template: request.name,
        language: request.code,
        params: request.params,
        callbackData: request.callbackData,
      });
      this.scheduleStatuses(message, Boolean(faults.take("undeliverable", request.to)), faults.take("duplicate", request.to) ? 2 : 1);
      if (timeout) await sleep(timeout.delayMs);
      return c.json({
        messaging_product: "whatsapp",
        contacts: [{ input: body.to, wa_id: request.digits }],
        messages: [{ id: message.id, message_status: "accepted" }],
      });
    });
    return api;
  }
}
