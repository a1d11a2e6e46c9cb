/**
 * The legacy API's HTTP edge: reading a JSON payload within a size limit, field
 * names matched without regard to case (the spec's clients send `loginId` and
 * `LoginID`, `languageID` and `LanguageID`), and the one JSON style every error
 * answer uses: { Status, error, field, message }.
 */
import type { Context } from "hono";
import { z } from "zod";
import { readBoundedBytes } from "~/lib/request-body.server";

export const MAX_LEGACY_BODY_BYTES = 64 * 1024;

export type LegacyEnv = { Bindings: Env };

export type LegacyError =
  | "bad_request"
  | "unauthorized"
  | "token_expired"
  | "xsrf"
  | "not_found"
  | "payload_too_large"
  | "rate_limited"
  | "challenge_required"
  | "unavailable";

export function errorAnswer(
  c: Context,
  status: 400 | 401 | 403 | 404 | 413 | 429 | 503,
  error: LegacyError,
  field: string,
  message: string,
  Status: "Failed" | "clearcookie" = "Failed",
) {
  return c.json({ Status, error, field, message }, status);
}

/** A 400 naming the field, in the legacy API's JSON style. */
export function badRequest(c: Context, field: string, message: string) {
  return errorAnswer(c, 400, "bad_request", field, message);
}

/**
 * Reads the body as text, refusing more than MAX_LEGACY_BODY_BYTES whatever Content-Length
 * says (a refused body is read to its end unkept, so the client gets the 413: request-body.server.ts).
 */
async function readLimitedText(request: Request): Promise<string | null> {
  const bytes = await readBoundedBytes(request, MAX_LEGACY_BODY_BYTES);
  return bytes === null ? null : new TextDecoder().decode(bytes);
}

export type JsonBody = Record<string, unknown>;

/**
 * The payload as a JSON value (an empty body counts as {}), or the error to send: 413
 * for a body over MAX_LEGACY_BODY_BYTES, 400 for anything but a JSON object, naming the body.
 */
export async function readJsonBody(c: Context): Promise<{ json: JsonBody } | { response: Response }> {
  let text: string | null;
  try {
    text = await readLimitedText(c.req.raw);
  } catch {
    return { response: badRequest(c, "body", "The body could not be read") };
  }
  if (text === null) return { response: errorAnswer(c, 413, "payload_too_large", "body", "Payload too large") };
  if (!text.trim()) return { json: {} };
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return { response: badRequest(c, "body", "Body must be valid JSON") };
  }
  if (typeof json !== "object" || json === null || Array.isArray(json)) {
    return { response: badRequest(c, "body", "Body must be a JSON object") };
  }
  return { json: json as JsonBody };
}

/** The value of `name` in a payload, matching the key without regard to case. */
export function pick(json: JsonBody, name: string): unknown {
  if (Object.hasOwn(json, name)) return json[name];
  const wanted = name.toLowerCase();
  const key = Object.keys(json).find((k) => k.toLowerCase() === wanted);
  return key === undefined ? undefined : json[key];
}

/** Copies the schema's fields out of the payload under their declared names. */
function normalizeKeys(schema: z.ZodType, json: JsonBody): JsonBody {
  if (!(schema instanceof z.ZodObject)) return json;
  const out: JsonBody = {};
  for (const name of Object.keys(schema.shape)) {
    const value = pick(json, name);
    if (value !== undefined) out[name] = value;
  }
  return out;
}

/** Turns a zod issue path into the legacy field name: the whole path or its first segment, renamed if mapped. */
export function fieldOf(path: PropertyKey[], rename: Record<string, string> = {}): string {
  if (path.length === 0) return "body";
  const parts = path.map(String);
  const whole = rename[parts.join(".")];
  if (whole) return whole;
  const [first, ...rest] = parts;
  return [rename[first!] ?? first, ...rest].join(".");
}

/** Validates a payload with `schema`; the 400 names the first failing field. */
export function validate<T extends z.ZodType>(
  c: Context,
  schema: T,
  json: JsonBody,
  rename: Record<string, string> = {},
): { data: z.output<T> } | { response: Response } {
  const result = schema.safeParse(normalizeKeys(schema, json));
  if (result.success) return { data: result.data };
  const issue = result.error.issues[0];
  return { response: badRequest(c, fieldOf(issue?.path ?? [], rename), issue?.message ?? "Invalid value") };
}

/**
 * Runs a portal form schema over values taken from a legacy payload. Blank strings
 * count as missing, as they do in a submitted form (Conform), so the schema gives
 * the same answers and messages as on the portal; the 400 names the legacy field.
 */
export function validatePortal<T extends z.ZodType>(
  c: Context,
  schema: T,
  values: Record<string, unknown>,
  rename: Record<string, string>,
): { data: z.output<T> } | { response: Response } {
  const cleaned: JsonBody = {};
  for (const [key, value] of Object.entries(values)) {
    if (value === undefined || value === null || (typeof value === "string" && value.trim() === "")) continue;
    cleaned[key] = typeof value === "number" ? String(value) : value;
  }
  return validate(c, schema, cleaned, rename);
}
