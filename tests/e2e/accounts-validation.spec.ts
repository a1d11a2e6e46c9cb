import type { Locator, Page } from "@playwright/test";
import { expect, fillRegister, form, main, newUser, signUpOnPage, test, toast } from "./accounts-helpers";

/**
 * Every validation message of spec section 5 that the account forms own, on
 * screen, with JavaScript (checked in the browser before posting) and without
 * (checked by the server: see accounts-nojs.spec.ts).
 */
async function expectMessages(scope: Locator | Page, messages: string[]) {
  for (const message of messages) await expect(scope.getByText(message, { exact: true }).first()).toBeVisible();
}

test("register: name, mobile, email and the password rules", async ({ page }) => {
  await page.goto("/login?form=register");
  const register = form(main(page), "Sign up");
  await fillRegister(register, { name: "M", mobile: "98765", email: "not-an-email", password: "12345" }, "54321");
  await register.getByRole("button", { name: "Sign Up" }).click();
  await expectMessages(register, [
    "Enter valid name!",
    "Invalid Mobile Number",
    "Enter valid E-mail!",
    "Password must contain at least six characters!",
    "Passwords not match!",
  ]);
  await expect(register.getByText("Use at least 8 characters.")).toBeVisible();
  await register.getByLabel("E-mail").fill("meera@example.org");
  await register.getByLabel("Password", { exact: true }).fill("meera@example.org");
  await register.getByLabel("Confirm password").fill("meera@example.org");
  await register.getByRole("button", { name: "Sign Up" }).click();
  await expectMessages(register, ["Password must be different from LoginID!"]);
});

test("register: a registered email is told to sign in", async ({ page }) => {
  await page.goto("/login?form=register");
  const register = form(main(page), "Sign up");
  await fillRegister(register, { ...newUser(), email: "devotee@sannidhi.example" });
  await register.getByRole("button", { name: "Sign Up" }).click();
  await expect(toast(page, "devotee@sannidhi.example is a registered user. please sign in to your account.")).toBeVisible();
});

test("login: email, short password and a rejected sign-in", async ({ page }) => {
  await page.goto("/login");
  const signIn = form(main(page), "Sign in");
  await signIn.getByLabel("E-mail").fill("nobody");
  await signIn.getByLabel("Password").fill("123");
  await signIn.getByRole("button", { name: "Sign In" }).click();
  await expectMessages(signIn, ["Enter vaild E-mail!", "Please check your E-mail or password!"]);
  await signIn.getByLabel("E-mail").fill(newUser("nobody").email);
  await signIn.getByLabel("Password").fill("not-the-password");
  await signIn.getByRole("button", { name: "Sign In" }).click();
  await expect(toast(page, "Please check your E-mail or password")).toBeVisible();
});

test("verify: an empty and a wrong code", async ({ page }) => {
  const user = newUser("verify");
  await page.goto("/login?form=register");
  const register = form(main(page), "Sign up");
  await fillRegister(register, user);
  await register.getByRole("button", { name: "Sign Up" }).click();
  const verify = form(main(page), "Verify your email");
  await verify.getByRole("button", { name: "Verify" }).click();
  await expectMessages(verify, ["Enter verification code"]);
  await verify.getByLabel("Verification code").fill("DV000000x");
  await verify.getByRole("button", { name: "Verify" }).click();
  await expect(toast(page, "Verfication code not match!")).toBeVisible();
});

test("forgot and reset: email, unknown email, code and password rules", async ({ page }) => {
  const user = newUser("reset-rules");
  await signUpOnPage(page, user);
  await page.context().clearCookies();
  await page.goto("/login?form=forgot");
  const forgot = form(main(page), "Forgot password");
  await forgot.getByLabel("E-mail").fill("nope");
  await forgot.getByRole("button", { name: "Reset" }).click();
  await expectMessages(forgot, ["Enter vaild E-mail!"]);
  await forgot.getByLabel("E-mail").fill(newUser("unknown").email);
  await forgot.getByRole("button", { name: "Reset" }).click();
  await expect(toast(page, "No Macth Found !!! Please Check Your E-mail")).toBeVisible();

  await forgot.getByLabel("E-mail").fill(user.email);
  await forgot.getByRole("button", { name: "Reset" }).click();
  const reset = form(main(page), "Reset password");
  await reset.getByLabel("New password").fill("12345");
  await reset.getByLabel("Repeat password").fill("54321");
  await reset.getByLabel("Verification code").fill("DV");
  await reset.getByRole("button", { name: "Submit" }).click();
  await expectMessages(reset, ["Password must contain at least six characters!", "Passwords not match!", "Enter valid verification code!"]);
  await reset.getByLabel("New password").fill(user.email);
  await reset.getByLabel("Repeat password").fill(user.email);
  await reset.getByLabel("Verification code").fill("DV000001");
  await reset.getByRole("button", { name: "Submit" }).click();
  await expectMessages(reset, ["Password must be different from LoginID!"]);
  await reset.getByLabel("New password").fill("Fresh@2027");
  await reset.getByLabel("Repeat password").fill("Fresh@2027");
  await reset.getByRole("button", { name: "Submit" }).click();
  await expect(toast(page, "Verfication code not match!")).toBeVisible();
});

test("profile and change password: name, mobile and the password rules", async ({ page }) => {
  const user = newUser("profile-rules");
  await signUpOnPage(page, user);
  await page.goto("/account");
  const profile = form(main(page), "My Profile");
  await profile.getByLabel("First name").fill("");
  await profile.getByLabel("Mobile").fill("12ab");
  await profile.getByRole("button", { name: "Update" }).click();
  await expectMessages(profile, ["Invalid Name", "Invalid Mobile Number"]);

  const password = form(main(page), "Change password");
  await password.getByLabel("Current password").fill(user.password);
  await password.getByLabel("New password").fill(user.email);
  await password.getByLabel("Repeat password").fill("something-else");
  await password.getByRole("button", { name: "Change password" }).click();
  await expectMessages(password, ["Password must be different from LoginID!", "Passwords not match!"]);
  await password.getByLabel("New password").fill("123");
  await password.getByRole("button", { name: "Change password" }).click();
  await expectMessages(password, ["Password must contain at least six characters!"]);
});
