/**
 * Trust you can check (issue 27), through screens alone: the operator checks a temple's documents
 * and its staff confirm the listing, after which it takes bookings; a receipt's code is checked on
 * the verify page; a temple's "Donations received". With JavaScript and without it.
 */
import { guruvayurLink } from "./fixtures";
import type { Page } from "@playwright/test";
import { donationInCart, expect, hydrated, main, signIn, test, toast, payOnGateway } from "./bookings-fixtures";

const STAFF_MADURAI = { email: "staff.madurai@sannidhi.example", password: "Staff@2026" };

async function recordDocumentsCheck(operator: Page, temple: string, holder: string) {
  await operator.goto("/operator/temples");
  await main(operator).getByRole("searchbox", { name: "Temple name" }).fill(temple);
  await main(operator).getByRole("button", { name: "Find" }).click();
  await main(operator)
    .getByRole("row", { name: new RegExp(temple) })
    .first()
    .getByRole("link", { name: /^Verif/ })
    .click();
  await expect(operator.getByRole("heading", { name: /^Verification of / })).toBeVisible();
  const form = operator.getByRole("form", { name: "Check of the documents" });
  await form.getByLabel("Trust or devaswom name (as registered)").fill("Test Devaswom Trust");
  await form.getByLabel("Registered address").fill("East Nada, Temple Road, Kerala 686141");
  await form.getByRole("textbox", { name: "Registration number", exact: true }).fill("KE/TR/4711/1972");
  await form.getByLabel("PAN of the trust").fill("AAATV4711K");
  await form.getByLabel("Bank account holder's name").fill(holder);
  await form.getByLabel("Person authorised to act for the trust").fill("K. Raghavan, Executive Officer");
  await form.getByLabel(/I have seen the registration certificate/).check();
  await form.getByRole("button", { name: "Record the check" }).click();
}

test.describe("verified temples", () => {
  test("the operator checks a temple's documents, its staff confirm the listing, and it shows as Verified", async ({ page, pageAs }) => {
    test.setTimeout(90_000);
    const operator = await pageAs("operator");
    await recordDocumentsCheck(operator, "Vaikom Mahadeva Temple", "Somebody Else");
    await expect(main(operator).getByText("The bank account must be held by the trust itself")).toBeVisible();
    await operator
      .getByRole("form", { name: "Check of the documents" })
      .getByLabel("Bank account holder's name")
      .fill("Test Devaswom Trust.");
    await operator.getByRole("form", { name: "Check of the documents" }).getByRole("button", { name: "Record the check" }).click();
    await expect(toast(operator, "The check of the documents is recorded.")).toBeVisible();
    await expect(main(operator).getByText(/Documents checked on .* by operator@sannidhi\.example\./)).toBeVisible();
    await expect(main(operator).getByText(/have not confirmed the listing yet/)).toBeVisible();
    const site = (await main(operator).getByRole("link", { name: "Site", exact: true }).first().getAttribute("href"))!;

    // The operator makes the Madurai staff account staff of this temple, as the console already does.
    await operator.goto("/operator/temples?q=Vaikom");
    await main(operator)
      .getByRole("form", { name: /Add staff to .*Vaikom/ })
      .first()
      .getByLabel(/e-mail/i)
      .fill(STAFF_MADURAI.email);
    await main(operator)
      .getByRole("form", { name: /Add staff to .*Vaikom/ })
      .first()
      .getByRole("button")
      .click();

    // A visitor sees the page but cannot book or give yet.
    await page.goto(site);
    await expect(page.getByRole("heading", { level: 1 })).toContainText("Vaikom");
    await expect(main(page).getByRole("link", { name: "Verified" })).toHaveCount(0);

    await page.goto("/login");
    await signIn(page, STAFF_MADURAI.email, STAFF_MADURAI.password);
    await page.goto("/desk");
    await main(page)
      .getByRole("link", { name: /Vaikom Mahadeva Temple/ })
      .first()
      .click();
    await page.getByRole("navigation", { name: "Temple desk" }).getByRole("link", { name: "Listing and verification" }).click();
    await expect(main(page).getByText("Not verified yet")).toBeVisible();
    await expect(main(page).getByText("Test Devaswom Trust", { exact: true }).first()).toBeVisible();
    await hydrated(page);
    await main(page).getByRole("button", { name: "Confirm our listing" }).click();
    await expect(main(page).getByText("Please tick the box to confirm the listing.")).toBeVisible();
    await main(page)
      .getByLabel(/We, the temple, consent to being listed/)
      .check();
    await main(page).getByRole("button", { name: "Confirm our listing" }).click();
    await expect(toast(page, "Thank you: the listing is confirmed.")).toBeVisible();
    await expect(main(page).getByText("Verified: the temple takes bookings and donations on Sannidhi.")).toBeVisible();

    await page.goto(site);
    const badge = main(page).getByRole("link", { name: "Verified" });
    await expect(badge).toBeVisible();
    await badge.click();
    await expect(page.getByRole("heading", { level: 1, name: 'What "Verified" means' })).toBeVisible();
    await expect(main(page).getByText("Registered as Test Devaswom Trust, registration number KE/TR/4711/1972.")).toBeVisible();
    await expect(main(page).getByText(/The temple's staff confirmed the listing on/)).toBeVisible();
  });

  test.describe("without JavaScript", () => {
    test.use({ javaScriptEnabled: false });

    test("the operator's check and the staff's confirmation work as plain forms", async ({ page, pageAs }) => {
      test.setTimeout(90_000);
      const operator = await pageAs("operator");
      await recordDocumentsCheck(operator, "Thiruparankundram Murugan Temple", "Nobody");
      await expect(main(operator).getByText("The bank account must be held by the trust itself")).toBeVisible();
      await operator
        .getByRole("form", { name: "Check of the documents" })
        .getByLabel("Bank account holder's name")
        .fill("Test Devaswom Trust");
      await operator
        .getByRole("form", { name: "Check of the documents" })
        .getByLabel(/I have seen the registration certificate/)
        .check();
      await operator.getByRole("form", { name: "Check of the documents" }).getByRole("button", { name: "Record the check" }).click();
      await expect(main(operator).getByText(/Documents checked on .* by operator@sannidhi\.example\./)).toBeVisible();

      await page.goto("/login");
      await signIn(page, STAFF_MADURAI.email, STAFF_MADURAI.password);
      await page.goto("/desk");
      await main(page)
        .getByRole("link", { name: /Thiruparankundram Murugan Temple/ })
        .first()
        .click();
      await page.getByRole("navigation", { name: "Temple desk" }).getByRole("link", { name: "Listing and verification" }).click();
      await main(page)
        .getByLabel(/We, the temple, consent to being listed/)
        .check();
      await main(page).getByRole("button", { name: "Confirm our listing" }).click();
      await expect(main(page).getByText("Verified: the temple takes bookings and donations on Sannidhi.")).toBeVisible();
    });
  });
});

/** A new devotee books a puja at Guruvayur and pays on the Razorpay emulator; the done page's verification code. */
async function bookAndPay(page: Page) {
  await donationInCart(page);
  await page.goto("/cart");
  await page.getByRole("button", { name: "Proceed to payment" }).click();
  await payOnGateway(page);
  await expect(page.getByRole("heading", { name: "Thank you, your booking is confirmed" })).toBeVisible();
  const receiptNo = (await main(page).locator("dt:text-is('Receipt No') + dd").textContent())!;
  const code = /Verification code: ([0-9A-Z]+-[0-9A-Z]{10})/.exec((await main(page).locator(".receipt-qr strong").textContent())!)![1]!;
  return { receiptNo, code };
}

test.describe("receipts anyone can verify", () => {
  test("the receipt's code and QR address lead to a page that says it is genuine; an altered code does not", async ({ page, browser }) => {
    test.setTimeout(90_000);
    const { receiptNo, code } = await bookAndPay(page);
    await expect(main(page).getByRole("img", { name: /QR code of the address .*\/verify\// })).toBeVisible();
    const link = main(page).getByRole("link", { name: new RegExp(`/verify/${code}$`) });
    const address = (await link.getAttribute("href"))!;

    // Someone else, not signed in, checks it.
    const stranger = await (await browser.newContext()).newPage();
    await stranger.goto(address);
    await expect(stranger.getByRole("heading", { level: 1, name: "Genuine Sannidhi receipt" })).toBeVisible();
    await expect(main(stranger).getByText(receiptNo)).toBeVisible();
    await expect(main(stranger).getByRole("row", { name: /Guruvayur Sree Krishna Temple/ })).toContainText("₹501.00");
    await expect(main(stranger).locator("dt:text-is('Booked by') + dd")).toHaveText(/^[A-Z]\. [A-Z]\*+$/);

    const altered = `${code.slice(0, -1)}${code.endsWith("7") ? "8" : "7"}`;
    await stranger.goto(`${new URL(address).origin}/verify/${altered}`);
    await expect(stranger.getByRole("heading", { level: 1, name: "Not a Sannidhi receipt" })).toBeVisible();
    await stranger.close();
  });

  test.describe("without JavaScript", () => {
    test.use({ javaScriptEnabled: false });
    test("a code typed from a printed receipt is checked", async ({ page }) => {
      await page.goto("/verify");
      await main(page).getByLabel("Verification code").fill("1-ZZZZZZZZZZ");
      await main(page).getByRole("button", { name: "Check" }).click();
      await expect(page.getByRole("heading", { level: 1, name: "Not a Sannidhi receipt" })).toBeVisible();
      await expect(page).toHaveURL(/\/verify\/1-ZZZZZZZZZZ$/);
    });
  });
});

test.describe("open books", () => {
  for (const javaScriptEnabled of [true, false]) {
    test.describe(javaScriptEnabled ? "with JavaScript" : "without JavaScript", () => {
      test.use({ javaScriptEnabled });
      test("a temple's Donations received shows totals by month and purpose, small ones as other", async ({ page }) => {
        await page.goto("/temples?key2=Guruvayur");
        await guruvayurLink(page).click();
        await main(page).getByRole("link", { name: "Donations received" }).click();
        await expect(page.getByRole("heading", { level: 1 })).toHaveText("Donations received: Guruvayur Sree Krishna Temple");
        await expect(main(page).getByText(/fewer than 5 donations is counted under "other"/)).toBeVisible();
        const byMonth = main(page).getByRole("table", { name: "By month" });
        const byPurpose = main(page).getByRole("table", { name: "By purpose" });
        await expect(byMonth.getByRole("row")).not.toHaveCount(1);
        await expect(
          byPurpose.getByRole("row", { name: /General Donation|Annadanam Fund|Temple Renovation|Festival Fund/ }).first(),
        ).toBeVisible();
        await expect(byPurpose.getByRole("row", { name: /Other purposes/ })).toBeVisible();
        await expect(main(page).getByText("Lakshmi Narayanan")).toHaveCount(0);
      });
    });
  }
});
