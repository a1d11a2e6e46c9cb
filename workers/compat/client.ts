/** /client/*: sign-up, forgot password and the filtered temples list (spec section 7). */
import { Hono } from "hono";
import { z } from "zod";
import { forgotPasswordSchema } from "~/domain/accounts/inputs";
import { listTemplesFiltered, TEMPLE_LIST_LIMIT } from "~/domain/catalog/temple-lists.server";
import { todayInIndia } from "~/lib/india-time";
import { beginReset } from "./account-flows";
import { SIGNUP_ROUTE, signupFromPayload, signupPayload } from "./customer";
import { languageId, legacyFlag, text } from "./fields";
import { type LegacyEnv, validatePortal } from "./http";
import { legacyPost } from "./route";
import { legacyTemple, templeEntity } from "./temple-shapes";

export const client = new Hono<LegacyEnv>();

const statusMessage = z.object({
  status: z.enum(["success", "failure"]),
  message: z.string().meta({ description: "The spec's text, shown to the person as given." }),
});

legacyPost(
  client,
  {
    path: "/client/user/signup",
    group: "client",
    summary: "Start a sign-up",
    description:
      "The same as /api/Customer/ExpressSignup with the spec's lower-case answer: status 'success' and the " +
      "code-sent message, or status 'failure' and '{email} is a registered user. please sign in to your " +
      "account.' The server makes and mails the code. Validation messages are the portal's (e.g. 'Enter " +
      "valid name!', 'Password must contain at least six characters!'), in a 400 naming the field.",
    request: signupPayload,
    response: statusMessage,
    ...SIGNUP_ROUTE,
  },
  async ({ c, env, db, input, json }) => {
    const result = await signupFromPayload({ c, env, db, json }, input);
    if (result instanceof Response) return result;
    return { status: result.outcome === "sent" ? "success" : "failure", message: result.message } as const;
  },
);

legacyPost(
  client,
  {
    path: "/client/user/forgotPassword",
    group: "client",
    summary: "Forgot password: mail a reset code",
    description:
      "Takes loginId (spelled so; LoginID works too). status 'success' with the code-sent message, or " +
      "'failure' with 'No Macth Found !!! Please Check Your E-mail'. Rate-limited as the portal's forgot " +
      "form (429).",
    request: z.object({ loginId: text(254) }),
    response: statusMessage,
    auth: "public",
    writes: true,
    portalChecked: true,
    statuses: [429, 503],
  },
  async ({ c, env, db, input }) => {
    const parsed = validatePortal(c, forgotPasswordSchema, { email: input.loginId }, { email: "loginId" });
    if ("response" in parsed) return parsed.response;
    const result = await beginReset({ c, env, db }, parsed.data.email, "loginId");
    if (result instanceof Response) return result;
    return { status: result.outcome === "sent" ? "success" : "failure", message: result.message } as const;
  },
);

const filterText = text(100).optional();

legacyPost(
  client,
  {
    path: "/client/getAllTemplesList",
    group: "client",
    summary: "Temples matching the search filters",
    description:
      `Every filter given must pass; an empty one passes all. templeName: words the temple's name starts ` +
      `with (as the portal's search). deityName: a deity's exact name, case-insensitive, with or without ` +
      `the ' Temples' suffix. pujaName: an active puja's exact name, case-insensitive. sameDayPuja: only ` +
      `temples with online booking and an active puja performed on today's weekday (India time) — the spec ` +
      `does not define it further. Answer: result.temples, ordered online-booking first, then assisted, ` +
      `then by name; at most ${TEMPLE_LIST_LIMIT}.`,
    request: z.object({
      templeName: filterText,
      deityName: filterText,
      pujaName: filterText,
      languageID: languageId,
      sameDayPuja: legacyFlag.optional(),
    }),
    response: z.object({ result: z.object({ temples: z.array(templeEntity) }) }),
    auth: "public",
    writes: false,
  },
  async ({ db, input }) => {
    const rows = await listTemplesFiltered(db, {
      templeName: input.templeName?.trim() || undefined,
      deityName: input.deityName?.trim() || undefined,
      pujaName: input.pujaName?.trim() || undefined,
      sameDayPuja: input.sameDayPuja ?? false,
      today: todayInIndia(),
    });
    return { result: { temples: rows.map(legacyTemple) } };
  },
);
