/**
 * WhatsApp through Meta's WhatsApp Business Cloud API (Graph API): a template message,
 * approved by Meta in each of the portal's languages under one name, sent with
 * `POST /{phone-number-id}/messages` and a system user's access token. Business-initiated
 * messages must be templates (free text only inside 24 hours of the devotee's own message).
 * Locally WHATSAPP_API_BASE points this same code at the emulator (emulator/phone).
 */
import { z } from "zod";
import type { AppEnv } from "../env.server";
import type { Locale } from "../i18n";
import {
  isRetryableStatus,
  notConfigured,
  PhoneDeliveryError,
  type PhoneMessage,
  type SendOptions,
  postJson,
  providerApiBase,
  shortReason,
} from "./delivery.server";
import { isE164 } from "./phone-number";

/** The Graph API version current when this was written (v26.0, July 2026; each version lives two years). */
export const WHATSAPP_API = "https://graph.facebook.com/v26.0";
const WHATSAPP_HOSTS = ["graph.facebook.com"];

/** Meta's template language codes for the portal's languages. */
export const WHATSAPP_LANGUAGE_CODES: Record<Locale, string> = { en: "en", hi: "hi", ta: "ta", te: "te", kn: "kn", ml: "ml" };

/**
 * Meta's error codes that mean "later" even on a 4xx: unknown/service errors (1, 2, 131000,
 * 131016, 133004) and throttling (4, 80007, 130429, 131056 for one recipient).
 */
const RETRYABLE_CODES = new Set([1, 2, 4, 80007, 130429, 131000, 131016, 131056, 133004]);

const sendAnswer = z.object({ messages: z.array(z.object({ id: z.string().min(1).max(200) })).min(1) });
const errorAnswer = z.object({ error: z.object({ message: z.string().optional(), code: z.number().optional() }) });

/** The approved template of a kind: WHATSAPP_TEMPLATES' name, else `sannidhi_<kind>`. */
export function whatsappTemplateName(config: AppEnv["config"], kind: string): string {
  return config.WHATSAPP_TEMPLATES?.[kind] ?? `sannidhi_${kind.toLowerCase().replace(/[^a-z0-9]+/g, "_")}`;
}

/** A body variable as Meta takes it: no new lines or tabs, at most four spaces in a row, never empty. */
function templateText(value: string): string {
  const text = value
    .replace(/[\r\n\t]+/g, " ")
    .replace(/ {5,}/g, "    ")
    .trim();
  return text || "-";
}

export function whatsappApiBase(config: AppEnv["config"]): string {
  return providerApiBase(config.WHATSAPP_API_BASE, WHATSAPP_API, WHATSAPP_HOSTS);
}

/** Sends one template message; answers Meta's message id (wamid.…) or throws PhoneDeliveryError. */
export async function sendWhatsApp(env: AppEnv, message: PhoneMessage, options: SendOptions = {}): Promise<{ providerId: string }> {
  const { config } = env;
  const token = config.WHATSAPP_ACCESS_TOKEN;
  const phoneNumberId = config.WHATSAPP_PHONE_NUMBER_ID;
  if (!token || !phoneNumberId) throw notConfigured("WhatsApp", "WHATSAPP_ACCESS_TOKEN and WHATSAPP_PHONE_NUMBER_ID");
  if (!isE164(message.to)) throw new PhoneDeliveryError("WhatsApp: the number is not in E.164 form", { retryable: false });
  const parameters = message.params.map((text) => ({ type: "text", text: templateText(text) }));
  const body = {
    messaging_product: "whatsapp",
    recipient_type: "individual",
    to: message.to,
    type: "template",
    // Echoed in every status webhook: a status still finds its message when the send's answer was lost.
    biz_opaque_callback_data: message.id.slice(0, 512),
    template: {
      name: whatsappTemplateName(config, message.kind),
      language: { code: WHATSAPP_LANGUAGE_CODES[message.language] ?? "en" },
      components: parameters.length ? [{ type: "body", parameters }] : [],
    },
  };
  const url = `${whatsappApiBase(config)}/${encodeURIComponent(phoneNumberId)}/messages`;
  const answer = await postJson("WhatsApp", url, { authorization: `Bearer ${token}` }, body, options.timeoutMs);
  if (answer.status >= 200 && answer.status < 300) {
    const parsed = sendAnswer.safeParse(answer.body);
    // Accepted but unreadable: sending again is safer than losing it (statuses still carry our id).
    if (!parsed.success) throw new PhoneDeliveryError("WhatsApp answered without a message id", { retryable: true, status: answer.status });
    return { providerId: parsed.data.messages[0]!.id };
  }
  const error = errorAnswer.safeParse(answer.body);
  const code = error.success ? error.data.error.code : undefined;
  const reason = shortReason(error.success ? error.data.error.message : undefined, "no reason given");
  throw new PhoneDeliveryError(
    `WhatsApp refused the message (HTTP ${answer.status}${code === undefined ? "" : `, code ${code}`}): ${reason}`,
    {
      retryable: isRetryableStatus(answer.status) || (code !== undefined && RETRYABLE_CODES.has(code)),
      status: answer.status,
    },
  );
}
