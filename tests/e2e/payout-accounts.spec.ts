/**
 * Issue 43: an operator sets up a temple's payout bank account (the form checks it as typed), a
 * second operator approves it, and the temple's linked account is created at Razorpay Route (the
 * e2e server's emulator), its status shown; the account number is shown masked only.
 */
import type { Browser } from "@playwright/test";
import { expect, main, signedInPage, test, toast } from "./fixtures";

test.use({ signedInAs: "operator" });

/** The second operator, signed in in a browser of their own (the fixtures' roles have one operator). */
const secondOperator = (browser: Browser, baseURL: string) => signedInPage(browser, baseURL, "operator2@sannidhi.example", "Operator@2026");

test("an operator asks, another approves, and the linked account is created at Razorpay", async ({ page, browser, baseURL }) => {
  await page.goto("/operator/temples?q=Chidambaram+Nataraja");
  const row = main(page).getByRole("row").filter({ hasText: "Chidambaram Nataraja Temple" });
  await row.getByRole("link", { name: "Payouts" }).click();
  await expect(main(page).getByRole("heading", { name: "Payouts: Chidambaram Nataraja Temple" })).toBeVisible();
  await expect(main(page).getByText("Payouts are made by the Sannidhi team outside the portal")).toBeVisible();

  const form = main(page).getByRole("form", { name: "Set up the bank account" });
  await form.getByLabel("Legal name of the trust or society").fill("Sri Sabhanayagar Temple Trust");
  await form.getByLabel("Contact person").fill("T. Natarajan");
  await form.getByLabel("Contact E-mail").fill("payouts.chidambaram@temples.example");
  await form.getByLabel("Contact mobile number").fill("094430 12345");
  await form.getByLabel("Beneficiary name (as the bank holds it)").fill("Sri Sabhanayagar Temple Trust");
  await form.getByRole("textbox", { name: "Account number", exact: true }).fill("3124 5678 9012");
  await form.getByLabel("Account number again").fill("3124 5678 9013");
  await form.getByLabel("IFSC").fill("iob0000123");
  await form.getByRole("button", { name: "Ask for approval" }).click();
  const mismatch = form.getByText("The two account numbers do not match: type the same account number again");
  const ifsc = form.getByText("Enter the IFSC: 11 characters, like HDFC0001234");
  await expect(mismatch).toBeVisible();
  await expect(ifsc).toBeVisible();
  await form.getByLabel("Account number again").fill("312456789012");
  await form.getByLabel("IFSC").fill("ioba0000123");
  // Leaving the field checks it again: the messages go (and the button moves up) before it is pressed.
  await form.getByLabel("IFSC").press("Tab");
  await expect(mismatch).toBeHidden();
  await expect(ifsc).toBeHidden();
  await form.getByRole("button", { name: "Ask for approval" }).click();
  await expect(toast(page, "Request saved: another operator must approve it.")).toBeVisible();
  await expect(main(page).getByText("Another operator must approve this request.")).toBeVisible();
  await expect(main(page)).toContainText("XXXXXXXX9012");
  await expect(main(page)).not.toContainText("312456789012");
  const url = page.url();

  const second = await secondOperator(browser, baseURL!);
  await second.goto(url);
  await main(second).getByRole("button", { name: "Approve" }).click();
  await expect(toast(second, "Bank account approved. The temple's staff have been told.")).toBeVisible();
  await expect(main(second).getByRole("region", { name: "Bank account for payouts" })).toContainText("XXXXXXXX9012");
  await main(second).getByRole("button", { name: "Create linked account" }).click();
  await expect(toast(second, "Razorpay says: Under review.")).toBeVisible();
  await expect(main(second)).toContainText(/Linked account acc_\w+: Under review/);
  await expect(main(second)).toContainText("Payouts are made by the Sannidhi team outside the portal");
});
