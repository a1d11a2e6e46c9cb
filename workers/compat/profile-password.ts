/** /api/MyProfile/ChangePassword: the portal's rules and limits; the calling session carries on, the others end. */
import type { Hono } from "hono";
import { z } from "zod";
import { ACCOUNT_MESSAGES as M, changePasswordSchema } from "~/domain/accounts/inputs";
import { changeOwnPassword } from "~/domain/accounts/signin.server";
import { accountServices } from "~/web/account-services.server";
import { restampSession } from "~/web/auth.server";
import { text } from "./fields";
import { type LegacyEnv, validatePortal } from "./http";
import { tooManyAttempts } from "./limits";
import { legacyPost } from "./route";

const RENAME = { currentPassword: "LoginPassword", newPassword: "LoginNewPassword", confirmPassword: "LoginNewPassword" };

const changed = z.object({ Status: z.literal("success"), RESULT: z.string() });
const refused = z.object({ Status: z.literal("failure"), RESULT: z.string() });

export function changePasswordRoute(app: Hono<LegacyEnv>) {
  legacyPost(
    app,
    {
      path: "/api/MyProfile/ChangePassword",
      group: "MyProfile",
      summary: "Change the password",
      description:
        "LoginPassword is the current password, LoginNewPassword the new one (the portal's rules: at least " +
        "six characters, not the login id). Answer: Status 'success' with RESULT the confirmation, or Status " +
        "'failure' with RESULT 'Your current password is not correct'. The session that made the change " +
        "stays signed in with the same sessionId and tokens (the client reads only RESULT); every other " +
        "session of the account ends. Wrong current passwords count as failed sign-ins (429).",
      request: z.object({ LoginPassword: text(1000), LoginNewPassword: text(1000) }),
      response: z.union([changed, refused]),
      auth: "customer",
      writes: true,
      portalChecked: true,
      statuses: [401, 403, 429],
    },
    async ({ c, env, db, input, session }) => {
      const { customer } = session;
      const values = { currentPassword: input.LoginPassword, newPassword: input.LoginNewPassword, confirmPassword: input.LoginNewPassword };
      const parsed = validatePortal(c, changePasswordSchema(customer.email), values, RENAME);
      if ("response" in parsed) return parsed.response;
      const result = await changeOwnPassword({ ...accountServices(env, c.req.raw), db }, customer, parsed.data);
      if (result.status === "limited") return tooManyAttempts(c, "LoginPassword", result.retryAfter);
      if (result.status === "wrong") return { Status: "failure" as const, RESULT: M.currentPasswordWrong };
      // Sessions are stamped from the password hash: this one takes the new stamp and
      // carries on; every other one was stamped from the old hash and is stale now.
      await restampSession(env.bindings.SESSIONS, env.config.SESSION_SECRET, session, result.customer.passwordHash);
      return { Status: "success" as const, RESULT: M.passwordChanged };
    },
  );
}
