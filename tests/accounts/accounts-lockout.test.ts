/**
 * The sign-in limit under parallel load (issue 10 #5): attempts are counted
 * atomically in D1 before the password is checked, so a burst of parallel guesses
 * gets at most the limit checked (the rest are asked for a person's check, or refused
 * for the client); a reset clears the account's counters.
 */
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { ACCOUNT_RATE_LIMITS } from "~/lib/rate-limit.server";
import { runHousekeeping } from "../../workers/scheduled";
import { TestBrowser, latestCode, pageText, signIn, signUp } from "../support/browser";
import { LegacyClient, legacySignUp } from "../support/legacy-client";

const LIMIT = ACCOUNT_RATE_LIMITS.login.account.limit;
const BURST = 25;

type Outcome = "checked" | "refused";

/** Runs `attempt` BURST times at once and counts what came back. */
async function burst(attempt: () => Promise<Outcome>) {
  const outcomes = await Promise.all(Array.from({ length: BURST }, attempt));
  return { checked: outcomes.filter((o) => o === "checked").length, refused: outcomes.filter((o) => o === "refused").length };
}

/** One wrong password on the portal's form, from its own address (only the account limit applies). */
async function portalGuess(email: string, i: number): Promise<Outcome> {
  const response = await signIn(new TestBrowser(), email, `Wrong@${i}-guess`);
  // 403: the account is past its limit and the guess carried no passed human check.
  if (response.status === 429 || response.status === 403) return "refused";
  expect(response.status).toBe(400);
  expect(await pageText(response)).toContain("Please check your E-mail or password");
  return "checked";
}

async function legacyGuess(email: string, i: number): Promise<Outcome> {
  const answer = await new LegacyClient().signIn(email, `Wrong@${i}-guess`);
  if (answer.status === 429 || answer.status === 403) return "refused";
  expect(answer.body).toEqual([{ RESULT: 0, Message: "Please check your E-mail or password" }]);
  return "checked";
}

/** Four bursts of parallel guesses: the passwords checked in all of them together. */
async function fourBursts(guess: (i: number) => Promise<Outcome>) {
  const first = await burst(() => guess(0));
  let checked = first.checked;
  for (let round = 1; round < 4; round++) checked += (await burst(() => guess(round))).checked;
  return { first, checked };
}

const LOCKED = /Too many attempts\. Please wait \d+ minutes? and try again\..*Forgot password\?/;

describe("the sign-in limit under parallel guessing", () => {
  it(`checks at most ${LIMIT} of ${BURST} parallel wrong passwords on /login, and of 4 × ${BURST}`, async () => {
    const user = await signUp(new TestBrowser());
    let n = 0;
    const { first, checked } = await fourBursts(() => portalGuess(user.email, n++));
    console.info(`portal /login: ${first.checked} of ${BURST} parallel wrong passwords checked; ${checked} of ${4 * BURST} in four bursts`);
    expect(first.checked).toBe(LIMIT);
    expect(first.refused).toBe(BURST - LIMIT);
    expect(checked).toBe(LIMIT);
  }, 30_000); // a hundred sign-in pages rendered

  it(`checks at most ${LIMIT} of ${BURST} parallel wrong passwords on /api/user/login, and of 4 × ${BURST}`, async () => {
    const user = await legacySignUp();
    let n = 0;
    const { first, checked } = await fourBursts(() => legacyGuess(user.email, n++));
    console.info(
      `legacy /api/user/login: ${first.checked} of ${BURST} parallel wrong passwords checked; ${checked} of ${4 * BURST} in four bursts`,
    );
    expect(first.checked).toBe(LIMIT);
    expect(checked).toBe(LIMIT);
  }, 30_000);

  it("shares one account limit between the portal and the legacy API", async () => {
    const user = await signUp(new TestBrowser());
    let n = 0;
    const outcomes = await Promise.all(
      Array.from({ length: BURST }, (_, i) => (i % 2 ? portalGuess(user.email, n++) : legacyGuess(user.email, n++))),
    );
    expect(outcomes.filter((o) => o === "checked")).toHaveLength(LIMIT);
  });

  it("refuses one client past its limit and offers it the reset path; a reset clears the account's counters", async () => {
    const user = await signUp(new TestBrowser());
    const owner = new TestBrowser();
    for (let i = 0; i < LIMIT; i++) expect((await signIn(owner, user.email, `Wrong@${i}`)).status).toBe(400);
    const locked = await signIn(owner, user.email, user.password);
    expect(locked.status).toBe(429);
    expect(await pageText(locked)).toMatch(LOCKED);
    const legacy = await new LegacyClient(undefined, owner.ip).signIn(user.email, user.password);
    expect(legacy.status).toBe(429);
    expect(legacy.body).toMatchObject({ Status: "Failed", error: "rate_limited", field: "mail" });
    expect(legacy.body.message).toMatch(LOCKED);

    // The reset path stays open, and a reset lifts the sign-in limit for the owner's own client.
    expect((await owner.post("/login", { intent: "forgot", email: user.email })).status).toBe(302);
    const code = await latestCode(user.email);
    const reset = await owner.post("/login", {
      intent: "reset",
      email: user.email,
      password: "Fresh@2027",
      confirmPassword: "Fresh@2027",
      code,
    });
    expect(reset.status).toBe(302);
    expect((await signIn(owner, user.email, "Fresh@2027")).status).toBe(302);
  });

  it("does not count the owner's successful sign-ins against the limit", async () => {
    const user = await signUp(new TestBrowser());
    for (let i = 0; i < LIMIT + 2; i++) {
      expect((await signIn(new TestBrowser(), user.email, user.password)).status, `sign-in ${i + 1}`).toBe(302);
    }
    expect(await portalGuess(user.email, 0)).toBe("checked");
  });
});

describe("attempt counters", () => {
  it("live in D1 and are cleared by housekeeping once their window is over", async () => {
    const user = await signUp(new TestBrowser());
    await portalGuess(user.email, 0);
    const live = await env.DB.prepare("select count(*) as n from rate_limits where expires_at > ?").bind(Date.now()).first<{ n: number }>();
    expect(live!.n).toBeGreaterThan(0);
    const later = Date.now() + 25 * 60 * 60 * 1000;
    const results = await runHousekeeping(env, new Date(later));
    expect(results).toContainEqual({ name: "rate-limits", ok: true });
    const left = await env.DB.prepare("select count(*) as n from rate_limits where expires_at <= ?").bind(later).first<{ n: number }>();
    expect(left!.n).toBe(0);
  });
});
