/**
 * The request-to-video lifecycle through screens alone: a devotee requests an on-request
 * puja with postal prasad, temple staff accept it, the devotee pays on the Razorpay emulator, staff
 * mark it done, upload its video and enter the tracking number, and the devotee sees both.
 */
import type { Page } from "@playwright/test";
import { daysAhead, deskAndSite, expect, hydrated, main, type Role, signUp, test, toast, payOnGateway } from "./bookings-fixtures";

const TEMPLE = "Ambalappuzha";

function uniqueDevotee() {
  const letters = Array.from({ length: 6 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join("");
  return `Sita ${letters[0]!.toUpperCase()}${letters.slice(1)}`;
}

async function staffPage(pageAs: (role: Role) => Promise<Page>): Promise<Page> {
  const page = await pageAs("staff");
  await page.goto("/");
  await page.getByRole("banner").getByRole("link", { name: "Temple desk" }).first().click();
  await expect(page.getByRole("heading", { level: 1, name: "Temple desk" })).toBeVisible();
  return page;
}

test("staff accept a request, the devotee pays, staff upload the video and post the prasad, the devotee sees both", async ({
  page,
  pageAs,
}) => {
  test.setTimeout(90_000);
  const devotee = uniqueDevotee();
  const pujaDate = daysAhead(9);

  // Staff open their temple's desk, which links to the temple's own site.
  const staff = await staffPage(pageAs);
  await main(staff)
    .getByRole("link", { name: new RegExp(TEMPLE) })
    .click();
  await expect(staff.getByRole("heading", { name: "Requests waiting for an answer" })).toBeVisible();
  const { templePath, site } = await deskAndSite(staff);

  // The devotee asks for an on-request puja with prasad by post.
  await signUp(page);
  await page.goto(site);
  await hydrated(page);
  const form = page.getByRole("form", { name: "Book a puja" });
  const select = form.getByLabel("Puja", { exact: true });
  const labels = await select.locator("option").allTextContents();
  const label = labels.find((l) => l.includes("on request") && l.includes("by post"));
  expect(label, "an on-request puja with postal prasad").toBeTruthy();
  await select.selectOption({ label: label! });
  const pujaName = label!.split(" – ")[0]!;
  await form.getByLabel("Devotee 1 name").fill(devotee);
  await form.getByLabel("Devotee 1 star").selectOption({ label: "Rohini" });
  await form.getByLabel("Date 1").fill(pujaDate);
  await form.getByLabel(/Send me the prasad by post/).check();
  await form.getByLabel("Send the prasad to").selectOption({ label: "A new address" });
  await form.getByLabel("Name of the receiver").fill(devotee);
  await form.getByLabel("House name and street").fill("14, Kutchery Road");
  await form.getByLabel("City or town").fill("Chennai");
  await form.getByLabel("State").fill("Tamil Nadu");
  await form.getByLabel("Pin code").fill("600004");
  await form.getByRole("button", { name: "Send request to the temple" }).click();
  await expect(toast(page, "puja added booking list")).toBeVisible();

  // Staff accept it at the temple desk.
  await staff.reload();
  await main(staff)
    .getByRole("button", { name: `Accept the request of ${devotee} for ${pujaName}` })
    .click();
  await expect(toast(staff, `Request for ${devotee} accepted. The account holder who booked has been emailed`)).toBeVisible();

  // The devotee adds it to the cart and pays on the Razorpay emulator.
  await page.goto("/account?tab=transactions&view=accepted");
  const accepted = main(page).getByRole("row").filter({ hasText: devotee });
  await accepted.getByRole("button", { name: /Add To Cart/ }).click();
  await expect(page).toHaveURL(/\/cart$/);
  await page.getByRole("button", { name: "Proceed to payment" }).click();
  await payOnGateway(page);
  await expect(page.getByRole("heading", { name: "Thank you, your booking is confirmed" })).toBeVisible();
  const receiptNo = (await main(page).locator("dt:text-is('Receipt No') + dd").textContent())!;

  // Staff mark it done, upload the video in parts and enter the tracking number.
  await staff.goto(`${templePath}/bookings?date=${pujaDate}`);
  await hydrated(staff);
  const row = main(staff).getByRole("row").filter({ hasText: devotee });
  await expect(row).toContainText("Rohini");
  await expect(row).toContainText(receiptNo);
  await row.getByRole("button", { name: `Mark ${pujaName} for ${devotee} as done` }).click();
  await expect(toast(staff, "Marked as done.")).toBeVisible();
  await expect(row.getByText("Done", { exact: true })).toBeVisible();
  await row.getByLabel("Video file").setInputFiles("drizzle/fixtures/sample-puja.webm");
  await row.getByRole("button", { name: "Upload video" }).click();
  await expect(toast(staff, "Video uploaded.")).toBeVisible();
  await expect(row.getByText("Video uploaded", { exact: true })).toBeVisible();
  await row.getByRole("textbox", { name: "Tracking number" }).fill("EK123456789IN");
  await row.getByRole("button", { name: "Save" }).click();
  await expect(
    toast(staff, `Tracking number saved for ${devotee}'s prasad. The account holder who booked has been emailed.`),
  ).toBeVisible();

  // The devotee finds the video and the tracking number under Completed.
  await page.goto("/account?tab=transactions");
  await hydrated(page);
  const booking = main(page).locator("details.booking-item").filter({ hasText: receiptNo });
  await booking.locator(":scope > summary").click();
  const line = booking.getByRole("row").filter({ hasText: devotee });
  await expect(line).toContainText("EK123456789IN");
  await line.getByRole("button", { name: /View the video/ }).click();
  await expect(page.getByRole("dialog").locator("video")).toBeVisible();
});

test.describe("a signed-in devotee", () => {
  test.use({ signedInAs: "devotee" });

  test("a devotee who opens a temple's desk is told it is for staff, and another temple's desk is not found to its staff", async ({
    page,
    pageAs,
  }) => {
    const refused = await page.goto("/desk/1/bookings");
    expect(refused?.status()).toBe(403);
    await hydrated(page);
    await expect(main(page).getByRole("heading", { level: 1 })).toHaveText("Not available for your account");
    await expect(main(page)).toContainText("This page is for temple staff and portal operators.");
    await main(page).getByRole("link", { name: "Go to my account" }).click();
    await expect(page).toHaveURL(/\/account$/);
    await expect(main(page).getByRole("heading", { level: 1 })).toHaveText(/^Namaste, /);

    // Staff who type another temple's desk address see the shared not-found screen.
    const staff = await staffPage(pageAs);
    const hidden = await staff.goto("/desk/999999/bookings");
    expect(hidden?.status()).toBe(404);
    await hydrated(staff);
    await expect(main(staff).getByRole("heading", { level: 1 })).toHaveText("Page not found");
    await main(staff).getByRole("link", { name: "Browse temples" }).click();
    await expect(staff).toHaveURL(/\/temples$/);
  });
});
