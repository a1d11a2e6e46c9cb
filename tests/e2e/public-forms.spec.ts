import type { Page } from "@playwright/test";
import { expectAccessible, expect, hydrated, main, test } from "./public-fixtures";

const SUBMITTED = "Successfully submitted your details. we will reach you soon.";
const unique = (label: string) => `${label}.${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@example.org`;
const toast = (page: Page, text: string) => page.locator(".toasts").getByText(text, { exact: true });
const box = (page: Page, name: string) => main(page).getByRole("region", { name });

for (const javaScript of [true, false]) {
  test.describe(javaScript ? "forms" : "forms without JavaScript", () => {
    test.use({ javaScriptEnabled: javaScript });

    async function open(page: Page, path: string) {
      await page.goto(path);
      if (javaScript) await hydrated(page);
    }

    test("temple signup: the spec's messages, then the success toast", async ({ page }) => {
      await open(page, "/temple-signup");
      const form = main(page);
      await form.getByRole("button", { name: "Submit" }).click();
      for (const message of [
        "Please provide temple name",
        "Please provide temple location",
        "Please provide temple contact person name",
        "Please provide contact number",
      ]) {
        await expect(form.getByText(message, { exact: true })).toBeVisible();
      }
      await expect(form.getByLabel("Temple name")).toHaveAttribute("aria-invalid", "true");
      await form.getByLabel("Temple name").fill("Sree Bhagavathy Temple, Kodungallur");
      await form.getByLabel("Location (town or village)").fill("Kodungallur");
      await form.getByLabel("Contact person").fill("P. Sankaran");
      await form.getByLabel("Phone number").fill("98470");
      await form.getByRole("button", { name: "Submit" }).click();
      await expect(form.getByText("Please provide contact number", { exact: true })).toBeVisible();
      await expect(form.getByText("Please provide temple name", { exact: true })).toBeHidden();
      await form.getByLabel("Phone number").fill("+91 98470 12345");
      await form.getByLabel("E-mail").fill(unique("temple"));
      await form.getByLabel("State").selectOption("Kerala");
      await form.getByLabel("Address").fill("North Nada, Kodungallur");
      await form.getByRole("button", { name: "Submit" }).click();
      await expect(toast(page, SUBMITTED)).toBeVisible();
      await expect(form.getByLabel("Temple name")).toHaveValue("");
      await expect(form.getByText("Frequently asked questions")).toBeVisible();
    });

    test("jobs: 'Enter Name', 'Enter E-mail', 'Enter Mobile Number', then the success toast", async ({ page }) => {
      await open(page, "/jobs");
      const form = main(page);
      await form.getByRole("button", { name: "Send" }).click();
      for (const message of ["Enter Name", "Enter E-mail", "Enter Mobile Number"]) {
        await expect(form.getByText(message, { exact: true })).toBeVisible();
      }
      await form.getByLabel("Name").fill("Lakshmi Menon");
      await form.getByLabel("E-mail").fill(unique("jobs"));
      await form.getByLabel("Mobile number").fill("9847012345");
      await form.getByLabel("Job").selectOption("Temple coordinator");
      await form.getByLabel("About you").fill("Ten years with the Devaswom office; Malayalam and English.");
      await form.getByRole("button", { name: "Send" }).click();
      await expect(toast(page, SUBMITTED)).toBeVisible();
    });

    test("newsletter: 'Enter vaild E-mail', then thanks, and again for the same address", async ({ page }) => {
      await open(page, "/");
      const email = unique("news");
      await box(page, "Newsletter").getByLabel("E-mail").fill("devotee@");
      await box(page, "Newsletter").getByRole("button", { name: "Subscribe" }).click();
      await expect(box(page, "Newsletter").getByText("Enter vaild E-mail", { exact: true })).toBeVisible();
      // The page stays the home page's address (issue 30: it turned into /?index).
      if (javaScript) await expect(page).toHaveURL(/\/$/);
      for (let time = 0; time < 2; time++) {
        await box(page, "Newsletter").getByLabel("E-mail").fill(email);
        await box(page, "Newsletter").getByRole("button", { name: "Subscribe" }).click();
        await expect(toast(page, "Thanks for subscribing to our newsletters.")).toBeVisible();
        await expect(box(page, "Newsletter").getByLabel("E-mail")).toHaveValue("");
        if (javaScript) await page.locator(".toasts").getByRole("button", { name: "Dismiss message" }).click();
        else await page.goto("/");
      }
    });

    test("contact box: 'Enter vaild Phone number or E-mail', then 'We will contact you soon'", async ({ page }) => {
      await open(page, "/");
      const contact = box(page, "Need help?");
      await contact.getByLabel("E-mail or phone number").fill("call me");
      await contact.getByRole("button", { name: "Contact me" }).click();
      await expect(contact.getByText("Enter vaild Phone number or E-mail", { exact: true })).toBeVisible();
      if (javaScript) await expect(page).toHaveURL(/\/$/);
      await contact.getByLabel("E-mail or phone number").fill("+91 94470 12345");
      await contact.getByRole("button", { name: "Contact me" }).click();
      await expect(toast(page, "We will contact you soon")).toBeVisible();
    });

    test("the search box searches on Enter", async ({ page }) => {
      await open(page, "/");
      const search = page.getByRole("combobox", { name: "Search temples, deities or pujas" });
      await search.fill("Attukal");
      await search.press("Enter");
      await expect(page).toHaveURL(/\/temples\?key2=Attukal/);
      await expect(main(page).getByRole("article").first()).toContainText("Attukal");
    });
  });
}

test("forms are accessible, with their errors showing", async ({ page }) => {
  for (const [path, button] of [
    ["/temple-signup", "Submit"],
    ["/jobs", "Send"],
  ] as const) {
    await page.goto(path);
    await hydrated(page);
    await main(page).getByRole("button", { name: button }).click();
    await expect(main(page).locator('[aria-invalid="true"]').first()).toBeVisible();
    await expectAccessible(page, `${path} with errors`);
  }
});
