import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { codeFromSeed, newCodeSeed } from "~/domain/accounts/codes.server";
import { TestBrowser, customerRow, latestCode, newUser, outboxFor, pageText, register, signUp } from "../support/browser";

describe("sign-up", () => {
  it("mails a DV code, verifies it, creates the account and signs the devotee in", async () => {
    const browser = new TestBrowser();
    const user = newUser({ name: "Meera Iyer" });
    const registered = await register(browser, user);
    expect(registered.status).toBe(302);
    expect(registered.headers.get("location")).toBe("/login?form=verify");
    expect(await customerRow(user.email)).toBeNull();

    const verifyPage = await pageText(await browser.get("/login?form=verify"));
    expect(verifyPage).toContain(`We have sent a verification code to ${user.email}`);

    const [mail] = await outboxFor(user.email);
    expect(mail!.subject).toBe("Your Sannidhi verification code");
    expect(mail!.text).toMatch(/Sannidhi/);
    expect(mail!.html).toMatch(/^<!doctype html>/);
    for (const body of [mail!.text, mail!.html]) expect(body).not.toContain(user.password);
    const code = await latestCode(user.email);
    expect(code).toMatch(/^DV\d{6}$/);

    const verified = await browser.post("/login", { intent: "verify", email: user.email, code });
    expect(verified.status).toBe(302);
    expect(verified.headers.get("location")).toBe("/");
    expect(browser.cookies.get("sn_session")).toMatch(/^[A-Za-z0-9_-]{43}$/);

    const row = await customerRow(user.email);
    expect(row).toMatchObject({ first_name: "Meera Iyer", phone_mobile: "9876543210", dob: "1990-01-01", verified: 1 });
    expect(row!.password_hash).toMatch(/^pbkdf2-sha256\$100000\$[\w-]{22}\$[\w-]{43}$/);

    const home = await pageText(await browser.get("/"));
    expect(home).toContain("Welcome to Sannidhi, Meera Iyer!");
  });

  it("stores only a keyed digest of the code", async () => {
    const browser = new TestBrowser();
    const user = newUser();
    await register(browser, user);
    const code = await latestCode(user.email);
    const stored = await env.DB.prepare("select code_hash from signup_verifications where email = ?")
      .bind(user.email)
      .first<{ code_hash: string }>();
    expect(stored!.code_hash).not.toContain(code);
    const plain = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(code));
    const plainHex = [...new Uint8Array(plain)].map((b) => b.toString(16).padStart(2, "0")).join("");
    expect(stored!.code_hash).not.toBe(plainHex);
  });

  it("says 'Verfication code not match!' for a wrong code", async () => {
    const browser = new TestBrowser();
    const user = newUser();
    await register(browser, user);
    const response = await browser.post("/login", { intent: "verify", email: user.email, code: "DV000000x" });
    expect(response.status).toBe(400);
    expect(await pageText(response)).toContain("Verfication code not match!");
    expect(await customerRow(user.email)).toBeNull();
  });

  it("asks for the code when it is empty", async () => {
    const browser = new TestBrowser();
    const user = newUser();
    await register(browser, user);
    const response = await browser.post("/login", { intent: "verify", email: user.email, code: "" });
    expect(response.status).toBe(400);
    expect(await pageText(response)).toContain("Enter verification code");
  });

  it("keeps the code through wrong guesses (someone else's cannot spend it), and stops it after fifty", async () => {
    const browser = new TestBrowser();
    const user = newUser();
    await register(browser, user);
    const code = await latestCode(user.email);
    for (let i = 0; i < 5; i++) {
      await new TestBrowser().post("/login", { intent: "verify", email: user.email, code: `DV99999${i}` });
    }
    expect((await browser.post("/login", { intent: "verify", email: user.email, code })).status).toBe(302);
    expect(await customerRow(user.email)).not.toBeNull();

    const other = newUser();
    const second = new TestBrowser();
    await register(second, other);
    await env.DB.prepare("update signup_verifications set attempts = 50 where email = ?").bind(other.email).run();
    const late = await second.post("/login", { intent: "verify", email: other.email, code: await latestCode(other.email) });
    expect(late.status).toBe(400);
    expect(await pageText(late)).toContain("This verification code has expired");
    expect(await customerRow(other.email)).toBeNull();
  });

  it("rejects an expired code", async () => {
    const browser = new TestBrowser();
    const user = newUser();
    await register(browser, user);
    const code = await latestCode(user.email);
    await env.DB.prepare("update signup_verifications set expires_at = '2000-01-01T00:00:00.000Z' where email = ?").bind(user.email).run();
    const response = await browser.post("/login", { intent: "verify", email: user.email, code });
    expect(await pageText(response)).toContain("This verification code has expired");
  });

  it("resends the same code while it is good, and it verifies once", async () => {
    const browser = new TestBrowser();
    const user = newUser();
    await register(browser, user);
    const first = await latestCode(user.email);
    const resent = await browser.post("/login", { intent: "resend-signup", email: user.email });
    expect(resent.status).toBe(302);
    expect(await outboxFor(user.email)).toHaveLength(2);
    expect(await latestCode(user.email)).toBe(first);
    const ok = await browser.post("/login", { intent: "verify", email: user.email, code: first });
    expect(ok.status).toBe(302);
  });

  it("resends a new code once the old one has expired, and only the new one works", async () => {
    const browser = new TestBrowser();
    const user = newUser();
    await register(browser, user);
    const first = await latestCode(user.email);
    await env.DB.prepare("update signup_verifications set expires_at = '2000-01-01T00:00:00.000Z' where email = ?").bind(user.email).run();
    expect((await browser.post("/login", { intent: "resend-signup", email: user.email })).status).toBe(302);
    const second = await latestCode(user.email);
    expect(second).not.toBe(first);
    const old = await browser.post("/login", { intent: "verify", email: user.email, code: first });
    expect(await pageText(old)).toContain("Verfication code not match!");
    expect((await browser.post("/login", { intent: "verify", email: user.email, code: second })).status).toBe(302);
  });

  it("tells a registered email to sign in", async () => {
    const response = await register(new TestBrowser(), newUser({ email: "devotee@sannidhi.example" }));
    expect(response.status).toBe(400);
    expect(await pageText(response)).toContain("devotee@sannidhi.example is a registered user. please sign in to your account.");
  });

  it("shows the spec's validation messages", async () => {
    const browser = new TestBrowser();
    const response = await browser.post("/login", {
      intent: "register",
      name: "M1",
      mobile: "98765",
      email: "not-an-email",
      password: "12345",
      confirmPassword: "54321",
    });
    expect(response.status).toBe(400);
    const text = await pageText(response);
    for (const message of [
      "Enter valid name!",
      "Invalid Mobile Number",
      "Enter valid E-mail!",
      "Password must contain at least six characters!",
      "Passwords not match!",
    ]) {
      expect(text).toContain(message);
    }
    expect(text).not.toContain("12345");
    const same = await pageText(await register(browser, newUser({ email: "same@example.org", password: "same@example.org" })));
    expect(same).toContain("Password must be different from LoginID!");
  });

  it("accepts +91 and spaces in the mobile number and stores its 10 digits", async () => {
    const browser = new TestBrowser();
    const user = await signUp(browser, newUser({ mobile: "+91 98765 43210" }));
    expect((await customerRow(user.email))!.phone_mobile).toBe("9876543210");
  });

  it("confirms by the emailed link, then greets with the start-up cookies", async () => {
    const browser = new TestBrowser();
    const user = newUser();
    await register(browser, user);
    const [mail] = await outboxFor(user.email);
    const link = new URL(mail!.text.match(/http:\/\/localhost\/verify-email\?\S+/)![0]);
    const page = await browser.get(`${link.pathname}${link.search}`);
    expect(page.status).toBe(200);
    expect(await customerRow(user.email)).toBeNull();

    const fields = { email: link.searchParams.get("email")!, code: link.searchParams.get("code")! };
    const confirmed = await browser.post("/verify-email", fields);
    expect(confirmed.status).toBe(302);
    expect(confirmed.headers.getSetCookie().join("\n")).toMatch(/sn_new_user=true; Path=\/; Max-Age=86400; HttpOnly; SameSite=Lax/);
    expect(await customerRow(user.email)).not.toBeNull();

    const login = await browser.get("/login");
    expect(await pageText(login)).toContain("Successfully Registered, Please Login");
    expect(login.headers.getSetCookie().join("\n")).toMatch(/sn_new_user=false; Path=\/; Max-Age=86400/);
    expect(await pageText(await browser.get("/login"))).not.toContain("Successfully Registered");

    const again = await browser.post("/verify-email", fields);
    expect(again.headers.getSetCookie().join("\n")).toMatch(/sn_verified=true/);
    const home = await browser.get("/");
    expect(await pageText(home)).toContain("your account has already been verified");
    expect(home.headers.getSetCookie().join("\n")).toMatch(/sn_verified=false; Path=\/; Max-Age=86400/);
  });
});

describe("verification codes", () => {
  it("are DV plus six digits from the whole range", async () => {
    const codes = await Promise.all(
      Array.from({ length: 2000 }, () => codeFromSeed("s".repeat(40), "signup", "a@example.org", newCodeSeed())),
    );
    for (const code of codes) expect(code).toMatch(/^DV\d{6}$/);
    expect(new Set(codes).size).toBeGreaterThan(1990);
    const numbers = codes.map((c) => Number(c.slice(2)));
    expect(Math.min(...numbers)).toBeLessThan(10_000);
    expect(Math.max(...numbers)).toBeGreaterThan(990_000);
  });
});
