/**
 * Start-up calls (spec section 7): /GenerateSessionID, /token (and its refresh
 * path) and the login-status call /login. None of them writes customer data, so
 * they are outside the XSRF check; the first two set the XSRF-TOKEN cookie.
 */
import { type Context, Hono } from "hono";
import { z } from "zod";
import type { Database } from "~/db/client.server";
import type { AppEnv } from "~/lib/env.server";
import { issueTokens, refreshTokens } from "~/web/legacy-tokens.server";
import { clearedSessionCookie } from "~/lib/session.server";
import { errorAnswer, type LegacyEnv } from "./http";
import { legacyPost } from "./route";
import { ensureXsrfCookie } from "./xsrf";

export const session = new Hono<LegacyEnv>();

const sessionStatus = z.object({
  Status: z.enum(["success", "clearcookie"]).meta({
    description:
      "success: carry on (SignedIn says whether a customer is signed in). clearcookie: the portal session " +
      "cookie was stale and has been cleared; reload.",
  }),
  SignedIn: z.boolean(),
  sessionId: z
    .string()
    .nullable()
    .meta({
      description:
        "The live session's id when the call named it by bearer token or payload; null otherwise (a cookie " +
        "session's id is never handed to scripts).",
    }),
  FirstName: z.string(),
});

async function setXsrf(c: Context, secret: string) {
  const cookie = await ensureXsrfCookie(c, secret);
  if (cookie) c.header("Set-Cookie", cookie, { append: true });
}

legacyPost(
  session,
  {
    path: "/GenerateSessionID",
    group: "session",
    summary: "Start-up session check",
    description:
      "Sent on start with an empty payload (or the stored sessionId). Answers whether the credential sent " +
      "(bearer token, payload sessionId or portal cookie) leads to a live session, and sets the XSRF-TOKEN " +
      "cookie. Sessions exist only for signed-in customers, so a visitor gets Status success with " +
      "sessionId null. Status clearcookie is sent only when a stale portal cookie was sent, after clearing " +
      "it, so the client's reload cannot loop; a stale token or session id in the payload gets success " +
      "with SignedIn false. A 503 answer has Status Failed.",
    request: z.object({}),
    response: sessionStatus,
    auth: "public",
    writes: false,
    statuses: [503],
  },
  async ({ c, env, lookup }) => {
    await setXsrf(c, env.config.SESSION_SECRET);
    const found = await lookup();
    if (found.kind === "signed-in") {
      const sessionId = found.via === "cookie" ? null : found.session.sessionId;
      return { Status: "success" as const, SignedIn: true, sessionId, FirstName: found.session.customer.firstName };
    }
    if (found.kind === "stale" && found.staleCookie) {
      c.header("Set-Cookie", clearedSessionCookie(new URL(c.req.url)), { append: true });
      return { Status: "clearcookie" as const, SignedIn: false, sessionId: null, FirstName: "" };
    }
    return { Status: "success" as const, SignedIn: false, sessionId: null, FirstName: "" };
  },
);

const tokenAnswer = z.object({
  accessToken: z
    .string()
    .meta({ description: "JWT (HS256), valid expiresIn seconds; send as Authorization: Bearer. Empty when no session was named." }),
  refreshToken: z
    .string()
    .meta({ description: "Single use: exchange it at /token (or /token/refresh) for a new pair. Empty when no session was named." }),
  expiresIn: z.number().int(),
  tokenType: z.literal("Bearer"),
  sessionId: z.string().nullable(),
});

const refreshField = z.string({ error: "Must be text" }).max(200, "Not a refresh token");

const TOKEN_DESCRIPTION =
  "Access tokens live 15 minutes; refresh tokens are single-use and stored only as a hash in the " +
  "session record, so signing out, a password change or a reset ends both. Presenting an already-used " +
  "refresh token ends its session (it is how a stolen token shows itself).";

async function answerTokens(c: Context, env: AppEnv, db: Database, refreshToken: string) {
  const result = await refreshTokens(env.bindings.SESSIONS, db, env.config.SESSION_SECRET, refreshToken);
  if (!result.ok) {
    return errorAnswer(
      c,
      401,
      "unauthorized",
      "refreshToken",
      "This refresh token is not valid any more. Please sign in again.",
      "clearcookie",
    );
  }
  return { ...result.tokens, sessionId: result.session.sessionId };
}

const NO_TOKENS = { accessToken: "", refreshToken: "", expiresIn: 0, tokenType: "Bearer" as const, sessionId: null };

legacyPost(
  session,
  {
    path: "/token",
    group: "session",
    summary: "Access and refresh tokens",
    description:
      `Sent on start with an empty payload: a new token pair for the session named by a valid bearer token ` +
      `or the payload's sessionId (the portal's HttpOnly cookie is never exchanged for script-readable ` +
      `tokens). With a refreshToken in the payload it is the refresh call: the pair is rotated. Without a ` +
      `session the tokens are empty strings. Sets the XSRF-TOKEN cookie. ${TOKEN_DESCRIPTION}`,
    request: z.object({ refreshToken: refreshField.optional() }),
    response: tokenAnswer,
    auth: "public",
    writes: false,
    statuses: [401, 503],
  },
  async ({ c, env, db, input, lookup }) => {
    await setXsrf(c, env.config.SESSION_SECRET);
    if (input.refreshToken) return answerTokens(c, env, db, input.refreshToken);
    const found = await lookup();
    if (found.kind !== "signed-in" || found.via === "cookie") return NO_TOKENS;
    const tokens = await issueTokens(env.bindings.SESSIONS, env.config.SESSION_SECRET, found.session);
    return { ...tokens, sessionId: found.session.sessionId };
  },
);

legacyPost(
  session,
  {
    path: "/token/refresh",
    group: "session",
    summary: "Refresh the token pair",
    description: `Exchanges a refresh token for a new pair (the same as /token with a refreshToken). ${TOKEN_DESCRIPTION}`,
    request: z.object({ refreshToken: refreshField }),
    response: tokenAnswer,
    auth: "public",
    writes: false,
    statuses: [401, 503],
  },
  async ({ c, env, db, input }) => answerTokens(c, env, db, input.refreshToken),
);

/** Browser form posts (and React Router's) to /login belong to the portal's login page. */
function isFormPost(c: Context) {
  const type = (c.req.header("content-type") ?? "").toLowerCase();
  return type.includes("application/x-www-form-urlencoded") || type.includes("multipart/form-data");
}

legacyPost(
  session,
  {
    path: "/login",
    group: "session",
    summary: "Login status",
    description:
      "Sent on start with an empty or JSON payload: a one-item array whose Status is 1 when the credential " +
      "sent (bearer token, payload sessionId or portal cookie) belongs to a signed-in customer, with their " +
      "FirstName; Status 0 and an empty FirstName otherwise. Form posts to /login (content type " +
      "application/x-www-form-urlencoded or multipart/form-data) are the portal's sign-in page and are not " +
      "answered here.",
    request: z.object({}),
    response: z.array(z.object({ Status: z.union([z.literal(1), z.literal(0)]), FirstName: z.string() })).length(1),
    auth: "public",
    writes: false,
    passThrough: isFormPost,
  },
  async ({ c, lookup }) => {
    const found = await lookup();
    if (found.kind === "signed-in") return [{ Status: 1 as const, FirstName: found.session.customer.firstName }];
    if (found.kind === "stale" && found.staleCookie) {
      c.header("Set-Cookie", clearedSessionCookie(new URL(c.req.url)), { append: true });
    }
    return [{ Status: 0 as const, FirstName: "" }];
  },
);
