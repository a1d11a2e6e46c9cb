import { expect, hydrated, main, test } from "./public-fixtures";

/**
 * Issue 14: a devotee chooses their language with the switch in the header or footer, with
 * or without JavaScript; the page comes back in that language at its own address, the
 * choice is remembered, and English is one click away.
 */
const banner = (page: import("@playwright/test").Page) => page.getByRole("banner");

async function choose(page: import("@playwright/test").Page, where: "banner" | "contentinfo", language: string) {
  const region = page.getByRole(where);
  // The header's own switch on a wide screen (the mobile menu holds another, hidden here).
  await region.locator(".language-switch > summary").filter({ visible: true }).click();
  await region.getByRole("button", { name: language, exact: true }).click();
}

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the header's switch turns the temples list into Malayalam and back, and the choice is kept", async ({ page }) => {
    await page.goto("/temples?key1=deity&key2=Krishna");
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
    await choose(page, "banner", "മലയാളം");
    await expect(page).toHaveURL(/\/ml\/temples\?key1=deity&key2=Krishna$/);
    await expect(page.locator("html")).toHaveAttribute("lang", "ml");
    await expect(banner(page).locator(".language-switch > summary").filter({ visible: true })).toContainText("മലയാളം");
    // The header's and footer's words are Malayalam, and their links stay in Malayalam.
    await expect(banner(page).getByRole("link", { name: "ക്ഷേത്രങ്ങൾ" }).filter({ visible: true })).toHaveAttribute("href", "/ml/temples");
    await expect(page.getByRole("contentinfo").getByRole("heading", { name: "കണ്ടെത്തൂ" })).toBeVisible();

    // An address without a language now opens in the chosen one.
    await page.goto("/priests");
    await expect(page).toHaveURL(/\/ml\/priests$/);
    await expect(page.locator("html")).toHaveAttribute("lang", "ml");

    // Links stay in the chosen language.
    await banner(page)
      .getByRole("link", { name: /Sannidhi/ })
      .first()
      .click();
    await expect(page).toHaveURL(/\/ml$/);

    await choose(page, "contentinfo", "English");
    await expect(page).toHaveURL(/\/$/);
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
    await page.goto("/priests");
    await expect(page).toHaveURL(/\/priests$/);
  });
});

test("with JavaScript the switch keeps the page's place and every later navigation in Hindi", async ({ page }) => {
  await page.goto("/events");
  await hydrated(page);
  await choose(page, "banner", "हिन्दी");
  await expect(page).toHaveURL(/\/hi\/events$/);
  await expect(page.locator("html")).toHaveAttribute("lang", "hi");
  await expect(main(page)).toBeVisible();
  const cookies = await page.context().cookies();
  expect(cookies.find((c) => c.name === "lang")).toMatchObject({ value: "hi", httpOnly: true, sameSite: "Lax" });
});

test.describe("a browser that asks for Tamil", () => {
  test.use({ locale: "ta-IN" });

  test("opens the portal in Tamil, and offers English in the switch", async ({ page }) => {
    await page.goto("/");
    await expect(page).toHaveURL(/\/ta$/);
    await expect(page.locator("html")).toHaveAttribute("lang", "ta");
    const hreflang = await page.locator('link[rel="alternate"]').evaluateAll((links) => links.map((l) => l.getAttribute("hreflang")));
    expect(hreflang).toEqual(["en", "hi", "ta", "ml", "te", "kn", "x-default"]);
    await choose(page, "banner", "English");
    await expect(page).toHaveURL(/\/$/);
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
  });
});

test("a Malayalam page hydrates with Malayalam messages and keeps them through client-side navigation", async ({ page }) => {
  const jsRequests: string[] = [];
  page.on("request", (request) => {
    if (request.url().endsWith(".js")) jsRequests.push(new URL(request.url()).pathname);
  });
  await page.goto("/ml/temples");
  await hydrated(page);
  const skip = page.locator("a.skip-link");
  await expect(skip).toHaveText("ഉള്ളടക്കത്തിലേക്ക് പോകുക");
  // Only the page's own language is downloaded: the Malayalam catalog, no other.
  const languages = jsRequests
    .filter((path) => /\/assets\/(hi|ta|ml|te|kn)-[\w-]+\.js$/.test(path))
    .map((path) => path.split("/").pop()!.split("-")[0]);
  expect([...new Set(languages)]).toEqual(["ml"]);
  await page.getByRole("banner").locator('a[href="/ml/priests"]').filter({ visible: true }).click();
  await expect(page).toHaveURL(/\/ml\/priests$/);
  await expect(skip).toHaveText("ഉള്ളടക്കത്തിലേക്ക് പോകുക");
  await expect(page.locator("html")).toHaveAttribute("lang", "ml");
});

test("an English page downloads no other language", async ({ page }) => {
  const catalogs: string[] = [];
  page.on("request", (request) => {
    if (/\/assets\/(hi|ta|ml|te|kn)-[\w-]+\.js$/.test(request.url())) catalogs.push(request.url());
  });
  await page.goto("/temples");
  await hydrated(page);
  await expect(page.locator("a.skip-link")).toHaveText("Skip to content");
  expect(catalogs).toEqual([]);
});
