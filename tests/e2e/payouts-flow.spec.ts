/**
 * Issue 43, the whole way from a devotee's rupee to the temple's bank: an operator changes a
 * temple's payout bank account and a second operator approves it (sent to Razorpay Route, the
 * e2e server's emulator); a devotee books a puja there and pays; the temple's share goes to its
 * linked account as a transfer held until the puja is done; the staff mark it done at the desk;
 * Razorpay settles the temple's account (the emulator's daily settlement, run now); and the
 * desk's statement shows the line's transfer settled, with its UTR.
 */
import {
  GATEWAY_ORIGIN,
  daysAhead,
  deskAndSite,
  expect,
  hydrated,
  main,
  openEveryDayPuja,
  payOnGateway,
  signUp,
  test,
  toast,
} from "./bookings-fixtures";
import { signedInPage } from "./fixtures";

const TEMPLE = "Ambalappuzha";
const LINKED_ACCOUNT = "acc_SEEDambalappuzha";

test("an operator sets up payouts, a devotee pays, the desk marks the puja done, and the statement shows the transfer settled", async ({
  page,
  pageAs,
  browser,
  baseURL,
}) => {
  test.setTimeout(150_000);

  // The operator asks for the temple's new bank account; a second operator approves it.
  // Its own sign-in (other specs may end the shared operator session meanwhile).
  const operator = await signedInPage(browser, baseURL!, "operator@sannidhi.example", "Operator@2026");
  await operator.goto(`/operator/temples?q=${TEMPLE}`);
  await main(operator).getByRole("row").filter({ hasText: TEMPLE }).first().getByRole("link", { name: "Payouts" }).click();
  const form = main(operator).getByRole("form", { name: "Change the bank account" });
  await form.getByLabel("Legal name of the trust or society").fill("Ambalappuzha Sree Krishna Swamy Devaswom Trust");
  await form.getByLabel("Contact person").fill("R. Gopakumar");
  await form.getByLabel("Contact E-mail").fill("payouts.ambalappuzha@temples.example");
  await form.getByLabel("Contact mobile number").fill("094470 55555");
  await form.getByLabel("Beneficiary name (as the bank holds it)").fill("Ambalappuzha Sree Krishna Swamy Devaswom Trust");
  const accountNumber = `5010${Date.now().toString().slice(-8)}`;
  await form.getByRole("textbox", { name: "Account number", exact: true }).fill(accountNumber);
  await form.getByLabel("Account number again").fill(accountNumber);
  await form.getByLabel("IFSC").fill("FDRL0001234");
  await form.getByLabel("IFSC").press("Tab");
  await form.getByRole("button", { name: "Ask for approval" }).click();
  await expect(toast(operator, "Request saved: another operator must approve it.")).toBeVisible();
  const second = await signedInPage(browser, baseURL!, "operator2@sannidhi.example", "Operator@2026");
  await second.goto(operator.url());
  await main(second).getByRole("button", { name: "Approve" }).click();
  await expect(toast(second, "Bank account approved. The temple's staff have been told.")).toBeVisible();
  const account = main(second).getByRole("region", { name: "Bank account for payouts" });
  await expect(account).toContainText(`XXXXXXXX${accountNumber.slice(-4)}`);
  await expect(main(second)).toContainText(`Linked account ${LINKED_ACCOUNT}: Activated`);

  // The temple's staff open their desk, which links to the temple's site.
  const staff = await pageAs("staff");
  await staff.goto("/desk");
  await main(staff)
    .getByRole("link", { name: new RegExp(TEMPLE) })
    .first()
    .click();
  await staff.waitForURL(/\/desk\/\d+/);
  const { templePath, site } = await deskAndSite(staff);

  // A devotee books an every-day puja there and pays on the Razorpay emulator.
  const devotee = `Hari ${Date.now().toString(36).replace(/\d/g, "x")}`;
  const pujaDate = daysAhead(6);
  await signUp(page);
  await page.goto(site);
  await hydrated(page);
  const booking = await openEveryDayPuja(page, { everyDay: "Every day", onRequest: "On request", form: "Book a puja" });
  const pujaName = ((await booking.getByLabel("Puja", { exact: true }).locator("option:checked").textContent()) ?? "").split(" – ")[0]!;
  await booking.getByLabel("Devotee 1 name").fill(devotee);
  await booking.getByLabel("Devotee 1 star").selectOption({ label: "Rohini" });
  await booking.getByLabel("Date 1").fill(pujaDate);
  await booking.getByRole("button", { name: "Add to cart" }).click();
  await expect(page).toHaveURL(/\?added=puja#book-puja$/);
  await page.goto("/cart");
  await page.getByRole("button", { name: "Proceed to payment" }).click();
  await payOnGateway(page);
  await expect(page.getByRole("heading", { name: "Thank you, your booking is confirmed" })).toBeVisible();
  const trackingNo = (await main(page).locator("dt:text-is('Tracking No') + dd").textContent())!.trim();

  // The statement shows the temple's share held until the puja is done.
  const statementRow = async () => {
    await staff.goto(`${templePath}/settlement`);
    return main(staff).getByRole("row").filter({ hasText: trackingNo });
  };
  await expect(async () => expect(await statementRow()).toContainText(/Held/)).toPass({ timeout: 30_000 });

  // The staff mark the puja done: the hold is released.
  await staff.goto(`${templePath}/bookings?date=${pujaDate}`);
  await hydrated(staff);
  const line = main(staff).getByRole("row").filter({ hasText: devotee });
  await line.getByRole("button", { name: `Mark ${pujaName} for ${devotee} as done` }).click();
  await expect(toast(staff, "Marked as done.")).toBeVisible();
  await expect(async () => expect(await statementRow()).toContainText("Released")).toPass({ timeout: 30_000 });

  // Razorpay settles the temple's linked account (its settlement run), and says so by webhook.
  const settled = await fetch(`${GATEWAY_ORIGIN}/__emulator/settlements/run`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ accountId: LINKED_ACCOUNT }),
  });
  expect(settled.status).toBe(200);
  await expect(async () => {
    const row = await statementRow();
    await expect(row).toContainText("Settled", { timeout: 1_000 });
    await expect(row.locator("td[data-label='Settlement date and UTR']")).toContainText(/UTR EMUR\w+/, { timeout: 1_000 });
    await expect(row.locator("td[data-label='Transfer id']")).toContainText(/trf_\w+/, { timeout: 1_000 });
  }).toPass({ timeout: 60_000 });
});
