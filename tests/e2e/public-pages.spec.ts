/// <reference lib="dom" />
import { expectAccessible, expect, hydrated, main, test } from "./public-fixtures";

const POLICIES = ["Terms and Conditions", "Disclaimer", "Privacy Policy", "Cancellation & Refund Policy", "Cookie Policy"];

test.describe("policy modals", () => {
  test("each footer policy opens in a modal of at most 800 px with its full text", async ({ page }) => {
    await page.goto("/services");
    await hydrated(page);
    const footer = page.getByRole("contentinfo");
    for (const title of POLICIES) {
      await footer.getByRole("link", { name: title, exact: true }).click();
      const dialog = page.getByRole("dialog", { name: title });
      await expect(dialog).toBeVisible();
      await expect(dialog.locator(".policy-text")).toBeVisible();
      const box = await dialog.boundingBox();
      expect(box!.width).toBeLessThanOrEqual(800);
      await expect(dialog.getByRole("heading", { name: title })).toBeFocused();
      await page.keyboard.press("Escape");
      await expect(dialog).toBeHidden();
      await expect(footer.getByRole("link", { name: title, exact: true })).toBeFocused();
    }
  });

  test("keeps focus inside, closes on the backdrop and the close button, and states the spec's facts", async ({ page }) => {
    await page.goto("/");
    await hydrated(page);
    const link = page.getByRole("contentinfo").getByRole("link", { name: "Privacy Policy" });
    await link.click();
    const dialog = page.getByRole("dialog", { name: "Privacy Policy" });
    await expect(dialog.getByText("Last updated: December 2018")).toBeVisible();
    await expect(dialog.getByText(/about ten days/)).toBeVisible();
    for (let i = 0; i < 4; i++) {
      await page.keyboard.press(i === 3 ? "Shift+Tab" : "Tab");
      expect(await dialog.evaluate((el) => el.contains(document.activeElement))).toBe(true);
    }
    await expectAccessible(page, "privacy policy modal");
    await page.mouse.click(5, 5);
    await expect(dialog).toBeHidden();
    await expect(link).toBeFocused();
    await page.getByRole("contentinfo").getByRole("link", { name: "Cancellation & Refund Policy" }).click();
    const refunds = page.getByRole("dialog", { name: "Cancellation & Refund Policy" });
    await expect(refunds.getByText(/4-5 working days/)).toBeVisible();
    await refunds.getByRole("button", { name: "Close" }).click();
    await expect(refunds).toBeHidden();
  });
});

test.describe("announcement", () => {
  test.use({ showAnnouncement: true });

  test("pops up once per visit with header, body, image and a 'Click Here' link", async ({ page, context }) => {
    await page.goto("/");
    const dialog = page.getByRole("dialog");
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole("heading")).not.toBeEmpty();
    await expect(dialog.locator("img")).toBeVisible();
    await expect(dialog.getByRole("link", { name: "Click Here" })).toHaveAttribute("href", /\/temples\?/);
    // The spec's visible text, named for where it leads (the announcement's header).
    await expect(dialog.getByRole("link", { name: "Click Here" })).toHaveAccessibleName(
      `Click Here about ${await dialog.getByRole("heading").innerText()}`,
    );
    await expectAccessible(page, "announcement");
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Events" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Events");
    await page.reload();
    await hydrated(page);
    await expect(page.getByRole("dialog")).toBeHidden();
    const next = await context.browser()!.newContext();
    const fresh = await next.newPage();
    await fresh.goto("/temples");
    await expect(fresh.getByRole("dialog")).toBeVisible();
    await fresh.getByRole("dialog").getByRole("link", { name: "Click Here" }).click();
    await expect(fresh).toHaveURL(/\/temples\?key1=/);
    await next.close();
  });
});

test.describe("events and news", () => {
  test("long text is cut at 790 characters with a More/Less toggle", async ({ page }) => {
    await page.goto("/events");
    await hydrated(page);
    const more = main(page)
      .getByRole("button", { name: /^More about/ })
      .first();
    const textId = (await more.getAttribute("aria-controls"))!;
    const body = page.locator(`[id="${textId}"]`);
    const toggle = page.locator(`button[aria-controls="${textId}"]`);
    const cut = await body.innerText();
    expect(cut.endsWith("…")).toBe(true);
    expect(Array.from(cut).length).toBeLessThanOrEqual(791);
    await expect(toggle).toHaveAttribute("aria-expanded", "false");
    await toggle.click();
    await expect(toggle).toHaveAttribute("aria-expanded", "true");
    await expect(toggle).toHaveText(/^Less/);
    expect(Array.from(await body.innerText()).length).toBeGreaterThan(790);
    const less = toggle;
    await less.click();
    await expect(body).toHaveText(cut);
  });

  test.describe("without JavaScript", () => {
    test.use({ javaScriptEnabled: false });

    test("More and Less are links to the page with the text open or cut", async ({ page }) => {
      await page.goto("/news");
      const more = main(page)
        .getByRole("link", { name: /^More about/ })
        .first();
      await more.click();
      await expect(page).toHaveURL(/\/news\?more=\d+#message-\d+$/);
      const less = main(page).getByRole("link", { name: /^Less about/ });
      await expect(less).toHaveCount(1);
      const open = main(page)
        .locator(".message")
        .filter({ has: page.getByRole("link", { name: /^Less about/ }) })
        .locator(".message__body");
      expect(Array.from(await open.innerText()).length).toBeGreaterThan(790);
      await less.click();
      await expect(main(page).getByRole("link", { name: /^Less about/ })).toHaveCount(0);
    });

    test("policies open as pages, and the mobile menu still opens", async ({ page }) => {
      await page.setViewportSize({ width: 390, height: 844 });
      await page.goto("/");
      await page.getByRole("contentinfo").getByRole("link", { name: "Cookie Policy" }).click();
      await expect(page).toHaveURL(/\/policies\/cookie-policy$/);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Cookie Policy");
      await page.getByRole("banner").locator("summary", { hasText: "Menu" }).click();
      await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Priests" }).click();
      await expect(page).toHaveURL(/\/priests$/);
    });
  });
});

test("any other path shows the not-found screen with status 404", async ({ page }) => {
  const response = await page.goto("/temple/does-not-exist");
  expect(response?.status()).toBe(404);
  await expect(page).toHaveTitle("Page not found | Sannidhi");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Page not found");
  await expectAccessible(page, "404");
  await page.getByRole("link", { name: "Go to the home page" }).click();
  await expect(page).toHaveURL(/\/$/);
});

test("services: the five offerings and Register Here", async ({ page }) => {
  await page.goto("/services");
  for (const offering of ["Full website", "Mobile app", "Booking only", "Listing", "Custom website"]) {
    await expect(main(page).getByRole("heading", { name: offering, level: 2 })).toBeVisible();
  }
  await main(page).getByRole("link", { name: "Register Here" }).click();
  await expect(page).toHaveURL(/\/temple-signup$/);
});

for (const path of ["/services", "/events", "/news", "/temple-signup", "/jobs", "/policies/terms-and-conditions", "/list"]) {
  test(`${path} is accessible on desktop and phone`, async ({ page }) => {
    await page.goto(path);
    await hydrated(page);
    await expectAccessible(page, path);
    await page.setViewportSize({ width: 390, height: 844 });
    await expectAccessible(page, `${path} on a phone`);
  });
}
