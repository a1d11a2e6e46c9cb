import type { Page } from "@playwright/test";
import { razorpayEmulator } from "../support/razorpay-emulator";
import { donationInCart, expect, GATEWAY_ORIGIN, main, payOnGateway, test, toast } from "./bookings-fixtures";

const gateway = razorpayEmulator(`${GATEWAY_ORIGIN}/v1`);

/** From the cart to Sannidhi's payment page; the gateway's order id. */
async function toPaymentPage(page: Page) {
  await page.goto("/cart");
  await page.getByRole("button", { name: "Proceed to payment" }).click();
  await expect(page.getByRole("heading", { name: "Payment" })).toBeVisible();
  await expect(main(page)).toContainText("You will pay ₹501.00 on Razorpay's secure page");
  return decodeURIComponent(new URL(page.url()).pathname.split("/").pop()!);
}

test("a devotee pays on the emulator's hosted checkout and arrives at the receipt", async ({ page }) => {
  await donationInCart(page);
  const orderId = await toPaymentPage(page);
  await page.getByRole("button", { name: "Pay ₹501.00 with Razorpay" }).click();
  await expect(page).toHaveURL(`${GATEWAY_ORIGIN}/v1/checkout/embedded`);
  await expect(page.getByText("Local Razorpay emulator — no real money moves")).toBeVisible();
  await expect(page.getByText("₹501.00", { exact: true })).toBeVisible();
  await page.getByRole("button", { name: "Pay ₹501.00" }).click();
  await expect(page).toHaveURL(`/checkout/done/${orderId}`);
  await expect(page.getByRole("heading", { name: "Thank you, your booking is confirmed" })).toBeVisible();
  const receiptNo = (await main(page).locator("dt:text-is('Receipt No') + dd").textContent())!;
  await expect(toast(page, `Payment received. Your receipt number is ${receiptNo}.`)).toBeVisible();
  const state = await gateway.orderState(orderId);
  expect(state.order?.status).toBe("paid");
  expect(state.payments.map((p) => p.status)).toEqual(["captured"]);
});

test("without JavaScript the devotee pays and continues to the receipt by hand", async ({ page, browser }) => {
  await donationInCart(page);
  const context = await browser.newContext({ storageState: await page.context().storageState(), javaScriptEnabled: false });
  const plain = await context.newPage();
  try {
    const orderId = await toPaymentPage(plain);
    await payOnGateway(plain, { javaScript: false });
    await expect(plain).toHaveURL(`/checkout/done/${orderId}`);
    await expect(plain.getByRole("heading", { name: "Thank you, your booking is confirmed" })).toBeVisible();
  } finally {
    await context.close();
  }
});

test("a payment that fails on the hosted checkout books nothing and keeps the cart", async ({ page }) => {
  await donationInCart(page);
  const orderId = await toPaymentPage(page);
  await page.locator('form[action$="/checkout/embedded"] button[type="submit"]').click();
  await page.getByRole("button", { name: "Fail the payment" }).click();
  await expect(page).toHaveURL("/cart");
  await expect(toast(page, /nothing was booked and your cart is kept/)).toBeVisible();
  expect((await gateway.orderState(orderId)).payments.map((p) => p.status)).toEqual(["failed"]);
});
