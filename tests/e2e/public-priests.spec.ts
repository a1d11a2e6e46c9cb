import type { APIRequestContext } from "@playwright/test";
import { expectAccessible, expect, hydrated, main, test } from "./public-fixtures";

async function names(request: APIRequestContext, list: "puja" | "temple" | "priest", q = "") {
  const response = await request.get(`/api/suggest?list=${list}&q=${encodeURIComponent(q)}`);
  return ((await response.json()) as { items: { label: string }[] }).items.map((i) => i.label);
}

const status = (page: import("@playwright/test").Page) =>
  main(page)
    .getByRole("status")
    .filter({ hasText: /temples|match/ });

test.describe("priests directory", () => {
  test("empty filters show every temple with priests, 20 at a time, with Load more", async ({ page }) => {
    await page.goto("/priests");
    await hydrated(page);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Priests");
    for (const label of ["Puja", "Temple", "Priest"]) await expect(main(page).getByRole("combobox", { name: label })).toHaveValue("");
    const cards = main(page).getByRole("article");
    await expect(cards).toHaveCount(20);
    await expect(status(page)).toHaveText(/^Showing 20 of [\d,]+ temples/);
    await main(page).getByRole("link", { name: "Load more" }).click();
    await expect(cards).toHaveCount(40);
    await expect(page).toHaveURL(/shown=40/);
    await expect(status(page)).toHaveText(/^Showing 40 of/);
    await expect(main(page).locator("#priest-result-21").getByRole("heading").getByRole("link")).toBeFocused();
  });

  test("the Priest filter matches whole names in any case, never part of a name", async ({ page, request }) => {
    const [priest] = await names(request, "priest");
    const partial = priest!.split(" ")[0]!;
    await page.goto("/priests");
    await hydrated(page);
    const input = main(page).getByRole("combobox", { name: "Priest" });
    await input.fill(partial);
    await main(page).getByRole("button", { name: "Search" }).click();
    await expect(page).toHaveURL(/priest=/);
    await expect(main(page).getByText("No Priests", { exact: true })).toBeVisible();
    await expect(main(page).getByRole("link", { name: "Load more" })).toHaveCount(0);
    await input.click();
    await input.fill(priest!.toUpperCase());
    await main(page).getByRole("button", { name: "Search" }).click();
    await expect(page).toHaveURL(new RegExp(`priest=${encodeURIComponent(priest!.toUpperCase()).replace(/%20/g, "(\\+|%20)")}$`));
    const cards = main(page).getByRole("article");
    await expect(cards.first()).toBeVisible();
    await expect(cards.first()).toContainText(priest!);
  });

  test("clicking a filter clears it and opens its list; clicking the results closes it", async ({ page, request }) => {
    const [puja] = await names(request, "puja");
    await page.goto(`/priests?puja=${encodeURIComponent(puja!)}`);
    await hydrated(page);
    const input = main(page).getByRole("combobox", { name: "Puja" });
    await expect(input).toHaveValue(puja!);
    await input.click();
    await expect(input).toHaveValue("");
    const list = main(page).getByRole("listbox", { name: "Puja" });
    await expect(list).toBeVisible();
    await expect(list.getByRole("option")).toHaveCount(10);
    await status(page).click();
    await expect(list).toBeHidden();
    await main(page).getByRole("button", { name: "Search" }).click();
    await expect(page).toHaveURL(/\/priests$/);
    await expect(input).toHaveValue("");
  });

  test("choosing names from the lists narrows to temples that pass every filter", async ({ page, request }) => {
    const [temple] = await names(request, "temple", "sree");
    await page.goto("/priests");
    await hydrated(page);
    const input = main(page).getByRole("combobox", { name: "Temple" });
    await input.click();
    await input.pressSequentially(temple!.toLowerCase().slice(0, 12));
    await main(page).getByRole("option", { name: temple!, exact: true }).first().click();
    await expect(input).toHaveValue(temple!);
    await main(page).getByRole("button", { name: "Search" }).click();
    await expect(page).toHaveURL(/temple=/);
    const cards = main(page).getByRole("article");
    // The URL changes before the new results render: retry until every card matches.
    await expect(async () => {
      const titles = await cards.getByRole("heading").allInnerTexts();
      expect(titles.length).toBeGreaterThan(0);
      for (const title of titles) expect(temple!.startsWith(title.replace(/…$/, ""))).toBe(true);
    }).toPass();
    await main(page).getByRole("combobox", { name: "Priest" }).fill("Nobody Of This Name");
    await main(page).getByRole("button", { name: "Search" }).click();
    await expect(main(page).getByText("No Priests", { exact: true })).toBeVisible();
  });

  test("cards open the temple's own website", async ({ page }) => {
    await page.goto("/priests");
    const link = main(page).getByRole("article").getByRole("link").first();
    await expect(link).toHaveAttribute("href", /^http:\/\/[a-z0-9.-]+$/);
    await expect(main(page).getByRole("article").first()).toContainText("Priests:");
  });

  test("is accessible, with a list open too", async ({ page }) => {
    await page.goto("/priests");
    await hydrated(page);
    await expectAccessible(page);
    await main(page).getByRole("combobox", { name: "Temple" }).click();
    await expect(main(page).getByRole("listbox", { name: "Temple" })).toBeVisible();
    await expectAccessible(page, "priests with a list open");
  });
});
