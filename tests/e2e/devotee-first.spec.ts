/**
 * What a new devotee hits first (issue 11), at the viewports where it was seen:
 * the header's forgot-password modal and the Resend code buttons with JavaScript on.
 */
import { guruvayurLink } from "./fixtures";
import {
  codeFromOutbox,
  dismissAnnouncement,
  expect,
  fillRegister,
  form,
  main,
  newUser,
  outboxCount,
  signUpOnPage,
  test,
  toggle,
} from "./accounts-helpers";

// These tests meet the announcement pop-up as a first visit does, and close it.
test.use({ showAnnouncement: true });

const VIEWPORTS = [
  { name: "desktop", width: 1366, height: 800 },
  { name: "phone", width: 360, height: 740 },
];

for (const viewport of VIEWPORTS) {
  test.describe(`at ${viewport.width} px (${viewport.name})`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } });

    test("the header's Forgot password? opens a visible modal and the page stays usable", async ({ page }) => {
      await page.goto("/services");
      await expect(page.locator("html[data-hydrated]")).toHaveCount(1);
      await dismissAnnouncement(page);
      const banner = page.getByRole("banner");
      await toggle(banner, "Sign In").click();
      await banner.getByRole("link", { name: "Forgot password?" }).click();

      const dialog = page.getByRole("dialog", { name: "Forgot password" });
      await expect(dialog).toBeVisible();
      const box = await dialog.boundingBox();
      expect(box!.width).toBeGreaterThan(200);
      expect(box!.height).toBeGreaterThan(100);
      // The field takes typing (the page is not frozen) and Close works without Escape.
      await dialog.getByLabel("E-mail").fill("someone@example.org");
      await expect(dialog.getByLabel("E-mail")).toHaveValue("someone@example.org");
      await dialog.getByRole("button", { name: "Close" }).click();
      await expect(dialog).toBeHidden();
      // The rest of the page answers clicks again.
      await main(page).getByRole("link").first().click();
      await expect(page).not.toHaveURL(/\/services$/);
    });
  });
}

test.describe("Resend code with JavaScript on", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("works on the verify form while the code field is empty", async ({ page }) => {
    const user = newUser("resend");
    await page.goto("/login?form=register");
    const register = form(main(page), "Sign up");
    await fillRegister(register, user);
    await register.getByRole("button", { name: "Sign Up" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Verify your email");
    const first = await codeFromOutbox(page, user.email);

    const verify = form(main(page), "Verify your email");
    await expect(verify.getByLabel("Verification code")).toHaveValue("");
    const sent = await outboxCount(page, user.email);
    await verify.getByRole("button", { name: "Resend code" }).click();
    // A second email, with the same code (it is still good): strangers resending cannot void it.
    await expect.poll(async () => outboxCount(page, user.email)).toBe(sent + 1);
    expect(await codeFromOutbox(page, user.email)).toBe(first);
    await expect(verify.getByText("Enter verification code")).toHaveCount(0);
  });

  test("works on the reset form while the code field is empty", async ({ page }) => {
    const user = newUser("resend-reset");
    await signUpOnPage(page, user);
    await page.context().clearCookies();
    await page.goto("/login?form=forgot");
    const forgot = form(main(page), "Forgot password");
    await forgot.getByLabel("E-mail").fill(user.email);
    await forgot.getByRole("button", { name: "Reset" }).click();
    await expect(page).toHaveURL(/form=reset/);
    const first = await codeFromOutbox(page, user.email);

    const reset = form(main(page), "Reset password");
    const sent = await outboxCount(page, user.email);
    await reset.getByRole("button", { name: "Resend code" }).click();
    // A second email, with the same code (it is still good): strangers resending cannot void it.
    await expect.poll(async () => outboxCount(page, user.email)).toBe(sent + 1);
    expect(await codeFromOutbox(page, user.email)).toBe(first);
    await expect(reset.getByText("Enter valid verification code!")).toHaveCount(0);
  });
});

test.describe("every card leads somewhere", () => {
  test("temple cards: the temple's site here, its own website, or its page on Sannidhi", async ({ page }) => {
    for (const n of [1, 5, 12, 30, 42]) {
      await page.goto(`/temples?page=${n}`);
      const cards = main(page).getByRole("article");
      const total = await cards.count();
      expect(total).toBeGreaterThan(0);
      await expect(cards.filter({ has: page.getByRole("link") })).toHaveCount(total);
      // Each card's own link is its title's (a verified temple's badge links to what was checked).
      for (const href of await cards
        .getByRole("heading")
        .getByRole("link")
        .evaluateAll((links) => links.map((a) => a.getAttribute("href")))) {
        expect(href).toMatch(/^(http:\/\/[a-z0-9.-]+|\/t\/[a-z0-9-]+)$/);
      }
    }
  });

  test("priests cards, after More, each open a website or the temple's page", async ({ page }) => {
    await page.goto("/priests");
    await dismissAnnouncement(page);
    const cards = main(page).getByRole("article");
    await expect(cards).toHaveCount(20);
    await main(page).getByRole("link", { name: "Load more" }).click();
    await expect(cards).toHaveCount(40);
    await expect(cards.filter({ has: page.getByRole("link") })).toHaveCount(40);
  });
});

test.describe("a visitor's Book on a temple site", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("leads to sign in and back to the booking form with that puja chosen", async ({ page }) => {
    await page.addInitScript(() => sessionStorage.setItem("sn_announcement_seen", "1"));
    await page.goto("/temples?key2=Guruvayur");
    await guruvayurLink(page).click();
    await expect(page).toHaveURL(/\/t\/[a-z0-9-]+$/);
    await expect(page.locator("html[data-hydrated]")).toHaveCount(1);
    const book = main(page)
      .getByRole("link", { name: /^Book / })
      .nth(1);
    const pujaName = (await book.getAttribute("aria-label"))!.replace(/^Book /, "");
    await book.click();

    await expect(page).toHaveURL(/\/login\?redirectTo=/);
    const signIn = form(main(page), "Sign in");
    await signIn.getByLabel("E-mail").fill("devotee@sannidhi.example");
    await signIn.getByLabel("Password").fill("Devotee@2026");
    await signIn.getByRole("button", { name: "Sign In" }).click();

    await expect(page).toHaveURL(/\/t\/[a-z0-9-]+\?puja=\d+#book-puja$/);
    const booking = page.getByRole("form", { name: "Book a puja" });
    await expect(booking).toBeInViewport();
    const select = booking.getByLabel("Puja", { exact: true });
    expect(await select.locator("option:checked").innerText()).toContain(pujaName);
  });
});

test.describe("My Transactions and the profile panel", () => {
  test("Remove from my list asks before it removes; the header keeps its scrolled style on the panel", async ({ page }) => {
    await page.addInitScript(() => sessionStorage.setItem("sn_announcement_seen", "1"));
    await page.goto("/login");
    const signIn = form(main(page), "Sign in");
    await signIn.getByLabel("E-mail").fill("devotee@sannidhi.example");
    await signIn.getByLabel("Password").fill("Devotee@2026");
    await signIn.getByRole("button", { name: "Sign In" }).click();
    await expect(page).toHaveURL(/\/$/);

    await page.goto("/account?tab=transactions&view=completed");
    await expect(page.locator("header.site-header")).toHaveClass(/site-header--scrolled/);
    const booking = main(page).locator("details.booking-item").first();
    const receipt = (await booking.locator(":scope > summary").innerText()).match(/SN-\d{4}-\d+/)![0];
    await booking.locator(":scope > summary").click();
    await booking.getByText("Remove from my list").click();
    const confirm = booking.getByRole("button", { name: "Yes, remove it" });
    await expect(confirm).toBeVisible();
    await expect(booking.getByText(`Remove booking ${receipt} from My Transactions?`)).toBeVisible();
    // Not confirmed: the booking is still listed after a reload.
    await page.reload();
    await expect(main(page).locator("details.booking-item summary").filter({ hasText: receipt })).toHaveCount(1);
  });
});

test.describe("Indian input on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("K. Narayanan signs up with the mobile typed as 98765 43210", async ({ page }) => {
    const user = { ...newUser("initials"), name: "K. Narayanan", firstName: "K. Narayanan", mobile: "98765 43210" };
    await page.goto("/login?form=register");
    const register = form(main(page), "Sign up");
    await fillRegister(register, user);
    await expect(register.getByLabel("Mobile")).toHaveValue("98765 43210");
    await register.getByRole("button", { name: "Sign Up" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Verify your email");
  });
});
