import { createCookie, redirect } from "react-router";
import { z } from "zod";
import { hmacSha256Base64, textToBase64 } from "~/lib/crypto.server";
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

const MAX_AGE_SECONDS = 60;

function makeToastCookie(secret: string) {
  return createCookie(TOAST_COOKIE, {
    path: "/",
    httpOnly: true,
    sameSite: "lax",
    secure: false,
    secrets: [secret],
    maxAge: MAX_AGE_SECONDS,
  });
}

/**
 * The Set-Cookie line `createCookie(...).serialize(toast)` writes (its value the JSON's UTF-8 in
 * base64, then "." and its HMAC-SHA256 in base64 without padding), signed with the key imported
 * once per secret (crypto.server): React Router's own signing imports the key on every call, a
 * third of a booking redirect's cost. tests/security/toast-cookie.source.test.ts holds the two equal.
 */
async function toastCookieLine(secret: string, toast: Toast): Promise<string> {
  const value = textToBase64(JSON.stringify(toast));
  const signature = (await hmacSha256Base64(secret, value)).replace(/=+$/, "");
  return `${TOAST_COOKIE}=${encodeURIComponent(`${value}.${signature}`)}; Max-Age=${MAX_AGE_SECONDS}; Path=/; HttpOnly; SameSite=Lax`;
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
  headers.append("Set-Cookie", await toastCookieLine(secret, toast));
  return redirect(pageLocation(url), { ...init, headers });
}
