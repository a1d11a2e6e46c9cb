/** /api/user/login, /api/user/loginNew and /api/user/logout (spec section 7). */
import { Hono } from "hono";
import { z } from "zod";
import { ACCOUNT_MESSAGES as M, loginSchema } from "~/domain/accounts/inputs";
import { signIn } from "~/domain/accounts/signin.server";
import { endLegacySession, readAccessToken, startLegacySession } from "~/web/legacy-tokens.server";
import { accountServices } from "~/web/account-services.server";
import { clearedSessionCookie, readSessionId } from "~/lib/session.server";
import { bearerToken, payloadSessionId } from "./auth";
import { humanCheckToken, languageId, text } from "./fields";
import { type LegacyEnv, validatePortal } from "./http";
import { humanCheckNeeded, humanTokenOf, tooManyAttempts } from "./limits";
import { legacyPost } from "./route";

export const user = new Hono<LegacyEnv>();

const signedIn = z.object({
  RESULT: z.literal(1),
  Message: z.string(),
  FirstName: z.string(),
  LoginID: z.string(),
  sessionId: z.string(),
  accessToken: z.string(),
  refreshToken: z.string(),
  expiresIn: z.number().int(),
  tokenType: z.literal("Bearer"),
});
const rejected = z.object({ RESULT: z.literal(0), Message: z.string() });

for (const path of ["/api/user/login", "/api/user/loginNew"]) {
  legacyPost(
    user,
    {
      path,
      group: "user",
      summary: path.endsWith("New") ? "Sign in (newer clients; same answer)" : "Sign in",
      description:
        "Checks mail and pass with the portal's sign-in rules and rate limits, counted before the password " +
        "is checked: one client (IP) past its limit, on the account or in all, answers 429 with a message " +
        "pointing to the password reset; an account that strangers have tried past its limit answers 403 " +
        "(error challenge_required) until the call carries TurnstileToken, a passed Cloudflare Turnstile " +
        "check, so strangers' guesses never lock the owner out. Success: a one-item array with RESULT 1, the " +
        "customer's FirstName and a new session: sessionId, accessToken and refreshToken for local storage. " +
        "A wrong email or password: [{ RESULT: 0, Message: 'Please check your E-mail or password' }] (status " +
        "200, as the client reads it). A session the call already carried (bearer or sessionId) is ended " +
        "first, so the id changes at sign-in.",
      request: z.object({ mail: text(254), pass: text(1000), LanguageID: languageId, TurnstileToken: humanCheckToken }),
      response: z.array(z.union([signedIn, rejected])).length(1),
      auth: "public",
      writes: true,
      portalChecked: true,
      statuses: [403, 429, 503],
    },
    async ({ c, env, db, input, json, lookup }) => {
      const parsed = validatePortal(c, loginSchema, { email: input.mail, password: input.pass }, { email: "mail", password: "pass" });
      if ("response" in parsed) return parsed.response;
      const result = await signIn({ ...accountServices(env, c.req.raw), db }, parsed.data, humanTokenOf(input, json));
      if (result.status === "limited") return tooManyAttempts(c, "mail", result.retryAfter, true);
      if (result.status === "challenge") return humanCheckNeeded(c, result);
      if (result.status === "rejected") return [{ RESULT: 0 as const, Message: M.loginRejected }];
      const { customer } = result;
      const previous = await lookup();
      if (previous.kind === "signed-in" && previous.via !== "cookie") {
        await endLegacySession(env.bindings.SESSIONS, previous.session.sessionId);
      }
      const started = await startLegacySession(env.bindings.SESSIONS, env.config.SESSION_SECRET, customer);
      return [
        {
          RESULT: 1 as const,
          Message: M.welcomeBack(customer.firstName),
          FirstName: customer.firstName,
          LoginID: customer.email,
          ...started,
        },
      ];
    },
  );
}

legacyPost(
  user,
  {
    path: "/api/user/logout",
    group: "user",
    summary: "Sign out",
    description:
      "Ends the session named by the bearer token (accepted even when expired, as long as it is genuine), " +
      "the payload's sessionId and, with the XSRF header, the portal cookie; every token of those sessions " +
      "stops working. Always a one-item array with RESULT 1 (signing out twice is not an error); a 503 " +
      "(Status Failed) is the spec's 'Something went wrong!'.",
    request: z.object({}),
    response: z.array(z.object({ RESULT: z.literal(1), Message: z.string() })).length(1),
    auth: "public",
    writes: true,
    statuses: [403, 503],
  },
  async ({ c, env, json }) => {
    const kv = env.bindings.SESSIONS;
    const ids = new Set<string>();
    const bearer = bearerToken(c);
    if (bearer) {
      const check = await readAccessToken(env.config.SESSION_SECRET, bearer, true);
      if (check.ok) ids.add(check.sessionId);
    }
    const fromPayload = payloadSessionId(json);
    if (fromPayload) ids.add(fromPayload);
    const fromCookie = readSessionId(c.req.raw);
    if (fromCookie) {
      ids.add(fromCookie);
      c.header("Set-Cookie", clearedSessionCookie(new URL(c.req.url)), { append: true });
    }
    for (const id of ids) await endLegacySession(kv, id);
    return [{ RESULT: 1 as const, Message: "You have been signed out." }];
  },
);
