/**
 * Issue 30: what a devotee who does not read English meets first, on a 360 px phone, with
 * JavaScript on and off, in Malayalam and Hindi: the announcement keeps off the task pages
 * and never covers a toast; booked pujas keep their names in the page's language (cart, done
 * page, My Transactions, the receipt); every button of the booking tables is in view.
 */
import type { Locator, Page } from "@playwright/test";
import { pdfTextItems } from "../support/pdf-helpers";
import { daysAhead, DEMO, expect, main, signUp, test, payOnGateway } from "./bookings-fixtures";
import { expectTableControlsInView } from "./fixtures";
import { type Locale, prefixOf, SCRIPT, wordsIn } from "./i18n-words";

const PHONE = { width: 360, height: 740 };

const LANGUAGES = ["ml", "hi"] as const satisfies readonly Exclude<Locale, "en">[];

/** A message as a pattern: its placeholders match any text. */
function pattern(template: string): RegExp {
  return new RegExp(
    `^${template
      .split(/\{\w+\}/)
      .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"))
      .join("(.+)")}$`,
  );
}

/** The toast is what a tap at its middle reaches (no modal or backdrop lies over it). */
async function expectOnTop(page: Page, toast: Locator) {
  await expect(toast).toBeVisible();
  const box = (await toast.boundingBox())!;
  const reached = await page.evaluate(
    ([x, y]) => Boolean(document.elementFromPoint(x!, y!)?.closest(".toast")),
    [box.x + box.width / 2, box.y + box.height / 2],
  );
  expect(reached, "a tap on the toast reaches the toast").toBe(true);
}

for (const javaScriptEnabled of [true, false]) {
  test.describe(`at ${PHONE.width} px, JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
    test.use({ viewport: PHONE, javaScriptEnabled });

    for (const locale of LANGUAGES) {
      test.describe(`in ${locale}`, () => {
        const t = wordsIn(locale);
        const prefix = prefixOf(locale);

        test.describe("a first visit", () => {
          test.use({ showAnnouncement: true });

          test("the announcement keeps off the task pages, never covers the welcome toast, and comes on a start page", async ({ page }) => {
            const dialog = page.getByRole("dialog");
            const ready = async () => {
              if (javaScriptEnabled) await expect(page.locator("html[data-hydrated]")).toHaveCount(1);
              await expect(dialog).toHaveCount(0);
            };
            await page.goto(`${prefix}/verify-email?email=${encodeURIComponent("someone@example.org")}&code=DV123456`);
            await expect(page.getByRole("heading", { level: 1 })).toHaveText(t("account_confirm_email_title"));
            await ready();
            await page.goto(`${prefix}/login`);
            await ready();
            const signIn = page.locator("#page-login");
            await signIn.getByLabel(t("account_email")).fill(DEMO.email);
            await signIn.getByLabel(t("account_password"), { exact: true }).fill(DEMO.password);
            await signIn.getByRole("button", { name: t("account_sign_in_button") }).click();
            await expect(page).toHaveURL(new RegExp(`${prefix}$`));
            await expectOnTop(
              page,
              page.locator(".toast").filter({ has: page.locator("p", { hasText: pattern(t("account_toast_welcome_back")) }) }),
            );
            for (const path of ["/cart", "/account", "/account?tab=transactions&view=accepted"]) {
              await page.goto(`${prefix}${path}`);
              await ready();
            }
            // The first start page (a page of browsing) without a toast: it pops up there, once.
            await page.goto(`${prefix}/temples`);
            if (javaScriptEnabled) {
              await expect(dialog).toBeVisible();
              await page.keyboard.press("Escape");
              await expect(dialog).toBeHidden();
            } else {
              await expect(dialog).toHaveCount(0);
            }
          });
        });

        test.describe("the demo devotee", () => {
          test.use({ signedInAs: "devotee" });

          test("My Transactions and the receipt name the booked pujas in the page's language, every button in view", async ({ page }) => {
            await page.goto(`${prefix}/account?tab=transactions&view=completed`);
            const pujaTables = page.locator("caption", { hasText: pattern(t("bookings_pujas_at")) });
            // A booking with pujas (the seed's demo bookings have them; a donation alone has none).
            const booking = main(page).locator("details.booking-item").filter({ has: pujaTables }).first();
            await booking.locator(":scope > summary").click();
            const names = await booking.locator("table").filter({ has: pujaTables }).locator("tbody th").allInnerTexts();
            expect(names.length, "the booking has pujas").toBeGreaterThan(0);
            for (const name of names) expect(name, "a puja named in the page's script").toMatch(SCRIPT[locale]);
            await expectTableControlsInView(booking, "a completed booking");

            const pdf = await booking.getByRole("link", { name: t("account_download_pdf") }).getAttribute("href");
            expect(pdf).toMatch(new RegExp(`^${prefix}/account/transactions/.+/receipt\\.pdf$`));
            const receipt = await page.request.get(pdf!);
            expect(receipt.status()).toBe(200);
            const texts = (await pdfTextItems(new Uint8Array(await receipt.body()))).map((item) => item.text);
            for (const name of names)
              expect(
                texts.some((text) => text.includes(name)),
                `the receipt names ${name}`,
              ).toBe(true);

            await page.goto(`${prefix}/account?tab=transactions&view=accepted`);
            const requested = main(page).locator("table tbody th");
            expect(await requested.count(), "the demo devotee has accepted requests").toBeGreaterThan(0);
            for (const name of await requested.allInnerTexts()) expect(name).toMatch(SCRIPT[locale]);
            await expectTableControlsInView(main(page), "accepted requests");
          });
        });
      });
    }
  });
}

test.describe(`a new devotee books in Hindi without JavaScript, at ${PHONE.width} px`, () => {
  test.use({ viewport: PHONE, javaScriptEnabled: false });

  test("the cart, the done page, My Transactions and the receipt name the puja in Hindi", async ({ page }) => {
    test.setTimeout(90_000);
    const t = wordsIn("hi");
    await signUp(page);
    await page.goto("/hi/t/sree-krishna-swamy-temple-guruvayur");
    const book = pattern(t("bookings_book_puja_named"));
    const row = main(page)
      .locator("tbody tr")
      .filter({ hasText: t("bookings_every_day") })
      .filter({ has: page.getByRole("link", { name: book }) })
      .first();
    const link = row.getByRole("link", { name: book });
    const pujaName = book.exec((await link.getAttribute("aria-label"))!)![1]!;
    expect(pujaName).toMatch(SCRIPT.hi);
    await expectTableControlsInView(main(page), "the temple's pujas");
    await link.click();

    const form = page.getByRole("form", { name: t("bookings_book_a_puja") });
    await form.getByLabel(t("bookings_devotee_n_name", { n: 1 })).fill("Meera Iyer");
    await form.getByLabel(t("bookings_devotee_n_star", { n: 1 })).selectOption({ index: 4 });
    await form.getByLabel(t("bookings_date_n", { n: 1 })).fill(daysAhead(12));
    await form.getByRole("button", { name: t("bookings_add_to_cart") }).click();
    await expect(page.locator(".toast").filter({ hasText: t("bookings_added") })).toBeVisible();

    await page.goto("/hi/cart");
    await expect(main(page).locator("tbody th").filter({ hasText: pujaName })).toHaveCount(1);
    await expectTableControlsInView(main(page), "the cart");
    await main(page)
      .getByRole("button", { name: t("bookings_proceed_to_payment") })
      .click();
    await payOnGateway(page, { javaScript: false });
    await expect(page.getByRole("heading", { name: t("bookings_confirmed_title") })).toBeVisible();
    await expect(main(page).locator("tbody th").filter({ hasText: pujaName })).toHaveCount(1);
    await expectTableControlsInView(main(page), "the done page");
    const receiptNo = (await main(page)
      .locator(`dt:text-is('${t("bookings_receipt_no")}') + dd`)
      .textContent())!;

    await main(page)
      .getByRole("link", { name: t("bookings_my_transactions") })
      .click();
    const booking = main(page).locator("details.booking-item").filter({ hasText: receiptNo });
    await booking.locator(":scope > summary").click();
    await expect(booking.locator("tbody th").filter({ hasText: pujaName })).toHaveCount(1);
    const receipt = await page.request.get((await booking.getByRole("link", { name: t("account_download_pdf") }).getAttribute("href"))!);
    const texts = (await pdfTextItems(new Uint8Array(await receipt.body()))).map((item) => item.text);
    expect(
      texts.some((text) => text.includes(pujaName)),
      "the receipt names the puja in Hindi",
    ).toBe(true);
  });
});
