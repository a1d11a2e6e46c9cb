/// <reference lib="dom" />
/**
 * The one e2e fixtures module. Every test:
 * - fails on an uncaught page error or a console error (except the browser's own note that a
 *   page or form post answered 4xx), CSP violations included;
 * - finds the announcement pop-up already seen, unless it asks for it
 *   (`test.use({ showAnnouncement: true })`), so it does not cover what a test looks at;
 * - may start signed in as a seeded account (`test.use({ signedInAs: "devotee" })`): each
 *   Playwright worker signs in once per role through the login form's own POST and reuses
 *   the session cookie (Playwright's storage state), instead of typing into the form in every
 *   test. A test that signs out or changes the account's password must sign in itself;
 * - may open more pages as other roles at once (`pageAs("staff")`: a second person at work
 *   while the test's own page is a devotee), each in its own browser context.
 */
import { mkdirSync } from "node:fs";
import { type Browser, type BrowserContext, type Locator, type Page, expect, request, test as base } from "@playwright/test";

export const ACCOUNTS = {
  devotee: { email: "devotee@sannidhi.example", password: "Devotee@2026" },
  staff: { email: "staff.guruvayur@sannidhi.example", password: "Staff@2026" },
  operator: { email: "operator@sannidhi.example", password: "Operator@2026" },
} as const;
export type Role = keyof typeof ACCOUNTS;

export const test = base.extend<
  { showAnnouncement: boolean; signedInAs: Role | null; pageAs: (role: Role) => Promise<Page>; guard: void },
  { signInState: (role: Role) => Promise<string> }
>({
  showAnnouncement: [false, { option: true }],
  signedInAs: [null, { option: true }],

  // One sign-in per role per worker; its cookies are saved as a storage-state file.
  signInState: [
    async ({}, use, workerInfo) => {
      const baseURL = workerInfo.project.use.baseURL!;
      const dir = `${workerInfo.project.outputDir}/.auth`;
      mkdirSync(dir, { recursive: true });
      const states = new Map<Role, Promise<string>>();
      const signIn = async (role: Role) => {
        // Without cookies of its own: a test's storage state (a role it is signed in as) would otherwise
        // ride along, and signing in ends the session the request carries.
        const context = await request.newContext({ baseURL, storageState: { cookies: [], origins: [] } });
        try {
          const { email, password } = ACCOUNTS[role];
          const response = await context.post("/login", {
            form: { intent: "login", email, password },
            headers: { Origin: baseURL },
            maxRedirects: 0,
          });
          expect(response.status(), `sign-in as ${role}`).toBe(302);
          const path = `${dir}/${role}-${workerInfo.workerIndex}.json`;
          await context.storageState({ path });
          return path;
        } finally {
          await context.dispose();
        }
      };
      await use((role) => {
        if (!states.has(role)) states.set(role, signIn(role));
        return states.get(role)!;
      });
    },
    { scope: "worker" },
  ],

  storageState: async ({ signedInAs, signInState, storageState }, use) => {
    await use(signedInAs ? await signInState(signedInAs) : storageState);
  },

  pageAs: async ({ browser, signInState }, use) => {
    const contexts: BrowserContext[] = [];
    await use(async (role) => {
      const context = await browser.newContext({ storageState: await signInState(role) });
      contexts.push(context);
      await context.addInitScript(() => sessionStorage.setItem("sn_announcement_seen", "1"));
      return context.newPage();
    });
    for (const context of contexts) await context.close();
  },

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
      expect(problems, "CSP violations, page errors and console errors").toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };

/** The main content area: the header repeats some forms in its drop-downs. */
export const main = (page: Page) => page.getByRole("main");

/**
 * A page in a browser context of its own, signed in through the login form's POST as this person. The context starts
 * without cookies: `browser.newContext` takes the test's storage state by default, and signing in ends the session the
 * request carries (which would sign the test's own role, shared by the worker's other tests, out).
 */
export async function signedInPage(browser: Browser, baseURL: string, email: string, password: string): Promise<Page> {
  const context = await browser.newContext({ baseURL, storageState: { cookies: [], origins: [] } });
  await context.addInitScript(() => sessionStorage.setItem("sn_announcement_seen", "1"));
  const signedIn = await context.request.post("/login", {
    form: { intent: "login", email, password },
    headers: { Origin: baseURL },
    maxRedirects: 0,
  });
  expect(signedIn.status(), `sign-in as ${email}`).toBe(302);
  return context.newPage();
}

/**
 * The link to Guruvayur's temple site among search results, found by its address: its name is
 * the page's language's ("ഗുരുവായൂർ ശ്രീകൃഷ്ണ ക്ഷേത്രം" on a Malayalam page, issue 39).
 */
export const guruvayurLink = (page: Page) => main(page).locator('a[href$="/t/sree-krishna-swamy-temple-guruvayur"]').first();

export const toast = (page: Page, text: string | RegExp) => page.locator(".toast").filter({ hasText: text }).first();

/** Waits until React has hydrated the page (the header marks the document). */
export async function hydrated(page: Page) {
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
}

/** Every link, button and control of the tables in `scope` lies within the page's width (none hides in a sideways scroll). */
export async function expectTableControlsInView(scope: Locator, what: string) {
  const width = scope.page().viewportSize()!.width;
  const outside = await scope.locator("table").evaluateAll(
    (tables, width) =>
      tables.flatMap((table) =>
        [...table.querySelectorAll("a, button, summary, input, select")].flatMap((control) => {
          const box = control.getBoundingClientRect();
          if (box.width === 0 && box.height === 0) return [];
          return box.left < 0 || box.right > width
            ? [
                `${(control.getAttribute("aria-label") ?? control.textContent ?? "").trim()} at ${Math.round(box.left)}–${Math.round(box.right)} px`,
              ]
            : [];
        }),
      ),
    width,
  );
  expect(outside, `${what}: controls past ${width} px`).toEqual([]);
}
