/**
 * The toast's flash cookie (issue 44): a redirect signs it with a key imported once per secret,
 * in React Router's signed-cookie format, so the next page reads it as it always has.
 */
import { createCookie } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { readToast, redirectWithToast, TOAST_COOKIE, type Toast } from "~/lib/toast.server";

const SECRET = "toast-secret-of-the-test-0123456789";
const reactRouters = createCookie(TOAST_COOKIE, {
  path: "/",
  httpOnly: true,
  sameSite: "lax",
  secure: false,
  secrets: [SECRET],
  maxAge: 60,
});

const toasts: Toast[] = [
  { type: "success", message: "Added to your booking list" },
  { type: "error", message: "ദർശനം: ഈ തീയതി നിറഞ്ഞു" },
  { type: "info", message: "பூஜை ~ ₹108 + prasad? <ok> & 'done' / “quoted”" },
];

const setCookieOf = async (toast: Toast, secret = SECRET) =>
  (await redirectWithToast("/t/guruvayur", secret, toast, { status: 303 })).headers.get("set-cookie");

afterEach(() => {
  vi.restoreAllMocks();
});

describe("the toast cookie", () => {
  it("is the cookie React Router's createCookie would set, in every script", async () => {
    for (const toast of toasts) expect(await setCookieOf(toast)).toBe(await reactRouters.serialize(toast));
  });

  it("is read back on the next page, and not under another secret", async () => {
    for (const toast of toasts) {
      const line = (await setCookieOf(toast))!;
      const request = new Request("http://localhost/t/guruvayur", { headers: { cookie: line.split(";")[0]! } });
      expect((await readToast(request, SECRET)).toast).toEqual(toast);
      expect((await readToast(request, `${SECRET}-rotated`)).toast).toBeNull();
    }
  });

  it("signs one redirect after another without importing the key again", async () => {
    const secret = `${SECRET}-once`;
    await setCookieOf(toasts[0]!, secret);
    const importKey = vi.spyOn(crypto.subtle, "importKey");
    for (const toast of toasts) await setCookieOf(toast, secret);
    expect(importKey).not.toHaveBeenCalled();
  });

  it("keeps the redirect's status, location and other cookies", async () => {
    const response = await redirectWithToast("/t/guruvayur?added=puja#book-puja", SECRET, toasts[0]!, {
      status: 303,
      headers: { "Set-Cookie": "sn_session=abc; Path=/" },
    });
    expect(response.status).toBe(303);
    expect(response.headers.get("location")).toBe("/t/guruvayur?added=puja#book-puja");
    expect(response.headers.getSetCookie()).toEqual(["sn_session=abc; Path=/", await reactRouters.serialize(toasts[0]!)]);
  });
});
