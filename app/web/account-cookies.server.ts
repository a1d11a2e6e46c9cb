/**
 * Small account cookies besides the session:
 * - the flow cookie remembers which email is waiting for a sign-up or reset code, or which
 *   phone for a sign-in code (signed, 30 minutes), so the login page can show the right
 *   form after a redirect;
 * - the spec's start-up cookies: `sn_new_user` and `sn_verified` equal to "true" give
 *   a toast on the next page, then are reset to "false" for 1 day.
 */
import { createCookie } from "react-router";
import { z } from "zod";
import { ACCOUNT_MESSAGES } from "~/domain/accounts/inputs";
import type { Toast } from "~/lib/toast.server";
import { cookieAttributes, cookieIsSecure, readCookie } from "~/lib/session.server";

const flowSchema = z.object({
  signupEmail: z.email().optional(),
  resetEmail: z.email().optional(),
  /** The mobile (E.164) a sign-in code was sent to. */
  phone: z.string().max(16).optional(),
  /** The choice a matched code allows when its phone has several accounts (phone-signin.server.ts). */
  phoneChoice: z.string().max(64).optional(),
});

export type AccountFlow = z.infer<typeof flowSchema>;

const FLOW_MAX_AGE = 30 * 60;

function flowCookie(secret: string) {
  return createCookie("sn_account_flow", {
    path: "/",
    httpOnly: true,
    sameSite: "lax",
    secrets: [secret],
    maxAge: FLOW_MAX_AGE,
  });
}

export async function readAccountFlow(request: Request, secret: string): Promise<AccountFlow> {
  const value = await flowCookie(secret).parse(request.headers.get("cookie"));
  const parsed = flowSchema.safeParse(value);
  return parsed.success ? parsed.data : {};
}

/** Set-Cookie for a new flow state; an empty state clears the cookie. */
export async function accountFlowCookie(secret: string, url: URL, flow: AccountFlow): Promise<string> {
  const empty = !flow.signupEmail && !flow.resetEmail && !flow.phone && !flow.phoneChoice;
  return flowCookie(secret).serialize(empty ? "" : flow, {
    secure: cookieIsSecure(url),
    maxAge: empty ? 0 : FLOW_MAX_AGE,
  });
}

export const NEW_USER_COOKIE = "sn_new_user";
export const VERIFIED_COOKIE = "sn_verified";
const ONE_DAY = 24 * 60 * 60;

export function startupCookie(name: typeof NEW_USER_COOKIE | typeof VERIFIED_COOKIE, value: boolean, url: URL) {
  return `${name}=${value}; ${cookieAttributes(url, ONE_DAY)}`;
}

/** The start-up toast, if a start-up cookie says "true", and the cookies that reset it. */
export function readStartupToast(request: Request): { toast: Toast | null; setCookies: string[] } {
  const header = request.headers.get("cookie");
  const url = new URL(request.url);
  const setCookies: string[] = [];
  let toast: Toast | null = null;
  if (readCookie(header, VERIFIED_COOKIE) === "true") {
    toast = { type: "info", message: ACCOUNT_MESSAGES.alreadyVerified };
    setCookies.push(startupCookie(VERIFIED_COOKIE, false, url));
  }
  if (readCookie(header, NEW_USER_COOKIE) === "true") {
    toast = { type: "success", message: ACCOUNT_MESSAGES.newUser };
    setCookies.push(startupCookie(NEW_USER_COOKIE, false, url));
  }
  return { toast, setCookies };
}
