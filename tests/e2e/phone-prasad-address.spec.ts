/**
 * Issue 38: a prasad sent by post says where it goes, on a 390 px phone, with JavaScript and
 * without, in English, Hindi and Tamil: the cart line booked to a new address shows it, and so
 * does a booked line in My Transactions (the demo devotee's seeded bookings send prasad by post).
 */
import type { Page } from "@playwright/test";
import { daysAhead, expect, hydrated, main, signUp, test } from "./bookings-fixtures";
import { type Locale, prefixOf, wordsIn } from "./i18n-words";

const PHONE = { width: 390, height: 800 };
const SITE = "/t/sree-krishna-swamy-temple-guruvayur";
const LOCALES: Locale[] = ["en", "hi", "ta"];

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** The words before a message's first placeholder ("Prasad will be posted to:"). */
const lead = (template: string) => template.split("{")[0]!.trim();

async function fitsThePhone(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth), "page width").toBeLessThanOrEqual(PHONE.width);
}

for (const javaScriptEnabled of [true, false]) {
  test.describe(`at ${PHONE.width} px, JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
    test.use({ viewport: PHONE, javaScriptEnabled });

    for (const locale of LOCALES) {
      const t = wordsIn(locale);
      const prefix = prefixOf(locale);

      test(`the cart says where the prasad will be posted (${locale})`, async ({ page }) => {
        test.setTimeout(90_000);
        await signUp(page, "Meera Iyer");
        await page.goto(`${prefix}${SITE}`);
        const rows = main(page).getByRole("table").first().locator("tbody tr");
        let opened = false;
        for (const row of await rows.all()) {
          const text = (await row.textContent()) ?? "";
          if (!text.includes("+ ₹") || text.includes(t("bookings_on_request")) || (await row.locator(".seat-days").count()) > 0) continue;
          await row.getByRole("link").click();
          await expect(page).toHaveURL(/\?puja=\d+#book-puja$/);
          opened = true;
          break;
        }
        expect(opened, "a direct puja sent by post").toBe(true);
        if (javaScriptEnabled) await hydrated(page);
        const form = page.getByRole("form", { name: t("bookings_book_a_puja") });
        await form.getByLabel(t("bookings_devotee_n_star", { n: 1 })).selectOption({ index: 4 });
        await form.getByLabel(t("bookings_date_n", { n: 1 })).fill(daysAhead(12));
        await form.getByLabel(new RegExp(escapeRegExp(lead(t("bookings_send_prasad_by_post_each"))))).check();
        await form.getByLabel(t("bookings_send_prasad_to")).selectOption({ label: t("bookings_new_address") });
        await form.getByLabel(t("bookings_receiver_name")).fill("Meera Iyer");
        await form.getByLabel(t("bookings_house_and_street")).fill("14, Kutchery Road");
        await form.getByLabel(t("bookings_city")).fill("Chennai");
        await form.getByLabel(t("bookings_state"), { exact: true }).fill("Tamil Nadu");
        await form.getByLabel(t("bookings_pin_code")).fill("600004");
        await form.getByRole("button", { name: t("bookings_add_to_cart") }).click();
        await expect(page).toHaveURL(/\?added=puja#book-puja$/);

        await page.goto(`${prefix}/cart`);
        const postedTo = main(page).getByText(
          t("bookings_prasad_posted_to", { address: "Meera Iyer, 14, Kutchery Road, Chennai, Tamil Nadu 600004" }),
        );
        await postedTo.scrollIntoViewIfNeeded();
        await expect(postedTo).toBeInViewport();
        await fitsThePhone(page);
      });

      test.describe("the demo devotee", () => {
        test.use({ signedInAs: "devotee" });

        test(`My Transactions says where a booked prasad is posted (${locale})`, async ({ page }) => {
          await page.goto(`${prefix}/account?tab=transactions&view=completed`);
          const booking = main(page)
            .locator("details.booking-item")
            .filter({ has: page.locator(".booking-table__address") })
            .first();
          await booking.locator(":scope > summary").click();
          const shown = booking.locator(".booking-table__address").first();
          await shown.scrollIntoViewIfNeeded();
          await expect(shown).toBeInViewport();
          await expect(shown).toHaveText(new RegExp(`^${escapeRegExp(lead(t("bookings_prasad_posted_to")))} \\S.+\\d{6}$`));
          await fitsThePhone(page);
        });
      });
    }
  });
}
