/**
 * Issue 37: strangers asking for an owner's codes, many at once from many addresses, cannot
 * make the code in the owner's newest email stop working, and cannot make more mail than the
 * hourly cap. An account has one live code at a time; every email sent while it lives carries it.
 */
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { TestBrowser, latestCode, newUser, outboxFor, pageText, register, signIn, signUp } from "../support/browser";

const RESET_SUBJECT = "Your Sannidhi password reset code";
const SIGNUP_SUBJECT = "Your Sannidhi verification code";

async function mailsWithSubject(email: string, subject: string) {
  return (await outboxFor(email)).filter((message) => message.subject === subject).length;
}

function forgot(browser: TestBrowser, email: string) {
  return browser.post("/login", { intent: "forgot", email });
}

function reset(browser: TestBrowser, email: string, password: string, code: string) {
  return browser.post("/login", { intent: "reset", email, password, confirmPassword: password, code });
}

/** `count` requests at once, each from its own address, with the owner's in the middle of them. */
async function allAtOnce(count: number, stranger: () => Promise<Response>, owner?: () => Promise<Response>) {
  const requests = Array.from({ length: count }, stranger);
  if (owner) requests.splice(Math.floor(count / 2), 0, owner());
  const responses = await Promise.all(requests);
  for (const response of responses) await response.body?.cancel();
  return responses.map((response) => response.status);
}

describe("reset codes while strangers ask for them all at once", () => {
  it("the code in the owner's newest email resets the password after 40 strangers' requests, 25 at a time, and five mails at most went out", async () => {
    for (let trial = 0; trial < 3; trial++) {
      const user = await signUp(new TestBrowser());
      const owner = new TestBrowser();
      const stranger = () => forgot(new TestBrowser(), user.email);
      const first = await allAtOnce(25, stranger, () => forgot(owner, user.email));
      const second = await allAtOnce(15, stranger);
      // Nobody is refused: past the account's limit the answer is "use the newest email".
      expect([...first, ...second], `trial ${trial}`).toEqual(Array(41).fill(302));
      expect(await mailsWithSubject(user.email, RESET_SUBJECT), `trial ${trial}: reset emails sent`).toBeLessThanOrEqual(5);

      const done = await reset(owner, user.email, "Owner@2027", await latestCode(user.email));
      expect(done.status, `trial ${trial}`).toBe(302);
      expect(done.headers.get("location")).toBe("/login");
      expect((await signIn(new TestBrowser(), user.email, "Owner@2027")).status, `trial ${trial}`).toBe(302);
    }
  });

  it("resending mails the same code, which resets the password once and is refused after", async () => {
    const user = await signUp(new TestBrowser());
    const owner = new TestBrowser();
    await forgot(owner, user.email);
    const first = await latestCode(user.email);
    expect((await new TestBrowser().post("/login", { intent: "resend-reset", email: user.email })).status).toBe(302);
    expect(await mailsWithSubject(user.email, RESET_SUBJECT)).toBe(2);
    expect(await latestCode(user.email)).toBe(first);

    expect((await reset(owner, user.email, "Owner@2027", first)).status).toBe(302);
    const replay = await reset(new TestBrowser(), user.email, "Stranger@2027", first);
    expect(replay.status).toBe(400);
    expect(await pageText(replay)).toContain("Verfication code not match!");
    expect((await signIn(new TestBrowser(), user.email, "Owner@2027")).status).toBe(302);
  });

  it("an expired code is refused, and the next request mails a new code that works", async () => {
    const user = await signUp(new TestBrowser());
    const owner = new TestBrowser();
    await forgot(owner, user.email);
    const old = await latestCode(user.email);
    await env.DB.prepare(
      "update password_resets set expires_at = '2000-01-01T00:00:00.000Z' where customer_id = (select id from customers where email = ?)",
    )
      .bind(user.email)
      .run();
    expect(await pageText(await reset(owner, user.email, "Owner@2027", old))).toContain("This verification code has expired");

    await forgot(owner, user.email);
    const fresh = await latestCode(user.email);
    expect(fresh).not.toBe(old);
    expect(await pageText(await reset(owner, user.email, "Owner@2027", old))).toContain("Verfication code not match!");
    expect((await reset(owner, user.email, "Owner@2027", fresh)).status).toBe(302);
  });
});

describe("sign-up codes while strangers press 'Resend code' all at once", () => {
  it("the code in the owner's newest email verifies the account", async () => {
    for (let trial = 0; trial < 3; trial++) {
      const user = newUser();
      const owner = new TestBrowser();
      expect((await register(owner, user)).status).toBe(302);
      const resend = (browser: TestBrowser) => browser.post("/login", { intent: "resend-signup", email: user.email });
      await allAtOnce(
        12,
        () => resend(new TestBrowser()),
        () => resend(owner),
      );
      // The account's limit (five a hour, the registration included) holds the mail too.
      expect(await mailsWithSubject(user.email, SIGNUP_SUBJECT), `trial ${trial}`).toBeLessThanOrEqual(5);

      const verified = await owner.post("/login", { intent: "verify", email: user.email, code: await latestCode(user.email) });
      expect(verified.status, `trial ${trial}`).toBe(302);
      expect(verified.headers.get("location")).toBe("/");
    }
  });
});
