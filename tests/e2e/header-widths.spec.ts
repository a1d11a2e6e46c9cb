/**
 * The signed-in header at phone and laptop widths (issue 11 #4): nothing scrolls
 * sideways, Sign Out and the brand are whole, a long name never wraps the navigation.
 */
import type { Page } from "@playwright/test";
import { newUser, signUpOnPage } from "./accounts-helpers";
import { expect, type Role, test } from "./fixtures";

const WIDTHS = [320, 360, 390, 412, 1366];
const LONG_NAME = "Venkatasubramanian Ramakrishna";

async function checkHeader(page: Page, width: number) {
  await page.setViewportSize({ width, height: 760 });
  // The announcement pops up once per visit: mark it seen, it is not what this test reads.
  await page.evaluate(() => sessionStorage.setItem("sn_announcement_seen", "1"));
  await page.goto("/services");
  await expect(page.locator("html[data-hydrated]")).toHaveCount(1);
  const banner = page.getByRole("banner");
  expect(await page.evaluate(() => document.documentElement.scrollWidth), "page width").toBeLessThanOrEqual(width);
  const signOut = banner.getByRole("button", { name: "Sign Out" });
  await expect(signOut).toBeInViewport({ ratio: 1 });
  const brand = banner.getByRole("link", { name: "Sannidhi home" });
  await expect(brand).toBeInViewport({ ratio: 1 });
  if (width >= 360) {
    // The word is whole, not clipped ("Sannidl").
    const word = brand.getByText("Sannidhi");
    await expect(word).toBeVisible();
    expect(await word.evaluate((el) => el.scrollWidth <= el.clientWidth + 1)).toBe(true);
  }
  if (width >= 960) {
    const nav = banner.getByRole("navigation", { name: "Main" }).locator("ul").first();
    const box = await nav.boundingBox();
    expect(box!.height, "navigation on one line").toBeLessThan(60);
  }
}

test("a devotee with a long full name", async ({ page }) => {
  const user = { ...newUser("longname"), name: LONG_NAME, firstName: LONG_NAME };
  await signUpOnPage(page, user);
  for (const width of WIDTHS) await checkHeader(page, width);
});

for (const who of [
  { role: "temple staff", account: "staff", home: "Temple desk" },
  { role: "an operator", account: "operator", home: "Operator console" },
] as { role: string; account: Role; home: string }[]) {
  test.describe(who.role, () => {
    test.use({ signedInAs: who.account });

    test(`${who.role}, whose desk stays one tap away`, async ({ page }) => {
      await page.goto("/");
      await expect(page.getByRole("button", { name: "Sign Out" })).toBeVisible();
      for (const width of WIDTHS) {
        await checkHeader(page, width);
        const banner = page.getByRole("banner");
        if (width < 960) {
          await banner.getByLabel("Menu").click();
          await expect(banner.getByRole("link", { name: new RegExp(who.home, "i") })).toBeVisible();
          await banner.getByLabel("Menu").click();
        } else {
          await expect(banner.getByRole("link", { name: new RegExp(who.home, "i") })).toBeVisible();
        }
      }
    });
  });
}

/**
 * Issue 38: every header control fits, for every role in every language, at the phone widths
 * and a laptop's (Malayalam's desk header ran off a 1366 px screen; Tamil's Sign In broke
 * mid-word at 390 px), with JavaScript and without it. A control fits when its box lies in the
 * viewport, nothing in it is cut (scrollWidth), and no word of it is split across two lines
 * (each word's rectangles lie on one line: wrapping between words is fine).
 */
const FIT_WIDTHS = [360, 390, 1366];
const FIT_LANGUAGES = ["", "/hi", "/ta", "/ml", "/te", "/kn"];
const HOME_OF: Record<Role | "visitor", string> = { visitor: "/", devotee: "/", staff: "/desk", operator: "/operator" };

/** What does not fit in the header at `width`, as sentences ("Sign In: outside the screen …"). */
function headerMisfits(page: Page, width: number): Promise<string[]> {
  return page.getByRole("banner").evaluate((banner, width) => {
    const misfits: string[] = [];
    const shown = (box: DOMRect) => box.width > 1 && box.height > 1;
    for (const control of banner.querySelectorAll<HTMLElement>("a, button, summary")) {
      const box = control.getBoundingClientRect();
      // Not drawn: display none, or inside a closed menu (a <details> skips its content's layout).
      if (!control.checkVisibility({ visibilityProperty: true }) || !shown(box)) continue;
      const name = (control.textContent || control.getAttribute("aria-label") || "").replace(/\s+/g, " ").trim();
      if (box.left < -0.5 || box.right > width + 0.5) misfits.push(`${name}: outside the screen (${box.left}–${box.right})`);
      if (control.clientWidth > 0 && control.scrollWidth > control.clientWidth + 1) misfits.push(`${name}: cut`);
      const texts = document.createTreeWalker(control, NodeFilter.SHOW_TEXT);
      for (let node = texts.nextNode(); node; node = texts.nextNode()) {
        // Text read only by screen readers (a 1 px box) is not on the screen.
        if (!node.parentElement || !shown(node.parentElement.getBoundingClientRect())) continue;
        for (const word of (node.textContent ?? "").matchAll(/\S+/g)) {
          const range = document.createRange();
          range.setStart(node, word.index);
          range.setEnd(node, word.index + word[0].length);
          const rects = [...range.getClientRects()].filter(shown);
          if (rects.some((rect) => rect.top >= rects[0]!.bottom - 2)) misfits.push(`${name}: "${word[0]}" is broken across lines`);
        }
      }
    }
    return misfits;
  }, width);
}

for (const javaScript of [true, false]) {
  for (const role of ["visitor", "devotee", "staff", "operator"] as const) {
    test.describe(`${javaScript ? "with" : "without"} JavaScript`, () => {
      test.use({ javaScriptEnabled: javaScript, signedInAs: role === "visitor" ? null : role });

      test(`the header fits for ${role === "visitor" ? "a visitor" : `the ${role}`} in every language at 360, 390 and 1366 px`, async ({
        page,
      }) => {
        test.setTimeout(120_000);
        const misfits: string[] = [];
        for (const language of FIT_LANGUAGES) {
          await page.setViewportSize({ width: FIT_WIDTHS[0]!, height: 760 });
          await page.goto(`${language}${HOME_OF[role]}`);
          if (javaScript) await expect(page.locator("html[data-hydrated]")).toHaveCount(1);
          for (const width of FIT_WIDTHS) {
            await page.setViewportSize({ width, height: 760 });
            const banner = page.getByRole("banner");
            // Sign Out is on the bar at every width, and the desk or console from 960 px (below, in the menu).
            if (role !== "visitor") await expect(banner.locator(".account-menu__signout button")).toBeVisible();
            if ((role === "staff" || role === "operator") && width >= 960)
              await expect(banner.locator(".account-menu__staff")).toBeVisible();
            for (const misfit of await headerMisfits(page, width)) misfits.push(`${language || "/en"} at ${width} px: ${misfit}`);
            const pageWidth = await page.evaluate(() => document.documentElement.scrollWidth);
            if (pageWidth > width) misfits.push(`${language || "/en"} at ${width} px: the page is ${pageWidth} px wide`);
          }
        }
        expect(misfits).toEqual([]);
      });
    });
  }
}
