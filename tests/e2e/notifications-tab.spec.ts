/**
 * Issue 41: on a 390 px phone, with JavaScript and without, a devotee books a puja and pays;
 * the header counts the receipt's message beside their name, and the Notifications tab shows
 * it: what it was (Booking confirmed), the booking's tracking number (leading to the booking),
 * the channel (E-mail) and what became of it, once sent. Opening the tab clears the count.
 */
import { daysAhead, expect, hydrated, main, openEveryDayPuja, payOnGateway, signUp, test } from "./bookings-fixtures";

const PHONE = { width: 390, height: 800 };
const SITE = "/t/sree-krishna-swamy-temple-guruvayur";

for (const javaScriptEnabled of [true, false]) {
  test.describe(`at ${PHONE.width} px, JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
    test.use({ viewport: PHONE, javaScriptEnabled });

    test("a devotee books and finds the receipt's message in the Notifications tab", async ({ page }) => {
      test.setTimeout(120_000);
      await signUp(page);
      await page.goto(SITE);
      if (javaScriptEnabled) await hydrated(page);
      const form = await openEveryDayPuja(page, { everyDay: "Every day", onRequest: "On request", form: "Book a puja" });
      if (javaScriptEnabled) await hydrated(page);
      await form.getByLabel("Devotee 1 star").selectOption({ index: 4 });
      await form.getByLabel("Date 1").fill(daysAhead(12));
      await form.getByRole("button", { name: "Add to cart" }).click();
      await expect(page).toHaveURL(/\?added=puja#book-puja$/);

      await page.goto("/cart");
      await page.getByRole("button", { name: "Proceed to payment" }).click();
      await expect(page.getByRole("heading", { name: "Payment" })).toBeVisible();
      await payOnGateway(page, { javaScript: javaScriptEnabled });
      await expect(page.getByRole("heading", { name: "Thank you, your booking is confirmed" })).toBeVisible();
      const trackingNo = (await main(page).locator("dt:text-is('Tracking No') + dd").textContent())!.trim();
      expect(trackingNo).not.toBe("");

      // The header counts the new message on the avatar, and the avatar leads to the tab.
      await page.goto("/");
      const banner = page.getByRole("banner");
      const unseen = banner.getByRole("link", { name: /1 new message$/ });
      await expect(unseen).toBeInViewport();
      await expect(banner.locator(".account-menu__unseen")).toHaveText("1");
      expect(await page.evaluate(() => document.documentElement.scrollWidth), "page width").toBeLessThanOrEqual(PHONE.width);
      await unseen.click();
      await expect(page).toHaveURL(/\/account\?tab=notifications$/);

      const message = main(page).getByRole("list", { name: "Your messages, newest first" }).getByRole("listitem").first();
      await expect(message).toContainText("Booking confirmed");
      await expect(message).toContainText("New");
      await expect(message).toContainText("E-mail");
      await expect(message.getByRole("link", { name: trackingNo })).toBeVisible();
      await expect(banner.locator(".account-menu__unseen")).toHaveCount(0);
      expect(await page.evaluate(() => document.documentElement.scrollWidth), "page width").toBeLessThanOrEqual(PHONE.width);
      // The queue sends it a moment after the payment: looked at again, it is sent.
      await expect(async () => {
        await page.reload();
        await expect(message).toContainText("E-mail · Sent", { timeout: 1_000 });
      }).toPass({ timeout: 30_000, intervals: [500, 1_000] });

      // Its tracking number leads to the booking, opened.
      await message.getByRole("link", { name: trackingNo }).click();
      await expect(page).toHaveURL(new RegExp(`tab=transactions.*booking=${trackingNo}#booking-${trackingNo}$`));
      await expect(main(page).locator(`details#booking-${trackingNo}`)).toHaveAttribute("open", "");
    });
  });
}
