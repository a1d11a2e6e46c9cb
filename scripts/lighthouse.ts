/**
 * `npm run bench -- --lighthouse` (or `node scripts/lighthouse.ts`): Lighthouse (mobile, its
 * default) in Debian's Chromium on the five pages the speed issue names — home, temples,
 * priests, login and a temple site — against the production build served by wrangler on a
 * fresh seeded state, as the e2e tests serve it. Prints performance / accessibility / best
 * practices / SEO and LCP per page, and saves the reports' scores. Lighthouse is fetched by
 * npx on first use (LIGHTHOUSE_VERSION): it is a tool of this script, not of the portal.
 * A measurement, not a test.
 */
import { spawnSync } from "node:child_process";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { ensureChromium } from "./browser.ts";
import { option, start, waitFor } from "./lib.ts";

const LIGHTHOUSE_VERSION = "13.5.0";
const port = option("port", "8796")!;
const base = `http://127.0.0.1:${port}`;
const PAGES = ["/", "/temples", "/priests", "/login", "/t/sree-krishna-swamy-temple-guruvayur"];

const chromium = ensureChromium();
if (
  await fetch(`${base}/healthz`).then(
    () => true,
    () => false,
  )
) {
  throw new Error(`port ${port} already answers: stop that server first, or pass --port`);
}
start("node", ["scripts/serve-test.ts", "--port", port, "--persist-to", `.wrangler/lighthouse-state-${port}`]);
await waitFor(`${base}/healthz`, 180_000);

mkdirSync("bench-results", { recursive: true });
const rows: Record<string, Record<string, number | string>> = {};
for (const path of PAGES) {
  // Warm the edge cache and the isolate, as a returning visitor's page would be (the dev
  // server may still be settling just after it first answers: try again).
  for (let attempt = 0; ; attempt++) {
    try {
      await (await fetch(base + path)).arrayBuffer();
      break;
    } catch (error) {
      if (attempt === 4) throw error;
      await new Promise((resolve) => setTimeout(resolve, 2000));
    }
  }
  const out = `bench-results/lighthouse-${path.replace(/\W+/g, "_") || "home"}.json`;
  const lighthouse = () =>
    spawnSync(
      "npx",
      [
        "--yes",
        `lighthouse@${LIGHTHOUSE_VERSION}`,
        base + path,
        "--quiet",
        "--output=json",
        `--output-path=${out}`,
        "--chrome-flags=--headless=new --no-sandbox --disable-gpu",
      ],
      { stdio: "inherit", env: { ...process.env, CHROME_PATH: chromium } },
    );
  // Lighthouse now and then loses its trace (NO_NAVSTART) on a busy machine: one more try.
  if (lighthouse().status !== 0 && lighthouse().status !== 0) throw new Error(`lighthouse failed on ${path}`);
  const report = JSON.parse(readFileSync(out, "utf8")) as {
    categories: Record<string, { score: number }>;
    audits: Record<string, { displayValue?: string }>;
  };
  const score = (name: string) => Math.round((report.categories[name]?.score ?? 0) * 100);
  rows[path] = {
    performance: score("performance"),
    accessibility: score("accessibility"),
    "best-practices": score("best-practices"),
    seo: score("seo"),
    LCP: report.audits["largest-contentful-paint"]?.displayValue ?? "?",
  };
}

console.log("\nLighthouse (mobile) · perf / a11y / best practices / SEO · LCP");
for (const [path, row] of Object.entries(rows)) {
  console.log(`  ${path.padEnd(40)} ${row.performance} / ${row.accessibility} / ${row["best-practices"]} / ${row.seo} · ${row.LCP}`);
}
writeFileSync(`bench-results/lighthouse-${new Date().toISOString().replace(/[:.]/g, "-")}.json`, JSON.stringify(rows, null, 2));
process.exit(0);
