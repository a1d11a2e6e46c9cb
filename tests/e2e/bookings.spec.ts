import { guruvayurLink } from "./fixtures";
import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import {
  chooseOption,
  daysAhead,
  expect,
  hydrated,
  main,
  paise,
  rupees,
  signIn,
  signUp,
  test,
  toast,
  payOnGateway,
} from "./bookings-fixtures";

/** Picks a puja sent by post and offered every day; returns its rate and postage in paise. */
async function choosePostalPuja(page: Page) {
  const form = page.getByRole("form", { name: "Book a puja" });
  const select = form.getByLabel("Puja", { exact: true });
  const labels = await select.locator("option").allTextContents();
  for (const label of labels.filter((l) => l.includes("by post") && !l.includes("on request"))) {
    await select.selectOption({ label });
    if (await form.getByText("Offered: Every day.").isVisible()) {
      const [rate, postage] = [...label.matchAll(/₹[\d,]+\.\d{2}/g)].map((m) => paise(m[0]));
      return { label, rate: rate!, postage: postage! };
    }
  }
  throw new Error("no daily puja with postal prasad at this temple");
}

test("a devotee books a puja with postal prasad and a donation, pays on the Razorpay emulator's hosted checkout and finds it under Completed", async ({
  page,
}) => {
  test.setTimeout(60_000);
  await signUp(page);
  await page.goto("/temples?key2=Guruvayur");
  await guruvayurLink(page).click();
  await expect(page).toHaveURL(/\/t\/[a-z0-9-]+$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Guruvayur Sree Krishna Temple");
  await hydrated(page);

  const puja = await choosePostalPuja(page);
  const form = page.getByRole("form", { name: "Book a puja" });
  await form.getByLabel("Devotee 1 name").fill("Meera Iyer");
  await form.getByLabel("Devotee 1 star").selectOption({ label: "Rohini" });
  await form.getByLabel("Date 1").fill(daysAhead(10));
  await form.getByLabel(/Send me the prasad by post/).check();
  await form.getByLabel("Send the prasad to").selectOption({ label: "A new address" });
  await form.getByLabel("Name of the receiver").fill("Meera Iyer");
  await form.getByLabel("House name and street").fill("14, Kutchery Road");
  await form.getByLabel("City or town").fill("Chennai");
  await form.getByLabel("State").fill("Tamil Nadu");
  await form.getByLabel("Pin code").fill("600004");
  await form.getByRole("button", { name: "Add to cart" }).click();
  await expect(toast(page, "puja added booking list")).toBeVisible();

  const donation = page.getByRole("form", { name: "Make a donation" });
  const preset = donation.getByRole("group", { name: "Suggested amounts" }).getByRole("button").first();
  const gift = paise((await preset.textContent())!);
  await preset.click();
  await donation.getByLabel("In the name of").fill("Meera Iyer");
  await donation.getByRole("button", { name: "Add donation to cart" }).click();
  await expect(toast(page, "Donation added to your cart")).toBeVisible();

  const total = puja.rate + puja.postage + gift;
  await page
    .getByRole("banner")
    .getByRole("link", { name: /Cart, 2 items/ })
    .click();
  await expect(page.getByTestId("cart-grand-total")).toHaveText(rupees(total));
  await page.getByRole("button", { name: "Proceed to payment" }).click();
  await expect(page.getByRole("heading", { name: "Payment" })).toBeVisible();
  await expect(main(page)).toContainText(`You will pay ${rupees(total)} on Razorpay's secure page`);
  await payOnGateway(page);
  await expect(page.getByRole("heading", { name: "Thank you, your booking is confirmed" })).toBeVisible();
  const receiptNo = (await main(page).locator("dt:text-is('Receipt No') + dd").textContent())!;
  const paid = toast(page, `Payment received. Your receipt number is ${receiptNo}.`);
  await expect(paid).toBeVisible();
  await paid.getByRole("button", { name: "Dismiss message" }).click();

  await page.getByRole("link", { name: "My Transactions" }).click();
  const booking = main(page).locator("details.booking-item").filter({ hasText: receiptNo });
  await expect(booking).toContainText(daysAhead(0));
  await expect(booking.locator(".booking-item__total")).toContainText(rupees(total));
  await booking.locator(":scope > summary").click();
  const pujaRow = booking.getByRole("row", { name: new RegExp(puja.label.split(" – ")[0]!) });
  await expect(pujaRow).toContainText("Meera Iyer");
  await expect(pujaRow).toContainText("Rohini");
  await expect(pujaRow).toContainText(rupees(puja.postage));
  await expect(booking.getByText(`Total for Guruvayur Sree Krishna Temple: ${rupees(total)}`)).toBeVisible();

  const [download] = await Promise.all([page.waitForEvent("download"), booking.getByRole("link", { name: "Download PDF" }).click()]);
  expect(download.suggestedFilename()).toBe(`receipt-${receiptNo}.pdf`);
  const bytes = await (await download.createReadStream()).toArray();
  expect(Buffer.concat(bytes).subarray(0, 5).toString()).toBe("%PDF-");
});

test.describe("signed in as the demo devotee", () => {
  test.use({ signedInAs: "devotee" });

  test("a devotee watches the video of a puja done in their name and downloads its receipt", async ({ page }) => {
    await page.goto("/account?tab=transactions");
    await hydrated(page);
    const booking = main(page)
      .locator("details.booking-item")
      .filter({ has: page.locator("button[aria-label^='View the video']") })
      .first();
    await booking.locator(":scope > summary").click();
    await booking
      .getByRole("button", { name: /View the video/ })
      .first()
      .click();
    const dialog = page.getByRole("dialog");
    await expect(dialog).toBeVisible();
    const video = dialog.locator("video");
    type Player = { muted: boolean; currentTime: number; play(): Promise<void> };
    await video.evaluate((element) => {
      const player = element as unknown as Player;
      player.muted = true;
      return player.play();
    });
    await expect.poll(() => video.evaluate((element) => (element as unknown as Player).currentTime)).toBeGreaterThan(0.2);
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    const [download] = await Promise.all([page.waitForEvent("download"), booking.getByRole("link", { name: "Download PDF" }).click()]);
    expect(download.suggestedFilename()).toMatch(/^receipt-SN-\d{4}-\d{6}\.pdf$/);
  });

  test("an accepted request goes from My Transactions to the cart", async ({ page }) => {
    await page.goto("/account?tab=transactions&view=accepted");
    const row = main(page)
      .getByRole("row")
      .filter({ has: page.getByRole("button", { name: /Add To Cart/ }) })
      .first();
    const puja = (await row.getByRole("rowheader").textContent())!;
    await row.getByRole("button", { name: /Add To Cart/ }).click();
    await expect(page).toHaveURL(/\/cart$/);
    await expect(toast(page, "puja added booking list")).toBeVisible();
    await expect(main(page).getByRole("rowheader", { name: puja }).first()).toBeVisible();
  });
});

test("favourites: add a temple from the list, find it after a reload, remove it", async ({ page }) => {
  await signUp(page);
  await page.goto("/account?tab=favourites");
  const select = main(page).getByRole("combobox");
  await expect(select.locator("option").first()).toHaveText("Choose a Temple");
  const temple = await chooseOption(select, (label) => label.startsWith("Guruvayur"));
  await main(page).getByRole("button", { name: "Add", exact: true }).click();
  await expect(toast(page, "Temple added to your favourites.")).toBeVisible();
  await page.reload();
  const card = main(page).getByRole("listitem").filter({ hasText: temple });
  await expect(card).toHaveCount(1);
  await expect(card.locator("img")).toBeVisible();
  await expect(select.locator("option", { hasText: temple })).toHaveCount(0);
  await card.getByRole("button", { name: `Remove ${temple} from favourites` }).click();
  await expect(toast(page, "Temple removed from your favourites.")).toBeVisible();
  await expect(main(page).getByRole("listitem").filter({ hasText: temple })).toHaveCount(0);
});

test("a package is ordered on the packages site from the home carousel", async ({ page }) => {
  const user = await signUp(page);
  await page.goto("/");
  const card = page.getByRole("region", { name: "Puja packages" }).getByRole("link").first();
  const name = (await card.textContent())!.trim();
  await expect(card).toHaveAttribute("href", /^http:\/\/packages\.localhost:\d+\/page_details\?packageId=\d+$/);
  await card.click();
  await expect(page).toHaveURL(/^http:\/\/packages\.localhost:\d+\/page_details\?packageId=\d+$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(name);
  // The packages site is another host: the devotee signs in there too.
  await page.getByRole("link", { name: "Sign in to book this package" }).click();
  await signIn(page, user.email, user.password);
  await expect(page).toHaveURL(/\/page_details\?packageId=\d+$/);
  await hydrated(page);
  const form = page.getByRole("form", { name: "Book this package" });
  await form.getByLabel("Devotee name").fill("Meera Iyer");
  await form.getByLabel("Star").selectOption({ label: "Rohini" });
  await form.getByLabel("From date").fill(daysAhead(12));
  await form.getByRole("button", { name: "Add the package to my cart" }).click();
  await expect(page).toHaveURL(/\/cart$/);
  await expect(toast(page, `${name} added to your cart.`)).toBeVisible();
  await page.getByRole("button", { name: "Proceed to payment" }).click();
  await payOnGateway(page);
  await expect(page.getByRole("heading", { name: "Thank you, your booking is confirmed" })).toBeVisible();
});

test.describe("signed in as the demo devotee, every booking page", () => {
  test.use({ signedInAs: "devotee" });

  test("the booking pages have no serious accessibility problems", async ({ page }) => {
    // Seven pages, each loaded and checked by axe (a temple site alone takes about 6 s quiet):
    // three times that while the machine runs the rest of the suite. Not a speed target.
    test.setTimeout(180_000);
    const pages = [
      "/t/sree-krishna-swamy-temple-guruvayur",
      "/cart",
      "/account?tab=transactions",
      "/account?tab=transactions&view=accepted",
      "/account?tab=favourites",
      "/page_details?packageId=1",
      "/packages",
    ];
    for (const path of pages) {
      await page.goto(path);
      await hydrated(page);
      const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
      const serious = results.violations
        .filter((v) => v.impact === "serious" || v.impact === "critical")
        .map(
          (v) =>
            `${v.id}: ${v.nodes
              .map((n) => n.target.join(" "))
              .slice(0, 3)
              .join(", ")}`,
        );
      expect(serious, path).toEqual([]);
    }
  });
});
