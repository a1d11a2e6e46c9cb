/**
 * Nothing is wider than a 360 px phone: every page of each role, with JavaScript on and
 * off (issue 11: "click every control on every page at phone width"), in English and in the
 * other languages, whose words run longer. And no button hides in a table that scrolls
 * sideways (issue 30: "Add To Cart" sat 240 px off-screen): on a phone a booking table's
 * rows are stacked, each a card with its buttons in view.
 */
import { expect, expectTableControlsInView, main, type Role, test } from "./fixtures";

const WIDTH = 360;
const SITE = "/t/sree-krishna-swamy-temple-guruvayur";

/** The trust and open-books pages, whose figures and captions run longest (issue 38: 542 px in Tamil). */
const TRUST_PAGES = ["/verified", `${SITE}/verified`, `${SITE}/donations`, "/verify"];
const LANGUAGES = ["", "/hi", "/ta", "/ml", "/te", "/kn"];

const ROLES = {
  visitor: {
    signedInAs: null,
    pages: [
      "/",
      "/temples",
      "/priests",
      "/events",
      "/news",
      "/services",
      "/temple-signup",
      "/jobs",
      "/login",
      "/login?form=register",
      SITE,
      "/packages",
      "/page_details?packageId=1",
      "/policies/privacy-policy",
      "/ml",
      "/ml/temples",
      `/ta${SITE}`,
      "/kn/priests",
      "/te/services",
      ...LANGUAGES.flatMap((prefix) => TRUST_PAGES.map((path) => `${prefix}${path}`)),
    ],
  },
  devotee: {
    signedInAs: "devotee",
    pages: [
      "/account",
      "/account?tab=transactions&view=completed",
      "/account?tab=transactions&view=accepted",
      "/account?tab=transactions&view=payments",
      "/account?tab=favourites",
      "/account?tab=notifications",
      "/ta/account?tab=notifications",
      "/cart",
      SITE,
      "/ml/account",
      "/hi/cart",
    ],
  },
  staff: {
    signedInAs: "staff",
    pages: ["/desk", "", "/bookings", "/dispatch", "/temple", "/pujas", "/donations", "/settlement", "/messages", "/alerts", "/languages"],
  },
  operator: {
    signedInAs: "operator",
    pages: [
      "/operator",
      "/operator/temples",
      "/operator/ledger",
      "/operator/refunds",
      "/operator/catalog",
      "/operator/announcements",
      "/operator/enquiries/jobs",
      "/operator/languages",
      "/operator/languages?kind=puja&id=1",
      "/ml/operator/catalog",
      "/operator/messages",
      "/operator/messages?q=devotee%40sannidhi.example",
      "/ta/operator/messages",
    ],
  },
} as const;

for (const javaScriptEnabled of [true, false]) {
  test.describe(`at ${WIDTH} px, JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
    test.use({ viewport: { width: WIDTH, height: 740 }, javaScriptEnabled });

    test.describe("the booking tables", () => {
      test.use({ signedInAs: "devotee" });

      test("every button of every booking table is inside the screen", async ({ page }) => {
        for (const path of [
          SITE,
          "/page_details?packageId=1",
          "/account?tab=transactions&view=completed",
          "/account?tab=transactions&view=accepted",
          `/hi${SITE}`,
          "/ml/account?tab=transactions&view=completed",
          "/hi/account?tab=transactions&view=accepted",
        ]) {
          await page.goto(path);
          const bookings = main(page).locator("details.booking-item > summary");
          for (let n = 0; n < Math.min(await bookings.count(), 3); n++) await bookings.nth(n).click();
          expect(await main(page).locator("table").count(), path).toBeGreaterThan(0);
          await expectTableControlsInView(main(page), path);
        }
      });
    });

    for (const [role, { signedInAs, pages }] of Object.entries(ROLES) as [
      string,
      { signedInAs: Role | null; pages: readonly string[] },
    ][]) {
      test.describe(role, () => {
        test.use({ signedInAs });

        test(`no ${role} page scrolls sideways`, async ({ page }) => {
          test.setTimeout(120_000);
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
      });
    }
  });
}
