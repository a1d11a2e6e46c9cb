import { describe, expect, it } from "vitest";
import { TestBrowser, customerRow, isSignedIn, newUser, outboxFor, pageText, signIn, signUp } from "../support/browser";

const PROFILE = {
  intent: "profile",
  firstName: "Meera",
  lastName: "Iyer",
  starId: "27",
  // The devotee's own mobile (newUser's), typed another way: a new one waits for its code (phone-sign-in.test.ts).
  mobile: "98765 43210",
  landline: "+91 80 2345 6789",
  houseName: "Sri Nilayam, 4th Cross",
  city: "Bengaluru",
  district: "Bengaluru Urban",
  state: "Karnataka",
  country: "India",
  postalCode: "560004",
};

describe("profile panel", () => {
  it("shows the tabs, the read-only email and the 27 stars", async () => {
    const browser = new TestBrowser();
    const user = await signUp(browser);
    const response = await browser.get("/account");
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("private, no-store");
    const html = await response.text();
    for (const tab of ["My Profile", "My Transactions", "Favourites", "Notifications"]) expect(html).toContain(tab);
    const email = html.match(/<input[^>]*id="account-email"[^>]*>/)![0];
    expect(email).toContain(`value="${user.email}"`);
    expect(email).toMatch(/readOnly=""|readonly=""/);
    const stars = html.match(/<select[^>]*name="starId"[\s\S]*?<\/select>/)![0];
    expect(stars.match(/<option value="\d+"/g)).toHaveLength(27);
    expect(stars).toContain("Revati");
  });

  it("saves the profile and shows it after a reload", async () => {
    const browser = new TestBrowser();
    const user = await signUp(browser);
    const saved = await browser.post("/account", PROFILE);
    expect(saved.status).toBe(200);
    expect(await pageText(saved)).toContain("Your profile has been updated.");
    expect(await customerRow(user.email)).toMatchObject({
      first_name: "Meera",
      last_name: "Iyer",
      star_id: 27,
      phone_mobile: "9876543210",
      phone_wired: "80 2345 6789",
      city: "Bengaluru",
      postal_code: "560004",
      dob: "1990-01-01",
    });
    const html = await (await browser.get("/account")).text();
    expect(html).toMatch(/<option value="27" selected="">Revati<\/option>/);
    expect(html).toContain('value="9876543210"');
    expect(html).toContain('value="80 2345 6789"');
    expect(await pageText(await browser.get("/"))).toContain("Meera");
  });

  it("says 'Invalid Name' and 'Invalid Mobile Number'", async () => {
    const browser = new TestBrowser();
    await signUp(browser);
    const response = await browser.post("/account", { ...PROFILE, firstName: "", mobile: "12ab" });
    expect(response.status).toBe(400);
    const text = await pageText(response);
    expect(text).toContain("Invalid Name");
    expect(text).toContain("Invalid Mobile Number");
  });

  it("needs a signed-in customer to save", async () => {
    const response = await new TestBrowser().post("/account", PROFILE);
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toMatch(/^\/login\?redirectTo=/);
  });

  it("renders the other tabs empty but real", async () => {
    const browser = new TestBrowser();
    await signUp(browser);
    const transactions = await pageText(await browser.get("/account?tab=transactions&view=accepted"));
    for (const label of ["Completed", "Requested", "Accepted"]) expect(transactions).toContain(label);
    expect(transactions).toContain("No temple has accepted a request of yours yet.");
    expect(await pageText(await browser.get("/account?tab=favourites"))).toContain("You have not added any favourite temples yet.");
    expect(await pageText(await browser.get("/account?tab=notifications"))).toContain("You have no notifications.");
  });
});

describe("change password", () => {
  it("checks the rules and the current password", async () => {
    const browser = new TestBrowser();
    const user = await signUp(browser);
    const rules = await pageText(
      await browser.post("/account", { intent: "password", currentPassword: "", newPassword: "123", confirmPassword: "321" }),
    );
    for (const message of ["Enter your current password", "Password must contain at least six characters!", "Passwords not match!"]) {
      expect(rules).toContain(message);
    }
    const asLogin = await pageText(
      await browser.post("/account", {
        intent: "password",
        currentPassword: user.password,
        newPassword: user.email,
        confirmPassword: user.email,
      }),
    );
    expect(asLogin).toContain("Password must be different from LoginID!");
    const wrong = await browser.post("/account", {
      intent: "password",
      currentPassword: "not-it",
      newPassword: "Fresh@2027",
      confirmPassword: "Fresh@2027",
    });
    expect(wrong.status).toBe(400);
    expect(await pageText(wrong)).toContain("Your current password is not correct");
  });

  it("rotates this session, ends the others and takes the new password", async () => {
    const browser = new TestBrowser();
    const user = newUser();
    await signUp(browser, user);
    const other = new TestBrowser();
    await signIn(other, user.email, user.password);
    const before = browser.cookies.get("sn_session");

    const changed = await browser.post("/account", {
      intent: "password",
      currentPassword: user.password,
      newPassword: "Fresh@2027",
      confirmPassword: "Fresh@2027",
    });
    expect(changed.status).toBe(200);
    expect(await pageText(changed)).toContain("Your password has been changed.");
    expect(browser.cookies.get("sn_session")).not.toBe(before);
    expect(await isSignedIn(browser)).toBe(true);
    expect(await isSignedIn(other)).toBe(false);
    const stale = new TestBrowser();
    stale.cookies.set("sn_session", before!);
    expect(await isSignedIn(stale)).toBe(false);

    expect((await signIn(new TestBrowser(), user.email, user.password)).status).toBe(400);
    expect((await signIn(new TestBrowser(), user.email, "Fresh@2027")).status).toBe(302);
    const [mail] = await outboxFor(user.email);
    expect(mail!.subject).toBe("Your Sannidhi password was changed");
    expect(mail!.text).not.toContain("Fresh@2027");
  });
});
