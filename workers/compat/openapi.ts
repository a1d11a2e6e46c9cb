/**
 * The OpenAPI 3.1 document of the legacy API, generated from the same zod schemas
 * the handlers validate with (route.ts's registry) by zod's own z.toJSONSchema.
 */
import { LANGUAGE_ID_LIST } from "./fields";
import { z } from "zod";
import { ACCESS_TOKEN_TTL_SECONDS } from "~/web/legacy-tokens.server";
import { SESSION_COOKIE } from "~/lib/session.server";
import { MAX_LEGACY_BODY_BYTES } from "./http";
import { LEGACY_GROUPS, type LegacyRoute, legacyRoutes } from "./route";
import { XSRF_COOKIE, XSRF_HEADER } from "./xsrf";

type JsonSchema = Record<string, unknown>;

export const legacyErrorSchema = z.object({
  Status: z.enum(["Failed", "clearcookie"]).meta({ description: "clearcookie: the session sent has ended (sign in again)." }),
  error: z.enum([
    "bad_request",
    "unauthorized",
    "token_expired",
    "xsrf",
    "not_found",
    "payload_too_large",
    "rate_limited",
    "challenge_required",
    "unavailable",
  ]),
  field: z.string().meta({ description: "The payload field (or header) at fault; 'body' for the body as a whole." }),
  message: z.string().meta({ description: "Readable text; for validation, the spec's own message where it has one." }),
});

export function jsonSchema(schema: z.ZodType, io: "input" | "output"): JsonSchema {
  const { $schema: _drop, ...rest } = z.toJSONSchema(schema, { target: "draft-2020-12", io, unrepresentable: "any" }) as JsonSchema;
  return rest;
}

/** The request schema as documented: the declared fields plus the sessionId every payload may carry. */
export function requestSchema(route: LegacyRoute): JsonSchema {
  const schema = jsonSchema(route.request, "input");
  const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
  return {
    ...schema,
    properties: {
      ...properties,
      sessionId: { type: "string", description: "The session id legacy clients add to every payload (optional)." },
    },
  };
}

const STATUS_TEXT: Record<number, string> = {
  400: "Malformed JSON, a wrong type, or a missing or invalid field; `field` names it.",
  401: "No live session: sign in (or refresh the access token when error is token_expired).",
  403:
    "A call carrying the portal session cookie without the matching X-XSRF-TOKEN header (error xsrf); or " +
    "an attempt on an account that strangers have tried past its limit, sent without a passed human " +
    "check (error challenge_required): show Cloudflare Turnstile (siteKey in the answer) and send its " +
    "token as TurnstileToken.",
  404: "Not found (or not yours: another customer's records answer the same).",
  413: `A body over ${MAX_LEGACY_BODY_BYTES / 1024} KiB, by its Content-Length or by what arrives: error payload_too_large, field 'body'.`,
  429: "Too many attempts; Retry-After says how many seconds to wait.",
  503: "The service could not complete the call; Status is Failed. Try again later.",
};

export const API_OVERVIEW = [
  "The POST endpoints of the original Sannidhi clients (spec section 7), served by the same Worker and domain code as the portal.",
  `Bodies are JSON objects (an empty body counts as {}), at most ${MAX_LEGACY_BODY_BYTES / 1024} KiB. ` +
    `Field names are matched without regard to case (loginId or LoginID). Unknown fields are ignored.`,
  `Authentication, in this order: an Authorization: Bearer access token (from /token or sign-in; ` +
    `${ACCESS_TOKEN_TTL_SECONDS / 60} minutes), the sessionId in the payload, or the portal's ` +
    `${SESSION_COOKIE} cookie. All three name one session record, so signing out, changing or resetting ` +
    `the password ends them all.`,
  `XSRF: /GenerateSessionID and /token set the ${XSRF_COOKIE} cookie; a call that writes and carries ` +
    `the portal session cookie must send it back in the ${XSRF_HEADER} header (403 otherwise). Calls ` +
    `authenticated by token or payload session id need no header.`,
  "Errors are JSON: { Status, error, field, message } with 400, 401, 403, 404, 413, 429 or 503; never " +
    "a stack trace. Business outcomes the spec's clients read from the body (a wrong password, a code " +
    "that does not match) are 200 answers with the spec's fields.",
  `LanguageID chooses the language of names, texts and messages in an answer: ${LANGUAGE_ID_LIST}. A ` +
    `missing, unknown or malformed id answers English, never an error. Money is sent as rupees (numbers ` +
    `with at most 2 decimals); dates as ISO strings (the clients show their first 10 characters).`,
];

function operation(route: LegacyRoute) {
  const responses: Record<string, unknown> = {
    200: { description: "The answer", content: { "application/json": { schema: jsonSchema(route.response, "output") } } },
  };
  for (const status of [400, 413, ...(route.auth === "customer" ? [401] : []), ...(route.statuses ?? [])]) {
    responses[status] = { $ref: `#/components/responses/Error${status}` };
  }
  return {
    operationId: route.path.replace(/^\//, "").replace(/[^A-Za-z0-9]+/g, "_"),
    tags: [route.group],
    summary: route.summary,
    description: route.description,
    ...(route.auth === "customer" ? { security: [{ bearerAuth: [] }, { portalCookie: [], xsrfHeader: [] }] } : { security: [] }),
    requestBody: { required: false, content: { "application/json": { schema: requestSchema(route) } } },
    responses,
  };
}

let cached: JsonSchema | null = null;

export function openApiDocument(): JsonSchema {
  if (cached) return cached;
  const paths: Record<string, unknown> = {};
  for (const route of legacyRoutes) paths[route.path] = { post: operation(route) };
  const errorResponses = Object.fromEntries(
    Object.entries(STATUS_TEXT).map(([status, description]) => [
      `Error${status}`,
      { description, content: { "application/json": { schema: { $ref: "#/components/schemas/LegacyError" } } } },
    ]),
  );
  cached = {
    openapi: "3.1.0",
    jsonSchemaDialect: "https://json-schema.org/draft/2020-12/schema",
    info: { title: "Sannidhi legacy API", version: "1.0.0", description: API_OVERVIEW.join("\n\n") },
    servers: [{ url: "/" }],
    tags: LEGACY_GROUPS.map((name) => ({ name })),
    paths,
    components: {
      schemas: { LegacyError: jsonSchema(legacyErrorSchema, "output") },
      responses: errorResponses,
      securitySchemes: {
        bearerAuth: { type: "http", scheme: "bearer", bearerFormat: "JWT", description: "The accessToken from /token or sign-in." },
        portalCookie: {
          type: "apiKey",
          in: "cookie",
          name: SESSION_COOKIE,
          description: "The portal's session cookie (browsers on this site).",
        },
        xsrfHeader: {
          type: "apiKey",
          in: "header",
          name: XSRF_HEADER,
          description: `Equal to the ${XSRF_COOKIE} cookie; needed on writes with the portal cookie.`,
        },
      },
    },
  };
  return cached;
}
