/**
 * A legacy client for Worker tests, doing what the spec's clients do (section 6):
 * JSON POSTs, the bearer access token when it has one, the session id added to
 * every payload, the XSRF-TOKEN cookie copied into X-XSRF-TOKEN when in browser mode.
 * Every 200 answer is checked against the published OpenAPI document (/api/openapi.json),
 * which is generated from the schemas the handlers validate with.
 */
import { CookieJar } from "./cookie-jar";
import { exports } from "cloudflare:workers";
import { expect } from "vitest";
import { ORIGIN, latestCode, uniqueEmail, uniqueIp } from "./browser";
import { schemaErrors } from "./legacy-schema-check";

export const DEMO = { email: "devotee@sannidhi.example", password: "Devotee@2026", firstName: "Lakshmi" };

export interface Answer<T = any> {
  status: number;
  body: T;
  response: Response;
}

let openApi: Promise<Record<string, any>> | null = null;

/** The published OpenAPI document. */
export function openApiDocument(): Promise<Record<string, any>> {
  openApi ??= exports.default.fetch(`${ORIGIN}/api/openapi.json`).then((r) => r.json<Record<string, any>>());
  return openApi;
}

/** Fails unless a 200 body matches the path's documented answer schema (exact field names). */
export async function expectContract(path: string, body: unknown) {
  const document = await openApiDocument();
  const operation = document.paths[path]?.post;
  expect(operation, `${path} is documented`).toBeDefined();
  const schema = operation.responses["200"].content["application/json"].schema;
  expect(schemaErrors(schema, body, document), `${path} answers as documented`).toEqual([]);
}

export class LegacyClient {
  accessToken = "";
  refreshToken = "";
  sessionId: string | null = null;
  readonly jar = new CookieJar();
  /** The cookies this client holds, by name. */
  readonly cookies = this.jar.cookies;

  constructor(
    /** browser: keeps cookies and sends the XSRF header, as the spec's single-page app does. */
    readonly mode: "app" | "browser" = "app",
    readonly ip = uniqueIp(),
    readonly origin = ORIGIN,
  ) {}

  /** How requests reach the Worker; a subclass may call it with another env. */
  protected send(url: string, init: RequestInit): Promise<Response> {
    return exports.default.fetch(url, init);
  }

  private keep(response: Response) {
    this.jar.keep(response);
  }

  /** POSTs `payload` as JSON (a string is sent as the raw body); checks the contract of 200 answers. */
  async call<T = any>(path: string, payload: unknown = {}, headers: Record<string, string> = {}): Promise<Answer<T>> {
    const withSession =
      this.sessionId && payload && typeof payload === "object" && !Array.isArray(payload)
        ? { sessionId: this.sessionId, ...payload }
        : payload;
    const all: Record<string, string> = { "content-type": "application/json", "cf-connecting-ip": this.ip };
    if (this.accessToken) all.authorization = `Bearer ${this.accessToken}`;
    if (this.mode === "browser") {
      if (this.jar.size) all.cookie = this.jar.header();
      const xsrf = this.cookies.get("XSRF-TOKEN");
      if (xsrf) all["x-xsrf-token"] = xsrf;
    }
    const response = await this.send(`${this.origin}${path}`, {
      method: "POST",
      headers: { ...all, ...headers },
      body: typeof withSession === "string" ? withSession : JSON.stringify(withSession),
    });
    this.keep(response);
    const text = await response.text();
    const body = text ? JSON.parse(text) : null;
    if (response.status === 200 && !path.startsWith("/dev/")) await expectContract(path, body);
    return { status: response.status, body, response };
  }

  /** The spec's start-up calls: /GenerateSessionID, /token, /login. */
  async start() {
    const generated = await this.call("/GenerateSessionID");
    const tokens = await this.call("/token");
    this.accessToken = tokens.body.accessToken;
    this.refreshToken = tokens.body.refreshToken;
    const status = await this.call("/login");
    return { generated, tokens, status };
  }

  async signIn(email: string, password: string, path = "/api/user/login") {
    const answer = await this.call(path, { mail: email, pass: password, LanguageID: 1 });
    const first = Array.isArray(answer.body) ? answer.body[0] : undefined;
    if (first?.RESULT === 1) {
      this.accessToken = first.accessToken;
      this.refreshToken = first.refreshToken;
      this.sessionId = first.sessionId;
    }
    return answer;
  }

  forget() {
    this.accessToken = "";
    this.refreshToken = "";
    this.sessionId = null;
  }
}

/** A demo-devotee client, signed in. */
export async function demoClient() {
  const client = new LegacyClient();
  const answer = await client.signIn(DEMO.email, DEMO.password);
  expect(answer.body[0].RESULT).toBe(1);
  return client;
}

/** Signs up and verifies a new customer through the legacy calls; the client ends signed in. */
export async function legacySignUp(
  client = new LegacyClient(),
  overrides: Partial<{ email: string; name: string; password: string }> = {},
) {
  const user = { email: uniqueEmail("legacy"), name: "Meera Iyer", password: "Temple@108", mobile: "9876543210", ...overrides };
  const signup = await client.call("/client/user/signup", {
    LoginID: user.email,
    FirstName: user.name,
    Password: user.password,
    PhoneMobile: user.mobile,
  });
  expect(signup.body).toMatchObject({ status: "success" });
  const code = await latestCode(user.email);
  const verified = await client.call("/api/Customer/validatecode", {
    LoginID: user.email,
    FirstName: user.name,
    Password: user.password,
    type: "VERIFY",
    Mobile: user.mobile,
    vcode: "DV123456",
    verificationCode: code,
    HouseName: "",
    PostOffice: "",
    District: "",
  });
  expect(verified.body).toMatchObject({ RESULT: "SUCCESS" });
  expect((await client.signIn(user.email, user.password)).body[0].RESULT).toBe(1);
  return user;
}

export async function scalar(sql: string, ...params: unknown[]) {
  const { env } = await import("cloudflare:workers");
  return (
    await env.DB.prepare(sql)
      .bind(...params)
      .first<{ n: number }>()
  )?.n;
}
