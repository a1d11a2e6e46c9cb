/**
 * Issue 38: a devotee on a 390 px phone asks for the 80G receipt of a donation at Guruvayur, is
 * asked for their postal address (refused without it, in the page's language), pays, and the
 * receipt prints the address; the temple's staff, at 1366 px, find it in the Form 10BD export.
 * With JavaScript (in Malayalam) and without it (in Hindi).
 */
import { guruvayurLink } from "./fixtures";
import type { Page } from "@playwright/test";
import { pdfText } from "../support/pdf-helpers";
import { expect, hydrated, main, payOnGateway, signUp, test, toast, openGuruvayurDesk } from "./bookings-fixtures";
import { type Locale, prefixOf, wordsIn } from "./i18n-words";

const PHONE = { width: 390, height: 844 };

/** The staff's Form 10BD export for the current financial year, from the desk's Donations page. */
async function form10bdRows(staff: Page): Promise<string[]> {
  await staff.setViewportSize({ width: 1366, height: 900 });
  await openGuruvayurDesk(staff);
  await staff.getByRole("navigation", { name: "Temple desk" }).getByRole("link", { name: "Donations", exact: true }).click();
  const today = new Date();
  const year = today.getUTCMonth() >= 3 ? today.getUTCFullYear() : today.getUTCFullYear() - 1;
  const form = main(staff).getByRole("form", { name: /^Form 10BD data/ });
  await form.getByLabel("Financial year").selectOption(String(year));
  const [download] = await Promise.all([staff.waitForEvent("download"), form.getByRole("button", { name: "Download the CSV" }).click()]);
  const chunks: Buffer[] = [];
  for await (const chunk of (await download.createReadStream())!) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8").split("\r\n");
}

for (const [javaScriptEnabled, locale] of [
  [true, "ml"],
  [false, "hi"],
] as [boolean, Locale][]) {
  test.describe(`at ${PHONE.width} px, JavaScript ${javaScriptEnabled ? "on" : "off"}, in ${locale}`, () => {
    test.use({ viewport: PHONE, javaScriptEnabled });

    test("a donor asks for the 80G receipt, gives their address, and the receipt and Form 10BD carry it", async ({ page, pageAs }) => {
      test.setTimeout(120_000);
      const t = wordsIn(locale);
      const prefix = prefixOf(locale);
      const house = `${1000 + Math.floor(Math.random() * 9000)} East Nada`;
      const addressLine = `${house}, Guruvayur, Thrissur, Kerala 680101`;
      const user = await signUp(page);
      await page.goto(`${prefix}/temples?key2=Guruvayur`);
      await guruvayurLink(page).click();
      if (javaScriptEnabled) await hydrated(page);
      const form = () => page.getByRole("form", { name: t("bookings_make_donation") });
      const houseField = () => form().getByLabel(t("bookings_house_and_street"));

      // With JavaScript the address appears once the receipt is asked; without, it is there to fill in.
      if (javaScriptEnabled) await expect(houseField()).toHaveCount(0);
      else await expect(houseField()).toBeVisible();
      await form().getByLabel(t("bookings_amount_rupees")).fill("1001");
      await form().getByLabel(t("bookings_in_the_name_of")).fill("Meera Nair");
      await form().getByLabel(t("bookings_80g_want")).check();
      await expect(houseField()).toBeVisible();
      await form()
        .getByRole("button", { name: t("bookings_add_donation") })
        .click();
      await expect(form().getByText(t("bookings_enter_address_district"))).toBeVisible();
      await expect(form().getByText(t("bookings_enter_pin_code"))).toBeVisible();
      // Nothing on the phone runs off the side, the messages included.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);

      await form().getByLabel(t("bookings_pan_80g")).fill("ABCPN1234M");
      await houseField().fill(house);
      await form().getByLabel(t("bookings_city")).fill("Guruvayur");
      await form().getByLabel(t("bookings_district"), { exact: true }).fill("Thrissur");
      await form().getByLabel(t("bookings_state"), { exact: true }).fill("Kerala");
      await form().getByLabel(t("bookings_pin_code")).fill("680101");
      await form()
        .getByRole("button", { name: t("bookings_add_donation") })
        .click();
      await expect(toast(page, t("bookings_donation_added"))).toBeVisible();

      await page.goto(`${prefix}/cart`);
      await page.getByRole("button", { name: t("bookings_proceed_to_payment") }).click();
      await payOnGateway(page, { javaScript: javaScriptEnabled });
      await expect(page.getByRole("heading", { name: t("bookings_confirmed_title") })).toBeVisible();
      const trackingNo = (await main(page)
        .locator(`dt:text-is('${t("bookings_tracking_no")}') + dd`)
        .textContent())!.trim();
      const receipt = await page.request.get(`${prefix}/account/transactions/${trackingNo}/receipt.pdf`);
      expect(receipt.status()).toBe(200);
      const text = (await pdfText(new Uint8Array(await receipt.body()))).replace(/\s+/g, " ");
      expect(text).toContain(addressLine);
      expect(text).toContain(t("trust_receipt_80g_donor_pan", { pan: "ABCPN1234M" }));

      // The temple's staff, at a desk, download the year's Form 10BD data: the donor's row has the address.
      const rows = await form10bdRows(await pageAs("staff"));
      const row = rows.find((line) => line.includes(addressLine));
      expect(row, "the donor's 10BD row").toBeDefined();
      expect(row).toContain(`"ABCPN1234M","Section 80G"`);
      expect(row).toContain(`"${user.name}","${addressLine}"`);
    });
  });
}
