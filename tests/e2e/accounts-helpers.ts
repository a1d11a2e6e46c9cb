import type { Locator, Page } from "@playwright/test";
import { expect, main, toast } from "./fixtures";

/** Account helpers; the fixtures (guards, announcement, signed-in roles) are ./fixtures. */
export { expect, main, test, toast } from "./fixtures";

let counter = 0;

export function newUser(label = "e2e") {
  counter += 1;
  const stamp = `${Date.now().toString(36)}${counter}${Math.random().toString(36).slice(2, 6)}`;
  return {
    name: "Meera Iyer",
    firstName: "Meera Iyer",
    email: `${label}.${stamp}@example.org`,
    mobile: "9876543210",
    password: "Temple@108",
  };
}

export type User = ReturnType<typeof newUser>;

/**
 * Each devotee a test signs up comes from an address of their own (198.18.0.0/15, the range
 * kept for tests), as real devotees do: the whole suite signing up from 127.0.0.1 would pass
 * the sign-up limit per address (30 an hour) and be refused, as a real client would be.
 */
export async function asOwnClient(page: Page) {
  const octet = () => Math.floor(Math.random() * 254) + 1;
  await page.context().setExtraHTTPHeaders({ "cf-connecting-ip": `198.${18 + (octet() % 2)}.${octet()}.${octet()}` });
}

/** Reads the newest code mailed to `email` from the local outbox, in a second tab. */
export async function codeFromOutbox(from: Page, email: string): Promise<string> {
  const page = await from.context().newPage();
  try {
    await page.goto(`/dev/outbox?to=${encodeURIComponent(email)}`);
    const newest = page.locator(".outbox__message").first();
    await expect(newest).toContainText(email);
    const text = await newest.locator("pre").innerText();
    const code = text.match(/\bDV\d{6}\b/)?.[0];
    expect(code).toBeTruthy();
    return code!;
  } finally {
    await page.close();
  }
}

/** A mobile no other test uses: ten digits, and E.164 (what phone messages go to). */
export function uniquePhone() {
  const national = `7${String(Math.floor(Math.random() * 1_000_000_000)).padStart(9, "0")}`;
  return { national, e164: `+91${national}` };
}

/**
 * The code in the newest message to the phone `e164`, read from /dev/outbox.json (an SMS, or a
 * WhatsApp message where the devotee said yes to it, to the phone in E.164): waited for, since
 * the phone channel writes it when the queue sends it. `after`: how many were there before.
 */
export async function smsCode(page: Page, e164: string, after = 0): Promise<string> {
  let newest: { channel?: string; to: string; text: string } | undefined;
  await expect
    .poll(async () => {
      const response = await page.request.get(`/dev/outbox.json?to=${encodeURIComponent(e164)}`);
      const { messages } = (await response.json()) as { messages: { channel?: string; to: string; text: string }[] };
      const phone = messages.filter((message) => message.channel === "sms" || message.channel === "whatsapp");
      newest = phone[0];
      return phone.length;
    })
    .toBeGreaterThan(after);
  expect(newest).toMatchObject({ to: e164 });
  const code = newest!.text.match(/\b\d{6}\b/)?.[0];
  expect(code).toBeTruthy();
  return code!;
}

/** A six-digit code that is not `code`. */
export const otherThan = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, "0");

/** The profile's new mobile, verified with the code sent to it; the profile shows it after a reload. */
export async function verifyNewMobile(page: Page, phone: { national: string; e164: string }) {
  const verify = form(main(page), "Verify your new number");
  await expect(verify).toContainText(phone.e164);
  await verify.getByLabel("Verification code").fill(await smsCode(page, phone.e164));
  await verify.getByRole("button", { name: "Verify" }).click();
  await expect(toast(page, "Your mobile number has been changed.")).toBeVisible();
  await expect(form(main(page), "Verify your new number")).toHaveCount(0);
}

/** How many messages to `email` the local outbox holds, read in a second tab. */
export async function outboxCount(from: Page, email: string): Promise<number> {
  const page = await from.context().newPage();
  try {
    await page.goto(`/dev/outbox?to=${encodeURIComponent(email)}`);
    return await page.locator(".outbox__message").count();
  } finally {
    await page.close();
  }
}

export function form(scope: Page | Locator, name: string) {
  return scope.getByRole("form", { name });
}

export async function fillRegister(scope: Locator, user: Pick<User, "name" | "mobile" | "email" | "password">, confirm = user.password) {
  await scope.getByLabel("Name").fill(user.name);
  await scope.getByLabel("Mobile").fill(user.mobile);
  await scope.getByLabel("E-mail").fill(user.email);
  await scope.getByLabel("Password", { exact: true }).fill(user.password);
  await scope.getByLabel("Confirm password").fill(confirm);
}

/** Signs up on the login page and verifies with the mailed code; ends on the home page. */
export async function signUpOnPage(page: Page, user: User) {
  await asOwnClient(page);
  await page.goto("/login?form=register");
  const register = form(main(page), "Sign up");
  await fillRegister(register, user);
  await register.getByRole("button", { name: "Sign Up" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Verify your email");
  const verify = form(main(page), "Verify your email");
  await verify.getByLabel("Verification code").fill(await codeFromOutbox(page, user.email));
  await verify.getByRole("button", { name: "Verify" }).click();
  await expect(page).toHaveURL(/\/$/);
}

/** An owner the portal asks for the human check: ticks it and signs in, and is welcomed home. */
export async function signInWithHumanCheck(page: Page, user: Pick<User, "password">) {
  const signIn = form(main(page), "Sign in");
  await signIn.getByLabel("I am a person, not a program").check();
  await signIn.getByLabel("Password").fill(user.password);
  await signIn.getByRole("button", { name: "Sign In" }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(toast(page, "Welcome back, Meera Iyer!")).toBeVisible();
}

export async function signInOnPage(page: Page, email: string, password: string) {
  await page.goto("/login");
  const signIn = form(main(page), "Sign in");
  await signIn.getByLabel("E-mail").fill(email);
  await signIn.getByLabel("Password").fill(password);
  await signIn.getByRole("button", { name: "Sign In" }).click();
}

/** The home page pops up the current announcement once per visit; close it as a person would. */
export async function dismissAnnouncement(page: Page) {
  const dialog = page.getByRole("dialog");
  await expect(dialog).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
}

/** A header drop-down's toggle ("Sign In", "Sign Up"). */
export const toggle = (scope: Locator, name: string) => scope.locator("summary").filter({ hasText: new RegExp(`^${name}$`) });
