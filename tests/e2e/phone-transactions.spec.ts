/**
 * Issue 38: My Transactions read on a 390 px phone, with JavaScript and without, in English,
 * Hindi and Tamil: a closed booking names its temple, puja and date before its numbers; the
 * Payments list is titled by what was paid for (the gateway's id under it), and its caption
 * runs across the page (it was squeezed to one word a line in Tamil).
 */
import { expect, main, test } from "./bookings-fixtures";
import { type Locale, prefixOf, SCRIPT, wordsIn } from "./i18n-words";

const PHONE = { width: 390, height: 800 };

for (const javaScriptEnabled of [true, false]) {
  test.describe(`at ${PHONE.width} px, JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
    test.use({ viewport: PHONE, javaScriptEnabled, signedInAs: "devotee" });

    for (const locale of ["en", "hi", "ta"] as Locale[]) {
      test(`a booking and a payment say what they were for (${locale})`, async ({ page }) => {
        const t = wordsIn(locale);
        await page.goto(`${prefixOf(locale)}/account?tab=transactions&view=completed`);
        const summary = main(page).locator("details.booking-item > summary").first();
        const temple = summary.locator(".booking-headline__temple");
        const items = summary.locator(".booking-headline__items");
        await expect(temple).toBeInViewport();
        await expect(temple).toHaveText(/\S/);
        // The puja, then its date ("… · 12 Dec 2026"), named in the page's language.
        await expect(items).toHaveText(/\S · \S/);
        if (locale !== "en") await expect(items).toHaveText(SCRIPT[locale]);
        expect(await page.evaluate(() => document.documentElement.scrollWidth), "page width").toBeLessThanOrEqual(PHONE.width);

        await page.goto(`${prefixOf(locale)}/account?tab=transactions&view=payments`);
        const table = main(page).getByRole("table");
        const caption = table.locator("caption");
        await expect(caption).toHaveText(t("account_payments_caption"));
        const [captionBox, tableBox] = [await caption.boundingBox(), await table.boundingBox()];
        expect(captionBox!.width, "the caption runs across the list").toBeGreaterThan(tableBox!.width * 0.9);
        const booked = table.locator("tbody tr[data-state=booked] th").first();
        await expect(booked.locator(".booking-headline__temple")).toHaveText(/\S/);
        await expect(booked.locator(".booking-headline__items")).toHaveText(/\S/);
        await expect(booked.locator(".booking-table__ref")).toHaveText(/^pay_/);
        expect(await page.evaluate(() => document.documentElement.scrollWidth), "page width").toBeLessThanOrEqual(PHONE.width);
      });
    }
  });
}
