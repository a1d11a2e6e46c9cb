/**
 * The operator settles a refund the gateway would not take: "Mark refunded outside the portal"
 * with a reference and a reason, with JavaScript and without it. The seed leaves refunds due
 * for exactly this (drizzle/seed/ledger.ts); each test settles its own.
 */
import type { Page } from "@playwright/test";
import { expect, main, test, toast } from "./fixtures";

test.use({ signedInAs: "operator" });

const row = (page: Page, paymentRef: string) => main(page).getByRole("row").filter({ hasText: paymentRef });

async function settle(page: Page, paymentRef: string) {
  await page.goto("/operator/refunds");
  const refund = row(page, paymentRef);
  await expect(refund).toContainText("Due: the gateway has not accepted it");
  const form = refund.getByRole("form", { name: /refunded outside the portal/ });
  // Both fields are required: nothing is recorded without them, and the form says what to give.
  await form.getByRole("button", { name: "Mark refunded outside the portal" }).click();
  await expect(form.getByText("Give the reference of the refund you made (3 to 100 characters).")).toBeVisible();
  await expect(form.getByText("Say why it was refunded outside the portal (5 to 500 characters).")).toBeVisible();
  await form.getByLabel("Reference (bank or gateway)").fill(`NEFT-${paymentRef.slice(-1).toUpperCase()}-2611`);
  await form.getByLabel("Reason").fill("The gateway refused it; refunded by bank transfer");
  await form.getByRole("button", { name: "Mark refunded outside the portal" }).click();
  await expect(
    toast(page, `Marked refunded outside the portal (reference NEFT-${paymentRef.slice(-1).toUpperCase()}-2611).`),
  ).toBeVisible();
  await expect(row(page, paymentRef)).toHaveCount(0);
}

test("an operator marks a due refund refunded outside the portal", async ({ page }) => {
  await page.goto("/operator");
  await main(page).getByRole("link", { name: "Retry them or mark them refunded outside the portal" }).click();
  await expect(main(page).getByRole("heading", { name: "Refunds" })).toBeVisible();
  await settle(page, "pay_SEEDDEMO0000D2");
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the same form works: the server checks it and answers with the page", async ({ page }) => {
    await settle(page, "pay_SEEDDEMO0000D3");
  });
});
