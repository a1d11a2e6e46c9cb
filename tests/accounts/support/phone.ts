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

export interface CodeMessage {
  kind: string;
  channel: string;
  recipient: string;
  language: string;
  customer_id: number | null;
  status: string;
  text: string | null;
}

/** The code messages to `e164` as the notifications hold them (written when the code is asked for), newest first. */
export async function codeMessagesTo(e164: string) {
  const { results } = await env.DB.prepare(
    `select kind, channel, recipient, language, customer_id, status, text from notifications
     where recipient = ? and kind in ('sign-in-code', 'verification-code') order by created_at desc, rowid desc`,
  )
    .bind(e164)
    .all<CodeMessage>();
  return results;
}

/**
 * The phone messages to `e164` in the local outbox, newest first, once it holds one for each code
 * message: the phone channel writes it when it sends, which may be after the page's answer.
 */
export async function smsTo(e164: string) {
  const expected = (await codeMessagesTo(e164)).length;
  const deadline = Date.now() + 45_000;
  for (;;) {
    const sent = (await listOutbox(env.SESSIONS, e164)).filter((message) => message.channel === "sms" || message.channel === "whatsapp");
    if (sent.length >= expected || Date.now() > deadline) return sent;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
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
