import { describe, expect, it } from "vitest";
import { customerRow, latestCode, outboxFor, uniqueEmail } from "../support/browser";
import { DEMO, LegacyClient, legacySignUp } from "../support/legacy-client";

const signupPayload = (email: string, extra: Record<string, unknown> = {}) => ({
  LoginID: email,
  FirstName: "Arjun Menon",
  Password: "Temple@108",
  PhoneMobile: "9876543210",
  ...extra,
});

describe("sign-up", () => {
  it("goes register → code from the outbox → validatecode → sign in, as the legacy client does", async () => {
    const client = new LegacyClient();
    const user = await legacySignUp(client);
    const row = await customerRow(user.email);
    expect(row).toMatchObject({ first_name: "Meera Iyer", dob: "1990-01-01", verified: 1 });
    expect((await client.call("/login")).body).toEqual([{ Status: 1, FirstName: "Meera Iyer" }]);
    const again = await client.call("/api/Customer/validatecode", { LoginID: user.email, verificationCode: await latestCode(user.email) });
    expect(again.body).toEqual({ RESULT: "VERIFIED", Message: "your account has already been verified" });
  });

  it("ExpressSignup mails the server's own code and ignores the client's vcode", async () => {
    const client = new LegacyClient();
    const email = uniqueEmail("express");
    const answer = await client.call("/api/Customer/ExpressSignup", signupPayload(email, { type: "NEW", vcode: "DV000001" }));
    expect(answer.body).toEqual({ RESULT: "SUCCESS", Message: `We have sent a verification code to ${email}.` });
    const code = await latestCode(email);
    expect(code).not.toBe("DV000001");
    const wrong = await client.call("/api/Customer/validatecode", {
      LoginID: email,
      type: "VERIFY",
      vcode: "DV000001",
      verificationCode: "DV000001",
    });
    expect(wrong.body).toEqual({ RESULT: "NOMATCH", Message: "Verfication code not match!" });
    const right = await client.call("/api/Customer/validatecode", { LoginID: email, type: "VERIFY", verificationCode: code });
    expect(right.body).toMatchObject({ RESULT: "SUCCESS", FirstName: "Arjun Menon" });
    expect((await outboxFor(email)).every((m) => !m.text.includes("Temple@108"))).toBe(true);
  });

  it("says a taken email is registered, in both sign-up calls", async () => {
    const client = new LegacyClient();
    expect((await client.call("/client/user/signup", signupPayload(DEMO.email))).body).toEqual({
      status: "failure",
      message: `${DEMO.email} is a registered user. please sign in to your account.`,
    });
    expect((await client.call("/api/Customer/ExpressSignup", signupPayload(DEMO.email))).body.RESULT).toBe("EXISTS");
  });

  it("UsernameAvailability answers NODATA for a free email, EXISTS for a taken one", async () => {
    const client = new LegacyClient();
    expect((await client.call("/api/Customer/UsernameAvailability", { LoginID: uniqueEmail("free") })).body).toEqual({ RESULT: "NODATA" });
    expect((await client.call("/api/Customer/UsernameAvailability", { loginid: DEMO.email.toUpperCase() })).body).toEqual({
      RESULT: "EXISTS",
    });
  });

  it("validates with the portal's rules and names the legacy field", async () => {
    const client = new LegacyClient();
    const cases: [Record<string, unknown>, string, string][] = [
      [signupPayload(uniqueEmail(), { FirstName: "R2-D2" }), "FirstName", "Enter valid name!"],
      [signupPayload("not-an-email"), "LoginID", "Enter valid E-mail!"],
      [signupPayload(uniqueEmail(), { Password: "abc" }), "Password", "Password must contain at least six characters!"],
      [signupPayload(uniqueEmail(), { PhoneMobile: "12" }), "PhoneMobile", "Invalid Mobile Number"],
      [{ LoginID: uniqueEmail() }, "FirstName", "Enter valid name!"],
    ];
    for (const [payload, field, message] of cases) {
      const answer = await client.call("/client/user/signup", payload);
      expect(answer.status).toBe(400);
      expect(answer.body).toEqual({ Status: "Failed", error: "bad_request", field, message });
    }
    const same = await client.call(
      "/client/user/signup",
      signupPayload("same.as.password@example.org", { Password: "same.as.password@example.org" }),
    );
    expect(same.body).toMatchObject({ field: "Password", message: "Password must be different from LoginID!" });
  });

  it("applies the portal's sign-up rate limit: per client a 429, per account past the limit a human check", async () => {
    const email = uniqueEmail("limited");
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await new LegacyClient().call("/client/user/signup", signupPayload(email))).status);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 403]);
    const one = new LegacyClient();
    const other = uniqueEmail("limited");
    const fromOne: number[] = [];
    for (let i = 0; i < 6; i++) fromOne.push((await one.call("/client/user/signup", signupPayload(other))).status);
    expect(fromOne).toEqual([200, 200, 200, 200, 200, 429]);
  });
});

describe("sign-in", () => {
  it("login and loginNew answer RESULT 1 with a session and tokens", async () => {
    for (const path of ["/api/user/login", "/api/user/loginNew"]) {
      const client = new LegacyClient();
      const [first] = (await client.signIn(DEMO.email, DEMO.password, path)).body;
      expect(first).toMatchObject({ RESULT: 1, FirstName: DEMO.firstName, LoginID: DEMO.email, tokenType: "Bearer", expiresIn: 900 });
      expect(first.sessionId).toMatch(/^[\w-]{43}$/);
      expect((await client.call("/login")).body[0].Status).toBe(1);
    }
  });

  it("answers a wrong password with RESULT 0 and the spec's message, then asks the account's sign-ins for a human check", async () => {
    const user = await legacySignUp();
    const statuses: unknown[] = [];
    for (let i = 0; i < 10; i++) {
      const answer = await new LegacyClient().signIn(user.email, `Wrong@${i}xx`);
      statuses.push(answer.body[0]);
    }
    expect(
      statuses.every((s) => JSON.stringify(s) === JSON.stringify({ RESULT: 0, Message: "Please check your E-mail or password" })),
    ).toBe(true);
    const asked = await new LegacyClient().signIn(user.email, user.password);
    expect(asked.status).toBe(403);
    expect(asked.body).toMatchObject({ Status: "Failed", error: "challenge_required", field: "TurnstileToken" });
    // One client past its own limit is refused, with Retry-After.
    const client = new LegacyClient();
    for (let i = 0; i < 10; i++) await client.signIn(user.email, `Wrong@${i}yy`);
    const blocked = await client.signIn(user.email, user.password);
    expect(blocked.status).toBe(429);
    expect(blocked.body).toMatchObject({ Status: "Failed", error: "rate_limited", field: "mail" });
    expect(blocked.response.headers.get("retry-after")).toMatch(/^\d+$/);
  });

  it("rotates the session at sign-in: the previous one ends", async () => {
    const client = new LegacyClient();
    await client.signIn(DEMO.email, DEMO.password);
    const before = { sessionId: client.sessionId, token: client.accessToken };
    await client.signIn(DEMO.email, DEMO.password);
    expect(client.sessionId).not.toBe(before.sessionId);
    const old = new LegacyClient();
    old.sessionId = before.sessionId;
    expect((await old.call("/login")).body[0].Status).toBe(0);
  });
});

describe("password recovery", () => {
  it("forgotPassword and CheckPasswordRecoveryEmail mail a code; ResetPasswordNew sets the password and ends sessions", async () => {
    const user = await legacySignUp();
    const signedIn = new LegacyClient();
    await signedIn.signIn(user.email, user.password);
    const client = new LegacyClient();
    expect((await client.call("/client/user/forgotPassword", { loginId: user.email })).body).toEqual({
      status: "success",
      message: `We have sent a password reset code to ${user.email}.`,
    });
    expect((await client.call("/api/Customer/CheckPasswordRecoveryEmail", { LoginID: user.email })).body.RESULT).toBe("SUCCESS");
    const code = await latestCode(user.email);
    const wrong = await client.call("/api/Customer/ResetPasswordNew", {
      LoginID: user.email,
      LoginNewPassword: "Fresh@2027",
      GUID: "DV999999",
    });
    expect(wrong.body).toEqual({ Status: "failure", RESULT: "Verfication code not match!" });
    const reset = await client.call("/api/Customer/ResetPasswordNew", { LoginID: user.email, LoginNewPassword: "Fresh@2027", GUID: code });
    expect(reset.body).toEqual({ Status: "success", RESULT: "Your password has been reset. Please sign in with your new password." });
    expect((await signedIn.call("/api/MyProfile/PopulateMyProfile")).status).toBe(401);
    expect((await new LegacyClient().signIn(user.email, "Fresh@2027")).body[0].RESULT).toBe(1);
    expect(
      (await client.call("/api/Customer/ResetPasswordNew", { LoginID: user.email, LoginNewPassword: "Other@2027", GUID: code })).body
        .Status,
    ).toBe("failure");
  });

  it("says an unknown email has no match", async () => {
    const client = new LegacyClient();
    expect((await client.call("/client/user/forgotPassword", { LoginID: uniqueEmail("nobody") })).body).toEqual({
      status: "failure",
      message: "No Macth Found !!! Please Check Your E-mail",
    });
    expect((await client.call("/api/Customer/CheckPasswordRecoveryEmail", { LoginID: uniqueEmail("nobody") })).body.RESULT).toBe("NODATA");
  });
});
