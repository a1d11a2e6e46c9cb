/** /api/Customer/*: sign-up, code check, username availability, password recovery (spec section 7). */
import { Hono } from "hono";
import { z } from "zod";
import { forgotPasswordSchema, registerSchema, resetPasswordSchema, verifySchema } from "~/domain/accounts/inputs";
import { findCustomerByEmail } from "~/domain/accounts/customers.server";
import { countAttempt } from "~/domain/accounts/flows.server";
import { accountServices } from "~/web/account-services.server";
import { beginReset, beginSignup, confirmSignup, type FlowArgs, finishReset } from "./account-flows";
import { humanCheckToken, text, textOrNumber } from "./fields";
import { type JsonBody, type LegacyEnv, validatePortal } from "./http";
import { humanCheckNeeded, humanTokenOf, tooManyAttempts } from "./limits";
import { legacyPost } from "./route";

export const customer = new Hono<LegacyEnv>();

/** Legacy names of the portal's registration fields. */
export const REGISTER_RENAME = {
  name: "FirstName",
  mobile: "PhoneMobile",
  email: "LoginID",
  password: "Password",
  confirmPassword: "Password",
};

/** Both legacy sign-up calls: the portal's register schema, then the shared sign-up flow. */
export async function signupFromPayload(
  args: FlowArgs & { json: JsonBody },
  input: Pick<z.infer<typeof signupPayload>, "FirstName" | "PhoneMobile" | "LoginID" | "Password" | "TurnstileToken">,
) {
  const values = {
    name: input.FirstName,
    mobile: input.PhoneMobile,
    email: input.LoginID,
    password: input.Password,
    confirmPassword: input.Password,
  };
  const parsed = validatePortal(args.c, registerSchema, values, REGISTER_RENAME);
  if ("response" in parsed) return parsed.response;
  return beginSignup(args, parsed.data, "LoginID", humanTokenOf(input, args.json));
}

export const signupPayload = z.object({
  LoginID: text(254),
  FirstName: text(100),
  Password: text(1000),
  PhoneMobile: textOrNumber(),
  TurnstileToken: humanCheckToken,
});

/** Both sign-up paths: public writes checked with the registration form's rules (403: the human check, 429: the limits). */
export const SIGNUP_ROUTE = {
  auth: "public" as const,
  writes: true,
  portalChecked: true,
  statuses: [403 as const, 429 as const, 503 as const],
};

const resultMessage = <T extends readonly [string, ...string[]]>(values: T, description: string) =>
  z.object({ RESULT: z.enum(values).meta({ description }), Message: z.string() });

legacyPost(
  customer,
  {
    path: "/api/Customer/ExpressSignup",
    group: "Customer",
    summary: "Start a sign-up (type NEW)",
    description:
      "Starts a sign-up with the portal's registration rules: the server makes the verification code (DV " +
      "plus six digits), stores only its keyed hash and emails it; a vcode sent by the client is ignored. " +
      "The spec does not show the answer; it is RESULT SUCCESS (code sent) or EXISTS (the email already " +
      "has an account; Message is the spec's '{email} is a registered user…'). Rate-limited with the " +
      "portal's sign-up limits.",
    request: signupPayload.extend({
      type: z
        .string({ error: "type must be NEW" })
        .trim()
        .toUpperCase()
        .pipe(z.literal("NEW", { error: "type must be NEW" }))
        .optional()
        .meta({ description: "NEW (any case)" }),
      vcode: textOrNumber().optional().meta({ description: "Ignored: the server makes and mails its own code." }),
    }),
    response: resultMessage(["SUCCESS", "EXISTS"], "SUCCESS: code mailed. EXISTS: already registered."),
    ...SIGNUP_ROUTE,
  },
  async ({ c, env, db, input, json }) => {
    const result = await signupFromPayload({ c, env, db, json }, input);
    if (result instanceof Response) return result;
    return { RESULT: result.outcome === "sent" ? "SUCCESS" : "EXISTS", Message: result.message } as const;
  },
);

legacyPost(
  customer,
  {
    path: "/api/Customer/UsernameAvailability",
    group: "Customer",
    summary: "Is this email free?",
    description:
      "RESULT NODATA when no account uses the email (free), EXISTS when one does. It tells whether an " +
      "account exists, as sign-up does, so it counts against the portal's sign-up rate limits (429).",
    request: z.object({ LoginID: text(254), TurnstileToken: humanCheckToken }),
    response: z.object({ RESULT: z.enum(["NODATA", "EXISTS"]) }),
    auth: "public",
    writes: false,
    portalChecked: true,
    statuses: [403, 429],
  },
  async ({ c, env, db, input, json }) => {
    const parsed = validatePortal(c, forgotPasswordSchema, { email: input.LoginID }, { email: "LoginID" });
    if ("response" in parsed) return parsed.response;
    const counted = await countAttempt({ ...accountServices(env, c.req.raw), db }, "signup", parsed.data.email, humanTokenOf(input, json));
    if ("status" in counted)
      return counted.status === "limited" ? tooManyAttempts(c, "LoginID", counted.retryAfter) : humanCheckNeeded(c, counted);
    return { RESULT: (await findCustomerByEmail(db, parsed.data.email)) ? "EXISTS" : "NODATA" } as const;
  },
);

legacyPost(
  customer,
  {
    path: "/api/Customer/validatecode",
    group: "Customer",
    summary: "Check the sign-up code (type VERIFY)",
    description:
      "Checks verificationCode against the code the server mailed for LoginID (never against a client-sent " +
      "vcode) and, when it matches, creates the account (DOB 1990-01-01). RESULT SUCCESS with the welcome " +
      "Message; NOMATCH ('Verfication code not match!'); EXPIRED (too old or too many tries: ask for a new " +
      "code); VERIFIED (the account already exists: 'your account has already been verified'). The other " +
      "fields of the spec's payload are accepted and ignored: they were given at sign-up. Sign in with " +
      "/api/user/login afterwards.",
    request: z.object({
      LoginID: text(254),
      verificationCode: textOrNumber(64),
      type: z
        .string({ error: "type must be VERIFY" })
        .trim()
        .toUpperCase()
        .pipe(z.literal("VERIFY", { error: "type must be VERIFY" }))
        .optional()
        .meta({ description: "VERIFY (any case)" }),
      FirstName: text().optional(),
      Password: text().optional(),
      Mobile: textOrNumber().optional(),
      vcode: textOrNumber().optional().meta({ description: "Ignored: only the server's own code counts." }),
      TurnstileToken: humanCheckToken,
    }),
    response: z.object({
      RESULT: z.enum(["SUCCESS", "NOMATCH", "EXPIRED", "VERIFIED"]),
      Message: z.string(),
      FirstName: z.string().optional(),
    }),
    auth: "public",
    writes: true,
    portalChecked: true,
    statuses: [403, 429],
  },
  async ({ c, env, db, input, json }) => {
    const parsed = validatePortal(
      c,
      verifySchema,
      { email: input.LoginID, code: input.verificationCode },
      { email: "LoginID", code: "verificationCode" },
    );
    if ("response" in parsed) return parsed.response;
    const result = await confirmSignup({ c, env, db }, parsed.data, "verificationCode", humanTokenOf(input, json));
    if (result instanceof Response) return result;
    const RESULT = ({ created: "SUCCESS", mismatch: "NOMATCH", expired: "EXPIRED", "already-verified": "VERIFIED" } as const)[
      result.outcome
    ];
    return { RESULT, Message: result.message, ...("firstName" in result ? { FirstName: result.firstName } : {}) };
  },
);

legacyPost(
  customer,
  {
    path: "/api/Customer/CheckPasswordRecoveryEmail",
    group: "Customer",
    summary: "Forgot password: check the email and mail a reset code",
    description:
      "The spec does not show the answer. RESULT SUCCESS: a reset code was mailed (Message says so). " +
      "RESULT NODATA: no account has this email (Message: 'No Macth Found !!! Please Check Your E-mail'). " +
      "Rate-limited as the portal's forgot-password form: 429 for one client past its limit; once an " +
      "account has had five requests in an hour, no new code is mailed while the last one sent is still " +
      "good, and the answer (still SUCCESS) says to use the newest email.",
    request: z.object({ LoginID: text(254) }),
    response: resultMessage(["SUCCESS", "NODATA"], "SUCCESS: code mailed. NODATA: unknown email."),
    auth: "public",
    writes: true,
    portalChecked: true,
    statuses: [429, 503],
  },
  async ({ c, env, db, input }) => {
    const parsed = validatePortal(c, forgotPasswordSchema, { email: input.LoginID }, { email: "LoginID" });
    if ("response" in parsed) return parsed.response;
    const result = await beginReset({ c, env, db }, parsed.data.email, "LoginID");
    if (result instanceof Response) return result;
    return { RESULT: result.outcome === "sent" ? "SUCCESS" : "NODATA", Message: result.message } as const;
  },
);

const RESET_RENAME = { email: "LoginID", password: "LoginNewPassword", confirmPassword: "LoginNewPassword", code: "GUID" };

legacyPost(
  customer,
  {
    path: "/api/Customer/ResetPasswordNew",
    group: "Customer",
    summary: "Set a new password with the mailed code",
    description:
      "GUID is the reset code from the email. Status 'success' with RESULT the confirmation, or Status " +
      "'failure' with RESULT the reason ('Verfication code not match!' or the expiry message); the client " +
      "shows RESULT either way. A reset ends every session of the account (and so its tokens). " +
      "Rate-limited: 429 for one client past its limit; 403 (challenge_required) for an account strangers " +
      "have tried past its limit, until the call carries TurnstileToken. Wrong guesses never spend the " +
      "owner's newest code.",
    request: z.object({ LoginID: text(254), LoginNewPassword: text(1000), GUID: textOrNumber(64), TurnstileToken: humanCheckToken }),
    response: z.object({ Status: z.enum(["success", "failure"]), RESULT: z.string() }),
    auth: "public",
    writes: true,
    portalChecked: true,
    statuses: [403, 429],
  },
  async ({ c, env, db, input, json }) => {
    const values = { email: input.LoginID, password: input.LoginNewPassword, confirmPassword: input.LoginNewPassword, code: input.GUID };
    const parsed = validatePortal(c, resetPasswordSchema, values, RESET_RENAME);
    if ("response" in parsed) return parsed.response;
    const result = await finishReset({ c, env, db }, parsed.data, "GUID", humanTokenOf(input, json));
    if (result instanceof Response) return result;
    return { Status: result.outcome === "reset" ? "success" : "failure", RESULT: result.message } as const;
  },
);
