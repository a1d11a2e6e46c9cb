/**
 * Bookings e2e fixtures: every test fails on a page error or console error (except the
 * browser's note about a 4xx answer), and the announcement pop-up is marked as seen.
 */
import { type Locator, type Page, expect, test as base } from "@playwright/test";
import { codeFromOutbox, newUser } from "./accounts-helpers";

export const test = base.extend<{ guard: void }>({
  guard: [
    async ({ page }, use) => {
      await page.addInitScript(() => {
        try {
          sessionStorage.setItem("sn_announcement_seen", "1");
        } catch {
          // storage blocked: nothing pops up anyway
        }
      });
      const problems: string[] = [];
      page.on("pageerror", (error) => problems.push(`page error: ${error.message}`));
      page.on("console", (message) => {
        if (message.type() !== "error") return;
        if (/Failed to load resource: the server responded with a status of 4\d\d/.test(message.text())) return;
        problems.push(`console error: ${message.text()}`);
      });
      await use();
      expect(problems, "page errors and console errors").toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };

export const DEMO = { email: "devotee@sannidhi.example", password: "Devotee@2026" };
export const main = (page: Page) => page.getByRole("main");
export const toast = (page: Page, text: string | RegExp) => page.locator(".toast").filter({ hasText: text }).first();

/** Waits until React has hydrated the page. */
export async function hydrated(page: Page) {
  type Doc = { document: { documentElement: { dataset: Record<string, string | undefined> } } };
  await page.waitForFunction(() => (globalThis as unknown as Doc).document.documentElement.dataset.hydrated === "true");
}

/** Signs in on the login page of whatever host the page is on, and waits to be sent on. */
export async function signIn(page: Page, email: string, password: string) {
  const form = page.getByRole("form", { name: "Sign in" }).first();
  await form.getByLabel("E-mail").fill(email);
  await form.getByLabel("Password").fill(password);
  await form.getByRole("button", { name: "Sign In" }).click();
  await expect(page).not.toHaveURL(/\/login/);
}

/** A new devotee, registered and verified through the outbox; ends signed in on the home page. */
export async function signUp(page: Page) {
  const user = newUser("booking");
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
