/// <reference lib="dom" />
import { expectAccessible, expect, hydrated, test } from "./public-fixtures";

test.describe("home search", () => {
  test("typing offers temples, deities and pujas; picking one opens the list after 500 ms", async ({ page }) => {
    await page.goto("/");
    await hydrated(page);
    const box = page.getByRole("combobox", { name: "Search temples, deities or pujas" });
    await box.pressSequentially("krish");
    const listbox = page.getByRole("listbox", { name: "Search temples, deities or pujas" });
    await expect(listbox).toBeVisible();
    await expect(box).toHaveAttribute("aria-expanded", "true");
    await expect(listbox.getByRole("option", { name: /^Krishna Temples/ })).toBeVisible();
    // A temple names where it is (temples of the same name are told apart).
    await expect(listbox.getByRole("option", { name: /Temple · [^,]+, [^,]+$/ }).first()).toBeVisible();
    const chosenAt = Date.now();
    await listbox.getByRole("option", { name: /^Krishna Temples/ }).click();
    await expect(box).toHaveValue("Krishna Temples");
    await expect(listbox).toBeHidden();
    expect(new URL(page.url()).pathname).toBe("/");
    await page.waitForURL(/\/temples\/deity\/Krishna%20Temples\/\d+$/);
    expect(Date.now() - chosenAt).toBeGreaterThanOrEqual(450);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Krishna Temples");
    await expect(page.getByRole("article").first()).toBeVisible();
  });

  test("arrow keys and Enter pick a suggestion; Escape closes the list", async ({ page }) => {
    await page.goto("/");
    await hydrated(page);
    const box = page.getByRole("combobox", { name: "Search temples, deities or pujas" });
    await box.pressSequentially("guruvayur");
    const first = page.getByRole("option").first();
    await expect(first).toBeVisible();
    // No twins: each temple once, under the name its card shows, its other name beside it (issue 30).
    const options = await page.getByRole("option").allInnerTexts();
    expect(new Set(options).size).toBe(options.length);
    await expect(
      page.getByRole("option", {
        name: /^Guruvayur Sree Krishna Temple\s*Verified\s*Sree Krishna Swamy Temple, Guruvayur\s*Temple · Thrissur, Kerala$/,
      }),
    ).toHaveCount(1);
    await box.press("Escape");
    await expect(page.getByRole("listbox")).toBeHidden();
    await box.press("ArrowDown");
    await expect(first).toBeVisible();
    await box.press("ArrowDown");
    await expect(first).toHaveAttribute("aria-selected", "true");
    await expect(box).toHaveAttribute("aria-activedescendant", (await first.getAttribute("id"))!);
    // The card shows the temple's name (spec: TempleName, cut at 40): the suggestion's second line where it has one.
    const detail = first.locator(".combobox__detail");
    const name = ((await detail.count()) ? await detail.innerText() : await first.locator(".combobox__label").innerText()).trim();
    await box.press("Enter");
    await page.waitForURL(/\/temples\/temple\/.+\/\d+$/);
    await expect(page.getByRole("article")).toHaveCount(1);
    await expect(page.getByRole("article").getByRole("heading").getByRole("link")).toContainText(name.slice(0, 30));
  });

  test("Enter without a suggestion searches the typed text", async ({ page }) => {
    await page.goto("/");
    await hydrated(page);
    const box = page.getByRole("combobox", { name: "Search temples, deities or pujas" });
    await box.fill("Sabarimala");
    await box.press("Enter");
    await page.waitForURL(/\/temples\?key2=Sabarimala/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Temples: Sabarimala");
    await expect(page.getByRole("article").first()).toContainText("Sabarimala");
  });
});

test.describe("home carousels and panels", () => {
  test("shows up to 8 deities, 4 per slide, with buttons that never move by themselves", async ({ page }) => {
    await page.goto("/");
    await hydrated(page);
    const carousel = page.locator('[aria-roledescription="carousel"][aria-label="Temples by deity"]').filter({ visible: true });
    await expect(carousel).toHaveCount(1);
    const slides = carousel.getByRole("group");
    await expect(slides).toHaveCount(2);
    await expect(slides.nth(0).getByRole("link")).toHaveCount(4);
    await expect(slides.nth(1).getByRole("link")).toHaveCount(4);
    await expect(slides.nth(0).getByRole("link").first()).toHaveText(/ Temples$/);
    await expect(slides.nth(1).getByRole("link").first()).not.toBeInViewport();
    await carousel.getByRole("button", { name: "Next slide" }).click();
    await expect(slides.nth(1).getByRole("link").first()).toBeInViewport();
    await expect(carousel.getByText("2 / 2")).toBeVisible();
    await expect(carousel.getByRole("button", { name: "Next slide" })).toBeDisabled();
    await carousel.getByRole("button", { name: "Previous slide" }).click();
    await expect(slides.nth(0).getByRole("link").first()).toBeInViewport();
  });

  test("keyboard focus brings a later slide into view", async ({ page }) => {
    await page.goto("/");
    await hydrated(page);
    const carousel = page.locator('[aria-roledescription="carousel"][aria-label="Temples by deity"]').filter({ visible: true });
    const fifth = carousel.getByRole("group").nth(1).getByRole("link").first();
    await carousel.getByRole("group").nth(0).getByRole("link").last().focus();
    await page.keyboard.press("Tab");
    await expect(fifth).toBeFocused();
    await expect(fifth).toBeInViewport();
    await expect(carousel.getByText("2 / 2")).toBeVisible();
  });

  test("puja packages: 4 per slide, cards lead to the packages site", async ({ page }) => {
    await page.goto("/");
    const carousel = page.locator('[aria-roledescription="carousel"][aria-label="Puja packages"]');
    const links = carousel.getByRole("link");
    const total = await links.count();
    expect(total).toBeGreaterThanOrEqual(4);
    expect(total).toBeLessThanOrEqual(8);
    await expect(carousel.getByRole("group").first().getByRole("link")).toHaveCount(4);
    await expect(links.first()).toHaveAttribute("href", /^http:\/\/packages\.localhost:\d+\/page_details\?packageId=\d+$/);
  });

  test("the temple website card, services and knowledge panels", async ({ page }) => {
    await page.goto("/");
    await hydrated(page);
    await expect(page.getByRole("heading", { name: "Get a website for your Temple" })).toBeVisible();
    const knowledge = page.getByRole("region", { name: "Knowledge" });
    await knowledge.getByText("Why is my birth star asked for?").click();
    await expect(knowledge.getByText(/nakshatra during the sankalpam/)).toBeVisible();
    const services = page.getByRole("region", { name: "Services for temples" });
    await services.getByText("Mobile app", { exact: true }).click();
    await services.getByRole("link", { name: "More about mobile app" }).click();
    await expect(page).toHaveURL(/\/services#mobile-app$/);
    await page.goto("/");
    await page.getByRole("link", { name: "Register your temple" }).click();
    await expect(page).toHaveURL(/\/temple-signup$/);
  });
});

test.describe("header", () => {
  test("takes its scrolled style past 150 px", async ({ page }) => {
    await page.goto("/");
    await hydrated(page);
    const header = page.getByRole("banner");
    await expect(header).not.toHaveClass(/site-header--scrolled/);
    await page.evaluate(() => window.scrollTo(0, 140));
    await expect(header).not.toHaveClass(/site-header--scrolled/);
    await page.evaluate(() => window.scrollTo(0, 400));
    await expect(header).toHaveClass(/site-header--scrolled/);
    await page.evaluate(() => window.scrollTo(0, 0));
    await expect(header).not.toHaveClass(/site-header--scrolled/);
  });

  test("has Temples and Join us links, Sign In / Sign Up and the app badges", async ({ page }) => {
    await page.goto("/");
    const nav = page.getByRole("navigation", { name: "Main" });
    await nav.getByRole("link", { name: "Join us" }).click();
    await expect(page).toHaveURL(/\/temple-signup$/);
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Temples" }).click();
    await expect(page).toHaveURL(/\/temples$/);
    await expect(page.getByRole("banner").getByText("Sign In", { exact: true }).filter({ visible: true })).toHaveCount(1);
    await expect(page.getByRole("banner").getByText("Sign Up", { exact: true }).filter({ visible: true })).toHaveCount(1);
    await expect(page.getByRole("img", { name: /Google Play/ }).first()).toBeAttached();
    await expect(page.getByRole("img", { name: /App Store/ }).first()).toBeAttached();
  });

  test("home is accessible", async ({ page }) => {
    await page.goto("/");
    await hydrated(page);
    await expectAccessible(page);
  });
});
