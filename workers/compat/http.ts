import type { Context } from "hono";
import type { z } from "zod";

export const MAX_LEGACY_BODY_BYTES = 64 * 1024;

export type LegacyEnv = { Bindings: Env };

/** A 400 naming the field, in the legacy API's JSON style. */
export function badRequest(c: Context, field: string, message: string) {
  return c.json({ Status: "Failed", error: "bad_request", field, message }, 400);
}

/**
 * Reads a legacy JSON payload (an empty body counts as {}) and validates it with
 * `schema`. Returns the data, or a Response to send back.
 */
export async function readPayload<T extends z.ZodType>(
  c: Context,
  schema: T,
): Promise<{ data: z.infer<T> } | { response: Response }> {
  const declared = Number(c.req.header("content-length") ?? "0");
  if (declared > MAX_LEGACY_BODY_BYTES) {
    return { response: badRequest(c, "body", "Payload too large") };
  }
  const text = await c.req.text();
  if (text.length > MAX_LEGACY_BODY_BYTES) {
    return { response: badRequest(c, "body", "Payload too large") };
  }
  let json: unknown = {};
  if (text.trim()) {
    try {
      json = JSON.parse(text);
    } catch {
      return { response: badRequest(c, "body", "Body must be valid JSON") };
    }
  }
  const result = schema.safeParse(json);
  if (!result.success) {
    const issue = result.error.issues[0];
    const field = issue?.path.join(".") || "body";
    return { response: badRequest(c, field, issue?.message ?? "Invalid value") };
  }
  return { data: result.data };
}
