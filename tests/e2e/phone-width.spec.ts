/**
 * Nothing is wider than a 360 px phone: every page of each role, with JavaScript on and
 * off (issue 11: "click every control on every page at phone width").
 */
import type { Page } from "@playwright/test";
import { expect, form, main, test } from "./accounts-helpers";

const WIDTH = 360;
const SITE = "/t/sree-krishna-swamy-temple-guruvayur";

const ROLES = {
  visitor: { account: null, pages: ["/", "/temples", "/priests", "/events", "/news", "/services", "/temple-signup", "/jobs", "/login", "/login?form=register", SITE, "/packages", "/page_details?packageId=1", "/policies/privacy-policy"] },
  devotee: { account: ["devotee@sannidhi.example", "Devotee@2026"], pages: ["/account", "/account?tab=transactions&view=completed", "/account?tab=transactions&view=accepted", "/account?tab=favourites", "/cart", SITE] },
  staff: { account: ["staff.guruvayur@sannidhi.example", "Staff@2026"], pages: ["/desk", "", "/bookings", "/dispatch", "/temple", "/pujas", "/donations", "/messages"] },
  operator: { account: ["operator@sannidhi.example", "Operator@2026"], pages: ["/operator", "/operator/temples", "/operator/catalog", "/operator/announcements", "/operator/enquiries/jobs"] },
} as const;

async function signIn(page: Page, [email, password]: readonly [string, string]) {
  await page.goto("/login");
  const signInForm = form(main(page), "Sign in");
  await signInForm.getByLabel("E-mail").fill(email);
  await signInForm.getByLabel("Password").fill(password);
  await signInForm.getByRole("button", { name: "Sign In" }).click();
  await expect(page).not.toHaveURL(/\/login/);
}

for (const javaScriptEnabled of [true, false]) {
  test.describe(`at ${WIDTH} px, JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
    test.use({ viewport: { width: WIDTH, height: 740 }, javaScriptEnabled });

    for (const [role, { account, pages }] of Object.entries(ROLES)) {
      test(`no ${role} page scrolls sideways`, async ({ page }) => {
        test.setTimeout(60_000);
        await page.addInitScript(() => sessionStorage.setItem("sn_announcement_seen", "1"));
        if (account) await signIn(page, account);
        let deskHome = "";
        if (role === "staff") {
          await page.goto("/desk");
          deskHome = (await main(page).locator("a[href^='/desk/']").first().getAttribute("href"))!;
        }
        for (const path of pages) {
          const url = role === "staff" && path !== "/desk" ? `${deskHome}${path}` : path;
          const response = await page.goto(url);
          expect(response?.status(), url).toBeLessThan(400);
          expect(await page.evaluate(() => document.documentElement.scrollWidth), url).toBeLessThanOrEqual(WIDTH);
        }
      });
    }
  });
}
