import { expect, test } from "./public-fixtures";

const ROUTES: { path: string; title: RegExp; heading: RegExp }[] = [
  { path: "/", title: /^Sannidhi: Hindu temples/, heading: /Find a temple/ },
  { path: "/temples", title: /^Temples \| Sannidhi$/, heading: /^Temples$/ },
  { path: "/list", title: /^Temples \| Sannidhi$/, heading: /^Temples$/ },
  { path: "/services", title: /^Services \| Sannidhi$/, heading: /Services for temples/ },
  { path: "/events", title: /^Events \| Sannidhi$/, heading: /^Events$/ },
  { path: "/news", title: /^News \| Sannidhi$/, heading: /^News$/ },
  { path: "/login", title: /^Sign in \| Sannidhi$/, heading: /Sign in/ },
  { path: "/temple-signup", title: /^Register your temple \| Sannidhi$/, heading: /Get a website for your Temple/ },
  { path: "/jobs", title: /^Jobs \| Sannidhi$/, heading: /^Jobs$/ },
  { path: "/priests", title: /^Priests \| Sannidhi$/, heading: /^Priests$/ },
];

for (const route of ROUTES) {
  test(`${route.path} renders with its title, header and footer`, async ({ page }) => {
    const response = await page.goto(route.path);
    expect(response?.status()).toBe(200);
    await expect(page).toHaveTitle(route.title);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(route.heading);
    await expect(page.getByRole("navigation", { name: "Main" })).toBeVisible();
    await expect(page.getByRole("contentinfo")).toContainText("Privacy Policy");
    const description = await page.locator('meta[name="description"]').getAttribute("content");
    expect(description?.length).toBeGreaterThan(20);
  });
}

test("the home page shows seeded deities and packages", async ({ page }) => {
  await page.goto("/");
  const deities = page.getByRole("region", { name: "Temples by deity" }).getByRole("listitem");
  await expect(deities).toHaveCount(8);
  await expect(deities.first()).toContainText(/Temples$/);
  const packages = page.getByRole("region", { name: "Puja packages" }).getByRole("listitem");
  expect(await packages.count()).toBeGreaterThanOrEqual(4);
});

test("the temples list shows seeded temples and pages through them", async ({ page }) => {
  await page.goto("/temples");
  await expect(
    page
      .getByRole("main")
      .getByRole("status")
      .filter({ hasText: /temples/ }),
  ).toHaveText(/^[\d,]+ temples$/);
  const cards = page.getByRole("article");
  await expect(cards).toHaveCount(24);
  await expect(page.getByText("Online booking available").first()).toBeVisible();
  await page.getByRole("link", { name: "Next" }).click();
  await expect(page).toHaveURL(/page=2/);
  await expect(page.getByRole("link", { name: /^Page 2 of/ })).toHaveAttribute("aria-current", "page");
});

test("a deity card leads to that deity's temples", async ({ page }) => {
  await page.goto("/");
  const first = page.getByRole("region", { name: "Temples by deity" }).getByRole("link").first();
  const label = (await first.innerText()).trim();
  await first.click();
  await expect(page).toHaveURL(/\/temples\/deity\//);
  await expect(page).toHaveTitle(`${label} | Sannidhi`);
  expect(await page.getByRole("article").count()).toBeGreaterThan(0);
});

test("an unknown path shows the not-found screen with status 404", async ({ page }) => {
  const response = await page.goto("/this/does/not/exist");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Page not found");
  await expect(page.getByRole("link", { name: "Go to the home page" })).toBeVisible();
});
