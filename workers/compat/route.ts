/**
 * One declaration per legacy path: its payload and answer schemas (zod), whether
 * it needs a signed-in customer and whether it writes. `legacyPost` registers the
 * Hono handler from it and the OpenAPI document (openapi.ts) is generated from the
 * same list, so the documentation cannot drift from what the code validates.
 */
import type { Context, Hono } from "hono";
import { z } from "zod";
import { createDb, type Database } from "~/db/client.server";
import type { CurrentSession } from "~/web/auth.server";
import { type AppEnv, readEnv } from "~/lib/env.server";
import { type CredentialSource, findSession, type SessionLookup, unauthorized } from "./auth";
import { localeForLanguageId } from "~/lib/i18n";
import { withLocale } from "~/lib/locale.server";
import { errorAnswer, type JsonBody, type LegacyEnv, pick, readJsonBody, validate } from "./http";
import { checkXsrf } from "./xsrf";

export const LEGACY_GROUPS = ["session", "user", "client", "Customer", "MyProfile", "Common", "Transaction", "Temple", "request"] as const;
export type LegacyGroup = (typeof LEGACY_GROUPS)[number];

export interface LegacyRoute<Req extends z.ZodType = z.ZodType, Res extends z.ZodType = z.ZodType> {
  path: string;
  group: LegacyGroup;
  summary: string;
  /** Prose for client authors: what the call does, the choices made where the spec is silent. */
  description: string;
  request: Req;
  /** The 200 answer. */
  response: Res;
  /** "customer": 401 without a live session; "public": anyone (a session is read if sent). */
  auth: "customer" | "public";
  /** Writes data: a call carrying the portal session cookie must pass the XSRF check. */
  writes: boolean;
  /** Other statuses this path can answer (400 and 413 are always possible). */
  statuses?: (401 | 403 | 404 | 429 | 503)[];
  /**
   * The payload goes on to a portal form schema (validatePortal), which decides what
   * is required, with the spec's messages; the declared schema then only checks types.
   */
  portalChecked?: boolean;
  /** Requests this path leaves to the next handler (e.g. /login's form posts go to React Router). */
  passThrough?: (c: Context) => boolean;
}

export const legacyRoutes: LegacyRoute[] = [];

export interface HandlerArgs<Req extends z.ZodType> {
  c: Context<LegacyEnv>;
  input: z.output<Req>;
  /** The raw payload (for fields outside the schema, e.g. sessionId). */
  json: JsonBody;
  env: AppEnv;
  db: Database;
}

/** `via`: how the session was named (a cookie session's id is never handed to scripts). */
type CustomerArgs<Req extends z.ZodType> = HandlerArgs<Req> & { session: CurrentSession; via: CredentialSource };
type PublicArgs<Req extends z.ZodType> = HandlerArgs<Req> & { lookup: () => Promise<SessionLookup> };

type Answer<Res extends z.ZodType> = Promise<z.input<Res> | Response>;

type ArgsFor<Req extends z.ZodType, A> = A extends "customer" ? CustomerArgs<Req> : PublicArgs<Req>;

export function legacyPost<Req extends z.ZodType, Res extends z.ZodType, A extends LegacyRoute["auth"]>(
  app: Hono<LegacyEnv>,
  route: LegacyRoute<Req, Res> & { auth: A },
  handler: (args: ArgsFor<NoInfer<Req>, A>) => Answer<NoInfer<Res>>,
): void {
  legacyRoutes.push(route as unknown as LegacyRoute);
  app.post(route.path, async (c, next) => {
    if (route.passThrough?.(c)) return next();
    // Answers carry tokens and personal data: never stored by a cache (RFC 6749 5.1).
    c.header("Cache-Control", "no-store");
    try {
      const env = readEnv(c.env);
      if (route.writes) {
        const blocked = await checkXsrf(c, env.config.SESSION_SECRET);
        if (blocked) return blocked;
      }
      const body = await readJsonBody(c);
      if ("response" in body) return body.response;
      // LanguageID (any case) chooses the language of names, messages and errors; unknown is English.
      return await withLocale(localeForLanguageId(pick(body.json, "LanguageID")), () => answer(c, env, body.json));
    } catch (error) {
      // Never a stack trace or SQL to the client; the log line names the path only.
      console.error(`Legacy call ${route.path} failed:`, error instanceof Error ? `${error.name}: ${error.message}` : "unknown error");
      c.header("Retry-After", "30");
      return errorAnswer(c, 503, "unavailable", "body", "The service is busy. Please try again in a moment.");
    }
  });

  async function answer(c: Context<LegacyEnv>, env: AppEnv, json: JsonBody): Promise<Response> {
    const db = createDb(env.bindings.DB);
    let signedIn: { session: CurrentSession; via: CredentialSource } | null = null;
    if (route.auth === "customer") {
      const found = await findSession(c, env, db, json);
      if (found.kind !== "signed-in") return unauthorized(c, found);
      signedIn = found;
    }
    const schema = route.portalChecked && route.request instanceof z.ZodObject ? route.request.partial() : route.request;
    const parsed = validate(c, schema, json);
    if ("response" in parsed) return parsed.response;
    let lookup: Promise<SessionLookup> | null = null;
    const result = await (handler as (args: CustomerArgs<Req> & PublicArgs<Req>) => Answer<Res>)({
      c,
      input: parsed.data as z.output<Req>,
      json,
      env,
      db,
      session: signedIn?.session as CurrentSession,
      via: signedIn?.via as CredentialSource,
      lookup: () => (lookup ??= findSession(c, env, db, json)),
    });
    return result instanceof Response ? result : c.json(result as object);
  }
}
