import { env, exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { SignJWT } from "jose";
import { hmacSha256 } from "~/lib/crypto.server";
import { ORIGIN, TestBrowser, signIn } from "../support/browser";
import { DEMO, LegacyClient, demoClient } from "../support/legacy-client";
import { setCookie } from "../support/cookie-jar";

const SECRET = (env as unknown as { SESSION_SECRET: string }).SESSION_SECRET;

describe("start-up calls", () => {
  it("answer a visitor: no session, empty tokens, Status 0, and an XSRF cookie", async () => {
    const client = new LegacyClient("browser");
    const { generated, tokens, status } = await client.start();
    expect(generated.status).toBe(200);
    expect(generated.body).toEqual({ Status: "success", SignedIn: false, sessionId: null, FirstName: "" });
    expect(client.cookies.get("XSRF-TOKEN")).toMatch(/^[\w-]{32}\.[\w-]{43}$/);
    const cookie = setCookie(generated.response, "XSRF-TOKEN")!;
    expect(cookie).toContain("SameSite=Lax");
    expect(cookie).not.toContain("HttpOnly");
    expect(tokens.body).toMatchObject({ accessToken: "", refreshToken: "", expiresIn: 0 });
    expect(status.body).toEqual([{ Status: 0, FirstName: "" }]);
  });

  it("say who is signed in, by bearer token or by the session id in the payload", async () => {
    const client = await demoClient();
    expect((await client.call("/login")).body).toEqual([{ Status: 1, FirstName: DEMO.firstName }]);
    const generated = await client.call("/GenerateSessionID");
    expect(generated.body).toMatchObject({ Status: "success", SignedIn: true, sessionId: client.sessionId, FirstName: DEMO.firstName });
    const byIdOnly = new LegacyClient();
    byIdOnly.sessionId = client.sessionId;
    expect((await byIdOnly.call("/login")).body).toEqual([{ Status: 1, FirstName: DEMO.firstName }]);
    // The spec's start: /token with only the session id gives a fresh pair.
    const tokens = await byIdOnly.call("/token");
    expect(tokens.body.accessToken).toMatch(/^eyJ/);
    expect(tokens.body.refreshToken).toMatch(/^rt1\./);
    expect(tokens.body).toMatchObject({ expiresIn: 900, tokenType: "Bearer", sessionId: client.sessionId });
  });

  it("read the portal cookie but never hand its id or tokens to scripts", async () => {
    const browser = new TestBrowser();
    expect((await signIn(browser, DEMO.email, DEMO.password)).status).toBe(302);
    const client = new LegacyClient("browser", browser.ip);
    client.cookies.set("sn_session", browser.cookies.get("sn_session")!);
    expect((await client.call("/login")).body).toEqual([{ Status: 1, FirstName: DEMO.firstName }]);
    expect((await client.call("/GenerateSessionID")).body).toMatchObject({ SignedIn: true, sessionId: null });
    expect((await client.call("/token")).body).toMatchObject({ accessToken: "", refreshToken: "" });
  });

  it("clear a stale portal cookie with Status clearcookie, so the reload starts clean", async () => {
    const client = new LegacyClient("browser");
    client.cookies.set("sn_session", "A".repeat(43));
    const first = await client.call("/GenerateSessionID");
    expect(first.body).toMatchObject({ Status: "clearcookie", SignedIn: false });
    expect(client.cookies.has("sn_session")).toBe(false);
    expect((await client.call("/GenerateSessionID")).body.Status).toBe("success");
  });

  it("never loop on a stale token or session id: success, signed out", async () => {
    const client = new LegacyClient();
    client.sessionId = "B".repeat(43);
    client.accessToken = "not-a-token";
    expect((await client.call("/GenerateSessionID")).body).toMatchObject({ Status: "success", SignedIn: false, sessionId: null });
    expect((await client.call("/login")).body).toEqual([{ Status: 0, FirstName: "" }]);
  });
});

describe("/login is shared with the portal page", () => {
  it("answers JSON or empty posts as the legacy status call, form posts as the sign-in page", async () => {
    const empty = await exports.default.fetch(`${ORIGIN}/login`, { method: "POST" });
    expect(empty.headers.get("content-type")).toContain("application/json");
    expect(await empty.json()).toEqual([{ Status: 0, FirstName: "" }]);
    const form = await new TestBrowser().post("/login", { intent: "login", email: DEMO.email, password: DEMO.password });
    expect(form.status).toBe(302);
    expect(form.headers.getSetCookie().some((c) => c.startsWith("sn_session="))).toBe(true);
    const data = await new TestBrowser().post("/login.data", { intent: "login", email: DEMO.email, password: "wrong-password" });
    expect(data.headers.get("content-type")).not.toContain("application/json");
  });
});

describe("tokens", () => {
  it("rotate on refresh; an old refresh token coming back ends the session", async () => {
    const client = await demoClient();
    const first = client.refreshToken;
    const refreshed = await client.call("/token", { refreshToken: first });
    expect(refreshed.status).toBe(200);
    expect(refreshed.body.refreshToken).not.toBe(first);
    expect(refreshed.body.sessionId).toBe(client.sessionId);
    const again = await client.call("/token/refresh", { refreshToken: refreshed.body.refreshToken });
    expect(again.status).toBe(200);
    client.accessToken = again.body.accessToken;
    expect((await client.call("/api/MyProfile/PopulateMyProfile")).status).toBe(200);
    const replay = await new LegacyClient().call("/token/refresh", { refreshToken: first });
    expect(replay.status).toBe(401);
    expect(replay.body).toMatchObject({ Status: "clearcookie", error: "unauthorized", field: "refreshToken" });
    const after = await client.call("/api/MyProfile/PopulateMyProfile");
    expect(after.status).toBe(401);
    expect(after.body.Status).toBe("clearcookie");
  });

  it("are refused when forged, expired or for an ended session", async () => {
    const client = await demoClient();
    const profile = (token: string) => {
      const c = new LegacyClient();
      c.accessToken = token;
      return c.call("/api/MyProfile/PopulateMyProfile");
    };
    expect((await profile(client.accessToken)).status).toBe(200);
    const [header, payload] = client.accessToken.split(".");
    const forged = await profile(`${header}.${payload}.${"x".repeat(43)}`);
    expect(forged.status).toBe(401);
    const otherKey = await new SignJWT({ sid: client.sessionId })
      .setProtectedHeader({ alg: "HS256", typ: "at+jwt" })
      .setSubject("1")
      .setIssuer("sannidhi")
      .setAudience("sannidhi-legacy-api")
      .setExpirationTime("5m")
      .sign(new TextEncoder().encode(SECRET));
    expect((await profile(otherKey)).status).toBe(401);
    const unsigned = `${btoa(JSON.stringify({ alg: "none" }))}.${payload}.`;
    expect((await profile(unsigned)).status).toBe(401);
    expect((await client.call("/api/user/logout")).body).toEqual([{ RESULT: 1, Message: "You have been signed out." }]);
    const ended = await profile(client.accessToken);
    expect(ended.status).toBe(401);
    expect((await new LegacyClient().call("/token/refresh", { refreshToken: client.refreshToken })).status).toBe(401);
  });

  it("sign-out works with an expired but genuine access token, which is refused elsewhere", async () => {
    const client = await demoClient();
    const now = Math.floor(Date.now() / 1000);
    const key = new TextEncoder().encode(await hmacSha256(SECRET, "legacy-access-token/v1"));
    const expired = await new SignJWT({ sid: client.sessionId })
      .setProtectedHeader({ alg: "HS256", typ: "at+jwt" })
      .setSubject("1")
      .setIssuer("sannidhi")
      .setAudience("sannidhi-legacy-api")
      .setIssuedAt(now - 3600)
      .setExpirationTime(now - 1800)
      .sign(key);
    const bearerOnly = new LegacyClient();
    bearerOnly.accessToken = expired;
    const refused = await bearerOnly.call("/api/MyProfile/PopulateMyProfile");
    expect(refused.status).toBe(401);
    expect(refused.body).toMatchObject({ Status: "clearcookie", error: "token_expired", field: "Authorization" });
    // The spec's client also sends the session id: an expired token does not sink that.
    expect((await client.call("/api/MyProfile/PopulateMyProfile", {}, { authorization: `Bearer ${expired}` })).status).toBe(200);
    expect((await bearerOnly.call("/api/user/logout")).body[0].RESULT).toBe(1);
    expect((await client.call("/login")).body).toEqual([{ Status: 0, FirstName: "" }]);
  });
});
