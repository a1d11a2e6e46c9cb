/**
 * SMS through MSG91 (docs/decisions/007-phone-providers.md says why): every SMS to an Indian
 * number must match a template registered on the DLT platform under the sender's header,
 * so a message is MSG91's Flow API (`POST /api/v5/flow`, header `authkey`) with the
 * template of its kind and language and its variables (`var1`, `var2`, … in the template).
 * Locally MSG91_API_BASE points this same code at the emulator (emulator/phone).
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
import { e164Digits, isE164 } from "./phone-number";

export const MSG91_API = "https://control.msg91.com/api/v5";
const MSG91_HOSTS = ["control.msg91.com", "api.msg91.com"];

/** MSG91 answers `{ type: "success", message: <request id> }`, or `{ type: "error", message: <why> }` (sometimes with HTTP 200). */
const flowAnswer = z.object({ type: z.string(), message: z.string().optional() }).loose();

export function msg91ApiBase(config: AppEnv["config"]): string {
  return providerApiBase(config.MSG91_API_BASE, MSG91_API, MSG91_HOSTS);
}

/** The DLT template of a kind in a language: its own, else the kind's `default`, else its one id for all languages. */
export function msg91TemplateId(config: AppEnv["config"], kind: string, language: Locale): string | null {
  const entry = config.MSG91_TEMPLATES?.[kind];
  if (typeof entry === "string") return entry;
  return entry?.[language] ?? entry?.default ?? null;
}

/** Sends one SMS; answers MSG91's request id (its delivery reports carry it) or throws PhoneDeliveryError. */
export async function sendSms(env: AppEnv, message: PhoneMessage, options: SendOptions = {}): Promise<{ providerId: string }> {
  const { config } = env;
  if (!config.MSG91_AUTH_KEY) throw notConfigured("MSG91", "MSG91_AUTH_KEY");
  const templateId = msg91TemplateId(config, message.kind, message.language);
  if (!templateId) throw notConfigured("MSG91", `no template for ${message.kind} in ${message.language} in MSG91_TEMPLATES`);
  if (!isE164(message.to)) throw new PhoneDeliveryError("MSG91: the number is not in E.164 form", { retryable: false });
  // DLT templates and headers are India's: a number abroad needs another route, not this one.
  if (!message.to.startsWith("+91")) throw new PhoneDeliveryError("MSG91: SMS go to Indian numbers only", { retryable: false });
  const variables = Object.fromEntries(message.params.map((value, index) => [`var${index + 1}`, value.replace(/\s+/g, " ").trim()]));
  const body = {
    template_id: templateId,
    short_url: "0",
    ...(config.MSG91_SENDER_ID ? { sender: config.MSG91_SENDER_ID } : {}),
    recipients: [{ mobiles: e164Digits(message.to), ...variables }],
  };
  const answer = await postJson("MSG91", `${msg91ApiBase(config)}/flow`, { authkey: config.MSG91_AUTH_KEY }, body, options.timeoutMs);
  const parsed = flowAnswer.safeParse(answer.body);
  const ok = answer.status >= 200 && answer.status < 300;
  const accepted = ok && parsed.success && parsed.data.type === "success";
  if (accepted && parsed.data.message) return { providerId: parsed.data.message.slice(0, 200) };
  // Accepted but unreadable: sending again is safer than losing it.
  if (accepted || (ok && !parsed.success))
    throw new PhoneDeliveryError("MSG91 answered without a request id", { retryable: true, status: answer.status });
  const reason = shortReason(parsed.success ? parsed.data.message : undefined, "no reason given");
  throw new PhoneDeliveryError(`MSG91 refused the message (HTTP ${answer.status}): ${reason}`, {
    retryable: isRetryableStatus(answer.status),
    status: answer.status,
  });
}
