/**
 * Issue 25: limited sevas in a browser. A devotee sees what a day has left, books, and the
 * next devotee (here without JavaScript) sees one fewer; a day the temple filled by accepting
 * a request shows "Full" and cannot be chosen.
 */
import { guruvayurLink } from "./fixtures";
import type { Locator, Page } from "@playwright/test";
import { expect, hydrated, main, signUp, test, toast, payOnGateway, openGuruvayurDesk } from "./bookings-fixtures";

const GURUVAYUR = "/temples?key2=Guruvayur";

async function openGuruvayur(page: Page) {
  await page.goto(GURUVAYUR);
  await guruvayurLink(page).click();
  await expect(page).toHaveURL(/\/t\/[a-z0-9-]+$/);
  return page.url();
}

/**
 * Opens the booking form for a limited puja from the site's list of pujas (its row lists its
 * days with what each has left): the first one `accept` takes. Returns the puja's name.
 */
async function chooseLimitedPuja(page: Page, accept: (row: string) => boolean) {
  const rows = main(page)
    .getByRole("table")
    .first()
    .locator("tbody tr")
    .filter({ has: page.locator(".seat-days") });
  // `all()` does not wait: the site's list is there first.
  await expect(rows.first()).toBeVisible();
  for (const row of await rows.all()) {
    const text = (await row.textContent()) ?? "";
    if (!accept(text)) continue;
    const name = (
      await row
        .getByRole("rowheader")
        .locator(":scope")
        .evaluate((th) => th.firstChild?.textContent ?? "")
    ).trim();
    await row.getByRole("link").click();
    await expect(page.getByRole("form", { name: "Book a puja" }).getByRole("combobox", { name: "Date 1" })).toBeVisible();
    return name;
  }
  throw new Error("no limited puja at this temple");
}

/** The option of a day (its label starts with the date). */
const dayOption = (form: Locator, date: string) =>
  form
    .getByRole("combobox", { name: "Date 1" })
    .locator("option")
    .filter({ hasText: new RegExp(`^${date} – `) });

test("a devotee sees what a day has left and books; the next devotee, without JavaScript, sees one fewer", async ({ page, browser }) => {
  test.setTimeout(120_000);
  await signUp(page);
  const site = await openGuruvayur(page);
  await hydrated(page);
  const form = page.getByRole("form", { name: "Book a puja" });
  const pujaName = await chooseLimitedPuja(page, (row) => !row.includes("On request"));
  await expect(form).toContainText("Performed a limited number of times a day");
  // A weekday far enough ahead that no other test books it: its option reads "<date> – 5 left".
  const options = await form.getByRole("combobox", { name: "Date 1" }).locator("option").allTextContents();
  const day = options.slice(40).find((text) => / – 5 left$/.test(text));
  expect(day, "a day with all five seats left").toBeTruthy();
  const date = day!.split(" – ")[0]!;
  await form.getByRole("combobox", { name: "Date 1" }).selectOption({ label: day! });
  await form.getByLabel("Devotee 1 name").fill("Meera Iyer");
  await form.getByLabel("Devotee 1 star").selectOption({ label: "Rohini" });
  await form.getByRole("button", { name: "Add to cart" }).click();
  await expect(toast(page, "puja added booking list")).toBeVisible();

  // The cart says the day is nearly full and that the cart holds nothing.
  await page.goto("/cart");
  await expect(main(page)).toContainText("Only 5 left on this day. Adding to the cart holds nothing");
  await page.getByRole("button", { name: "Proceed to payment" }).click();
  await expect(page.getByRole("heading", { name: "Payment" })).toBeVisible();
  await payOnGateway(page);
  await expect(page.getByRole("heading", { name: "Thank you, your booking is confirmed" })).toBeVisible();

  // The next devotee, with JavaScript off: the server-rendered form offers the day with one fewer.
  const other = await browser.newContext({ storageState: await page.context().storageState(), javaScriptEnabled: false });
  const next = await other.newPage();
  await next.goto(site);
  await main(next)
    .getByRole("link", { name: `Book ${pujaName}` })
    .first()
    .click();
  const nextForm = next.getByRole("form", { name: "Book a puja" });
  await expect(dayOption(nextForm, date)).toHaveText(`${date} – 4 left`);
  // The list of days on the site says the same to everyone.
  await expect(main(next).getByText(`${date} – 4 left`).first()).toBeAttached();
  await other.close();
});

test("a request the temple accepts takes the day's only seat: the day shows Full and cannot be chosen", async ({ page, pageAs }) => {
  test.setTimeout(120_000);
  const devotee = `Seva ${Array.from({ length: 6 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join("")}`;
  await signUp(page);
  const site = await openGuruvayur(page);
  await hydrated(page);
  const form = page.getByRole("form", { name: "Book a puja" });
  const pujaName = await chooseLimitedPuja(page, (row) => row.startsWith("Udayasthamana Pooja"));
  const options = await form.getByRole("combobox", { name: "Date 1" }).locator("option").allTextContents();
  const day = options.slice(50).find((text) => / – 1 left$/.test(text));
  expect(day, "a free day").toBeTruthy();
  const date = day!.split(" – ")[0]!;
  await form.getByRole("combobox", { name: "Date 1" }).selectOption({ label: day! });
  await form.getByLabel("Devotee 1 name").fill(devotee);
  await form.getByLabel("Devotee 1 star").selectOption({ label: "Rohini" });
  await form.getByRole("button", { name: "Send request to the temple" }).click();
  await expect(toast(page, "puja added booking list")).toBeVisible();

  // Staff accept it at the desk: the day's only seat is taken.
  const staff = await pageAs("staff");
  await openGuruvayurDesk(staff);
  await main(staff)
    .getByRole("button", { name: `Accept the request of ${devotee} for ${pujaName}` })
    .click();
  await expect(toast(staff, `Request for ${devotee} accepted.`)).toBeVisible();

  // Anyone now sees the day full, and the form will not let it be chosen.
  await page.goto(site);
  await chooseLimitedPuja(page, (row) => row.startsWith("Udayasthamana Pooja"));
  const option = dayOption(form, date);
  await expect(option).toHaveText(`${date} – Full`);
  await expect(option).toBeDisabled();
});
