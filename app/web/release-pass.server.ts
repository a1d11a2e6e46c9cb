/**
 * The waiting room's pass in a cookie: HttpOnly, SameSite=Strict (only the site's own forms
 * carry it), Secure except on plain-http loopback, living as long as the pass. The value is
 * the signed pass (app/domain/bookings/seats/release-pass.server.ts), naming the session it was given
 * in, so a copy in another browser or sign-in is refused; the booking path checks it.
 */
import type { PresentedPass } from "~/domain/bookings/seats/release-pass.server";
import { cookieIsSecure, readCookie } from "~/lib/session.server";

export const PASS_COOKIE = "sn_pass";

/** The pass a request carries (if any), with the secret to check it by and the session presenting it, for the booking path. */
export function presentedPass(request: Request, secret: string, sessionId: string): PresentedPass {
  return { token: readCookie(request.headers.get("cookie"), PASS_COOKIE), secret, sessionId };
}

export function passCookie(token: string, url: URL, expires: number, now = Date.now()): string {
  const maxAge = Math.max(0, Math.ceil((expires - now) / 1000));
  return [`${PASS_COOKIE}=${token}`, "Path=/", `Max-Age=${maxAge}`, "HttpOnly", "SameSite=Strict", cookieIsSecure(url) ? "Secure" : ""]
    .filter(Boolean)
    .join("; ");
}
