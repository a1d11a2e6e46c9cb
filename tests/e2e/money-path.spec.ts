/**
 * Issue 26's two journeys through the real money path (the local Razorpay emulator, whose
 * webhooks reach the e2e server no sooner than 10 s after a payment):
 * - the devotee pays on the hosted checkout and closes the tab: only the webhook tells the
 *   portal, and the booking still appears in My Transactions with its receipt mailed;
 * - a second payment of an order already paid must be refunded, the gateway refuses the
 *   refund once, and an operator retries it: one refund, and the devotee sees it started.
 */
import { guruvayurLink } from "./fixtures";
import type { BrowserContext, Page } from "@playwright/test";
import { razorpayEmulator } from "../support/razorpay-emulator";
import { expect, GATEWAY_ORIGIN, hydrated, main, signUp, test, toast } from "./bookings-fixtures";

const gateway = razorpayEmulator(`${GATEWAY_ORIGIN}/v1`);

/** The webhook comes 10 s or more after the payment; on two busy cores, give it room. */
const WEBHOOK_WAIT = 45_000;

/** A new devotee with a donation of `rupees` at Guruvayur in the cart; answers the devotee. */
async function donationInCart(page: Page, rupees: number) {
  const user = await signUp(page);
  await page.goto("/temples?key2=Guruvayur");
  await guruvayurLink(page).click();
  await hydrated(page);
  const donation = page.getByRole("form", { name: "Make a donation" });
  await donation.getByLabel("Amount (₹)").fill(String(rupees));
  await donation.getByLabel("In the name of").fill("Meera Iyer");
  await donation.getByRole("button", { name: "Add donation to cart" }).click();
  await expect(toast(page, "Donation added to your cart")).toBeVisible();
  return user;
}

/** From the cart to Sannidhi's payment page; answers the gateway's order id. */
async function toPaymentPage(page: Page, amount: string) {
  await page.goto("/cart");
  await page.getByRole("button", { name: "Proceed to payment" }).click();
  await expect(page.getByRole("heading", { name: "Payment" })).toBeVisible();
  await expect(main(page)).toContainText(`You will pay ${amount} on Razorpay's secure page`);
  return decodeURIComponent(new URL(page.url()).pathname.split("/").pop()!);
}

/** From Sannidhi's payment page to the emulator's hosted checkout. */
async function toHostedCheckout(page: Page, amount: string) {
  await page.getByRole("button", { name: `Pay ${amount} with Razorpay` }).click();
  await expect(page).toHaveURL(`${GATEWAY_ORIGIN}/v1/checkout/embedded`);
  await expect(page.getByText("Local Razorpay emulator — no real money moves")).toBeVisible();
}

/** A page of the same context, with the announcement already seen (as the test's own page has it). */
async function anotherPage(context: BrowserContext) {
  await context.addInitScript(() => {
    try {
      sessionStorage.setItem("sn_announcement_seen", "1");
    } catch {
      // JavaScript off: nothing pops up anyway.
    }
  });
  return context.newPage();
}

/** Pays on the hosted checkout and closes the tab: the browser never comes back to the callback. */
async function payAndCloseTheTab(page: Page) {
  await page.getByRole("button", { name: /^Pay and close the tab/ }).click();
  await expect(page.getByRole("heading", { name: "Payment successful" })).toBeVisible();
  await expect(page.getByText("Payment received. You may close this tab.")).toBeVisible();
  await page.close();
}

/** Reloads My Transactions until the booking the webhook made is listed; answers it. */
async function bookingAppears(page: Page, amount: string) {
  const booking = main(page).getByRole("list", { name: "Completed bookings" }).getByRole("listitem").filter({ hasText: amount });
  await expect(async () => {
    await page.goto("/account?tab=transactions");
    await expect(booking).toHaveCount(1, { timeout: 1_000 });
  }).toPass({ timeout: WEBHOOK_WAIT, intervals: [1_000, 2_000] });
  return booking;
}

test.describe("pay, close the tab, the booking appears", () => {
  test("with JavaScript: booked by the webhook alone, in My Transactions and the outbox", async ({ page }) => {
    test.setTimeout(120_000);
    const user = await donationInCart(page, 503);
    const orderId = await toPaymentPage(page, "₹503.00");
    await toHostedCheckout(page, "₹503.00");
    const context = page.context();
    await payAndCloseTheTab(page);

    const later = await anotherPage(context);
    const booking = await bookingAppears(later, "₹503.00");
    const receiptNo = /SN-\d{4}-\d{6}/.exec((await booking.textContent()) ?? "")?.[0];
    expect(receiptNo, "the booking's receipt number").toBeTruthy();

    // The gateway took one payment, and the devotee's Payments list says it was booked.
    const { payments } = await gateway.orderState(orderId);
    expect(payments.map((p) => p.status)).toEqual(["captured"]);
    await later.goto("/account?tab=transactions&view=payments");
    await expect(main(later).getByRole("row", { name: new RegExp(payments[0]!.id) })).toContainText(`Booked: receipt number ${receiptNo}`);

    // The receipt went to the devotee's mail all the same.
    await later.goto(`/dev/outbox?to=${encodeURIComponent(user.email)}`);
    const receipt = later
      .locator(".outbox__message")
      .filter({ has: later.getByRole("heading", { name: `Sannidhi receipt ${receiptNo}` }) });
    await expect(receipt).toHaveCount(1);
    await expect(receipt).toContainText(user.email);
    await expect(receipt).toContainText("₹503.00");
  });

  test("without JavaScript: the hosted checkout pays and the tab is closed", async ({ page, browser }) => {
    test.setTimeout(120_000);
    await donationInCart(page, 504);
    const context = await browser.newContext({ storageState: await page.context().storageState(), javaScriptEnabled: false });
    try {
      const plain = await context.newPage();
      const orderId = await toPaymentPage(plain, "₹504.00");
      await toHostedCheckout(plain, "₹504.00");
      await payAndCloseTheTab(plain);

      const later = await context.newPage();
      await bookingAppears(later, "₹504.00");
      expect((await gateway.orderState(orderId)).payments.map((p) => p.status)).toEqual(["captured"]);
    } finally {
      await context.close();
    }
  });
});

test("an operator retries a refund the gateway refused: one refund, and the devotee sees it started", async ({ page, pageAs }) => {
  test.setTimeout(120_000);
  await donationInCart(page, 502);
  const orderId = await toPaymentPage(page, "₹502.00");
  // The gateway refuses this order's next refund (HTTP 500): the portal keeps it due.
  await gateway.injectFault({ kind: "api", call: "refund", status: 500, orderId, times: 1 });

  // Two tabs on the hosted checkout of the same order; both pay.
  const second = await anotherPage(page.context());
  await second.goto(page.url());
  await toHostedCheckout(second, "₹502.00");
  await toHostedCheckout(page, "₹502.00");
  await page.getByRole("button", { name: "Pay ₹502.00", exact: true }).click();
  await expect(page.getByRole("heading", { name: "Thank you, your booking is confirmed" })).toBeVisible();
  await second.getByRole("button", { name: "Pay ₹502.00", exact: true }).click();
  await expect(second).toHaveURL(new RegExp(`/checkout/done/${orderId}$`));
  // The second payment is not booked twice: the devotee is told it comes back.
  await expect(main(second).getByRole("status").filter({ hasText: "A further payment of ₹502.00 was not booked" })).toContainText(
    "It is being refunded",
  );

  const { payments } = await gateway.orderState(orderId);
  expect(payments).toHaveLength(2);
  expect((await gateway.orderState(orderId)).refunds).toEqual([]);

  // The operator finds the refund due, with the gateway's refusal, and retries it.
  const operator = await pageAs("operator");
  await operator.goto("/operator/refunds");
  const row = main(operator).getByRole("row").filter({ hasText: orderId });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText("₹502.00");
  await expect(row).toContainText("Due: the gateway has not accepted it");
  await expect(row).toContainText("1 so far");
  const paymentId = /pay_[A-Za-z0-9]+/.exec((await row.textContent()) ?? "")?.[0];
  const refundedPayment = payments.find((p) => p.id === paymentId);
  expect(refundedPayment, `the row's payment ${paymentId} is one of the order's`).toBeTruthy();
  await row
    .getByRole("form", { name: `Retry the refund of payment ${paymentId}` })
    .getByRole("button", { name: "Retry" })
    .click();
  await expect(toast(operator, "The gateway accepted the refund and has paid it out.")).toBeVisible();
  await expect(main(operator).getByRole("row").filter({ hasText: orderId })).toHaveCount(0);

  // Exactly one refund, of the second payment, for its full amount.
  const state = await gateway.orderState(orderId);
  const refunds = state.refunds as { id: string; payment_id: string; amount: number; status: string }[];
  expect(refunds).toHaveLength(1);
  expect(refunds[0]).toMatchObject({ payment_id: paymentId, amount: 50200, status: "processed" });
  expect(state.payments.filter((p) => p.amount_refunded > 0).map((p) => p.id)).toEqual([paymentId]);

  // The devotee's order page and My Transactions say the refund started, with the gateway's reference.
  // Today in India, as the English pages write a date ("27 Nov 2026").
  const today = new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "short", year: "numeric", timeZone: "Asia/Kolkata" }).format(
    new Date(),
  );
  const started = `Refund of ₹502.00 started on ${today}, reference ${refunds[0]!.id}`;
  await page.goto(`/checkout/done/${orderId}`);
  await expect(main(page).getByRole("status").filter({ hasText: "A further payment of ₹502.00 was not booked" })).toContainText(
    `It has been refunded: money debited is refunded in 4-5 working days. ${started}.`,
  );
  await page.goto("/account?tab=transactions");
  await expect(main(page).getByRole("status").filter({ hasText: started })).toBeVisible();
});
