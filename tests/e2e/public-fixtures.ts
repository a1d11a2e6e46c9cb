/// <reference lib="dom" />
import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { expect } from "./fixtures";

/** Public-portal helpers; the fixtures (guards, announcement, signed-in roles) are ./fixtures. */
export { expect, hydrated, main, test } from "./fixtures";

/** axe-core on the current page: no serious or critical violations. */
export async function expectAccessible(page: Page, label = page.url()) {
  const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
  const bad = results.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map(
      (v) =>
        `${v.id} (${v.impact}): ${v.nodes
          .map((n) => n.target.join(" "))
          .slice(0, 3)
          .join(", ")}`,
    );
  expect(bad, `${label}: serious or critical accessibility violations`).toEqual([]);
}
