import type { RouterContextProvider } from "react-router";
import { readStartupToast } from "./account-cookies.server";
import { getCurrentSession } from "./auth.server";
import { clearedSessionCookie, readCookie, SESSION_COOKIE } from "~/lib/session.server";

/**
 * What the root loader needs from accounts: the signed-in customer for the header
 * (id and first name only) and the start-up cookie toast, with the response headers
 * (`base`, e.g. the flash-toast cookie) plus the cookies that reset the start-up flags.
 */
export async function readAccountState(context: Readonly<RouterContextProvider>, request: Request, base?: HeadersInit) {
  const session = await getCurrentSession(context);
  const { toast, setCookies } = readStartupToast(request);
  const headers = new Headers(base);
  for (const cookie of setCookies) headers.append("Set-Cookie", cookie);
  // Spec §4: a failed session check resets. A cookie naming no live session is cleared.
  if (!session && readCookie(request.headers.get("cookie"), SESSION_COOKIE) !== null)
    headers.append("Set-Cookie", clearedSessionCookie(new URL(request.url)));
  return {
    customer: session ? { id: session.customer.id, firstName: session.customer.firstName } : null,
    startupToast: toast,
    headers,
  };
}
