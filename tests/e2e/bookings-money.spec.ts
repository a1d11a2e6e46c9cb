/**
 * Issue 10 #4 through screens alone: temple staff raise a puja's rate while a devotee is
 * on the payment page; the devotee's payment is not booked at the old rate, and the
 * devotee is told plainly that nothing was booked and the money comes back.
 */
import type { Page } from "@playwright/test";
import { deskAndSite, expect, hydrated, main, type Role, signUp, test, toast, payOnGateway } from "./bookings-fixtures";

const TEMPLE = "Ambalappuzha";

async function staffPage(pageAs: (role: Role) => Promise<Page>): Promise<Page> {
  const page = await pageAs("staff");
  await page.goto("/");
  await page.getByRole("banner").getByRole("link", { name: "Temple desk" }).first().click();
  await main(page)
    .getByRole("link", { name: new RegExp(TEMPLE) })
    .click();
  await expect(page.getByRole("heading", { name: "Requests waiting for an answer" })).toBeVisible();
  return page;
}

/** Staff set the puja's rate on the desk's Pujas page. */
async function setRate(staff: Page, templePath: string, pujaName: string, rate: string) {
  await staff.goto(`${templePath}/pujas`);
  await main(staff)
    .getByRole("link", { name: `Edit ${pujaName}` })
    .click();
  // Wait for the edit form itself: until the navigation lands, the "Offer another puja" form has the same fields.
  await expect(main(staff).getByRole("heading", { name: `Edit ${pujaName}` })).toBeVisible();
  await hydrated(staff);
  const field = staff.getByLabel("Rate (₹)");
  // On a busy machine the edit form can re-render after the fill: fill until the value holds.
  await expect(async () => {
    await field.fill(rate);
    await expect(field).toHaveValue(rate, { timeout: 500 });
  }).toPass();
  await staff.getByRole("button", { name: "Save puja" }).click();
  await expect(toast(staff, "Puja saved.")).toBeVisible();
  // The list shows the new rate: the change is in D1 before the devotee pays.
  const shown = `₹${Number(rate).toLocaleString("en-IN", { minimumFractionDigits: 2 })}`;
  await expect(
    main(staff)
      .getByRole("row", { name: new RegExp(`^${pujaName} `) })
      .getByRole("cell")
      .first(),
  ).toHaveText(shown);
}

test("a rate raised while the devotee pays: nothing is booked, the payment is refunded, the devotee is told", async ({ page, pageAs }) => {
  test.setTimeout(90_000);
  const staff = await staffPage(pageAs);
  const { templePath, site } = await deskAndSite(staff);

  await signUp(page);
  await page.goto(site);
  await hydrated(page);
  const form = page.getByRole("form", { name: "Book a puja" });
  const select = form.getByLabel("Puja", { exact: true });
  const label = (await select.locator("option").allTextContents()).find((l) => !l.includes("on request") && !l.includes("by post"));
  expect(label, "a direct puja without postal prasad").toBeTruthy();
  await select.selectOption({ label: label! });
  const pujaName = label!.split(" – ")[0]!;
  const oldRate = /₹([\d,]+\.\d{2})/.exec(label!)![1]!.replace(/,/g, "");
  await expect(form.getByText("A cart holds up to 50 items; each devotee on each date is one item.")).toBeVisible();
  await form.getByLabel("Devotee 1 name").fill("Meera Iyer");
  await form.getByLabel("Devotee 1 star").selectOption({ label: "Rohini" });
  const offered = await form.getByText(/^Offered:/).textContent();
  await form.getByLabel("Date 1").fill(await nextOfferedDate(page, offered ?? ""));
  await form.getByRole("button", { name: "Add to cart" }).click();
  await expect(toast(page, "puja added booking list")).toBeVisible();

  await page.goto("/cart");
  await expect(main(page).getByText("Your cart has 1 of 50.", { exact: false })).toBeVisible();
  await page.getByRole("button", { name: "Proceed to payment" }).click();
  await expect(page.getByRole("heading", { name: "Payment" })).toBeVisible();

  await setRate(staff, templePath, pujaName, String(Number(oldRate) + 100));
  try {
    await payOnGateway(page);
    await expect(page.getByRole("heading", { name: "Nothing was booked" })).toBeVisible();
    await expect(toast(page, /Nothing was booked, because a price or an item in your cart changed before you paid/)).toBeVisible();
    await expect(main(page).getByText(/money debited is refunded in 4-5 working days/)).toBeVisible();
    await main(page).getByRole("link", { name: "Your cart" }).click();
    await expect(main(page).getByRole("rowheader", { name: pujaName })).toBeVisible();
  } finally {
    await setRate(staff, templePath, pujaName, oldRate);
  }
});

/** The first date from a week ahead on which the puja is offered (its "Offered:" hint names the days). */
async function nextOfferedDate(page: Page, offered: string): Promise<string> {
  const names = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"];
  const every = offered.includes("Every day");
  for (let days = 7; days < 21; days++) {
    const day = new Date(Date.now() + 330 * 60_000 + days * 86_400_000);
    if (every || offered.includes(names[day.getUTCDay()]!)) return day.toISOString().slice(0, 10);
  }
  expect.soft(page.url(), `a day in "${offered}"`).toBe("");
  return "";
}
