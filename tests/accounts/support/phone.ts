/** Phones for the phone sign-in tests: a number of each test's own, its messages in the local outbox, the login page's steps. */
import { env } from "cloudflare:workers";
import { expect } from "vitest";
import { listOutbox } from "~/lib/email.server";
import { newUser, signUp, TestBrowser } from "../../support/browser";

export const CHECK_FIELD = "cf-turnstile-response";

/** A mobile no other test uses: ten digits as stored, and E.164. */
export function uniquePhone() {
  const digits = String(crypto.getRandomValues(new Uint32Array(1))[0]! % 1_000_000_000).padStart(9, "0");
  const national = `7${digits}`;
  return { national, e164: `+91${national}` };
}

/** The phone messages sent to `e164`, newest first. */
export async function smsTo(e164: string) {
  return (await listOutbox(env.SESSIONS, e164)).filter((message) => message.channel === "sms");
}

/** The code in the newest message to `e164`. */
export async function latestSmsCode(e164: string): Promise<string> {
  const [message] = await smsTo(e164);
  const code = message?.text.match(/\b\d{6}\b/)?.[0];
  expect(code, `a code sent to ${e164}`).toBeDefined();
  return code!;
}

/** A devotee whose account has `national` as its mobile. */
export function devoteeWithPhone(national: string, name = "Meera Iyer") {
  return signUp(new TestBrowser(), newUser({ mobile: national, name }));
}

export const askCode = (browser: TestBrowser, phone: string, extra: Record<string, string> = {}, path = "/login") =>
  browser.post(path, { intent: "phone", phone, ...extra });

export const sendCode = (browser: TestBrowser, phone: string, code: string, extra: Record<string, string> = {}, path = "/login") =>
  browser.post(path, { intent: "phone-code", phone, code, ...extra });

/** The stand-in human check's token on a page that asks for it. */
export async function humanCheckOn(response: Response): Promise<string> {
  const token = new RegExp(`name="${CHECK_FIELD}" value="([^"]+)"`).exec(await response.text())?.[1];
  expect(token, "the page asks for the human check").toBeDefined();
  return token!;
}

export async function phoneCodeRows(e164: string) {
  const { results } = await env.DB.prepare("select * from phone_codes where phone = ? order by id").bind(e164).all();
  return results;
}
