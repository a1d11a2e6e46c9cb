/**
 * Issue 42, the sankalpa: on a 390 px phone a devotee saves a family member (name, relation,
 * star, gotra, in Malayalam) in their account, books a puja for them by choosing them in the
 * booking form, and pays; the temple's desk sees the gotra beside name and star on the day
 * sheet. With JavaScript (the form fills itself) and without (the server fills it).
 */
import {
  daysAhead,
  expect,
  hydrated,
  main,
  openEveryDayPuja,
  payOnGateway,
  signUp,
  test,
  toast,
  openGuruvayurDesk,
} from "./bookings-fixtures";

const PHONE = { width: 390, height: 844 };
const SITE = "/t/sree-krishna-swamy-temple-guruvayur";

for (const javaScriptEnabled of [true, false]) {
  test.describe(`at ${PHONE.width} px, JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
    test.use({ viewport: PHONE, javaScriptEnabled });

    test("a devotee adds a family member, books for them, and the desk's day sheet shows the gotra", async ({ page, pageAs }) => {
      test.setTimeout(150_000);
      const stamp = crypto.randomUUID().slice(0, 4).replace(/\d/g, "x");
      const person = { name: `ലക്ഷ്മി ${stamp}`, relation: "അമ്മ", gotra: `കാശ്യപ ${stamp}` };
      const day = daysAhead(javaScriptEnabled ? 27 : 28);
      await signUp(page);

      await page.goto("/account?tab=family");
      if (javaScriptEnabled) await hydrated(page);
      const add = page.getByRole("form", { name: "Add a person" });
      await add.getByLabel("Name", { exact: true }).fill(person.name);
      await add.getByLabel("Relation").fill(person.relation);
      await add.getByLabel("Star (nakshatra)").selectOption({ label: "Rohini" });
      await add.getByLabel("Gotra").fill(person.gotra);
      await add.getByRole("button", { name: "Add person" }).click();
      await expect(toast(page, "The person has been saved.")).toBeVisible();
      await expect(main(page).locator(".family__list")).toContainText(person.gotra);

      await page.goto(SITE);
      if (javaScriptEnabled) await hydrated(page);
      const form = await openEveryDayPuja(page, { everyDay: "Every day", onRequest: "On request", form: "Book a puja" });
      if (javaScriptEnabled) await hydrated(page);
      await form.getByLabel("Devotee 1: someone you saved").selectOption({ label: `${person.name} (${person.relation})` });
      if (javaScriptEnabled) {
        // Choosing fills the devotee's name, star and gotra at once.
        await expect(form.getByLabel("Devotee 1 name")).toHaveValue(person.name);
        await expect(form.getByLabel("Devotee 1 gotra (optional)")).toHaveValue(person.gotra);
      }
      const date = form.getByLabel("Date 1");
      await date.fill(day);
      await expect(date).toHaveValue(day);
      await form.getByRole("button", { name: "Add to cart" }).click();
      await expect(page).toHaveURL(/\?added=puja#book-puja$/);
      await page.goto("/cart");
      await expect(main(page)).toContainText(person.name);
      await page.getByRole("button", { name: "Proceed to payment" }).click();
      await payOnGateway(page, { javaScript: javaScriptEnabled });
      await expect(page.getByRole("heading", { name: "Thank you, your booking is confirmed" })).toBeVisible();
      expect(await page.evaluate(() => document.documentElement.scrollWidth), "page width").toBeLessThanOrEqual(PHONE.width);

      const staff = await pageAs("staff");
      await staff.setViewportSize({ width: 1366, height: 900 });
      await openGuruvayurDesk(staff);
      await expect(staff).toHaveURL(/\/desk\/\d+/);
      const deskPath = /\/desk\/\d+/.exec(new URL(staff.url()).pathname)![0];
      await staff.goto(`${deskPath}/bookings?date=${day}`);
      const row = main(staff).getByRole("row").filter({ hasText: person.name });
      await expect(row).toContainText("Rohini");
      await expect(row).toContainText(person.gotra);
      await expect(main(staff).getByRole("columnheader", { name: "Gotra" }).first()).toBeVisible();
    });
  });
}
