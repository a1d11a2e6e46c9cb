/**
 * Issue 41: a devotee signs in with a code sent to the mobile on their account, on a phone's
 * screen, with and without JavaScript: the code is read from the local outbox as an SMS to the
 * phone in E.164. A phone shared by a family asks which account.
 */
import type { Page } from "@playwright/test";
import { expect, form, main, newUser, otherThan, signUpOnPage, smsCode, test, toast, uniquePhone } from "./accounts-helpers";

const WIDTH = 390;

/** Devotees whose accounts carry `national` as their mobile; the page ends signed out. */
async function devotees(page: Page, national: string, count: number) {
  const users = [];
  for (let i = 0; i < count; i++) {
    const user = { ...newUser("phone"), mobile: national };
    await signUpOnPage(page, user);
    await page.context().clearCookies();
    users.push(user);
  }
  return users;
}

/** From the login page to the code step, the mobile typed as `typed`. */
async function askForCode(page: Page, typed: string) {
  await page.goto("/login");
  await main(page).getByRole("link", { name: "Sign in with a code to your phone" }).click();
  const phoneForm = form(main(page), "Sign in with a code to your phone");
  await phoneForm.getByLabel("Mobile number").fill(typed);
  await phoneForm.getByRole("button", { name: "Send code" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Enter your code");
  await expect(toast(page, "If this number belongs to an account, we have sent a code to it.")).toBeVisible();
}

async function fitsTheScreen(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(WIDTH);
}

for (const javaScriptEnabled of [true, false]) {
  test.describe(`at ${WIDTH} px, JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
    test.use({ viewport: { width: WIDTH, height: 740 }, javaScriptEnabled });

    test("a devotee signs in with the code sent to their phone", async ({ page }) => {
      const phone = uniquePhone();
      await devotees(page, phone.national, 1);
      await askForCode(page, `+91 ${phone.national.slice(0, 5)}-${phone.national.slice(5)}`);
      await fitsTheScreen(page);
      const codeForm = form(main(page), "Enter your code");
      await expect(codeForm).toContainText(phone.e164);
      await codeForm.getByLabel("Verification code").fill(otherThan(await smsCode(page, phone.e164)));
      await codeForm.getByRole("button", { name: "Sign In" }).click();
      await expect(toast(page, "Verfication code not match!")).toBeVisible();
      await form(main(page), "Enter your code")
        .getByLabel("Verification code")
        .fill(await smsCode(page, phone.e164));
      await form(main(page), "Enter your code").getByRole("button", { name: "Sign In" }).click();
      await expect(page).toHaveURL(/\/$/);
      await expect(toast(page, "Welcome back, Meera Iyer!")).toBeVisible();
      await expect(page.getByRole("banner").getByRole("link", { name: /Meera Iyer/ })).toBeVisible();
    });

    test("a family sharing a phone chooses whose account to sign in to", async ({ page }) => {
      const phone = uniquePhone();
      const [first, second] = await devotees(page, phone.national, 2);
      await askForCode(page, `0${phone.national}`);
      const codeForm = form(main(page), "Enter your code");
      await codeForm.getByLabel("Verification code").fill(await smsCode(page, phone.e164));
      await codeForm.getByRole("button", { name: "Sign In" }).click();
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Choose your account");
      const choose = form(main(page), "Choose your account");
      await expect(choose.getByRole("button")).toHaveCount(2);
      await expect(choose).not.toContainText(first!.email);
      await fitsTheScreen(page);
      const masked = `${second!.email.slice(0, 1)}•••${second!.email.slice(second!.email.indexOf("@") - 1)}`;
      await choose.getByRole("button", { name: masked }).click();
      await expect(page).toHaveURL(/\/$/);
      await expect(toast(page, "Welcome back, Meera Iyer!")).toBeVisible();
      await page.goto("/account");
      await expect(form(main(page), "My Profile").getByLabel("E-mail")).toHaveValue(second!.email);
    });
  });
}
