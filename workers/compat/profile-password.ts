/** /api/MyProfile/ChangePassword: the portal's rules, limits and session rotation for legacy clients. */
import type { Hono } from "hono";
import { z } from "zod";
import { ACCOUNT_MESSAGES as M, changePasswordSchema } from "~/domain/accounts";
import { changePassword } from "~/domain/accounts.server";
import { passwordChangedEmail } from "~/domain/accounts-emails.server";
import { trySend } from "~/lib/account-actions.server";
import { authStamp } from "~/lib/auth.server";
import { endLegacySession, startLegacySession } from "~/lib/legacy-tokens.server";
import { createSession, sessionCookie } from "~/lib/session.server";
import { text } from "./fields";
import { type LegacyEnv, validatePortal } from "./http";
import { rateLimiter } from "./limits";
import { legacyPost } from "./route";

const RENAME = { currentPassword: "LoginPassword", newPassword: "LoginNewPassword", confirmPassword: "LoginNewPassword" };

const changed = z.object({
  Status: z.literal("success"),
  RESULT: z.string(),
  sessionId: z.string().optional(),
  accessToken: z.string().optional(),
  refreshToken: z.string().optional(),
  expiresIn: z.number().int().optional(),
  tokenType: z.literal("Bearer").optional(),
});
const refused = z.object({ Status: z.literal("failure"), RESULT: z.string() });

export function changePasswordRoute(app: Hono<LegacyEnv>) {
  legacyPost(
    app,
    {
      path: "/api/MyProfile/ChangePassword",
      group: "MyProfile",
      summary: "Change the password",
      description:
        "LoginPassword is the current password, LoginNewPassword the new one (the portal's rules: at least six characters, not the login id). Answer: Status 'success' with RESULT the confirmation, or Status 'failure' with RESULT 'Your current password is not correct'. A change ends every session of the account, this one included, and starts a new one: a client signed in by token or sessionId gets the new sessionId, accessToken and refreshToken in the answer (the old ones stop working); a portal-cookie caller gets a new cookie. Wrong current passwords count as failed sign-ins (429).",
      request: z.object({ LoginPassword: text(1000), LoginNewPassword: text(1000) }),
      response: z.union([changed, refused]),
      auth: "customer",
      writes: true,
      portalChecked: true,
      statuses: [401, 403, 429],
    },
    async ({ c, env, db, input, session, via }) => {
      const { customer } = session;
      const values = { currentPassword: input.LoginPassword, newPassword: input.LoginNewPassword, confirmPassword: input.LoginNewPassword };
      const parsed = validatePortal(c, changePasswordSchema(customer.email), values, RENAME);
      if ("response" in parsed) return parsed.response;
      const limits = rateLimiter(c, env);
      const blocked = await limits.blocked("login", customer.email, "LoginPassword");
      if (blocked) return blocked;
      const updated = await changePassword(db, customer.id, parsed.data.currentPassword, parsed.data.newPassword);
      if (!updated) {
        await limits.record("login", customer.email);
        return { Status: "failure" as const, RESULT: M.currentPasswordWrong };
      }
      const kv = env.bindings.SESSIONS;
      const secret = env.config.SESSION_SECRET;
      // Every older session is stale now (its auth stamp no longer matches); end this one outright.
      await endLegacySession(kv, session.sessionId);
      await trySend(env, {
        to: customer.email,
        ...passwordChangedEmail({ siteName: env.config.SITE_NAME, firstName: customer.firstName, supportEmail: env.config.SUPPORT_EMAIL }),
      });
      if (via === "cookie") {
        const { id } = await createSession(kv, { customerId: customer.id, authStamp: await authStamp(secret, updated.passwordHash) });
        c.header("Set-Cookie", sessionCookie(id, new URL(c.req.url)), { append: true });
        return { Status: "success" as const, RESULT: M.passwordChanged };
      }
      const started = await startLegacySession(kv, secret, updated);
      return { Status: "success" as const, RESULT: M.passwordChanged, ...started };
    },
  );
}
