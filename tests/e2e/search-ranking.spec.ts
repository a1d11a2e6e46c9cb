/// <reference lib="dom" />
/**
 * Issue 28: the temple a devotee means comes first, by the name they call it, in their script;
 * in the home autocomplete and on the temples page, with JavaScript and without.
 */
import type { Page } from "@playwright/test";
import { expect, hydrated, test } from "./public-fixtures";

const main = (page: Page) => page.getByRole("main");

/** The temple suggestions, in order: they name their place ("… · District, State"). */
async function suggestedTemples(page: Page, text: string) {
  await page.goto("/");
  await hydrated(page);
  const box = page.getByRole("combobox", { name: "Search temples, deities or pujas" });
  await box.pressSequentially(text);
  const listbox = page.getByRole("listbox", { name: "Search temples, deities or pujas" });
  await expect(listbox).toBeVisible();
  return listbox.getByRole("option", { name: /· [^,]+, [^,]+$/ });
}

test.describe("the temple a devotee means", () => {
  test("a common name typed into the home search suggests its temple first, and choosing it lists it", async ({ page }) => {
    const temples = await suggestedTemples(page, "tirupati balaji");
    await expect(temples.first()).toHaveAccessibleName(/^Tirumala Venkateswara Temple.*· Tirupati, Andhra Pradesh$/);
    await temples.first().click();
    await page.waitForURL(/\/temples\/temple\/Tirumala%20Venkateswara%20Temple\/\d+$/);
    await expect(main(page).getByRole("article")).toHaveCount(1);
    await expect(main(page).getByRole("article")).toContainText("Sri Venkateswara Swamy Temple");
  });

  test("a common name in Devanagari suggests its temple first", async ({ page }) => {
    const temples = await suggestedTemples(page, "सिद्धिविनायक");
    await expect(temples.first()).toHaveAccessibleName(/^Siddhivinayak Temple, Mumbai.*· Mumbai City, Maharashtra$/);
  });

  test.describe("without JavaScript", () => {
    test.use({ javaScriptEnabled: false });

    test("the temples page lists the meant temple first for a typed common name", async ({ page }) => {
      await page.goto("/temples");
      await main(page).getByRole("combobox", { name: "Temple, deity or puja" }).fill("big temple");
      await main(page).getByRole("button", { name: "Search" }).click();
      await expect(page).toHaveURL(/\/temples\?key2=big\+temple/);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Temples: big temple");
      await expect(main(page).getByRole("article").first()).toContainText("Brihadeeswarar");
    });

    test("a place typed alone lists its best-known temple first, then its other temples", async ({ page }) => {
      await page.goto(`/temples?key2=${encodeURIComponent("ayodhya")}`);
      const cards = main(page).getByRole("article");
      await expect(cards.first()).toContainText("Ram Janmabhoomi");
      await expect(cards.nth(1)).toContainText("Ayodhya");
    });
  });
});
