import { request } from "@playwright/test";
import { expect, hydrated, main, test } from "./fixtures";

/** Asks for `path` as a visitor until the edge cache answers it. */
async function warm(baseURL: string, path: string) {
  // No cookies: a context made in a test would otherwise start from the test's own (signed-in) state.
  const visitor = await request.newContext({ baseURL, storageState: { cookies: [], origins: [] } });
  try {
    await expect
      .poll(async () => (await visitor.get(path)).headers()["cf-cache-status"] ?? "MISS", { message: `${path} from the cache` })
      .toBe("HIT");
  } finally {
    await visitor.dispose();
  }
}

test.describe("a public page a devotee shares with visitors", () => {
  test.use({ signedInAs: "devotee" });

  test("comes from the cache under the devotee's own header, and stays theirs as they browse", async ({ page, baseURL }) => {
    const path = `/?visit=${Date.now().toString(36)}`;
    await warm(baseURL!, path);

    // The first page after signing in shows its toast (a page of its own); then the shared one.
    await page.goto("/jobs");
    await page.goto(path);
    // The stored public page, composed for this devotee (the fixture fails on any console error,
    // a hydration mismatch included).
    await expect(page.locator("#sn-personal-header")).toHaveCount(1);
    const header = page.getByRole("banner");
    await expect(header.getByRole("button", { name: "Sign Out" })).toBeVisible();
    await expect(header.locator("summary", { hasText: /^Sign In$/ })).toHaveCount(0);
    const name = (await header.locator(".account-menu__first").textContent())!.trim();
    expect(name.length).toBeGreaterThan(0);
    await expect(main(page).getByRole("heading").first()).toBeVisible();
    await hydrated(page);

    // A link followed in the browser: the header still shows who is signed in.
    await header.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Temples" }).click();
    await expect(page).toHaveURL(/\/temples$/);
    await expect(main(page).getByRole("heading", { level: 1 })).toBeVisible();
    await expect(header.locator(".account-menu__first")).toHaveText(name);
    await expect(header.getByRole("button", { name: "Sign Out" })).toBeVisible();

    // And the way back, to the composed page's own address.
    await page.goBack();
    await expect(page).toHaveURL(new RegExp(`\\${path.replace("?", "\\?")}$`));
    await expect(header.locator(".account-menu__first")).toHaveText(name);
  });
});
