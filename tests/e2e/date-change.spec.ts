/**
 * Issue 38: a devotee who cannot come, on a 390 px phone, asks the temple from My Transactions to
 * move a booked puja to another date; the temple's staff, at 1366 px, move it; the devotee sees
 * the new date, and nothing was paid or refunded. With JavaScript (in Tamil) and without (in Hindi).
 */
import type { Page } from "@playwright/test";
import {
  daysAhead,
  expect,
  hydrated,
  main,
  openEveryDayPuja,
  payOnGateway,
  signUp,
  test,
  toast,
  openGuruvayurDesk,
} from "./bookings-fixtures";
import { type Locale, prefixOf, wordsIn } from "./i18n-words";

const PHONE = { width: 390, height: 844 };
const SITE = "/t/sree-krishna-swamy-temple-guruvayur";

/** A message as a pattern: its placeholders stand for any text. */
const pattern = (message: string) => new RegExp(message.replace(/[.*+?^$()|[\]\\]/g, "\\$&").replace(/\\?\{\w+\\?\}|\{\w+\}/g, ".+"));

/** Books a direct, unlimited puja offered every day at Guruvayur for `day`, and pays for it. */
async function bookAndPay(page: Page, locale: Locale, javaScriptEnabled: boolean, day: string) {
  const t = wordsIn(locale);
  await page.goto(`${prefixOf(locale)}${SITE}`);
  if (javaScriptEnabled) await hydrated(page);
  const form = await openEveryDayPuja(page, {
    everyDay: t("bookings_every_day"),
    onRequest: t("bookings_on_request"),
    form: t("bookings_book_a_puja"),
  });
  if (javaScriptEnabled) await hydrated(page);
  const star = form.getByLabel(t("bookings_devotee_n_star", { n: 1 }));
  const date = form.getByLabel(t("bookings_date_n", { n: 1 }));
  await star.selectOption({ index: 4 });
  await date.fill(day);
  await expect(date).toHaveValue(day);
  await form.getByRole("button", { name: t("bookings_add_to_cart") }).click();
  await expect(page).toHaveURL(/\?added=puja#book-puja$/);
  await page.goto(`${prefixOf(locale)}/cart`);
  await page.getByRole("button", { name: t("bookings_proceed_to_payment") }).click();
  await payOnGateway(page, { javaScript: javaScriptEnabled });
  await expect(page.getByRole("heading", { name: t("bookings_confirmed_title") })).toBeVisible();
}

for (const [javaScriptEnabled, locale] of [
  [true, "ta"],
  [false, "hi"],
] as [boolean, Locale][]) {
  test.describe(`at ${PHONE.width} px, JavaScript ${javaScriptEnabled ? "on" : "off"}, in ${locale}`, () => {
    test.use({ viewport: PHONE, javaScriptEnabled });

    test("a devotee asks to move a booked puja and the temple's desk moves it", async ({ page, pageAs }) => {
      test.setTimeout(150_000);
      const t = wordsIn(locale);
      const prefix = prefixOf(locale);
      await signUp(page);
      // Every sign-up here is a Meera Iyer: the message tells this devotee's ask from others'.
      const note = `We travel that week (${crypto.randomUUID().slice(0, 8)})`;
      await bookAndPay(page, locale, javaScriptEnabled, daysAhead(20));

      await page.goto(`${prefix}/account?tab=transactions&view=completed`);
      if (javaScriptEnabled) await hydrated(page);
      const booking = main(page).locator("details.booking-item").first();
      await booking.locator("summary").first().click();
      await expect(booking.getByRole("heading", { name: t("bookings_move_section") })).toBeVisible();
      // A date the puja is not booked for is refused beside its field, and nothing is asked.
      await booking.locator(".booking-move__ask > summary").click();
      const ask = booking.locator(".booking-move__form");
      await ask.getByLabel(t("bookings_move_new_date")).fill(daysAhead(20));
      await ask.getByRole("button", { name: t("bookings_move_submit") }).click();
      await expect(main(page).getByText(t("bookings_move_err_same_date"))).toBeVisible();

      const form = main(page).locator(".booking-move__form").first();
      await form.getByLabel(t("bookings_move_new_date")).fill(daysAhead(23));
      await form.getByLabel(t("bookings_move_note")).fill(note);
      await form.getByRole("button", { name: t("bookings_move_submit") }).click();
      await expect(toast(page, pattern(t("bookings_move_asked_toast")))).toBeVisible();
      const opened = main(page).locator("details.booking-item").first();
      if (!(await opened.getAttribute("open"))) await opened.locator("summary").first().click();
      await expect(opened.locator(".booking-move__status")).toHaveText(pattern(t("bookings_move_status_asked")));
      expect(await page.evaluate(() => document.documentElement.scrollWidth), "page width").toBeLessThanOrEqual(PHONE.width);

      // The temple's staff, at a desk, see the ask with the devotee's message and move the date.
      const staff = await pageAs("staff");
      await staff.setViewportSize({ width: 1366, height: 900 });
      await openGuruvayurDesk(staff);
      const section = main(staff).locator("section", { has: staff.getByRole("heading", { name: "Date changes asked" }) });
      const row = section.getByRole("row").filter({ hasText: note });
      await expect(row).toBeVisible();
      await row.getByRole("button", { name: /^Move .+ to / }).click();
      await expect(toast(staff, /Meera Iyer's puja has been moved to/)).toBeVisible();
      await expect(row).toHaveCount(0);

      await page.reload();
      const moved = main(page).locator("details.booking-item").first();
      await moved.locator("summary").first().click();
      await expect(moved.locator(".booking-move__status")).toHaveText(pattern(t("bookings_move_status_moved")));
      await expect(moved.getByRole("table").first()).toContainText(daysAhead(23));
      expect(await page.evaluate(() => document.documentElement.scrollWidth), "page width").toBeLessThanOrEqual(PHONE.width);
    });
  });
}
