import { createCookie, redirect } from "react-router";
import { z } from "zod";
import { pageLocation } from "~/lib/i18n";

/** A one-shot message shown on the next page, carried in a signed flash cookie. */
export const toastSchema = z.object({
  type: z.enum(["success", "error", "info"]).default("info"),
  message: z.string().min(1).max(300),
});

export type Toast = z.infer<typeof toastSchema>;

/** The flash cookie's name: beside the session, a page that carries it is still composed for the devotee. */
export const TOAST_COOKIE = "sn_toast";

/** The cookie of the last secret asked for (one a deployment): made once, not on every redirect. */
let lastCookie: { secret: string; cookie: ReturnType<typeof createCookie> } | undefined;

function toastCookie(secret: string) {
  if (lastCookie?.secret !== secret) lastCookie = { secret, cookie: makeToastCookie(secret) };
  return lastCookie.cookie;
}

function makeToastCookie(secret: string) {
  return createCookie(TOAST_COOKIE, {
    path: "/",
    httpOnly: true,
    sameSite: "lax",
    secure: false,
    secrets: [secret],
    maxAge: 60,
  });
}

/** Reads and clears the pending toast, if any. */
export async function readToast(request: Request, secret: string) {
  const cookie = toastCookie(secret);
  const value = await cookie.parse(request.headers.get("cookie"));
  const parsed = toastSchema.safeParse(value);
  if (!parsed.success) return { toast: null, headers: undefined };
  return {
    toast: parsed.data,
    headers: { "Set-Cookie": await cookie.serialize("", { maxAge: 0 }) },
  };
}

/**
 * The one way to redirect with a toast, from a React Router action or loader and from
 * a Hono handler alike. `init` carries the status (302 unless given; post/redirect/get
 * answers pass 303) and any other headers, such as a session cookie.
 */
export async function redirectWithToast(url: string, secret: string, toast: Toast, init?: ResponseInit) {
  const headers = new Headers(init?.headers);
  headers.append("Set-Cookie", await toastCookie(secret).serialize(toast));
  return redirect(pageLocation(url), { ...init, headers });
}
