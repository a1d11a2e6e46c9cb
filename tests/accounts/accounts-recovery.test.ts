import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { TestBrowser, isSignedIn, latestCode, outboxFor, pageText, signIn, signUp, uniqueEmail } from "../support/browser";

async function forgot(browser: TestBrowser, email: string) {
  return browser.post("/login", { intent: "forgot", email });
}

function reset(browser: TestBrowser, email: string, password: string, code: string, confirmPassword = password) {
  return browser.post("/login", { intent: "reset", email, password, confirmPassword, code });
}

describe("forgot and reset password", () => {
  it("mails a reset code, resets the password once, and ends every old session", async () => {
    const phone = new TestBrowser();
    const user = await signUp(phone);
    const laptop = new TestBrowser();
    await signIn(laptop, user.email, user.password);

    const browser = new TestBrowser();
    const asked = await forgot(browser, user.email);
    expect(asked.status).toBe(302);
    expect(asked.headers.get("location")).toBe("/login?form=reset");
    const form = await pageText(await browser.get("/login?form=reset"));
    expect(form).toContain(`We have sent a password reset code to ${user.email}.`);
    expect(form).toContain("Resend code");
    const [mail] = await outboxFor(user.email);
    expect(mail!.subject).toBe("Your Sannidhi password reset code");
    const code = await latestCode(user.email);

    const done = await reset(browser, user.email, "NewTemple@2027", code);
    expect(done.status).toBe(302);
    expect(done.headers.get("location")).toBe("/login");
    expect(await pageText(await browser.get("/login"))).toContain("Your password has been reset.");

    expect(await isSignedIn(phone)).toBe(false);
    expect(await isSignedIn(laptop)).toBe(false);
    expect((await signIn(new TestBrowser(), user.email, user.password)).status).toBe(400);
    expect((await signIn(new TestBrowser(), user.email, "NewTemple@2027")).status).toBe(302);

    const replay = await reset(new TestBrowser(), user.email, "Another@2028", code);
    expect(await pageText(replay)).toContain("Verfication code not match!");
    const [changed] = await outboxFor(user.email);
    expect(changed!.subject).toBe("Your Sannidhi password was changed");
  });

  it("says 'No Macth Found !!! Please Check Your E-mail' for an unknown email", async () => {
    const response = await forgot(new TestBrowser(), uniqueEmail("unknown"));
    expect(response.status).toBe(400);
    expect(await pageText(response)).toContain("No Macth Found !!! Please Check Your E-mail");
  });

  it("says 'Enter vaild E-mail!' for a malformed email", async () => {
    expect(await pageText(await forgot(new TestBrowser(), "nope"))).toContain("Enter vaild E-mail!");
  });

  it("checks the new password and the code as the spec says", async () => {
    const user = await signUp(new TestBrowser());
    const browser = new TestBrowser();
    await forgot(browser, user.email);
    const text = await pageText(await reset(browser, user.email, "12345", "DV", "54321"));
    for (const message of ["Password must contain at least six characters!", "Passwords not match!", "Enter valid verification code!"]) {
      expect(text).toContain(message);
    }
    expect(await pageText(await reset(browser, user.email, user.email, "DV123456"))).toContain("Password must be different from LoginID!");
    const wrong = await reset(browser, user.email, "Fresh@2027", "DV000001");
    expect(wrong.status).toBe(400);
    expect(await pageText(wrong)).toContain("Verfication code not match!");
  });

  it("rejects an expired reset code", async () => {
    const user = await signUp(new TestBrowser());
    const browser = new TestBrowser();
    await forgot(browser, user.email);
    const code = await latestCode(user.email);
    await env.DB.prepare(
      "update password_resets set expires_at = '2000-01-01T00:00:00.000Z' where customer_id = (select id from customers where email = ?)",
    )
      .bind(user.email)
      .run();
    expect(await pageText(await reset(browser, user.email, "Fresh@2027", code))).toContain("This verification code has expired");
  });

  it("resends the same code while it is good, and it resets the password once", async () => {
    const user = await signUp(new TestBrowser());
    const browser = new TestBrowser();
    await forgot(browser, user.email);
    const first = await latestCode(user.email);
    const resent = await browser.post("/login", { intent: "resend-reset", email: user.email });
    expect(resent.status).toBe(302);
    expect(await latestCode(user.email)).toBe(first);
    expect((await reset(browser, user.email, "Fresh@2027", first)).status).toBe(302);
    expect(await pageText(await reset(browser, user.email, "Again@2028", first))).toContain("Verfication code not match!");
  });
});
