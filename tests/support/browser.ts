/**
 * A tiny browser for Worker tests: keeps cookies, posts forms with the Origin a
 * browser would send, and never follows redirects (tests look at them).
 */
import { CookieJar } from "./cookie-jar";
import { env, exports } from "cloudflare:workers";
import { createDb } from "~/db/client.server";
import { waitUntilSent } from "~/domain/notifications/statuses.server";
import { listOutbox } from "~/lib/email.server";
import { expect } from "vitest";

export const ORIGIN = "http://localhost";
let counter = 0;

export function uniqueEmail(label = "devotee") {
  counter += 1;
  return `${label}.${Date.now().toString(36)}.${counter}.${crypto.randomUUID().slice(0, 6)}@example.org`;
}

/** A documentation-range IP per caller, so rate-limit counters never collide. */
export function uniqueIp() {
  const n = crypto.getRandomValues(new Uint16Array(1))[0]!;
  return `198.51.${n >> 8}.${n & 255}`;
}

export class TestBrowser {
  readonly jar = new CookieJar();
  /** The cookies this browser holds, by name. */
  readonly cookies = this.jar.cookies;
  constructor(
    readonly origin = ORIGIN,
    readonly ip = uniqueIp(),
  ) {}

  cookieHeader() {
    return this.jar.header();
  }

  private keep(response: Response) {
    return this.jar.keep(response);
  }

  /** How requests reach the Worker; a subclass may call it with another env. */
  protected send(url: string, init: RequestInit): Promise<Response> {
    return exports.default.fetch(url, init);
  }

  async get(path: string, headers: Record<string, string> = {}) {
    const response = await this.send(`${this.origin}${path}`, {
      headers: { cookie: this.cookieHeader(), "cf-connecting-ip": this.ip, ...headers },
      redirect: "manual",
    });
    return this.keep(response);
  }

  async post(path: string, fields: Record<string, string>, headers: Record<string, string> = {}) {
    const response = await this.send(`${this.origin}${path}`, {
      method: "POST",
      headers: {
        "content-type": "application/x-www-form-urlencoded",
        origin: this.origin,
        cookie: this.cookieHeader(),
        "cf-connecting-ip": this.ip,
        ...headers,
      },
      body: new URLSearchParams(fields),
      redirect: "manual",
    });
    return this.keep(response);
  }
}

export interface OutboxMessage {
  channel: "email" | "sms" | "whatsapp";
  to: string;
  subject: string;
  text: string;
  html?: string;
  from: string;
}

/**
 * The local outbox's messages to `email`, newest first, read from KV as /dev/outbox.json
 * does (that page is checked in local-switches.test.ts; reading the store directly lets
 * tests of the Worker run from source, which has no pages, use it too). Every message goes
 * through the notifications queue, which workerd runs a moment after the request that wrote
 * it: the messages to `email` still queued are waited for first, as that page does.
 */
export async function outboxFor(email: string): Promise<OutboxMessage[]> {
  expect(await waitUntilSent(createDb(env.DB), email.toLowerCase(), 20_000), `the queue sends the messages to ${email}`).toBe(true);
  return listOutbox(env.SESSIONS, email);
}

/** The newest code mailed to `email`. */
export async function latestCode(email: string): Promise<string> {
  const [message] = await outboxFor(email);
  const code = message?.text.match(/\bDV\d{6}\b/)?.[0];
  expect(code, `a code mailed to ${email}`).toBeDefined();
  return code!;
}

export interface NewUser {
  name: string;
  email: string;
  mobile: string;
  password: string;
}

export function newUser(overrides: Partial<NewUser> = {}): NewUser {
  return { name: "Meera Iyer", email: uniqueEmail(), mobile: "9876543210", password: "Temple@108", ...overrides };
}

export function register(browser: TestBrowser, user: NewUser) {
  return browser.post("/login", {
    intent: "register",
    name: user.name,
    mobile: user.mobile,
    email: user.email,
    password: user.password,
    confirmPassword: user.password,
  });
}

/** Registers and verifies `user`; the browser ends up signed in. */
export async function signUp(browser: TestBrowser, user = newUser()) {
  expect((await register(browser, user)).status).toBe(302);
  const response = await browser.post("/login", { intent: "verify", email: user.email, code: await latestCode(user.email) });
  expect(response.status).toBe(302);
  expect(response.headers.get("location")).toBe("/");
  return user;
}

export function signIn(browser: TestBrowser, email: string, password: string, extra: Record<string, string> = {}) {
  return browser.post("/login", { intent: "login", email, password, ...extra });
}

/** The visible text of an HTML page, roughly: enough to find messages in it. */
export async function pageText(response: Response) {
  const html = await response.text();
  return html
    .replace(/<script[\s\S]*?<\/script>/g, "")
    .replace(/<[^>]+>/g, " ")
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, "&")
    .replace(/\s+/g, " ");
}

export async function customerRow(email: string) {
  return env.DB.prepare("select * from customers where email = ?").bind(email).first<Record<string, unknown>>();
}

/** Whether a browser's session cookie still signs it in. */
export async function isSignedIn(browser: TestBrowser) {
  const response = await browser.get("/account");
  return response.status === 200;
}
