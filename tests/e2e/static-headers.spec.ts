/**
 * Issue 10 #11: static files are served by Workers static assets, not the Worker, so
 * their security headers come from public/_headers. Checked against the build served by
 * wrangler, as in production: every kind of static file, and a page for comparison.
 */
import { expect, test } from "@playwright/test";

const BASELINE: Record<string, string | RegExp> = {
  "x-content-type-options": "nosniff",
  "x-frame-options": "DENY",
  "referrer-policy": "strict-origin-when-cross-origin",
  "permissions-policy": "camera=(), microphone=(), geolocation=()",
  "cross-origin-opener-policy": "same-origin-allow-popups",
  "content-security-policy": /frame-ancestors 'none'/,
};

test("static files carry the same security headers as pages", async ({ request }) => {
  const home = await request.get("/");
  expect(home.status()).toBe(200);
  const html = await home.text();
  const script = /\/assets\/[\w.-]+\.js/.exec(html)?.[0];
  const style = /\/assets\/[\w.-]+\.css/.exec(html)?.[0];
  expect(script, "a script of the home page").toBeTruthy();
  expect(style, "a stylesheet of the home page").toBeTruthy();
  for (const path of [script!, style!, "/favicon.svg", "/images/badges/google-play.svg", "/images/deities/ayyappa.svg"]) {
    const response = await request.get(path);
    expect(response.status(), path).toBe(200);
    const headers = response.headers();
    for (const [name, value] of Object.entries(BASELINE)) {
      if (typeof value === "string") expect(headers[name], `${path} ${name}`).toBe(value);
      else expect(headers[name], `${path} ${name}`).toMatch(value);
    }
  }
});

test("an SVG opened on its own cannot run script", async ({ request }) => {
  const csp = (await request.get("/favicon.svg")).headers()["content-security-policy"];
  expect(csp).toMatch(/default-src 'none'/);
  expect(csp).toMatch(/script-src 'none'|sandbox/);
});

test("hashed build assets are cached for good; other files are revalidated", async ({ request }) => {
  const html = await (await request.get("/")).text();
  const script = /\/assets\/[\w.-]+\.js/.exec(html)![0];
  expect((await request.get(script)).headers()["cache-control"]).toBe("public, max-age=31536000, immutable");
  expect((await request.get("/favicon.svg")).headers()["cache-control"]).not.toMatch(/immutable/);
});

test("a page answered from the edge cache runs in the browser under its hash-based policy", async ({ page }) => {
  const violations: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") violations.push(message.text());
  });
  await page.addInitScript(() => sessionStorage.setItem("sn_announcement_seen", "1"));
  const path = `/services?cache-probe=${Date.now()}`;
  let cached = false;
  for (let attempt = 0; attempt < 10 && !cached; attempt++) {
    const response = await page.goto(path);
    cached = !(response!.headers()["content-security-policy"] ?? "").includes("nonce");
  }
  expect(cached, "an answer from the cache").toBe(true);
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
  await page.getByRole("banner").getByRole("link", { name: "Temples" }).first().click();
  await expect(page).toHaveURL(/\/temples$/);
  expect(violations).toEqual([]);
});
