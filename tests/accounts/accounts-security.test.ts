import { exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { TestBrowser, isSignedIn, newUser, outboxFor, pageText, register, signIn, signUp, uniqueEmail } from "../support/browser";

describe("CSRF", () => {
  it("rejects cross-site posts to the account actions", async () => {
    const user = await signUp(new TestBrowser());
    for (const path of ["/login", "/logout", "/account", "/verify-email"]) {
      const browser = new TestBrowser();
      const byOrigin = await browser.post(
        path,
        { intent: "login", email: user.email, password: user.password },
        { origin: "https://evil.example" },
      );
      expect(byOrigin.status, path).toBe(403);
      const bySite = await browser.post(
        path,
        { intent: "login", email: user.email, password: user.password },
        { "sec-fetch-site": "cross-site" },
      );
      expect(bySite.status, path).toBe(403);
      expect(browser.cookies.has("sn_session")).toBe(false);
    }
  });

  it("keeps a signed-in customer signed in when another site posts a sign-out", async () => {
    const browser = new TestBrowser();
    await signUp(browser);
    const response = await browser.post("/logout", {}, { origin: "https://evil.example" });
    expect(response.status).toBe(403);
    expect(await isSignedIn(browser)).toBe(true);
  });
});

describe("security headers", () => {
  it("give pages a nonce-based CSP that every inline script carries", async () => {
    const response = await new TestBrowser().get("/login");
    const csp = response.headers.get("content-security-policy")!;
    const nonce = csp.match(/script-src 'self' 'nonce-([^']+)'/)?.[1];
    expect(nonce).toBeTruthy();
    for (const directive of [
      "default-src 'self'",
      "object-src 'none'",
      "base-uri 'self'",
      "form-action 'self'",
      "frame-ancestors 'none'",
    ]) {
      expect(csp).toContain(directive);
    }
    expect(csp).not.toContain("unsafe-eval");
    const html = await response.text();
    const scripts = html.match(/<script\b[^>]*>/g) ?? [];
    expect(scripts.length).toBeGreaterThan(0);
    for (const tag of scripts) expect(tag).toContain(`nonce="${nonce}"`);
    const second = await new TestBrowser().get("/login");
    expect(second.headers.get("content-security-policy")).not.toContain(nonce!);
  });

  it("send nosniff, a referrer policy and no framing everywhere, HSTS on https", async () => {
    const plain = await exports.default.fetch("http://localhost/login");
    expect(plain.headers.get("x-content-type-options")).toBe("nosniff");
    expect(plain.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
    expect(plain.headers.get("x-frame-options")).toBe("DENY");
    expect(plain.headers.get("strict-transport-security")).toBeNull();
    const secure = await exports.default.fetch("https://sannidhi.example/login");
    expect(secure.headers.get("strict-transport-security")).toBe("max-age=31536000; includeSubDomains");
    expect(secure.headers.get("content-security-policy")).toContain("upgrade-insecure-requests");
  });
});

describe("rate limits", () => {
  it("stop password guessing on one account, even with the right password, until a person passes the check", async () => {
    const user = await signUp(new TestBrowser());
    for (let i = 0; i < 10; i++) {
      // From many addresses: the account limit holds regardless of IP.
      expect((await signIn(new TestBrowser(), user.email, `wrong-${i}`)).status).toBe(400);
    }
    const asked = await signIn(new TestBrowser(), user.email, user.password);
    expect(asked.status).toBe(403);
    expect(await pageText(asked)).toContain(
      "Many attempts have been made on this account. To keep it safe, please confirm you are a person, then try again.",
    );
  });

  it("stop one address from trying many accounts", async () => {
    const browser = new TestBrowser();
    let status = 0;
    for (let i = 0; i < 101 && status !== 429; i++) {
      status = (await signIn(browser, uniqueEmail("probe"), "some-password")).status;
    }
    expect(status).toBe(429);
  }, 30_000); // a hundred PBKDF2 checks

  it("limit sign-up codes per email: a sixth registration needs a person's check, a sixth from one address is refused", async () => {
    const user = newUser();
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await register(new TestBrowser(), user)).status);
    expect(statuses).toEqual([302, 302, 302, 302, 302, 403]);
    const other = newUser();
    const one = new TestBrowser();
    const fromOne: number[] = [];
    for (let i = 0; i < 6; i++) fromOne.push((await register(one, other)).status);
    expect(fromOne).toEqual([302, 302, 302, 302, 302, 429]);
  });

  it("limit forgot-password emails per email, never the owner's request", async () => {
    const user = await signUp(new TestBrowser());
    const before = (await outboxFor(user.email)).length;
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++) {
      statuses.push((await new TestBrowser().post("/login", { intent: "forgot", email: user.email })).status);
    }
    expect(statuses).toEqual([302, 302, 302, 302, 302, 302, 302]);
    expect((await outboxFor(user.email)).length - before).toBe(5);
  });

  it("ask verification and reset guesses past the limit for a person's check", async () => {
    const user = newUser();
    await register(new TestBrowser(), user);
    const verify: number[] = [];
    for (let i = 0; i < 11; i++)
      verify.push((await new TestBrowser().post("/login", { intent: "verify", email: user.email, code: `DV1${i}` })).status);
    expect(verify.slice(0, 10).every((status) => status === 400)).toBe(true);
    expect(verify[10]).toBe(403);
    const known = await signUp(new TestBrowser());
    const reset: number[] = [];
    for (let i = 0; i < 11; i++) {
      reset.push(
        (
          await new TestBrowser().post("/login", {
            intent: "reset",
            email: known.email,
            password: "Fresh@2027",
            confirmPassword: "Fresh@2027",
            code: `DV1${i}`,
          })
        ).status,
      );
    }
    expect(reset[10]).toBe(403);
  });
});

describe("errors", () => {
  it("answer an unknown or unreadable form with a plain 400, no internals", async () => {
    const browser = new TestBrowser();
    const unknown = await browser.post("/login", { intent: "drop-tables" });
    expect(unknown.status).toBe(400);
    const body = await unknown.text();
    expect(body).not.toMatch(/at \w+ \(|\.ts:\d+|sqlite|D1_ERROR/i);
  });
});
