/// <reference lib="dom" />
import { expectAccessible, expect, hydrated, main, test } from "./public-fixtures";

test.describe("temples list", () => {
  test("badges online booking, highlights assisted temples and links cards to the temple's website", async ({ page }) => {
    await page.goto("/temples");
    const cards = main(page).getByRole("article");
    await expect(cards).toHaveCount(24);
    await expect(cards.first().getByText("Online booking available")).toBeVisible();
    const assisted = main(page).locator("article.temple-card--assisted").first();
    await expect(assisted.getByText("Assisted by Sannidhi")).toBeVisible();
    const border = await assisted.evaluate((el) => getComputedStyle(el).borderTopColor);
    expect(border).toBe("rgb(232, 135, 30)");
    // A card leads to the temple's site: on the portal when it takes bookings, else its own website.
    await expect(cards.getByRole("link").first()).toHaveAttribute("href", /^(http:\/\/[a-z0-9.-]+|\/t\/[a-z0-9-]+)$/);
    // Assisted temples come first; the last page has ordinary ones, without the highlight.
    await page.getByRole("navigation", { name: "Pages" }).getByRole("listitem").last().getByRole("link").click();
    const plain = main(page).locator("article:not(.temple-card--assisted)").first();
    await expect(plain).toBeVisible();
    await expect(plain.getByText("Assisted by Sannidhi")).toHaveCount(0);
    expect(await plain.evaluate((el) => getComputedStyle(el).borderTopColor)).not.toBe("rgb(232, 135, 30)");
  });

  test("cuts names at 40 characters (full name in the title) and descriptions at 160", async ({ page }) => {
    let found = false;
    for (let n = 1; n <= 12 && !found; n++) {
      await page.goto(`/temples?page=${n}`);
      const cut = main(page).getByRole("article").getByRole("link").filter({ hasText: /…$/ });
      if ((await cut.count()) === 0) continue;
      found = true;
      const link = cut.first();
      const shown = (await link.innerText()).trim();
      const full = (await link.getAttribute("title"))!;
      expect(full.length).toBeGreaterThan(40);
      expect(Array.from(shown.replace(/…$/, "")).length).toBeLessThanOrEqual(40);
      expect(full.startsWith(shown.replace(/…$/, ""))).toBe(true);
    }
    expect(found, "a temple name longer than 40 characters in the first pages").toBe(true);
    for (const text of await main(page).locator(".card__text").allInnerTexts()) {
      expect(Array.from(text.replace(/…$/, "")).length).toBeLessThanOrEqual(160);
    }
  });

  test("says 'No Temples' when nothing matches, with a way back", async ({ page }) => {
    await page.goto("/temples?key2=Qwzx%20Nowhere");
    await expect(main(page).getByText("No Temples", { exact: true })).toBeVisible();
    await main(page).getByRole("link", { name: "browse all temples" }).click();
    await expect(page).toHaveURL(/\/temples$/);
    await expect(main(page).getByRole("article")).toHaveCount(24);
  });

  test("pages with addresses that can be shared", async ({ page, browser }) => {
    await page.goto("/temples");
    await hydrated(page);
    await page.getByRole("navigation", { name: "Pages" }).getByRole("link", { name: "Next" }).click();
    await expect(page).toHaveURL(/\/temples\?page=2$/);
    await expect(page.getByRole("link", { name: /^Page 2 of/ })).toHaveAttribute("aria-current", "page");
    const firstOnPage2 = await main(page).getByRole("article").first().getByRole("heading").getByRole("link").innerText();
    const other = await browser.newPage();
    await other.goto(page.url());
    await expect(other.getByRole("main").getByRole("article").first().getByRole("heading").getByRole("link")).toHaveText(firstOnPage2);
    await other.close();
  });

  test("narrows by state, then district", async ({ page }) => {
    await page.goto("/temples");
    await hydrated(page);
    const district = main(page).getByLabel("District");
    await expect(district).toBeDisabled();
    await main(page).getByLabel("State").selectOption({ label: "Kerala" });
    await expect(page).toHaveURL(/state=\d+/);
    await expect(district).toBeEnabled();
    await district.selectOption({ label: "Thrissur" });
    await main(page).getByRole("button", { name: "Search" }).click();
    await expect(page).toHaveURL(/district=\d+/);
    // The URL changes before the new results render: wait for them, then read every card.
    await expect(main(page).locator(".card__context").first()).toHaveText("Thrissur, Kerala");
    const places = await main(page).locator(".card__context").allInnerTexts();
    expect(places.length).toBeGreaterThan(0);
    for (const place of places) expect(place).toBe("Thrissur, Kerala");
  });

  test("reads key1/key2 from the old list address", async ({ page }) => {
    await page.goto("/list/deity/Shiva");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Shiva Temples");
    await expect(main(page).getByRole("article").first()).toBeVisible();
    await page.goto("/temples?key1=puja&key2=No%20Such%20Puja");
    await expect(main(page).getByText("No Temples", { exact: true })).toBeVisible();
  });

  test("is accessible", async ({ page }) => {
    await page.goto("/temples");
    await hydrated(page);
    await expectAccessible(page);
    await page.goto("/temples?key2=Qwzx");
    await expectAccessible(page);
  });
});

test.describe("on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test("home: one deity, then seven; nothing wider than the screen; the menu opens and closes", async ({ page }) => {
    await page.goto("/");
    await hydrated(page);
    const carousel = page.locator('[aria-roledescription="carousel"][aria-label="Temples by deity"]').filter({ visible: true });
    await expect(carousel.getByRole("group").nth(0).getByRole("link")).toHaveCount(1);
    await expect(carousel.getByRole("group").nth(1).getByRole("link")).toHaveCount(7);
    await carousel.locator(".carousel__track").evaluate((track) => track.scrollTo({ left: track.clientWidth, behavior: "instant" }));
    await expect(carousel.getByText("2 / 2")).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    const menu = page.getByRole("banner").locator("summary", { hasText: "Menu" });
    await menu.click();
    const nav = page.getByRole("navigation", { name: "Main" });
    await expect(nav.getByRole("link", { name: "Priests" })).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(nav).toBeHidden();
    await expect(menu).toBeFocused();
    await menu.press("Enter");
    await nav.getByRole("link", { name: "Temples" }).click();
    await expect(page).toHaveURL(/\/temples$/);
    await expect(page.getByRole("navigation", { name: "Main" })).toBeHidden();
    await expectAccessible(page, "home on a phone");
  });

  test("temples: one card per row, search still works", async ({ page }) => {
    await page.goto("/temples");
    await hydrated(page);
    const cards = main(page).getByRole("article");
    const [a, b] = [await cards.nth(0).boundingBox(), await cards.nth(1).boundingBox()];
    expect(b!.y).toBeGreaterThan(a!.y + a!.height - 1);
    expect(a!.width).toBeGreaterThan(300);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    const box = page.getByRole("combobox", { name: "Temple, deity or puja" });
    await box.pressSequentially("shiv");
    await page.getByRole("option", { name: /^Shiva Temples/ }).tap();
    await page.waitForURL(/\/temples\/deity\/Shiva%20Temples\/\d+/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Shiva Temples");
    await expectAccessible(page, "temples on a phone");
  });
});
