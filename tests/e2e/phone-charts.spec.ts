/**
 * The charts at 360 px, with JavaScript on and off: server-rendered SVG, so they draw without a
 * script, fit the screen, and the page still does not scroll sideways.
 */
import type { Page } from "@playwright/test";
import { expect, main, type Role, test } from "./fixtures";

const WIDTH = 360;

const PAGES: { role: Role | null; path: (page: Page) => Promise<string>; title: string }[] = [
  {
    role: null,
    path: async () => "/t/sree-krishna-swamy-temple-guruvayur/donations",
    title: "Donations received per month, the last 12 months",
  },
  {
    role: "staff",
    path: async (page) => {
      await page.goto("/desk");
      return `${await main(page).locator("a[href^='/desk/']").first().getAttribute("href")}/settlement`;
    },
    title: "The last 12 months",
  },
  { role: "operator", path: async () => "/operator/ledger", title: "The month by day" },
];

for (const javaScriptEnabled of [true, false]) {
  test.describe(`charts at ${WIDTH} px, JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
    test.use({ viewport: { width: WIDTH, height: 740 }, javaScriptEnabled });

    for (const { role, path, title } of PAGES) {
      test.describe(role ?? "visitor", () => {
        test.use({ signedInAs: role });

        test(`${title}: drawn, inside the screen, and no sideways scroll`, async ({ page }) => {
          const url = await path(page);
          expect((await page.goto(url))?.status(), url).toBe(200);
          const figure = main(page).locator("figure.chart").filter({ hasText: title });
          await expect(figure).toBeVisible();
          const chart = figure.getByRole("img", { name: title });
          await expect(chart).toBeVisible();
          const box = (await chart.boundingBox())!;
          expect(box.x).toBeGreaterThanOrEqual(0);
          expect(box.x + box.width).toBeLessThanOrEqual(WIDTH);
          expect(box.height).toBeGreaterThan(100);
          expect(await page.evaluate(() => document.documentElement.scrollWidth), url).toBeLessThanOrEqual(WIDTH);
        });
      });
    }
  });
}
