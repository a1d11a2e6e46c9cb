/**
 * The desk's bank view on a phone (issue 43), with JavaScript on and off: the temple's staff open
 * the settlement statement, pick a month whose money was transferred from the last 12 months'
 * table, and read a settled transfer with its settlement date and UTR, each line a card that
 * fits the screen. The seed gives the demo temples' latest bookings their transfers.
 */
import { expect, main, test } from "./fixtures";

const WIDTH = 360;

for (const javaScriptEnabled of [true, false]) {
  test.describe(`the bank view at ${WIDTH} px, JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
    test.use({ viewport: { width: WIDTH, height: 740 }, javaScriptEnabled, signedInAs: "staff" });

    test("shows a settled transfer with its UTR, and the month's totals", async ({ page }) => {
      await page.goto("/desk");
      const desk = await main(page).locator("a[href^='/desk/']").first().getAttribute("href");
      expect((await page.goto(`${desk}/settlement`))?.status()).toBe(200);

      // The last 12 months' table: a month with money transferred to the temple's account opens its statement.
      const months = main(page).locator("table", { has: page.locator("caption", { hasText: "The last 12 months" }) });
      const transferred = months.locator("tbody tr").filter({ hasNot: page.locator("td:nth-of-type(1)", { hasText: /^₹0\.00$/ }) });
      await expect(transferred.first()).toBeVisible();
      // The seed's settled transfers are months back; this month may hold other tests' transfers, released or held.
      await transferred.first().getByRole("link").click();
      await expect(page).toHaveURL(/month=\d{4}-\d{2}/);

      const bankView = main(page).getByRole("region", { name: /^The temple's bank view, / });
      await expect(bankView.getByText("Transferred to the temple's account")).toBeVisible();
      const settled = bankView.locator("tbody tr").filter({ hasText: "Settled" }).first();
      await expect(settled).toBeVisible();
      await expect(settled.locator("td[data-label='Settlement date and UTR']")).toContainText(/UTR UTRDEMO\d+/);
      await expect(settled.locator("td[data-label='Transfer id']")).toContainText(/trf_demo\d+/);

      // Each line is a card inside the screen; the page never scrolls sideways.
      const box = (await settled.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(WIDTH);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(WIDTH);
    });
  });
}
