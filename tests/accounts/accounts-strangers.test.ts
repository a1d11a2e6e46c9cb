/**
 * Issue 24 #2: strangers who know a devotee's email cannot keep them out. Attempts are
 * counted per client and per account: one client past its limit is refused (429), and an
 * account past its own limit asks every later attempt for a passed human check (locally the
 * stand-in for Cloudflare Turnstile), which the owner passes and a guessing script does not.
 * Reset emails stop while the last code sent is good; wrong guesses never spend the owner's code.
 */
import { env } from "cloudflare:workers";
import { describe, expect, it, vi } from "vitest";
import { latestCode, outboxFor, pageText, signIn, signUp, TestBrowser, uniqueIp } from "../support/browser";
import { LegacyClient, legacySignUp } from "../support/legacy-client";

const CHECK_FIELD = "cf-turnstile-response";

/** The stand-in's token on a page that asks for the human check (the box a person ticks). */
async function checkOnPage(response: Response): Promise<string> {
  const html = await response.text();
  const token = new RegExp(`name="${CHECK_FIELD}" value="([^"]+)"`).exec(html)?.[1];
  expect(token, "the page asks for the human check").toBeDefined();
  expect(html).toContain("I am a person, not a program");
  return token!;
}

async function strangersGuess(email: string, count: number) {
  const statuses: number[] = [];
  for (let i = 0; i < count; i++) {
    const response = await signIn(new TestBrowser(), email, `Wrong@${i}-guess`);
    statuses.push(response.status);
    await response.body?.cancel();
  }
  return statuses;
}

describe("sign-in while strangers guess", () => {
  it("50 strangers' wrong passwords from 50 addresses do not keep the owner out of the portal or the API", async () => {
    const user = await signUp(new TestBrowser());
    const statuses = await strangersGuess(user.email, 50);
    // Ten passwords were checked; every later guess was asked for the check, none refused the account.
    expect(statuses.filter((s) => s === 400)).toHaveLength(10);
    expect(statuses.filter((s) => s === 403)).toHaveLength(40);
    expect(statuses).not.toContain(429);

    const owner = new TestBrowser();
    const asked = await signIn(owner, user.email, user.password);
    expect(asked.status).toBe(403);
    expect(owner.cookies.has("sn_session"), "not signed in before the check").toBe(false);
    const token = await checkOnPage(asked);
    const signedIn = await signIn(owner, user.email, user.password, { [CHECK_FIELD]: token });
    expect(signedIn.status).toBe(302);
    expect(owner.cookies.has("sn_session")).toBe(true);

    const app = new LegacyClient();
    const challenge = await app.signIn(user.email, user.password);
    expect(challenge.status).toBe(403);
    expect(challenge.body).toMatchObject({ Status: "Failed", error: "challenge_required", field: "TurnstileToken" });
    const [answer] = (
      await app.call("/api/user/login", { mail: user.email, pass: user.password, LanguageID: 1, TurnstileToken: challenge.body.localToken })
    ).body;
    expect(answer).toMatchObject({ RESULT: 1, LoginID: user.email });
  });

  it("a brute force from many addresses checks no more than ten passwords, and the right one without the check gets nowhere", async () => {
    const user = await signUp(new TestBrowser());
    const statuses = await strangersGuess(user.email, 60);
    expect(statuses.filter((s) => s === 400)).toHaveLength(10);
    // The right password, from yet another address, without a passed check: not even checked.
    const bot = new TestBrowser();
    const right = await signIn(bot, user.email, user.password);
    expect(right.status).toBe(403);
    expect(bot.cookies.has("sn_session")).toBe(false);
    // A made-up, altered or reused token is no check.
    const token = await checkOnPage(right);
    for (const forged of [
      "local.1.000000000000000000000000.x",
      `${token.slice(0, -1)}${token.endsWith("0") ? "1" : "0"}`,
      "x".repeat(3000),
    ]) {
      const answer = await signIn(new TestBrowser(), user.email, user.password, { [CHECK_FIELD]: forged });
      expect(answer.status, forged.slice(0, 40)).toBe(403);
      expect(await pageText(answer)).toContain("That check did not go through");
    }
    expect((await signIn(new TestBrowser(), user.email, `Wrong@x`, { [CHECK_FIELD]: token })).status).toBe(400);
    expect((await signIn(new TestBrowser(), user.email, user.password, { [CHECK_FIELD]: token })).status, "a token counts once").toBe(403);
  });

  it("one address guessing at one account is refused after ten, even with the right password and a passed check", async () => {
    const user = await signUp(new TestBrowser());
    const ip = uniqueIp();
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) statuses.push((await signIn(new TestBrowser(undefined, ip), user.email, `Wrong@${i}`)).status);
    expect(statuses).toEqual([...Array(10).fill(400), 429, 429]);
    const again = await signIn(new TestBrowser(undefined, ip), user.email, user.password);
    expect(again.status).toBe(429);
    // The owner, from their own address, is not refused: asked for the check, and in.
    const owner = new TestBrowser();
    const asked = await signIn(owner, user.email, user.password);
    expect(asked.status).toBe(403);
    expect((await signIn(owner, user.email, user.password, { [CHECK_FIELD]: await checkOnPage(asked) })).status).toBe(302);
  });
});

describe("password recovery while strangers ask", () => {
  it("stops sending reset emails after five, tells the owner to use the newest, and that code still resets", async () => {
    const user = await legacySignUp();
    const before = (await outboxFor(user.email)).length;
    const results: string[] = [];
    for (let i = 0; i < 8; i++) {
      const answer = await new LegacyClient().call("/api/Customer/CheckPasswordRecoveryEmail", { LoginID: user.email });
      expect(answer.status).toBe(200);
      results.push(answer.body.RESULT);
    }
    expect(results).toEqual(Array(8).fill("SUCCESS"));
    expect((await outboxFor(user.email)).length - before, "reset emails sent").toBe(5);

    // The owner asks too, on the portal: told to use the newest email, not refused.
    const owner = new TestBrowser();
    const asked = await owner.post("/login", { intent: "forgot", email: user.email });
    expect(asked.status).toBe(302);
    expect((await outboxFor(user.email)).length - before).toBe(5);
    const reset = await owner.post("/login", {
      intent: "reset",
      email: user.email,
      password: "Fresh@2027",
      confirmPassword: "Fresh@2027",
      code: await latestCode(user.email),
    });
    expect(reset.status).toBe(302);
    expect((await signIn(new TestBrowser(), user.email, "Fresh@2027")).status).toBe(302);
  });

  it("wrong codes from eleven addresses never spend the owner's newest code", async () => {
    const user = await legacySignUp();
    expect((await new LegacyClient().call("/api/Customer/CheckPasswordRecoveryEmail", { LoginID: user.email })).body.RESULT).toBe(
      "SUCCESS",
    );
    const code = await latestCode(user.email);
    const wrong = code === "DV000000" ? "DV000001" : "DV000000";
    const answers = [];
    for (let i = 0; i < 11; i++) {
      answers.push(
        await new LegacyClient().call("/api/Customer/ResetPasswordNew", {
          LoginID: user.email,
          LoginNewPassword: "Stranger@2027",
          GUID: wrong,
        }),
      );
    }
    expect(answers.slice(0, 10).map((a) => a.body.Status)).toEqual(Array(10).fill("failure"));
    expect(answers[10]!.status).toBe(403);

    const owner = new LegacyClient();
    const challenge = await owner.call("/api/Customer/ResetPasswordNew", {
      LoginID: user.email,
      LoginNewPassword: "Owner@2027",
      GUID: code,
    });
    expect(challenge.status).toBe(403);
    expect(challenge.body.error).toBe("challenge_required");
    const done = await owner.call("/api/Customer/ResetPasswordNew", {
      LoginID: user.email,
      LoginNewPassword: "Owner@2027",
      GUID: code,
      TurnstileToken: challenge.body.localToken,
    });
    expect(done.body).toMatchObject({ Status: "success" });
    expect((await signIn(new TestBrowser(), user.email, "Owner@2027")).status).toBe(302);
  });
});

describe("the human check", () => {
  it("is Turnstile with its keys, the stand-in with the local switch, and none otherwise (refusing, and saying so in the log)", async () => {
    const logged = vi.spyOn(console, "error").mockImplementation(() => undefined);
    const { humanCheckFor } = await import("~/lib/human-check.server");
    const { createDb } = await import("~/db/client.server");
    const db = createDb(env.DB);
    const base = { SESSION_SECRET: "x".repeat(40) };
    expect(await humanCheckFor({ ...base, CHALLENGE_MODE: "local" }, db).widget()).toMatchObject({ kind: "local" });
    expect(await humanCheckFor({ ...base, TURNSTILE_SITE_KEY: "0x4AAA", TURNSTILE_SECRET_KEY: "secret" }, db).widget()).toEqual({
      kind: "turnstile",
      siteKey: "0x4AAA",
    });
    const none = humanCheckFor(base, db);
    expect(await none.widget()).toEqual({ kind: "unavailable" });
    expect(await none.verify("anything", "203.0.113.1")).toBe(false);
    expect(logged).toHaveBeenCalledWith(expect.stringContaining("TURNSTILE_SITE_KEY"));
    logged.mockRestore();
  });

  it("asks Turnstile's Siteverify about a token, with the secret and the client's address, and trusts only its success", async () => {
    const { humanCheckFor, SITEVERIFY_URL } = await import("~/lib/human-check.server");
    const { createDb } = await import("~/db/client.server");
    const sent: { url: string; body: URLSearchParams }[] = [];
    let verdict: unknown = { success: true };
    const siteverify = (async (url: string, init: RequestInit) => {
      sent.push({ url, body: new URLSearchParams(init.body as URLSearchParams) });
      return Response.json(verdict);
    }) as unknown as typeof fetch;
    const check = humanCheckFor(
      { SESSION_SECRET: "x".repeat(40), TURNSTILE_SITE_KEY: "site", TURNSTILE_SECRET_KEY: "turnstile-secret" },
      createDb(env.DB),
      siteverify,
    );
    expect(await check.verify("token-1", "203.0.113.9")).toBe(true);
    expect(sent[0]!.url).toBe(SITEVERIFY_URL);
    expect(Object.fromEntries(sent[0]!.body)).toMatchObject({ secret: "turnstile-secret", response: "token-1", remoteip: "203.0.113.9" });
    verdict = { success: false, "error-codes": ["timeout-or-duplicate"] };
    expect(await check.verify("token-1", "203.0.113.9")).toBe(false);
    verdict = { success: "true" };
    expect(await check.verify("token-2", "203.0.113.9")).toBe(false);
    // No token, or one longer than Turnstile's, is never sent.
    expect(await check.verify(undefined, "203.0.113.9")).toBe(false);
    expect(await check.verify("t".repeat(2049), "203.0.113.9")).toBe(false);
    expect(sent).toHaveLength(3);
  });
});
