import { expect, fillRegister, form, main, newUser, signUpOnPage, test, toast } from "./accounts-helpers";

/**
 * Issue 14: in the browser too (the forms' zod schema runs there), a name or an address in
 * an Indian script fits its field up to the limit counted in characters a person sees.
 */
const segmenter = new Intl.Segmenter("en", { granularity: "grapheme" });
const clusters = (text: string) => Array.from(segmenter.segment(text), (s) => s.segment);

/** Exactly `n` characters of `base` repeated, with no separator at either end. */
function ofLength(base: string, n: number): string {
  const all = clusters(`${base} `.repeat(Math.ceil(n / clusters(base).length) + 3));
  for (let start = 0; start < all.length - n; start++) {
    const taken = all.slice(start, start + n);
    if (/^[\s,]+$/.test(taken[0]!) || /^[\s,]+$/.test(taken.at(-1)!)) continue;
    const text = taken.join("");
    if (clusters(text).length === n && text.length > n) return text;
  }
  throw new Error(`no ${n}-character cut of ${base}`);
}

test("a devotee signs up with a Malayalam name of 30 characters and saves a Devanagari address of 200", async ({ page }) => {
  const name = ofLength("ശ്രീകൃഷ്ണൻ നമ്പൂതിരി", 30);
  const user = { ...newUser("indic"), name, firstName: name };

  await page.goto("/login?form=register");
  const register = form(main(page), "Sign up");
  await fillRegister(register, { ...user, name: ofLength("ശ്രീകൃഷ്ണൻ നമ്പൂതിരി", 31) });
  await register.getByRole("button", { name: "Sign Up" }).click();
  await expect(register.getByText("Enter valid name!")).toBeVisible();

  await signUpOnPage(page, user);
  await expect(toast(page, `Welcome to Sannidhi, ${name}!`)).toBeVisible();

  await page.goto("/account");
  const profile = form(main(page), "My Profile");
  await expect(profile.getByLabel("First name")).toHaveValue(name);
  const house = ofLength("श्री निवास, मंदिर मार्ग, वाराणसी", 200);
  await profile.getByLabel("House name or address").fill(house);
  await expect(profile.getByLabel("House name or address")).toHaveValue(house);
  await profile.getByRole("button", { name: "Update" }).click();
  await expect(profile.getByRole("status")).toHaveText("Your profile has been updated.");
  await page.reload();
  await expect(form(main(page), "My Profile").getByLabel("House name or address")).toHaveValue(house);
});
