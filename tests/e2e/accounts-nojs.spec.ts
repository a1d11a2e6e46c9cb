import {
  codeFromOutbox,
  toggle,
  expect,
  fillRegister,
  form,
  main,
  newUser,
  signInWithHumanCheck,
  signUpOnPage,
  test,
  toast,
  uniquePhone,
  verifyNewMobile,
} from "./accounts-helpers";

/** The account flows work as plain HTML forms: the server validates and answers. */
test.use({ javaScriptEnabled: false });

test("without JavaScript: sign up, verify, edit the profile, sign out, sign in", async ({ page }) => {
  const user = newUser("nojs");
  await page.goto("/login?form=register");
  const register = form(main(page), "Sign up");
  await fillRegister(register, { ...user, name: "M1" }, "different");
  await register.getByRole("button", { name: "Sign Up" }).click();
  await expect(register.getByText("Enter valid name!")).toBeVisible();
  await expect(register.getByText("Passwords not match!")).toBeVisible();

  await fillRegister(form(main(page), "Sign up"), user);
  await form(main(page), "Sign up").getByRole("button", { name: "Sign Up" }).click();
  await expect(page).toHaveURL(/form=verify/);
  const verify = form(main(page), "Verify your email");
  await verify.getByRole("button", { name: "Verify" }).click();
  await expect(form(main(page), "Verify your email").getByText("Enter verification code")).toBeVisible();
  await form(main(page), "Verify your email").getByLabel("Verification code").fill("DV000000x");
  await form(main(page), "Verify your email").getByRole("button", { name: "Verify" }).click();
  await expect(toast(page, "Verfication code not match!")).toBeVisible();
  await form(main(page), "Verify your email")
    .getByLabel("Verification code")
    .fill(await codeFromOutbox(page, user.email));
  await form(main(page), "Verify your email").getByRole("button", { name: "Verify" }).click();

  await expect(page).toHaveURL(/\/$/);
  await expect(toast(page, "Welcome to Sannidhi, Meera Iyer!")).toBeVisible();
  const banner = page.getByRole("banner");
  await banner.getByRole("link", { name: /Meera Iyer/ }).click();

  const newMobile = uniquePhone();
  const profile = form(main(page), "My Profile");
  await profile.getByLabel("Star (nakshatra)").selectOption({ label: "Rohini" });
  await profile.getByLabel("Mobile").fill("");
  await profile.getByRole("button", { name: "Update" }).click();
  await expect(form(main(page), "My Profile").getByText("Invalid Mobile Number")).toBeVisible();
  await form(main(page), "My Profile").getByLabel("Mobile").fill(newMobile.national);
  await form(main(page), "My Profile").getByRole("button", { name: "Update" }).click();
  // A new mobile replaces the old one once the code sent to it comes back (issue 41).
  await expect(form(main(page), "My Profile").getByRole("status")).toHaveText(
    "Your profile has been updated. We have sent a code to your new mobile number: it replaces the old one once you enter the code.",
  );
  await verifyNewMobile(page, newMobile);
  await page.goto("/account");
  await expect(form(main(page), "My Profile").getByLabel("Star (nakshatra)")).toHaveValue("4");
  await expect(form(main(page), "My Profile").getByLabel("Mobile")).toHaveValue(newMobile.national);

  await banner.getByRole("button", { name: "Sign Out" }).click();
  await expect(toggle(banner, "Sign In")).toBeVisible();

  // The header drop-down is a native disclosure: it opens without JavaScript.
  await toggle(banner, "Sign In").click();
  const signIn = form(banner, "Sign in");
  await signIn.getByLabel("E-mail").fill(user.email);
  await signIn.getByLabel("Password").fill("wrong-password");
  await signIn.getByRole("button", { name: "Sign In" }).click();
  await expect(toast(page, "Please check your E-mail or password")).toBeVisible();
  const again = form(main(page), "Sign in");
  await again.getByLabel("Password").fill(user.password);
  await again.getByRole("button", { name: "Sign In" }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(toast(page, "Welcome back, Meera Iyer!")).toBeVisible();
});

test("without JavaScript: forgot and reset the password", async ({ page }) => {
  const user = newUser("nojs-reset");
  await signUpOnPage(page, user);
  await page.context().clearCookies();

  await page.goto("/login");
  await main(page).getByRole("link", { name: "Forgot password?" }).click();
  await expect(page).toHaveURL(/form=forgot/);
  await form(main(page), "Forgot password").getByLabel("E-mail").fill(newUser("unknown").email);
  await form(main(page), "Forgot password").getByRole("button", { name: "Reset" }).click();
  await expect(toast(page, "No Macth Found !!! Please Check Your E-mail")).toBeVisible();
  await form(main(page), "Forgot password").getByLabel("E-mail").fill(user.email);
  await form(main(page), "Forgot password").getByRole("button", { name: "Reset" }).click();

  await expect(page).toHaveURL(/form=reset/);
  const reset = () => form(main(page), "Reset password");
  await reset().getByLabel("New password").fill("Fresh@2027");
  await reset().getByLabel("Repeat password").fill("Fresh@2027");
  await reset().getByLabel("Verification code").fill("D");
  await reset().getByRole("button", { name: "Submit" }).click();
  await expect(reset().getByText("Enter valid verification code!")).toBeVisible();
  await reset().getByLabel("New password").fill("Fresh@2027");
  await reset().getByLabel("Repeat password").fill("Fresh@2027");
  await reset()
    .getByLabel("Verification code")
    .fill(await codeFromOutbox(page, user.email));
  await reset().getByRole("button", { name: "Submit" }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(toast(page, "Your password has been reset.")).toBeVisible();

  await form(main(page), "Sign in").getByLabel("E-mail").fill(user.email);
  await form(main(page), "Sign in").getByLabel("Password").fill("Fresh@2027");
  await form(main(page), "Sign in").getByRole("button", { name: "Sign In" }).click();
  await expect(toast(page, "Welcome back, Meera Iyer!")).toBeVisible();
});

test("without JavaScript: an owner whose account strangers guessed at ticks the check and signs in", async ({ page, request }) => {
  const user = newUser("nojs-guessed");
  await signUpOnPage(page, user);
  await page.context().clearCookies();

  const origin = new URL(page.url()).origin;
  for (let i = 0; i < 12; i++) {
    const guess = await request.post("/login", {
      form: { intent: "login", email: user.email, password: `Wrong@${i}` },
      headers: { origin, "cf-connecting-ip": `198.51.100.${i + 1}` },
      maxRedirects: 0,
    });
    expect(guess.status()).toBe(i < 10 ? 400 : 403);
  }

  await page.goto("/login");
  await form(main(page), "Sign in").getByLabel("E-mail").fill(user.email);
  await form(main(page), "Sign in").getByLabel("Password").fill(user.password);
  await form(main(page), "Sign in").getByRole("button", { name: "Sign In" }).click();
  await expect(
    toast(page, "Many attempts have been made on this account. To keep it safe, please confirm you are a person, then try again."),
  ).toBeVisible();
  await signInWithHumanCheck(page, user);
});
