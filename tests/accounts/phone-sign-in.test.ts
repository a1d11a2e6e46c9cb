/**
 * Issue 41: devotees sign in with a six-digit code sent to the mobile on their account (a
 * notification to the phone in E.164, read here from the local outbox). The code is good once, for ten
 * minutes, only while it is the phone's newest, and a sixth wrong guess voids it; floods are
 * limited per phone and per address with the human check; no answer tells whether a phone has
 * an account. A phone of several accounts lets the devotee choose one of them, and only them.
 * A new mobile on the profile replaces the old one only once the code sent to it comes back.
 */
import { env } from "cloudflare:workers";
import { describe, expect, it, vi } from "vitest";
import { readEnv } from "~/lib/env.server";
import { sendPhoneCode } from "~/domain/accounts/phone-codes-send.server";
import { requestSignInCode } from "~/domain/accounts/phone-signin.server";
import { createDb } from "~/db/client.server";
import { humanCheckFor } from "~/lib/human-check.server";
import { customerRow, isSignedIn, newUser, pageText, signUp, TestBrowser, uniqueIp } from "../support/browser";
import {
  askCode,
  CHECK_FIELD,
  codeMessagesTo,
  devoteeWithPhone,
  humanCheckOn,
  latestSmsCode,
  phoneCodeRows,
  sendCode,
  smsTo,
  uniquePhone,
} from "./support/phone";

const SENT = "If this number belongs to an account, we have sent a code to it.";
const MISMATCH = "Verfication code not match!";
const EXPIRED = "This verification code has expired. Please ask for a new code.";

/** A six-digit code that is not `code`. */
const otherThan = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, "0");

/** Asks for a code to `typed` and follows the redirect to the code step. */
async function askAndFollow(browser: TestBrowser, typed: string, extra: Record<string, string> = {}) {
  const asked = await askCode(browser, typed, extra);
  expect(asked.status).toBe(302);
  return { location: asked.headers.get("location")!, page: await browser.get(asked.headers.get("location")!) };
}

describe("signing in with a code sent to the phone", () => {
  it("signs a devotee in with the code from the outbox, whichever way the mobile is typed", async () => {
    const phone = uniquePhone();
    const user = await devoteeWithPhone(phone.national, "Savitri");
    const login = await pageText(await new TestBrowser().get("/login"));
    expect(login).toContain("Sign in with a code to your phone");

    const spaced = `${phone.national.slice(0, 5)} ${phone.national.slice(5)}`;
    for (const typed of [spaced, `+91 ${phone.national.slice(0, 5)}-${phone.national.slice(5)}`, `0${phone.national}`]) {
      const browser = new TestBrowser();
      const { location, page } = await askAndFollow(browser, typed);
      expect(location).toBe("/login?form=phone-code");
      const text = await pageText(page);
      expect(text).toContain(SENT);
      expect(text).toContain(phone.e164);
      const [sms] = await smsTo(phone.e164);
      expect(sms).toMatchObject({ channel: "sms", to: phone.e164 });
      expect(sms!.text).toMatch(/^Sannidhi: Your sign-in code is \d{6}\. Do not share it with anyone\.$/);

      const signedIn = await sendCode(browser, phone.e164, await latestSmsCode(phone.e164));
      expect(signedIn.status).toBe(302);
      expect(signedIn.headers.get("location")).toBe("/");
      expect(await pageText(await browser.get("/"))).toContain("Welcome back, Savitri!");
      expect(await isSignedIn(browser)).toBe(true);
    }
    expect((await customerRow(user.email))!.phone_verified_at).toEqual(expect.any(String));
  });

  it("goes back to where the devotee was going", async () => {
    const phone = uniquePhone();
    await devoteeWithPhone(phone.national);
    const browser = new TestBrowser();
    const { location } = await askAndFollow(browser, phone.national, { redirectTo: "/account?tab=favourites" });
    expect(location).toBe("/login?form=phone-code&redirectTo=%2Faccount%3Ftab%3Dfavourites");
    const code = await latestSmsCode(phone.e164);
    const signedIn = await sendCode(browser, phone.e164, code, { redirectTo: "/account?tab=favourites" });
    expect(signedIn.headers.get("location")).toBe("/account?tab=favourites");
  });

  it("refuses a wrong code, an expired one, a used one, another phone's and an older one", async () => {
    const [phone, other] = [uniquePhone(), uniquePhone()];
    await devoteeWithPhone(phone.national);
    await devoteeWithPhone(other.national);
    const browser = new TestBrowser();
    await askAndFollow(browser, phone.national);
    const code = await latestSmsCode(phone.e164);
    const wrong = await sendCode(browser, phone.e164, otherThan(code));
    expect(wrong.status).toBe(400);
    expect(await pageText(wrong)).toContain(MISMATCH);

    // Another phone's code is no code of this one.
    await askAndFollow(new TestBrowser(), other.national);
    const othersCode = await latestSmsCode(other.e164);
    expect(await pageText(await sendCode(browser, phone.e164, othersCode))).toContain(MISMATCH);
    expect(await isSignedIn(browser)).toBe(false);

    // Ten minutes on, the code is over.
    await env.DB.prepare("update phone_codes set expires_at = ? where phone = ?")
      .bind(new Date(Date.now() - 1000).toISOString(), phone.e164)
      .run();
    expect(await pageText(await sendCode(browser, phone.e164, code))).toContain(EXPIRED);

    // Used once, never again; an older code stops counting once a newer one is sent.
    await askAndFollow(browser, phone.national);
    const older = await latestSmsCode(phone.e164);
    await askAndFollow(browser, phone.national);
    const newest = await latestSmsCode(phone.e164);
    expect(await pageText(await sendCode(browser, phone.e164, older === newest ? otherThan(newest) : older))).toContain(MISMATCH);
    expect((await sendCode(browser, phone.e164, newest)).status).toBe(302);
    const replay = await sendCode(new TestBrowser(), phone.e164, newest);
    expect(replay.status).toBe(400);
    expect(await pageText(replay)).toContain(EXPIRED);
  });

  /** A devotee's code after `wrongGuesses` wrong guesses at it, each from an address of its own. */
  async function guessedCode(wrongGuesses: number) {
    const phone = uniquePhone();
    await devoteeWithPhone(phone.national);
    await askAndFollow(new TestBrowser(), phone.national);
    const code = await latestSmsCode(phone.e164);
    for (let i = 0; i < wrongGuesses; i++) {
      expect(await pageText(await sendCode(new TestBrowser(), phone.e164, otherThan(code)))).toContain(MISMATCH);
    }
    return { phone, code };
  }

  it("takes the right code after five wrong guesses", async () => {
    const { phone, code } = await guessedCode(5);
    expect(await phoneCodeRows(phone.e164)).toMatchObject([{ attempts: 5, used_at: null }]);
    expect((await sendCode(new TestBrowser(), phone.e164, code)).status).toBe(302);
  });

  it("voids a code at its sixth wrong guess: not even the right one works then", async () => {
    const { phone, code } = await guessedCode(6);
    const voided = await sendCode(new TestBrowser(), phone.e164, code);
    expect(voided.status).toBe(400);
    expect(await pageText(voided)).toContain(EXPIRED);
  });

  it("answers an unknown phone exactly as a known one, after the same work, and sends it nothing", async () => {
    const [known, unknown] = [uniquePhone(), uniquePhone()];
    await devoteeWithPhone(known.national);
    const answers = [];
    for (const phone of [known, unknown]) {
      const browser = new TestBrowser();
      const asked = await askCode(browser, phone.national);
      const page = await pageText(await browser.get(asked.headers.get("location")!));
      answers.push({ status: asked.status, location: asked.headers.get("location"), page: page.replaceAll(phone.e164, "PHONE") });
      expect(await phoneCodeRows(phone.e164)).toHaveLength(1);
    }
    expect(answers[1]).toEqual(answers[0]);
    expect(answers[0]!.page).toContain(SENT);
    expect(await codeMessagesTo(known.e164)).toHaveLength(1);
    expect(await codeMessagesTo(unknown.e164)).toHaveLength(0);
    expect(await smsTo(unknown.e164)).toHaveLength(0);
    const guess = await sendCode(new TestBrowser(), unknown.e164, "123456");
    expect(guess.status).toBe(400);
    expect(await pageText(guess)).toContain(MISMATCH);
  });

  it("says what a mobile must look like", async () => {
    for (const typed of ["12345", "abc", "+91 12345", "+0 1234 5678", ""]) {
      const answer = await askCode(new TestBrowser(), typed);
      expect(answer.status, typed).toBe(400);
      expect(await pageText(answer)).toContain("Enter a valid mobile number: ten digits, or + and the country code.");
    }
    // A number of another country is taken with its + (no account has one, so nothing goes out).
    const foreign = await askCode(new TestBrowser(), "+44 20 7946 0958");
    expect(foreign.status).toBe(302);
    expect(await phoneCodeRows("+442079460958")).not.toHaveLength(0);
  });
});

describe("phone code floods", () => {
  it("asks for the human check once a phone has had three codes in an hour, from anywhere", async () => {
    const phone = uniquePhone();
    await devoteeWithPhone(phone.national);
    const statuses = [];
    for (let i = 0; i < 5; i++) statuses.push((await askCode(new TestBrowser(), phone.national)).status);
    expect(statuses).toEqual([302, 302, 302, 403, 403]);
    expect(await codeMessagesTo(phone.e164)).toHaveLength(3);
    const owner = new TestBrowser();
    const asked = await askCode(owner, phone.national);
    expect(asked.status).toBe(403);
    const token = await humanCheckOn(asked);
    expect((await askCode(owner, phone.national, { [CHECK_FIELD]: token })).status).toBe(302);
    expect(await codeMessagesTo(phone.e164)).toHaveLength(4);
    expect((await askCode(owner, phone.national, { [CHECK_FIELD]: token })).status, "a token counts once").toBe(403);
  });

  it("refuses one address asking for code after code, for one phone or for many", async () => {
    const phone = uniquePhone();
    const ip = uniqueIp();
    const samePhone = [];
    for (let i = 0; i < 7; i++) {
      const browser = new TestBrowser(undefined, ip);
      const first = await askCode(browser, phone.national);
      // Past three, each asks for the check (the ask counts too) and passes it; past ten asks, the address is refused.
      const answer = first.status === 403 ? await askCode(browser, phone.national, { [CHECK_FIELD]: await humanCheckOn(first) }) : first;
      samePhone.push(answer.status);
    }
    expect(samePhone).toEqual([...Array(6).fill(302), 429]);

    const flooder = uniqueIp();
    const manyPhones = [];
    for (let i = 0; i < 31; i++) manyPhones.push((await askCode(new TestBrowser(undefined, flooder), uniquePhone().national)).status);
    expect(manyPhones).toEqual([...Array(30).fill(302), 429]);
    expect(await pageText(await askCode(new TestBrowser(undefined, flooder), uniquePhone().national))).toMatch(
      /Too many attempts\. Please wait \d+ minutes? and try again\./,
    );
  });

  it("asks guesses at a phone's code for the human check past ten, from anywhere", async () => {
    const phone = uniquePhone();
    await devoteeWithPhone(phone.national);
    await askCode(new TestBrowser(), phone.national);
    const code = await latestSmsCode(phone.e164);
    const statuses = [];
    for (let i = 0; i < 12; i++) statuses.push((await sendCode(new TestBrowser(), phone.e164, String(100000 + i))).status);
    expect(statuses.filter((status) => status === 400)).toHaveLength(10);
    expect(statuses.slice(10)).toEqual([403, 403]);
    // The code met ten guesses and is void; a new one, with a passed check, signs the owner in.
    const owner = new TestBrowser();
    expect((await askCode(owner, phone.national)).status).toBe(302);
    const fresh = await latestSmsCode(phone.e164);
    expect(fresh).not.toBe(code);
    const asked = await sendCode(owner, phone.e164, fresh);
    expect(asked.status).toBe(403);
    expect((await sendCode(owner, phone.e164, fresh, { [CHECK_FIELD]: await humanCheckOn(asked) })).status).toBe(302);
  });
});

describe("a phone shared by several accounts", () => {
  async function family() {
    const phone = uniquePhone();
    const accounts = [await devoteeWithPhone(phone.national, "Ravi"), await devoteeWithPhone(phone.national, "Lakshmi")];
    const browser = new TestBrowser();
    await askCode(browser, phone.national);
    const verified = await sendCode(browser, phone.e164, await latestSmsCode(phone.e164));
    return { phone, accounts, browser, verified };
  }

  it("lets the devotee choose the account, shown by first name and a masked email", async () => {
    const { accounts, browser, verified } = await family();
    expect(verified.status).toBe(302);
    expect(verified.headers.get("location")).toBe("/login?form=phone-account");
    expect(await isSignedIn(browser)).toBe(false);
    const html = await (await browser.get("/login?form=phone-account")).text();
    expect(html).toContain("Choose your account");
    expect(html).toContain("This number belongs to more than one account. Which one do you want to sign in to?");
    for (const account of accounts) {
      expect(html).not.toContain(account.email);
      expect(html).toContain(`${account.email.slice(0, 1)}•••${account.email.slice(account.email.indexOf("@") - 1)}`);
    }
    expect(html).toContain("Ravi");
    const second = await customerRow(accounts[1]!.email);
    const ticket = browser.cookies.get("sn_account_flow")!;
    const chosen = await browser.post("/login", { intent: "phone-account", customerId: String(second!.id) });
    expect(chosen.status).toBe(302);
    expect(await pageText(await browser.get("/"))).toContain("Welcome back, Lakshmi!");
    expect(await (await browser.get("/account")).text()).toContain(`value="${accounts[1]!.email}"`);

    // The choice is made once.
    const replay = new TestBrowser();
    replay.cookies.set("sn_account_flow", ticket);
    const again = await replay.post("/login", { intent: "phone-account", customerId: String(second!.id) });
    expect(again.headers.get("location")).toBe("/login?form=phone");
    expect(await isSignedIn(replay)).toBe(false);
  });

  it("refuses an account the phone does not have, and a choice without a matched code", async () => {
    const { browser, accounts } = await family();
    const stranger = await signUp(new TestBrowser());
    const strangerRow = await customerRow(stranger.email);
    const refused = await browser.post("/login", { intent: "phone-account", customerId: String(strangerRow!.id) });
    expect(refused.status).toBe(400);
    expect(await pageText(refused)).toContain("Please choose one of the accounts shown.");
    expect(await isSignedIn(browser)).toBe(false);

    const noCode = await new TestBrowser().post("/login", { intent: "phone-account", customerId: String(strangerRow!.id) });
    expect(noCode.status).toBe(302);
    expect(noCode.headers.get("location")).toBe("/login?form=phone");
    // A ticket altered by the browser is no ticket, even for an account the phone has.
    const cookie = browser.cookies.get("sn_account_flow")!;
    const at = cookie.lastIndexOf(".") + 1;
    const forged = new TestBrowser();
    forged.cookies.set("sn_account_flow", `${cookie.slice(0, at)}${cookie[at] === "A" ? "B" : "A"}${cookie.slice(at + 1)}`);
    const member = await customerRow(accounts[0]!.email);
    const altered = await forged.post("/login", { intent: "phone-account", customerId: String(member!.id) });
    expect(altered.headers.get("location")).toBe("/login?form=phone");
    expect(await isSignedIn(forged)).toBe(false);
  });
});

describe("a new mobile on the profile", () => {
  it("keeps the old number until the code sent to the new one comes back", async () => {
    const [old, fresh] = [uniquePhone(), uniquePhone()];
    const browser = new TestBrowser();
    const user = await signUp(browser, newUser({ mobile: old.national }));
    const saved = await browser.post("/account", { intent: "profile", firstName: "Meera", mobile: fresh.national, city: "Mysuru" });
    expect(saved.status).toBe(200);
    expect(await pageText(saved)).toContain("We have sent a code to your new mobile number");
    expect(await customerRow(user.email)).toMatchObject({ phone_mobile: old.national, city: "Mysuru" });
    const [sms] = await smsTo(fresh.e164);
    expect(sms!.text).toMatch(/^Sannidhi: Your verification code is \d{6}\./);
    const profile = await pageText(await browser.get("/account"));
    expect(profile).toContain("Verify your new number");
    expect(profile).toContain(fresh.e164);

    // Until then the new number signs nobody in (nothing is sent to it), the old one still does.
    await askCode(new TestBrowser(), fresh.national);
    expect(await codeMessagesTo(fresh.e164)).toHaveLength(1);
    const wrong = await browser.post("/account", { intent: "phone-change", code: otherThan(await latestSmsCode(fresh.e164)) });
    expect(await pageText(wrong)).toContain(MISMATCH);
    expect((await customerRow(user.email))!.phone_mobile).toBe(old.national);

    const verified = await browser.post("/account", { intent: "phone-change", code: await latestSmsCode(fresh.e164) });
    expect(verified.status).toBe(200);
    expect(await pageText(verified)).toContain("Your mobile number has been changed.");
    expect(await customerRow(user.email)).toMatchObject({ phone_mobile: fresh.national, phone_verified_at: expect.any(String) });
    expect(await pageText(await browser.get("/account"))).not.toContain("Verify your new number");
    const other = new TestBrowser();
    await askCode(other, fresh.national);
    expect((await sendCode(other, fresh.e164, await latestSmsCode(fresh.e164))).status).toBe(302);
  });

  it("saves a profile with the same mobile without a code, and ends a change waiting for one", async () => {
    const [old, fresh] = [uniquePhone(), uniquePhone()];
    const browser = new TestBrowser();
    const user = await signUp(browser, newUser({ mobile: old.national }));
    await browser.post("/account", { intent: "profile", firstName: "Meera", mobile: fresh.national });
    const code = await latestSmsCode(fresh.e164);
    const same = await browser.post("/account", { intent: "profile", firstName: "Meera", mobile: `+91 ${old.national}` });
    expect(await pageText(same)).toContain("Your profile has been updated.");
    expect(await codeMessagesTo(old.e164)).toHaveLength(0);
    const late = await browser.post("/account", { intent: "phone-change", code });
    expect(await pageText(late)).toContain(EXPIRED);
    expect((await customerRow(user.email))!.phone_mobile).toBe(old.national);
  });
});

describe("phone sign-in in other languages and without a transport", () => {
  it("speaks Tamil on a Tamil page, the message to the phone included", async () => {
    const phone = uniquePhone();
    await devoteeWithPhone(phone.national);
    const browser = new TestBrowser();
    const form = await pageText(await browser.get("/ta/login?form=phone"));
    expect(form).toContain("உங்கள் கைபேசிக்கு வரும் குறியீட்டுடன் உள்நுழையவும்");
    expect(form).toContain("கைபேசி எண்");
    const asked = await askCode(browser, phone.national, {}, "/ta/login");
    expect(asked.headers.get("location")).toBe("/ta/login?form=phone-code");
    const page = await pageText(await browser.get(asked.headers.get("location")!));
    expect(page).toContain("இந்த எண் ஏதேனும் ஒரு கணக்கைச் சேர்ந்ததாக இருந்தால், அதற்கு ஒரு குறியீட்டை அனுப்பியுள்ளோம்.");
    const [sms] = await smsTo(phone.e164);
    expect(sms!.text).toMatch(/^Sannidhi: உங்கள் உள்நுழைவுக் குறியீடு \d{6}\. இதை யாருடனும் பகிர வேண்டாம்\.$/);
  });

  it("fails loudly where phone messages are not configured, alike for every phone, and the devotee is told", async () => {
    // No outbox and no SMS provider (MSG91): no phone can be sent a code.
    const config = { ...readEnv(env).config, MAIL_MODE: undefined, MSG91_AUTH_KEY: undefined };
    const production = { ...readEnv(env), config } as ReturnType<typeof readEnv>;
    const message = { phone: "+919845012345", code: "123456", purpose: "sign-in", language: "en" } as const;
    await expect(sendPhoneCode(production, { ...message, customerIds: [1] })).rejects.toThrow("phone messages are not configured");
    await expect(sendPhoneCode(production, { ...message, customerIds: [] })).rejects.toThrow("phone messages are not configured");

    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    try {
      const db = createDb(env.DB);
      const services = {
        db,
        secret: "test-only-secret-0123456789abcdef0123456789abcdef",
        ip: uniqueIp(),
        humanCheck: humanCheckFor(readEnv(env).config, db),
        sendCode: (sent: Parameters<typeof sendPhoneCode>[1]) => sendPhoneCode(production, sent),
        language: "en" as const,
      };
      expect(await requestSignInCode(services, uniquePhone().e164)).toEqual({ status: "send-failed" });
      expect(errors).toHaveBeenCalledWith("Sign-in code not sent:", "phone messages are not configured");
    } finally {
      errors.mockRestore();
    }
  });
});
