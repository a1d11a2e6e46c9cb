/**
 * Issue 43 on a 390 px phone: an operator chooses to charge a temple's devotees a convenience fee
 * on the console's fee page; a devotee then sees it as its own line under that temple's lines in
 * the cart, pays the total with it on the local Razorpay emulator, and the receipt page shows it
 * and names the temple as the recipient. Aranmula is no other spec's temple; the fee is set back
 * to none at the end (a newer rule of the same day wins).
 */
import type { Page } from "@playwright/test";
import { expect, hydrated, main, payOnGateway, signUp, test, toast } from "./bookings-fixtures";

const PHONE = { width: 390, height: 800 };
const TEMPLE = "Aranmula Sree Parthasarathy Temple";
const SITE = "/t/aranmula-sree-parthasarathy-temple";

/** On the console: the temple's fee page, from its row in the temples list. */
async function setConvenienceFee(operator: Page, percent: string, fixedRupees: string) {
  await operator.goto("/operator/temples");
  await main(operator).getByRole("searchbox", { name: "Temple name" }).fill("Aranmula");
  await main(operator).getByRole("button", { name: "Find" }).click();
  await main(operator)
    .getByRole("row", { name: new RegExp(TEMPLE) })
    .first()
    .getByRole("link", { name: "Platform fee" })
    .click();
  await expect(operator.getByRole("heading", { name: `Platform fee: ${TEMPLE}` })).toBeVisible();
  const form = main(operator).getByRole("form", { name: "Set a fee" });
  await form.getByLabel("For").selectOption({ label: "Convenience fee (paid by devotees)" });
  await form.getByLabel("Percentage of the price").fill(percent);
  await form.getByLabel("Fixed amount per booking line (₹)").fill(fixedRupees);
  await form.getByRole("button", { name: "Set the fee" }).click();
  await expect(toast(operator, "Fee set.")).toBeVisible();
}

test.describe(`at ${PHONE.width} px`, () => {
  test.use({ viewport: PHONE });

  test("a temple's convenience fee is its own line in the cart, in what the devotee pays, and on the receipt", async ({ page, pageAs }) => {
    test.setTimeout(150_000);
    const operator = await pageAs("operator");
    await setConvenienceFee(operator, "2", "5");
    await expect(main(operator)).toContainText("Convenience fee (paid by devotees): 2% + ₹5.00 per booking line");
    try {
      await signUp(page);
      await page.goto(SITE);
      await hydrated(page);
      const donation = page.getByRole("form", { name: "Make a donation" });
      await donation.getByLabel("Amount (₹)").fill("601");
      await donation.getByLabel("In the name of").fill("Meera Iyer");
      await donation.getByRole("button", { name: "Add donation to cart" }).click();
      await expect(toast(page, "Donation added to your cart")).toBeVisible();

      // 2% of ₹601.00 is ₹12.02, plus ₹5.00: ₹17.02, under the temple's own total.
      await page.goto("/cart");
      const group = main(page).getByRole("region", { name: TEMPLE });
      await expect(group.getByText(`Total for ${TEMPLE}: ₹601.00`)).toBeVisible();
      const fee = group.getByTestId("convenience-fee");
      await expect(fee).toHaveText("Convenience fee ₹17.02");
      await fee.scrollIntoViewIfNeeded();
      await expect(fee).toBeInViewport();
      await expect(main(page).getByTestId("cart-grand-total")).toHaveText("₹618.02");
      expect(await page.evaluate(() => document.documentElement.scrollWidth), "page width").toBeLessThanOrEqual(PHONE.width);

      await main(page).getByRole("button", { name: "Proceed to payment" }).click();
      await expect(main(page)).toContainText("You will pay ₹618.02 on Razorpay's secure page");
      await payOnGateway(page);

      await expect(page.getByRole("heading", { name: "Thank you, your booking is confirmed" })).toBeVisible();
      const receipt = main(page);
      await expect(receipt).toContainText("₹618.02");
      const paidTo = receipt.getByRole("region", { name: TEMPLE });
      await expect(paidTo.getByText(`Received by ${TEMPLE}`)).toBeVisible();
      await expect(paidTo.getByTestId("convenience-fee")).toHaveText("Convenience fee ₹17.02");
    } finally {
      await setConvenienceFee(operator, "0", "0");
      await expect(main(operator)).toContainText("Convenience fee (paid by devotees): No fee");
    }
  });
});
