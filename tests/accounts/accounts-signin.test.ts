import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { TestBrowser, isSignedIn, newUser, pageText, register, signIn, signUp } from "../support/browser";
import { setCookie } from "../support/cookie-jar";
import { OPERATOR, STAFF_A } from "../support/staff";

describe("sign-in", () => {
  it("signs the demo devotee in, goes home and shows the name in the header", async () => {
    const browser = new TestBrowser();
    const response = await signIn(browser, "Devotee@Sannidhi.example ", "Devotee@2026");
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/");
    const home = await browser.get("/");
    const text = await pageText(home);
    expect(text).toContain("Welcome back, Lakshmi!");
    expect(text).toContain("Sign Out");
    expect(text).not.toContain("Sign Up");
  });

  it("says 'Please check your E-mail or password' for a wrong password or an unknown email", async () => {
    const browser = new TestBrowser();
    const user = await signUp(new TestBrowser());
    for (const [email, password] of [
      [user.email, "wrong-password"],
      ["nobody.here@example.org", user.password],
    ] as const) {
      const response = await signIn(browser, email, password);
      expect(response.status).toBe(400);
      const text = await pageText(response);
      expect(text).toContain("Please check your E-mail or password");
      expect(text).not.toContain(password);
      expect(browser.cookies.has("sn_session")).toBe(false);
    }
  });

  it("shows the login form's validation messages", async () => {
    const response = await signIn(new TestBrowser(), "bad-email", "12345");
    expect(response.status).toBe(400);
    const text = await pageText(response);
    expect(text).toContain("Enter vaild E-mail!");
    expect(text).toContain("Please check your E-mail or password!");
  });

  it("returns to a same-site page after sign-in, never to another site", async () => {
    const user = await signUp(new TestBrowser());
    const back = await signIn(new TestBrowser(), user.email, user.password, { redirectTo: "/account?tab=favourites" });
    expect(back.headers.get("location")).toBe("/account?tab=favourites");
    for (const redirectTo of ["//evil.example/", "https://evil.example/", "/\\evil.example"]) {
      const response = await signIn(new TestBrowser(), user.email, user.password, { redirectTo });
      expect(response.headers.get("location")).toBe("/");
    }
  });

  it("takes staff to their desk and operators to the console after sign-in, unless they were on their way somewhere", async () => {
    const staff = await signIn(new TestBrowser(), STAFF_A.email, STAFF_A.password);
    expect(staff.status).toBe(302);
    expect(staff.headers.get("location")).toBe("/desk");
    const operator = await signIn(new TestBrowser(), OPERATOR.email, OPERATOR.password);
    expect(operator.headers.get("location")).toBe("/operator");
    // In their language, and still where they were going when they had somewhere to go.
    const inMalayalam = await new TestBrowser().post("/ml/login", { intent: "login", email: STAFF_A.email, password: STAFF_A.password });
    expect(inMalayalam.headers.get("location")).toBe("/ml/desk");
    const onTheirWay = await signIn(new TestBrowser(), STAFF_A.email, STAFF_A.password, { redirectTo: "/desk/1/requests" });
    expect(onTheirWay.headers.get("location")).toBe("/desk/1/requests");
    const devotee = await signUp(new TestBrowser());
    expect((await signIn(new TestBrowser(), devotee.email, devotee.password)).headers.get("location")).toBe("/");
  });

  it("sends signed-out visitors of the profile panel to the login page and back", async () => {
    const response = await new TestBrowser().get("/account?tab=transactions");
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/login?redirectTo=%2Faccount%3Ftab%3Dtransactions");
  });

  it("gives a new session id at every sign-in and ends the old one", async () => {
    const browser = new TestBrowser();
    const user = await signUp(browser);
    const first = browser.cookies.get("sn_session")!;
    await signIn(browser, user.email, user.password);
    const second = browser.cookies.get("sn_session")!;
    expect(second).not.toBe(first);
    const stale = new TestBrowser();
    stale.cookies.set("sn_session", first);
    expect(await isSignedIn(stale)).toBe(false);
    expect(await isSignedIn(browser)).toBe(true);
  });

  it("keeps sessions in KV under a digest of the id, with a TTL", async () => {
    const browser = new TestBrowser();
    await signUp(browser);
    const id = browser.cookies.get("sn_session")!;
    const { keys } = await env.SESSIONS.list({ prefix: "session:" });
    expect(keys.some((key) => key.name.includes(id))).toBe(false);
    const digest = [...new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(id)))]
      .map((b) => b.toString(16).padStart(2, "0"))
      .join("");
    const key = keys.find((k) => k.name === `session:${digest}`);
    expect(key?.expiration).toBeGreaterThan(Date.now() / 1000 + 13 * 86400);
  });

  it("clears the pending registration when the visitor chooses login", async () => {
    const browser = new TestBrowser();
    await register(browser, newUser());
    expect(browser.cookies.has("sn_account_flow")).toBe(true);
    expect(await pageText(await browser.get("/login?form=verify"))).toContain("Verify your email");
    await browser.get("/login");
    expect(browser.cookies.has("sn_account_flow")).toBe(false);
    expect(await pageText(await browser.get("/login?form=verify"))).not.toContain("Verify your email");
  });

  it("ignores a forged session id", async () => {
    const browser = new TestBrowser();
    browser.cookies.set("sn_session", "A".repeat(43));
    expect(await isSignedIn(browser)).toBe(false);
  });
});

describe("sign-out", () => {
  it("ends the session, clears the cookie and reloads the page it came from", async () => {
    const browser = new TestBrowser();
    await signUp(browser);
    const id = browser.cookies.get("sn_session")!;
    const response = await browser.post("/logout", { redirectTo: "/temples" });
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/temples");
    expect(response.headers.getSetCookie().join("\n")).toMatch(/sn_session=; Path=\/; Max-Age=0; HttpOnly; SameSite=Lax/);
    const replay = new TestBrowser();
    replay.cookies.set("sn_session", id);
    expect(await isSignedIn(replay)).toBe(false);
  });

  it("goes home when signing out from the profile panel", async () => {
    const browser = new TestBrowser();
    await signUp(browser);
    const response = await browser.post("/logout", { redirectTo: "/account?tab=profile" });
    expect(response.headers.get("location")).toBe("/");
  });

  it("does nothing on GET", async () => {
    const browser = new TestBrowser();
    await signUp(browser);
    const response = await browser.get("/logout");
    expect(response.status).toBe(302);
    expect(await isSignedIn(browser)).toBe(true);
  });
});

describe("session cookie", () => {
  it("is HttpOnly, SameSite=Lax and not Secure on plain-http localhost", async () => {
    const browser = new TestBrowser();
    const user = newUser();
    await signUp(browser, user);
    const response = await signIn(browser, user.email, user.password);
    const cookie = setCookie(response, "sn_session")!;
    expect(cookie).toMatch(/^sn_session=[\w-]{43}; Path=\/; Max-Age=1209600; HttpOnly; SameSite=Lax$/);
  });

  it("is Secure on any other host", async () => {
    const user = await signUp(new TestBrowser());
    const browser = new TestBrowser("https://sannidhi.example");
    const response = await signIn(browser, user.email, user.password);
    const cookie = setCookie(response, "sn_session")!;
    expect(cookie).toMatch(/HttpOnly; SameSite=Lax; Secure$/);
  });
});
