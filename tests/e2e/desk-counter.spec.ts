/**
 * Issue 42, the counter: a staff member sells a puja at the temple's counter with the keyboard
 * alone (Tab, arrow keys, typing, Enter; no clicks), on a counter PC (1366×768) with JavaScript
 * and without, and on a tablet (768×1024). They see the sale's tracking number and amount, and
 * the day sheet for that day shows the devotee with star, gotra and "Counter"; the sale's printed
 * receipts are PDFs of an 80 mm roll and of A4.
 */
import type { Locator, Page } from "@playwright/test";
import { PDFDocument } from "pdf-lib";
import { expect, main, paise, test } from "./bookings-fixtures";

/** Presses Tab until `target` has the focus, as a person moving through the page does (fails if it never gets there). */
async function tabTo(page: Page, target: Locator, most = 60) {
  for (let presses = 0; presses < most; presses++) {
    if (await target.evaluate((element) => element === document.activeElement)) return;
    await page.keyboard.press("Tab");
  }
  throw new Error(`${target} was not reached with ${most} presses of Tab`);
}

/** Moves a focused select down to its next enabled option with the arrow key; returns the chosen option's label. */
async function arrowDown(page: Page, select: Locator) {
  const before = await select.inputValue();
  await page.keyboard.press("ArrowDown");
  await expect(select).not.toHaveValue(before);
  return select.evaluate((element: HTMLSelectElement) => element.selectedOptions[0]?.textContent ?? "");
}

const CASES = [
  { name: "on a counter PC with JavaScript", viewport: { width: 1366, height: 768 }, javaScriptEnabled: true },
  { name: "on a counter PC without JavaScript", viewport: { width: 1366, height: 768 }, javaScriptEnabled: false },
  { name: "on a tablet", viewport: { width: 768, height: 1024 }, javaScriptEnabled: true },
];

for (const { name, viewport, javaScriptEnabled } of CASES) {
  test.describe(`the counter ${name} (${viewport.width}×${viewport.height})`, () => {
    test.use({ viewport, javaScriptEnabled, signedInAs: "staff" });

    test("sells a puja with the keyboard alone; the day sheet shows the devotee, star, gotra and Counter", async ({ page }) => {
      test.setTimeout(120_000);
      const stamp = crypto.randomUUID().slice(0, 6).replace(/\d/g, "k");
      const devotee = `Gowri ${stamp}`;
      const gotra = `Vasishta ${stamp}`;

      await page.goto("/desk");
      const desk = main(page)
        .getByRole("link", { name: /Guruvayur/ })
        .first();
      await tabTo(page, desk);
      await page.keyboard.press("Enter");
      await expect(page).toHaveURL(/\/desk\/\d+$/);
      const deskPath = /\/desk\/\d+/.exec(new URL(page.url()).pathname)![0];

      await tabTo(page, page.getByRole("navigation", { name: "Temple desk" }).getByRole("link", { name: "Counter", exact: true }));
      await page.keyboard.press("Enter");
      await expect(page.getByRole("heading", { name: "Counter sale" })).toBeVisible();

      // Step one: what is sold (the first puja the counter lists), then Continue.
      const choice = main(page).getByRole("form", { name: "Puja or donation" });
      const item = choice.getByLabel("Puja or donation");
      await tabTo(page, item);
      const pujaLabel = await arrowDown(page, item);
      const [pujaName] = pujaLabel.split(" · ");
      await tabTo(page, choice.getByRole("button", { name: "Continue" }));
      await page.keyboard.press("Enter");
      const sale = main(page)
        .locator("form")
        .filter({ has: page.getByRole("button", { name: "Record the sale" }) });
      await expect(sale.getByRole("heading", { name: pujaName! })).toBeVisible();

      // Step two: the day (the first one with seats), the devotee's name, star and gotra, cash; then record the sale.
      const dayField = sale.getByLabel("Day", { exact: true });
      await tabTo(page, dayField);
      await arrowDown(page, dayField);
      const day = await dayField.inputValue();
      expect(day).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      await tabTo(page, sale.getByLabel("Devotee 1: name"));
      await page.keyboard.type(devotee);
      const star = sale.getByLabel("Star").first();
      await tabTo(page, star);
      // Typing a star's first letters chooses it, as on any select.
      await page.keyboard.type("Rohini");
      await expect(star.locator("option:checked")).toHaveText("Rohini");
      await tabTo(page, sale.getByLabel("Gotra").first());
      await page.keyboard.type(gotra);
      await expect(sale.getByLabel("Paid by")).toHaveValue("cash");
      await tabTo(page, sale.getByRole("button", { name: "Record the sale" }));
      await page.keyboard.press("Enter");

      const done = page.getByRole("status").filter({ has: page.getByRole("heading", { name: "Sale recorded" }) });
      await expect(done).toBeVisible();
      const tracking = (await done.getByRole("definition").first().textContent())?.trim() ?? "";
      expect(tracking).toMatch(/^TRK\w+$/);
      await expect(done).toContainText("Tracking number");
      await expect(done).toContainText("Amount");
      expect(paise((await done.textContent()) ?? "")).toBe(paise(pujaLabel));
      expect(await page.evaluate(() => document.documentElement.scrollWidth), "page width").toBeLessThanOrEqual(viewport.width);
      // The receipts the counter prints: an 80 mm roll and an A4 page, each a PDF of that width.
      for (const [label, width] of [
        ["Print receipt (80 mm)", 226.77],
        ["Print receipt (A4)", 595.28],
      ] as const) {
        const receipt = await page.request.get((await done.getByRole("link", { name: label }).getAttribute("href"))!);
        expect(receipt.status(), label).toBe(200);
        expect(receipt.headers()["content-type"]).toBe("application/pdf");
        const pdf = await PDFDocument.load(await receipt.body());
        expect(pdf.getPage(0).getWidth()).toBeCloseTo(width, 0);
      }
      // On to the next devotee in the queue: "Next sale" has the focus, so Enter gives a fresh counter form.
      await expect(done.getByRole("button", { name: "Next sale" })).toBeFocused();
      await page.keyboard.press("Enter");
      await expect(main(page).getByRole("form", { name: "Puja or donation" }).getByLabel("Puja or donation")).toHaveValue("");

      await page.goto(`${deskPath}/bookings?date=${day}`);
      const row = main(page).getByRole("row").filter({ hasText: devotee });
      await expect(row).toHaveCount(1);
      await expect(row).toContainText(pujaName!);
      await expect(row.getByRole("cell").nth(0)).toContainText("Counter");
      await expect(row).toContainText("Rohini");
      await expect(row).toContainText(gotra);
    });
  });
}
