/// <reference lib="dom" />
import AxeBuilder from "@axe-core/playwright";
import { type Page, expect, test as base } from "@playwright/test";

/**
 * Public-portal e2e fixtures. Every test fails on an uncaught page error or a console
 * error (except the browser's own note that a page or form post answered 4xx). The
 * announcement pop-up is marked as already seen unless a test asks for it
 * (`test.use({ showAnnouncement: true })`), so it does not cover what a test looks at.
 */
export const test = base.extend<{ showAnnouncement: boolean; guard: void }>({
  showAnnouncement: [false, { option: true }],
  guard: [
    async ({ page, showAnnouncement }, use) => {
      if (!showAnnouncement) {
        await page.addInitScript(() => {
          try {
            sessionStorage.setItem("sn_announcement_seen", "1");
          } catch {
            // JavaScript off or storage blocked: nothing pops up anyway.
          }
        });
      }
      const problems: string[] = [];
      page.on("pageerror", (error) => problems.push(`page error: ${error.message}`));
      page.on("console", (message) => {
        if (message.type() !== "error") return;
        const text = message.text();
        if (/Failed to load resource: the server responded with a status of 4\d\d/.test(text)) return;
        problems.push(`console error: ${text}`);
      });
      await use();
      expect(problems, "page errors and console errors").toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };

/** axe-core on the current page: no serious or critical violations. */
export async function expectAccessible(page: Page, label = page.url()) {
  const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
  const bad = results.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(" ")).slice(0, 3).join(", ")}`);
  expect(bad, `${label}: serious or critical accessibility violations`).toEqual([]);
}

/** Waits until React has hydrated the page (the header's scroll listener is attached). */
export async function hydrated(page: Page) {
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
}

export const main = (page: Page) => page.getByRole("main");
