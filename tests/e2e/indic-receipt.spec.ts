/**
 * Issue 14: a devotee books a puja for a devotee named in Malayalam, pays, and downloads the
 * receipt; the name is printed shaped. The PDF is checked in Node against harfbuzzjs' own
 * JavaScript API (independent of the Worker's direct calls into HarfBuzz): every glyph
 * drawn for the name has the outline of the glyph HarfBuzz chooses for it in Noto Sans
 * Malayalam, and the PDF's text (its /ActualText) is the name as typed.
 */
import { readFileSync } from "node:fs";
import fontkit from "@pdf-lib/fontkit";
import type { Page } from "@playwright/test";
import * as harfbuzz from "harfbuzzjs";
import { embeddedFonts, pdfTextItems } from "../support/pdf-helpers";
import { daysAhead, expect, hydrated, main, rupees, signUp, test, toast } from "./bookings-fixtures";

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

async function bookForMalayalamName(page: Page) {
  await signUp(page);
  await page.goto("/temples?key2=Guruvayur");
  await main(page).getByRole("link", { name: "Sree Krishna Swamy Temple, Guruvayur", exact: true }).first().click();
  await expect(page).toHaveURL(/\/t\/[a-z0-9-]+$/);
  await hydrated(page);
  const form = page.getByRole("form", { name: "Book a puja" });
  const select = form.getByLabel("Puja", { exact: true });
  const labels = await select.locator("option").allTextContents();
  let rate = 0;
  for (const label of labels.filter((l) => l.includes("by post") && !l.includes("on request"))) {
    await select.selectOption({ label });
    // Wait for the form to show the chosen puja's days before reading them (a race under load).
    const offered = form.getByText(/^Offered: /);
    await offered.waitFor();
    if ((await offered.textContent())?.includes("Offered: Every day.")) {
      rate = Number(/₹([\d,]+\.\d{2})/.exec(label)![1]!.replace(/,/g, "")) * 100;
      break;
    }
  }
  expect(rate, "a puja offered every day").toBeGreaterThan(0);
  await form.getByLabel("Devotee 1 name").fill(NAME);
  await form.getByLabel("Devotee 1 star").selectOption({ label: "Rohini" });
  await form.getByLabel("Date 1").fill(daysAhead(12));
  await form.getByRole("button", { name: "Add to cart" }).click();
  await expect(toast(page, "puja added booking list")).toBeVisible();
  await page.getByRole("banner").getByRole("link", { name: /Cart, 1 item/ }).click();
  await expect(main(page)).toContainText(NAME);
  await page.getByRole("button", { name: "Proceed to payment" }).click();
  await page.getByRole("button", { name: `Pay ${rupees(rate)} (success)` }).click();
  await expect(page.getByRole("heading", { name: "Thank you, your booking is confirmed" })).toBeVisible();
  return (await main(page).locator("dt:text-is('Receipt No') + dd").textContent())!;
}

test("a puja booked for a devotee named in Malayalam: the receipt prints the name shaped", async ({ page }) => {
  test.setTimeout(90_000);
  const receiptNo = await bookForMalayalamName(page);
  await page.getByRole("link", { name: "My Transactions" }).click();
  const booking = main(page).locator("details.booking-item").filter({ hasText: receiptNo });
  await booking.locator(":scope > summary").click();
  await expect(booking.getByRole("row").filter({ hasText: NAME })).toBeVisible();

  const [download] = await Promise.all([page.waitForEvent("download"), booking.getByRole("link", { name: "Download PDF" }).click()]);
  const bytes = new Uint8Array(Buffer.concat(await (await download.createReadStream()).toArray()));
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
});
