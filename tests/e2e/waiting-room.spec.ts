/**
 * Issue 25, a fair release, through the screens: temple staff set a release at the desk that
 * opens in a few seconds; a devotee joins its waiting room from the temple's site, sees their
 * place, and when admitted is moved to the booking form, with JavaScript (live updates) and
 * without it (the page refreshes itself).
 */
import type { Page } from "@playwright/test";
import { daysAhead, expect, main, type Role, test, toast, openGuruvayurDesk } from "./bookings-fixtures";

/** An instant as a datetime-local input in India time takes it ("2026-12-01T10:00:05"). */
function indiaLocal(instant: number): string {
  return new Date(instant + 330 * 60_000).toISOString().slice(0, 19);
}

const DEMO_SITE = "/t/ambalappuzha-sree-krishna-swamy-temple";

/** An instant's time of day in India ("10:05"), and a second before it (a cookie's expiry is the pass's rounded up to the second). */
function indiaTime(instant: number): string[] {
  return [instant - 1000, instant].map((at) => new Date(at + 330 * 60_000).toISOString().slice(11, 16));
}

/** "15 Jan 2027", as the site writes a date in English. */
function inWords(day: string): string {
  return new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "short", year: "numeric", timeZone: "UTC" }).format(
    new Date(`${day}T00:00:00Z`),
  );
}

/** Staff at Guruvayur's desk set a fixed release of `day` opening `lead` ms after they fill the form; returns the staff page. */
async function setRelease(pageAs: (role: Role) => Promise<Page>, day: string, lead: number) {
  const staff = await pageAs("staff");
  await openGuruvayurDesk(staff);
  await staff.getByRole("navigation", { name: /desk/i }).getByRole("link", { name: "Releases" }).click();
  const form = staff.getByRole("form", { name: "New release" });
  await form.getByLabel("A range of dates opens at once (fixed release)").check();
  await form.getByLabel("First date").fill(day);
  await form.getByLabel("Last date").fill(day);
  await form.getByLabel("Opens on").fill(indiaLocal(Date.now() + lead));
  await form.getByLabel("Devotees go on in the order they arrive").check();
  await form.getByRole("button", { name: "Save release" }).click();
  await expect(toast(staff, "Release saved.")).toBeVisible();
  return staff;
}

for (const javaScript of [true, false]) {
  test.describe(javaScript ? "with JavaScript" : "without JavaScript", () => {
    test.use({ javaScriptEnabled: javaScript, signedInAs: "devotee" });

    test("the waiting page shows the devotee's place and moves them to the booking form when admitted", async ({ page, pageAs }) => {
      test.setTimeout(150_000);
      const day = daysAhead(javaScript ? 250 : 251);
      // Opening in a little while: long enough to be in the room before it even when staff and
      // devotee pages load slowly on a busy machine, short enough to wait for.
      await setRelease(pageAs, day, 45_000);

      await page.goto("/t/sree-krishna-swamy-temple-guruvayur");
      const notice = main(page)
        .getByRole("listitem")
        .filter({ hasText: `Bookings for ${inWords(day)} – ${inWords(day)}` });
      await expect(notice).toContainText("IST.");
      // Issue 44: the page a devotee arrives at is the room's own, not a React render, with JavaScript or without.
      const arrival = page.waitForResponse(
        (response) => response.url().includes("/wait?release=") && response.request().isNavigationRequest(),
      );
      await notice.getByRole("link", { name: "Join the waiting room" }).click();
      expect((await arrival).headers()["x-answered-by"]).toBe("waiting-room");

      await expect(page.getByRole("heading", { level: 1, name: "Waiting room" })).toBeVisible();
      await expect(main(page).getByText("Your place in the queue: 1")).toBeVisible();
      await expect(main(page).getByText(/Estimated wait: .*\(an estimate; it can change\)/)).toBeVisible();
      await expect(main(page).getByText(/you will go to the booking form/)).toBeVisible();

      // At the opening the first place is admitted: the page moves on by itself, with the pass.
      await expect(page).toHaveURL(/\/t\/sree-krishna-swamy-temple-guruvayur(\?[^#]*)?#book-puja$/, { timeout: 80_000 });
      await expect(page.getByRole("heading", { name: "Book a puja" })).toBeVisible();
      await expect(toast(page, /It is your turn: you have (19|20) minutes to book and check out\./)).toBeVisible();
      const pass = (await page.context().cookies()).find((cookie) => cookie.name === "sn_pass");
      expect(pass?.httpOnly).toBe(true);
      expect(pass?.sameSite).toBe("Strict");

      // Issue 38: let in, the site says until when to book instead of the way in, on a phone and a laptop, in English and Tamil.
      const bookBy = indiaTime(pass!.expires * 1000);
      for (const width of [390, 1366]) {
        await page.setViewportSize({ width, height: 800 });
        await page.goto("/t/sree-krishna-swamy-temple-guruvayur");
        const mine = main(page)
          .getByRole("listitem")
          .filter({ hasText: `Bookings for ${inWords(day)} – ${inWords(day)}` });
        await expect(mine.getByText(new RegExp(`^Your turn: book by (${bookBy.join("|")}) IST\\.$`))).toBeVisible();
        await expect(mine.getByRole("link", { name: "Join the waiting room" })).toHaveCount(0);
        await page.goto("/ta/t/sree-krishna-swamy-temple-guruvayur");
        await expect(main(page).getByText(new RegExp(`^உங்கள் முறை: (${bookBy.join("|")}) IST-க்குள் முன்பதிவு செய்யுங்கள்\\.$`))).toBeVisible();
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      }
    });

    test("before its lobby opens, the waiting room sends the devotee back saying when it opens", async ({ page }) => {
      await page.setViewportSize({ width: 390, height: 800 });
      // The seed's demo release (README: Ambalappuzha's dates open a week after the seed's day at 10:00 IST, its room at 09:30).
      await page.goto(DEMO_SITE);
      const notice = main(page).getByRole("listitem").filter({ hasText: "at 10:00 IST." });
      const opensOn = /open on (.+) at 10:00 IST\./.exec((await notice.textContent()) ?? "")?.[1];
      expect(opensOn).toBeTruthy();
      await page.goto(`${DEMO_SITE}/wait?release=1`);
      await expect(page).toHaveURL(new RegExp(`${DEMO_SITE}$`));
      await expect(toast(page, `The waiting room opens at 09:30 IST on ${opensOn}; bookings open at 10:00 IST.`)).toBeVisible();

      await page.goto(`/hi${DEMO_SITE}/wait?release=1`);
      await expect(page).toHaveURL(new RegExp(`/hi${DEMO_SITE}$`));
      await expect(toast(page, /^प्रतीक्षा कक्ष .+ को 09:30 IST पर खुलेगा; बुकिंग 10:00 IST पर खुलेगी।/)).toBeVisible();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    });
  });
}
