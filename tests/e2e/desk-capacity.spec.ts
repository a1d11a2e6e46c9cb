/**
 * A puja's seats a day set at the temple desk through its screens, with JavaScript and
 * without: the form checks what is typed, saves the seats a day, a devotee's limit and a
 * weekday's exception, adds a date's own seats and removes it. Each run offers the temple a
 * puja of its own, switched off for devotees, so no other test's bookings meet its capacity.
 */
import type { Page } from "@playwright/test";
import { daysAhead, expect, hydrated, main, test, toast, openGuruvayurDesk } from "./bookings-fixtures";

test.use({ signedInAs: "staff" });

/** Offers the staff's first temple a puja it does not have yet (the first or the last of the list), off for devotees. */
async function offerPuja(page: Page, which: "first" | "last", javaScript: boolean): Promise<string> {
  await openGuruvayurDesk(page);
  await page.getByRole("navigation", { name: /desk/i }).getByRole("link", { name: "Pujas", exact: true }).click();
  await expect(page).toHaveURL(/\/pujas$/);
  // Chosen before hydration, a choice could be lost to it.
  if (javaScript) await hydrated(page);
  const form = page.getByRole("form", { name: "Offer another puja" });
  const options = (await form.getByLabel("Puja", { exact: true }).locator("option").allTextContents()).slice(1);
  const name = which === "first" ? options[0]! : options.at(-1)!;
  await form.getByLabel("Puja", { exact: true }).selectOption({ label: name });
  await form.getByLabel("Rate (₹)").fill("101");
  await form.getByLabel("Devotees can book it now").uncheck();
  await form.getByRole("button", { name: "Add puja" }).click();
  await expect(toast(page, "Puja saved.")).toBeVisible();
  await main(page)
    .getByRole("link", { name: `Seats a day for ${name}` })
    .click();
  await expect(main(page).getByRole("heading", { name: `Seats a day: ${name}` })).toBeVisible();
  return name;
}

/** The pujas list's row of `name` (another puja's name may contain it: "Kalabhabhishekam"). */
const pujaRow = (page: Page, name: string) =>
  main(page)
    .getByRole("row")
    .filter({ has: page.getByRole("rowheader", { name, exact: true }) });

/** Adds a date's own seats, sees it listed, removes it, and sees the list empty. */
async function addAndRemoveDate(page: Page) {
  const add = page.getByRole("form", { name: "Seats for one date" });
  await add.getByRole("textbox", { name: "Date", exact: true }).fill(daysAhead(20));
  await add.getByLabel("Seats on that date").fill("0");
  await add.getByRole("button", { name: "Save date" }).click();
  await expect(toast(page, /Seats for .+ saved\./)).toBeVisible();
  const dates = main(page).getByRole("table", { name: "Dates with their own seats (1)" });
  await expect(dates).toBeVisible();
  await dates.getByRole("button", { name: /^Remove the seats of / }).click();
  await expect(toast(page, /are removed/)).toBeVisible();
  await expect(main(page).getByText("No date has its own seats yet.")).toBeVisible();
}

test("with JavaScript: staff are told a bad number as they leave the field, then save the seats and a date's exception", async ({
  page,
}) => {
  const name = await offerPuja(page, "first", true);
  await hydrated(page);
  const seats = page.getByRole("form", { name: "Seats and limit" });
  const daily = seats.getByLabel("Seats a day", { exact: true });
  await daily.fill("abc");
  await daily.blur();
  await expect(seats.getByText("Enter a whole number from 0 to 100000, or leave it blank for no limit.")).toBeVisible();
  await daily.fill("3");
  await seats.getByLabel("Most one devotee may book for one day").fill("2");
  await seats.getByLabel("Sunday", { exact: true }).fill("5");
  await seats.getByRole("button", { name: "Save seats" }).click();
  await expect(toast(page, "Seats saved.")).toBeVisible();
  await page.reload();
  await expect(page.getByRole("form", { name: "Seats and limit" }).getByLabel("Seats a day", { exact: true })).toHaveValue("3");
  await addAndRemoveDate(page);
  await main(page).getByRole("link", { name: "Back to pujas" }).click();
  await expect(pujaRow(page, name)).toContainText("3 a day (some days differ)");
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the server answers a bad number and a date too far ahead, then the seats and a date's exception are saved", async ({ page }) => {
    const name = await offerPuja(page, "last", false);
    const seats = () => page.getByRole("form", { name: "Seats and limit" });
    await seats().getByLabel("Seats a day", { exact: true }).fill("-1");
    await seats().getByRole("button", { name: "Save seats" }).click();
    await expect(seats().getByText("Enter a whole number from 0 to 100000, or leave it blank for no limit.")).toBeVisible();
    await seats().getByLabel("Seats a day", { exact: true }).fill("4");
    await seats().getByLabel("Sunday", { exact: true }).fill("0");
    await seats().getByRole("button", { name: "Save seats" }).click();
    await expect(toast(page, "Seats saved.")).toBeVisible();
    await expect(seats().getByLabel("Seats a day", { exact: true })).toHaveValue("4");

    const add = page.getByRole("form", { name: "Seats for one date" });
    await add.getByRole("textbox", { name: "Date", exact: true }).fill(daysAhead(400));
    await add.getByLabel("Seats on that date").fill("2");
    await add.getByRole("button", { name: "Save date" }).click();
    await expect(
      page.getByRole("form", { name: "Seats for one date" }).getByText("Choose a date after today, up to a year ahead."),
    ).toBeVisible();
    await addAndRemoveDate(page);
    // On a phone the seven weekdays wrap and nothing scrolls sideways.
    await page.setViewportSize({ width: 360, height: 740 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await main(page).getByRole("link", { name: "Back to pujas" }).click();
    await expect(pujaRow(page, name)).toContainText("4 a day (some days differ)");
  });
});
