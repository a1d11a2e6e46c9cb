/** Bookings helpers; the fixtures (guards, announcement, signed-in roles) are ./fixtures. */
import type { Locator, Page } from "@playwright/test";
import { ACCOUNTS, expect, guruvayurLink, hydrated, main, toast } from "./fixtures";
import { asOwnClient, codeFromOutbox, newUser } from "./accounts-helpers";

export { ACCOUNTS, expect, hydrated, main, type Role, test, toast } from "./fixtures";

export const DEMO = ACCOUNTS.devotee;

/** Signs in on the login page of whatever host the page is on, and waits to be sent on. */
export async function signIn(page: Page, email: string, password: string) {
  const form = page.getByRole("form", { name: "Sign in" }).first();
  await form.getByLabel("E-mail").fill(email);
  await form.getByLabel("Password").fill(password);
  await form.getByRole("button", { name: "Sign In" }).click();
  await expect(page).not.toHaveURL(/\/login/);
}

/** A new devotee (with `mobile`, ten digits, when given), registered and verified through the outbox; ends signed in on the home page. */
export async function signUp(page: Page, name?: string, mobile?: string) {
  const user = { ...newUser("booking"), ...(name ? { name, firstName: name } : {}), ...(mobile ? { mobile } : {}) };
  await asOwnClient(page);
  await page.goto("/login?form=register");
  const register = page.getByRole("form", { name: "Sign up" }).last();
  await register.getByLabel("Name").fill(user.name);
  await register.getByLabel("Mobile").fill(user.mobile);
  await register.getByLabel("E-mail").fill(user.email);
  await register.getByLabel("Password", { exact: true }).fill(user.password);
  await register.getByLabel("Confirm password").fill(user.password);
  await register.getByRole("button", { name: "Sign Up" }).click();
  const verify = page.getByRole("form", { name: "Verify your email" }).last();
  await expect(verify).toBeVisible();
  await verify.getByLabel("Verification code").fill(await codeFromOutbox(page, user.email));
  await verify.getByRole("button", { name: "Verify" }).click();
  await expect(page).toHaveURL(/\/$/);
  return user;
}

/** "₹1,250.00" → 125000 paise. */
export function paise(text: string): number {
  const match = /₹\s?([\d,]+\.\d{2})/.exec(text);
  expect(match, `an amount in "${text}"`).toBeTruthy();
  return Math.round(Number(match![1]!.replace(/,/g, "")) * 100);
}

export function rupees(amount: number): string {
  return new Intl.NumberFormat("en-IN", { style: "currency", currency: "INR", minimumFractionDigits: 2 }).format(amount / 100);
}

/** A date `days` from today in India, as a date input takes it. */
export function daysAhead(days: number): string {
  const now = new Date(Date.now() + 330 * 60_000 + days * 86_400_000);
  return now.toISOString().slice(0, 10);
}

/** Chooses the first option of a select whose label passes `accept`, returning its label. */
export async function chooseOption(select: Locator, accept: (label: string) => boolean): Promise<string> {
  const labels = await select.locator("option").allTextContents();
  const label = labels.find(accept);
  expect(label, "a matching option").toBeTruthy();
  await select.selectOption({ label: label! });
  return label!;
}

/** The Razorpay emulator the e2e server started beside itself (scripts/serve-test.ts: the next port). */
export const GATEWAY_ORIGIN = `http://127.0.0.1:${Number(process.env.E2E_PORT ?? 8790) + 1}`;

/**
 * From Sannidhi's payment page (/checkout/pay/:order, in any language): on to the hosted
 * checkout of the local Razorpay emulator, and Pay there. With JavaScript on, its result is
 * posted back at once; without, the devotee presses Continue. Ends on the portal's next page.
 */
export async function payOnGateway(page: Page, options: { javaScript?: boolean } = {}) {
  await page.locator('form[action$="/checkout/embedded"] button[type="submit"]').click();
  await expect(page.getByText("Local Razorpay emulator")).toBeVisible();
  await page.getByRole("button", { name: /^Pay ₹[\d,.]+$/ }).click();
  if (options.javaScript === false) {
    await expect(page.getByRole("heading", { name: "Payment successful" })).toBeVisible();
    await page.getByRole("button", { name: "Continue" }).click();
  }
  await page.waitForURL((url) => url.origin !== GATEWAY_ORIGIN);
}

/**
 * On a temple site: opens the booking form from the row of a direct puja offered every day and
 * not limited (its Book link works without JavaScript); `everyDay` is the page's "Every day",
 * `onRequest` its "On request". Returns the form.
 */
export async function openEveryDayPuja(page: Page, words: { everyDay: string; onRequest: string; form: string }) {
  const rows = page.getByRole("main").getByRole("table").first().locator("tbody tr");
  await expect(rows.first()).toBeVisible();
  for (const row of await rows.all()) {
    const text = (await row.textContent()) ?? "";
    if (!text.includes(words.everyDay) || text.includes(words.onRequest)) continue;
    if ((await row.locator(".seat-days").count()) > 0) continue;
    await row.getByRole("link").click();
    await expect(page).toHaveURL(/\?puja=\d+#book-puja$/);
    // With JavaScript the form is drawn anew once the navigation settles: fill it after that.
    await expect(page.locator(".nav-progress--busy")).toHaveCount(0);
    return page.getByRole("form", { name: words.form });
  }
  throw new Error("no direct puja offered every day at this temple");
}

/** A new devotee with a ₹501 donation at Guruvayur in the cart. */
export async function donationInCart(page: Page) {
  await signUp(page);
  await page.goto("/temples?key2=Guruvayur");
  await guruvayurLink(page).click();
  await hydrated(page);
  const donation = page.getByRole("form", { name: "Make a donation" });
  await donation.getByLabel("Amount (₹)").fill("501");
  await donation.getByLabel("In the name of").fill("Meera Iyer");
  await donation.getByRole("button", { name: "Add donation to cart" }).click();
  await expect(toast(page, "Donation added to your cart")).toBeVisible();
}

/** Staff open Guruvayur's desk from their list of temples at /desk, as a person does. */
export async function openGuruvayurDesk(staff: Page) {
  await staff.goto("/desk");
  await main(staff)
    .getByRole("link", { name: /Guruvayur/ })
    .first()
    .click();
}

/** The desk page's path and its temple's site (the staff page is on the desk). */
export async function deskAndSite(staff: Page) {
  const templePath = new URL(staff.url()).pathname;
  const site = await main(staff).getByRole("link", { name: "View the temple's site" }).getAttribute("href");
  if (!site) throw new Error("The desk shows no link to the temple's site");
  return { templePath, site };
}
