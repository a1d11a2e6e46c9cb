/**
 * The signed-in header at phone and laptop widths (issue 11 #4): nothing scrolls
 * sideways, Sign Out and the brand are whole, a long name never wraps the navigation.
 */
import type { Page } from "@playwright/test";
import { newUser, signUpOnPage } from "./accounts-helpers";
import { expect, type Role, test } from "./fixtures";

const WIDTHS = [320, 360, 390, 412, 1366];
const LONG_NAME = "Venkatasubramanian Ramakrishna";

async function checkHeader(page: Page, width: number) {
  await page.setViewportSize({ width, height: 760 });
  // The announcement pops up once per visit: mark it seen, it is not what this test reads.
  await page.evaluate(() => sessionStorage.setItem("sn_announcement_seen", "1"));
  await page.goto("/services");
  await expect(page.locator("html[data-hydrated]")).toHaveCount(1);
  const banner = page.getByRole("banner");
  expect(await page.evaluate(() => document.documentElement.scrollWidth), "page width").toBeLessThanOrEqual(width);
  const signOut = banner.getByRole("button", { name: "Sign Out" });
  await expect(signOut).toBeInViewport({ ratio: 1 });
  const brand = banner.getByRole("link", { name: "Sannidhi home" });
  await expect(brand).toBeInViewport({ ratio: 1 });
  if (width >= 360) {
    // The word is whole, not clipped ("Sannidl").
    const word = brand.getByText("Sannidhi");
    await expect(word).toBeVisible();
    expect(await word.evaluate((el) => el.scrollWidth <= el.clientWidth + 1)).toBe(true);
  }
  if (width >= 960) {
    const nav = banner.getByRole("navigation", { name: "Main" }).locator("ul").first();
    const box = await nav.boundingBox();
    expect(box!.height, "navigation on one line").toBeLessThan(60);
  }
}

test("a devotee with a long full name", async ({ page }) => {
  const user = { ...newUser("longname"), name: LONG_NAME, firstName: LONG_NAME };
  await signUpOnPage(page, user);
  for (const width of WIDTHS) await checkHeader(page, width);
});

for (const who of [
  { role: "temple staff", account: "staff", home: "Temple desk" },
  { role: "an operator", account: "operator", home: "Operator console" },
] as { role: string; account: Role; home: string }[]) {
  test.describe(who.role, () => {
    test.use({ signedInAs: who.account });

    test(`${who.role}, whose desk stays one tap away`, async ({ page }) => {
      await page.goto("/");
      await expect(page.getByRole("button", { name: "Sign Out" })).toBeVisible();
      for (const width of WIDTHS) {
        await checkHeader(page, width);
        const banner = page.getByRole("banner");
        if (width < 960) {
          await banner.getByLabel("Menu").click();
          await expect(banner.getByRole("link", { name: new RegExp(who.home, "i") })).toBeVisible();
          await banner.getByLabel("Menu").click();
        } else {
          await expect(banner.getByRole("link", { name: new RegExp(who.home, "i") })).toBeVisible();
        }
      }
    });
  });
}
