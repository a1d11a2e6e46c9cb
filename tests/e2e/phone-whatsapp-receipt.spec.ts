/**
 * Issue 41: on a 390 px phone, with JavaScript and without, a devotee who reads the portal in
 * Malayalam agrees to WhatsApp messages on their profile, books a puja and pays; the receipt's
 * WhatsApp message, in Malayalam script, goes to their mobile in E.164 through the WhatsApp
 * emulator (scripts/serve-test.ts: E2E_PORT + 2), shows once in the local outbox, and their
 * Notifications tab shows it by WhatsApp, its status moved on by the emulator's webhooks.
 */
import { uniquePhone } from "./accounts-helpers";
import { daysAhead, expect, hydrated, main, openEveryDayPuja, payOnGateway, signUp, test } from "./bookings-fixtures";
import { wordsIn } from "./i18n-words";

const PHONE = { width: 390, height: 800 };
const SITE = "/t/sree-krishna-swamy-temple-guruvayur";
const MALAYALAM = /[\u0D00-\u0D7F]{3}/;
const t = wordsIn("ml");

interface OutboxMessage {
  channel: string;
  to: string;
  text: string;
  sentAt: string;
}

for (const javaScriptEnabled of [true, false]) {
  test.describe(`at ${PHONE.width} px, JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
    test.use({ viewport: PHONE, javaScriptEnabled });

    test("a Malayalam devotee who agreed to WhatsApp books, and the receipt reaches their WhatsApp in Malayalam", async ({ page }) => {
      test.setTimeout(150_000);
      const phone = uniquePhone();
      await signUp(page, undefined, phone.national);

      // Malayalam, chosen with the footer's switch, is kept on the profile: the portal's messages speak it.
      await page.getByRole("contentinfo").locator(".language-switch > summary").click();
      await page.getByRole("contentinfo").getByRole("button", { name: "മലയാളം", exact: true }).click();
      await expect(page.locator("html")).toHaveAttribute("lang", "ml");

      await page.goto("/account");
      await expect(page).toHaveURL(/\/ml\/account/);
      if (javaScriptEnabled) await hydrated(page);
      const preferences = main(page).getByRole("form", { name: t("account_notify_prefs_title") });
      await preferences.getByLabel(t("account_notify_prefs_whatsapp", { phone: phone.e164 })).check();
      await preferences.getByRole("button", { name: t("account_notify_prefs_save") }).click();
      await expect(preferences.getByRole("status")).toHaveText(t("account_notify_prefs_saved"));

      await page.goto(SITE);
      await expect(page).toHaveURL(new RegExp(`/ml${SITE}`));
      if (javaScriptEnabled) await hydrated(page);
      const words = { everyDay: t("bookings_every_day"), onRequest: t("bookings_on_request"), form: t("bookings_book_a_puja") };
      const form = await openEveryDayPuja(page, words);
      if (javaScriptEnabled) await hydrated(page);
      await form.getByLabel(t("bookings_devotee_n_star", { n: 1 })).selectOption({ index: 4 });
      await form.getByLabel(t("bookings_date_n", { n: 1 })).fill(daysAhead(12));
      await form.getByRole("button", { name: t("bookings_add_to_cart") }).click();
      await expect(page).toHaveURL(/\?added=puja#book-puja$/);

      await page.goto("/cart");
      await page.getByRole("button", { name: t("bookings_proceed_to_payment") }).click();
      await expect(page.getByRole("heading", { name: t("bookings_payment") })).toBeVisible();
      await payOnGateway(page, { javaScript: javaScriptEnabled });
      await expect(page.getByRole("heading", { name: t("bookings_confirmed_title") })).toBeVisible();
      const trackingNo = (await main(page)
        .locator(`dt:text-is('${t("bookings_tracking_no")}') + dd`)
        .textContent())!.trim();
      expect(trackingNo).not.toBe("");

      // The queue sends it a moment after the payment: the outbox shows it once, by WhatsApp, in Malayalam.
      const whatsappMessages = async () => {
        const response = await page.request.get(`/dev/outbox.json?to=${encodeURIComponent(phone.e164)}`);
        const { messages } = (await response.json()) as { messages: OutboxMessage[] };
        return messages;
      };
      await expect.poll(async () => (await whatsappMessages()).length, { timeout: 30_000 }).toBe(1);
      const [message] = await whatsappMessages();
      expect(message).toMatchObject({ channel: "whatsapp", to: phone.e164 });
      expect(message!.text).toMatch(MALAYALAM);
      expect(message!.text).toContain(trackingNo);

      // The Notifications tab lists it by WhatsApp, beside the e-mail, and its status moves on as WhatsApp reports it.
      await page.goto("/account?tab=notifications");
      const list = main(page).getByRole("list", { name: t("account_notify_list_label") });
      const byWhatsApp = list.getByRole("listitem").filter({ hasText: t("account_notify_channel_whatsapp") });
      await expect(byWhatsApp).toHaveCount(1);
      await expect(byWhatsApp).toContainText(t("account_notify_kind_receipt"));
      await expect(byWhatsApp.getByRole("link", { name: trackingNo })).toBeVisible();
      await expect(list.getByRole("listitem").filter({ hasText: t("account_notify_channel_email") })).toHaveCount(1);
      await expect(async () => {
        await page.reload();
        await expect(byWhatsApp).toContainText(`${t("account_notify_channel_whatsapp")} · ${t("account_notify_status_read")}`, {
          timeout: 1_000,
        });
      }).toPass({ timeout: 30_000, intervals: [500, 1_000] });
      expect(await page.evaluate(() => document.documentElement.scrollWidth), "page width").toBeLessThanOrEqual(PHONE.width);
    });
  });
}
