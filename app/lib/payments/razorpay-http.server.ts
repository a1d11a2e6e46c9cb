/**
 * One authenticated call to Razorpay's API and the reading of its answer, shared by the payments
 * adapter and the Route adapter: HTTP Basic with the key id and secret, a timeout, JSON bodies;
 * an answer that is refused or not what we expect is a PaymentGatewayError naming the call and
 * Razorpay's HTTP status, never a key.
 */
import type { z } from "zod";
import { textToBase64 } from "../crypto.server";
import { PaymentGatewayError } from "./provider";

/** How long one call to the gateway may take before it counts as unreachable. */
const CALL_TIMEOUT_MS = 10_000;

export type HttpMethod = "GET" | "POST" | "PATCH";

/** Razorpay's description of a 4xx refusal (`error.description`), one line of at most 200 characters, or null. */
async function refusalReason(response: Response): Promise<string | null> {
  if (response.status >= 500) {
    await response.body?.cancel();
    return null;
  }
  const body = (await response.json().catch(() => null)) as { error?: { description?: unknown } } | null;
  const description = body?.error?.description;
  return typeof description === "string" && description.trim() ? description.replace(/\s+/g, " ").trim().slice(0, 200) : null;
}

/**
 * `explainRefusals`: a 4xx error carries what Razorpay found wrong (the console shows it to the
 * operator setting up a linked account); a 5xx says nothing worth showing.
 */
export function razorpayHttp(keys: { keyId: string; keySecret: string }, options: { explainRefusals?: boolean } = {}) {
  /** A server-side call to `url` with the key id and secret. */
  async function call(method: HttpMethod, url: string, body?: unknown, headers: Record<string, string> = {}): Promise<Response> {
    try {
      return await fetch(url, {
        method,
        headers: {
          authorization: `Basic ${textToBase64(`${keys.keyId}:${keys.keySecret}`)}`,
          ...(body === undefined ? {} : { "content-type": "application/json" }),
          ...headers,
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(CALL_TIMEOUT_MS),
      });
    } catch {
      throw new PaymentGatewayError("Razorpay could not be reached");
    }
  }
  /** The answer's JSON read against `schema`, or a PaymentGatewayError naming the call. */
  async function answer<T extends z.ZodType>(response: Response, schema: T, what: string): Promise<z.infer<T>> {
    if (!response.ok) {
      const reason = options.explainRefusals ? await refusalReason(response) : await response.body?.cancel();
      throw new PaymentGatewayError(
        `Razorpay refused the ${what} (HTTP ${response.status})${reason ? `: ${reason}` : ""}`,
        response.status,
      );
    }
    const parsed = schema.safeParse(await response.json().catch(() => null));
    if (!parsed.success) throw new PaymentGatewayError(`Razorpay answered with an unexpected ${what}`, response.status);
    return parsed.data;
  }
  return { call, answer, id: (value: string) => encodeURIComponent(value) };
}
