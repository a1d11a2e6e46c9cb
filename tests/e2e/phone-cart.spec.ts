/**
 * Issue 38: on a 390 px phone, "Add to cart" on a temple site keeps the devotee where they
 * were (at the booking form, not the top of the page), says beside the form that it was added
 * with the way to the cart and its count, and the header shows the cart's count outside the
 * ☰ menu: with JavaScript and without, in English, Hindi and Tamil.
 */
import { daysAhead, expect, hydrated, main, openEveryDayPuja, signUp, test } from "./bookings-fixtures";
import { type Locale, prefixOf, wordsIn } from "./i18n-words";

const PHONE = { width: 390, height: 800 };
const SITE = "/t/sree-krishna-swamy-temple-guruvayur";

for (const javaScriptEnabled of [true, false]) {
  test.describe(`at ${PHONE.width} px, JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
    test.use({ viewport: PHONE, javaScriptEnabled });

    for (const locale of ["en", "hi", "ta"] as Locale[]) {
      test(`Add to cart keeps the devotee at the form, says so there, and the header counts the cart (${locale})`, async ({ page }) => {
        test.setTimeout(90_000);
        const t = wordsIn(locale);
        await signUp(page);
        await page.goto(`${prefixOf(locale)}${SITE}`);
        if (javaScriptEnabled) await hydrated(page);
        const banner = page.getByRole("banner");
        // The cart is in the header's bar on a phone, not only in the ☰ menu.
        await expect(banner.getByRole("link", { name: t("common_cart"), exact: true })).toBeInViewport();

        const form = await openEveryDayPuja(page, {
          everyDay: t("bookings_every_day"),
          onRequest: t("bookings_on_request"),
          form: t("bookings_book_a_puja"),
        });
        if (javaScriptEnabled) await hydrated(page);
        const star = form.getByLabel(t("bookings_devotee_n_star", { n: 1 }));
        await star.selectOption({ index: 4 });
        await form.getByLabel(t("bookings_date_n", { n: 1 })).fill(daysAhead(12));
        await expect(star, "the star chosen is still chosen").not.toHaveValue("");
        await form.getByRole("button", { name: t("bookings_add_to_cart") }).click();

        await expect(page).toHaveURL(/\?added=puja#book-puja$/);
        const status = main(page)
          .getByRole("status")
          .filter({ hasText: t("bookings_added_to_cart_status") });
        await expect(status).toBeInViewport();
        await expect(status.getByRole("link", { name: t("bookings_view_cart_count", { count: 1 }) })).toBeVisible();
        // Where the devotee was: at the form, far from the top of the page.
        expect(await page.evaluate(() => window.scrollY), "the page kept its place").toBeGreaterThan(300);
        await expect(banner.getByRole("link", { name: t("common_cart_count_one", { count: 1 }) })).toBeInViewport();
        await expect(banner.locator(".cart-link--bar .cart-link__count")).toHaveText("1");
        expect(await page.evaluate(() => document.documentElement.scrollWidth), "page width").toBeLessThanOrEqual(PHONE.width);

        await status.getByRole("link", { name: t("bookings_view_cart_count", { count: 1 }) }).click();
        await expect(page).toHaveURL(new RegExp(`${prefixOf(locale)}/cart$`));
      });
    }
  });
}
