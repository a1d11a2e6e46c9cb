/**
 * Issue 14: a devotee books a puja for a devotee named in Malayalam, pays, and downloads the
 * receipt; the name is printed shaped. The PDF is checked in Node against harfbuzzjs' own
 * JavaScript API (independent of the Worker's direct calls into HarfBuzz): every glyph
 * drawn for the name has the outline of the glyph HarfBuzz chooses for it in Noto Sans
 * Malayalam, and the PDF's text (its /ActualText) is the name as typed.
 */
import { guruvayurLink } from "./fixtures";
import { readFileSync } from "node:fs";
import fontkit from "@pdf-lib/fontkit";
import type { Page } from "@playwright/test";
import * as harfbuzz from "harfbuzzjs";
import { embeddedFonts, pdfTextItems } from "../support/pdf-helpers";
import { daysAhead, expect, hydrated, main, signUp, test, toast, payOnGateway } from "./bookings-fixtures";
import { expectTableControlsInView } from "./fixtures";
import { wordsIn } from "./i18n-words";

const NAME = "ശ്രീകൃഷ്ണൻ നായർ";
const MALAYALAM_FONT = "node_modules/@expo-google-fonts/noto-sans-malayalam/400Regular/NotoSansMalayalam_400Regular.ttf";

/** Glyph ids HarfBuzz (harfbuzzjs' API, in Node) gives `text` in the font. */
function harfbuzzGlyphs(fontBytes: Uint8Array, text: string): number[] {
  const blob = new harfbuzz.Blob(fontBytes);
  const face = new harfbuzz.Face(blob, 0);
  const font = new harfbuzz.Font(face);
  const buffer = new harfbuzz.Buffer();
  buffer.addText(text);
  buffer.guessSegmentProperties();
  harfbuzz.shape(font, buffer);
  return buffer.getGlyphInfos().map((info) => info.codepoint);
}

/** Books, pays and returns the receipt number, in the portal's `locale` ("/ml/…" pages). */
async function bookForMalayalamName(page: Page, locale: "en" | "ml" = "en") {
  const t = wordsIn(locale);
  const prefix = locale === "en" ? "" : `/${locale}`;
  await signUp(page);
  await page.goto(`${prefix}/temples?key2=Guruvayur`);
  await guruvayurLink(page).click();
  await expect(page).toHaveURL(locale === "en" ? /\/t\/[a-z0-9-]+$/ : new RegExp(`/${locale}/t/[a-z0-9-]+$`));
  await expect(page.locator("html")).toHaveAttribute("lang", locale);
  await hydrated(page);
  const form = page.getByRole("form", { name: t("bookings_book_a_puja") });
  const select = form.getByLabel(t("bookings_puja"), { exact: true });
  // Reached by a link, the site is drawn by React after the address changes (React Router
  // pushes it first, then renders the new route in a transition), and the document was marked
  // hydrated on the search page already: wait for the form before reading its pujas.
  await expect(select).toBeVisible();
  const labels = await select.locator("option").allTextContents();
  const byPost = t("bookings_plus_by_post", { amount: "" }).replace("+", "").trim();
  const [offeredPrefix] = t("bookings_offered_days").split("{days}");
  let rate = 0;
  let pujaName = "";
  const chosen = select.locator("option:checked");
  let chosenLabel = "";
  for (const label of labels.filter((l) => l.includes(byPost) && !l.includes(t("bookings_on_request_lower")))) {
    await select.selectOption({ label });
    await expect(chosen).toHaveText(label);
    const offered = form.getByText(new RegExp(`^${offeredPrefix!.trim()}`));
    await offered.waitFor();
    const days = (await offered.textContent()) ?? "";
    if (days.includes(t("bookings_every_day"))) {
      rate = Number(/₹([\d,]+\.\d{2})/.exec(label)![1]!.replace(/,/g, "")) * 100;
      pujaName = label.split(" – ")[0]!;
      chosenLabel = label;
      break;
    }
  }
  expect(rate, "a puja offered every day").toBeGreaterThan(0);
  await form.getByLabel(t("bookings_devotee_n_name", { n: 1 })).fill(NAME);
  await form.getByLabel(t("bookings_devotee_n_star", { n: 1 })).selectOption({ label: locale === "ml" ? "രോഹിണി" : "Rohini" });
  await form.getByLabel(t("bookings_date_n", { n: 1 })).fill(daysAhead(12));
  // Chosen once, the puja holds: the form is never drawn anew under the devotee.
  await expect(chosen).toHaveText(chosenLabel);
  await form.getByRole("button", { name: t("bookings_add_to_cart") }).click();
  await expect(toast(page, t("bookings_added"))).toBeVisible();
  // The header's cart link, in the bar on a phone too (issue 38).
  await page
    .getByRole("banner")
    .getByRole("link", { name: t("common_cart_count_one", { count: 1 }) })
    .locator("visible=true")
    .click();
  await expect(main(page)).toContainText(NAME);
  // The puja keeps the name the temple's site gave it in this language (issue 30), its buttons in view.
  await expect(main(page).locator("tbody th").filter({ hasText: pujaName })).toHaveCount(1);
  await expectTableControlsInView(main(page), "the cart");
  await page.getByRole("button", { name: t("bookings_proceed_to_payment") }).click();
  await payOnGateway(page);
  await expect(page.getByRole("heading", { name: t("bookings_confirmed_title") })).toBeVisible();
  await expect(main(page).locator("tbody th").filter({ hasText: pujaName })).toHaveCount(1);
  const receiptNo = (await main(page)
    .locator(`dt:text-is('${t("bookings_receipt_no")}') + dd`)
    .textContent())!;
  return { receiptNo, pujaName };
}

/**
 * The receipt's text holds the name as typed, and every glyph drawn for it has the outline
 * of the glyph HarfBuzz chooses for it in Noto Sans Malayalam (conjuncts, reordered vowel signs).
 */
async function expectNameShaped(bytes: Uint8Array) {
  const items = await pdfTextItems(bytes);
  const drawn = items.find((item) => item.text === NAME);
  expect(drawn, "the name, as typed, is the PDF's text").toBeDefined();

  const original = readFileSync(MALAYALAM_FONT);
  const expected = harfbuzzGlyphs(new Uint8Array(original), NAME);
  // Shaped: fewer glyphs than characters (conjuncts, the chillu), reordered vowel signs.
  expect(expected.length).toBeLessThan([...NAME].length);
  const fonts = await embeddedFonts(bytes, drawn!.page);
  const subset = fontkit.create(fonts.get(drawn!.glyphs[0]!.font)!);
  const full = fontkit.create(original);
  const outlines = drawn!.glyphs.map((glyph) => subset.getGlyph(glyph.cid).path.toSVG());
  expect(outlines).toEqual(expected.map((id) => full.getGlyph(id).path.toSVG()));
}

test("a puja booked for a devotee named in Malayalam: the receipt prints the name shaped", async ({ page }) => {
  test.setTimeout(90_000);
  const { receiptNo } = await bookForMalayalamName(page);
  await page.getByRole("link", { name: "My Transactions" }).click();
  const booking = main(page).locator("details.booking-item").filter({ hasText: receiptNo });
  await booking.locator(":scope > summary").click();
  await expect(booking.getByRole("row").filter({ hasText: NAME })).toBeVisible();

  const [download] = await Promise.all([page.waitForEvent("download"), booking.getByRole("link", { name: "Download PDF" }).click()]);
  const bytes = new Uint8Array(Buffer.concat(await (await download.createReadStream()).toArray()));
  await expectNameShaped(bytes);
});

test.describe("on a 360 px phone", () => {
  test.use({ viewport: { width: 360, height: 740 } });

  test("in Malayalam: the portal books and pays in Malayalam, and the receipt's labels, the puja and the name are Malayalam, shaped", async ({
    page,
  }) => {
    test.setTimeout(90_000);
    const t = wordsIn("ml");
    const { receiptNo, pujaName } = await bookForMalayalamName(page, "ml");
    expect(pujaName).toMatch(/\p{Script=Malayalam}/u);
    await expect(page).toHaveURL(/\/ml\/checkout\/done\//);
    await page
      .getByRole("link", { name: t("bookings_my_transactions") })
      .first()
      .click();
    await expect(page).toHaveURL(/\/ml\/account/);
    const booking = main(page).locator("details.booking-item").filter({ hasText: receiptNo });
    await booking.locator(":scope > summary").click();
    await expect(booking.getByRole("row").filter({ hasText: NAME })).toBeVisible();
    await expect(booking.locator("tbody th").filter({ hasText: pujaName })).toHaveCount(1);
    await expectTableControlsInView(booking, "the booking");

    const link = booking.getByRole("link", { name: t("account_download_pdf") });
    await expect(link).toHaveAttribute("href", /^\/ml\/account\/transactions\/.+\/receipt\.pdf$/);
    const [download] = await Promise.all([page.waitForEvent("download"), link.click()]);
    const bytes = new Uint8Array(Buffer.concat(await (await download.createReadStream()).toArray()));
    const texts = (await pdfTextItems(bytes)).map((item) => item.text);
    // The receipt speaks Malayalam: its title, and the devotee's star as the booking form named it.
    expect(texts).toContain(t("bookings_receipt_title"));
    expect(texts.some((text) => text.includes("രോഹിണി"))).toBe(true);
    expect(texts).toContain(NAME);
    expect(
      texts.some((text) => text.includes(pujaName)),
      "the receipt names the puja in Malayalam",
    ).toBe(true);
    await expectNameShaped(bytes);
  });
});
