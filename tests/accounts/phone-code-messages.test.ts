/**
 * Issue 41: a phone code goes out as a notification (kind sign-in-code, or verification-code
 * for a new mobile) to the phone in E.164, by WhatsApp where an account of that phone said yes
 * to it, else by SMS, in the page's language. An unknown phone gets no row. The local outbox
 * holds the message once, and the devotee's Notifications tab never shows it (the rows' codes
 * masked once sent: tests/notifications/code-messages.test.ts).
 */
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { customerRow, newUser, pageText, signUp, TestBrowser } from "../support/browser";
import { askCode, codeMessagesTo, devoteeWithPhone, latestSmsCode, sendCode, smsTo, uniquePhone } from "./support/phone";

async function optInToWhatsApp(email: string) {
  await env.DB.prepare("update customers set whatsapp_opt_in = ? where email = ?").bind(new Date().toISOString(), email).run();
}

/** The newest code message's row to `e164`, once the queue has settled it (sent or failed). */
async function settledCodeRow(e164: string) {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const row = await env.DB.prepare(
      `select id, status from notifications where recipient = ? and kind in ('sign-in-code', 'verification-code')
       order by created_at desc, rowid desc limit 1`,
    )
      .bind(e164)
      .first<{ id: string; status: string }>();
    if ((row && row.status !== "queued") || Date.now() > deadline) return row;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe("a phone code as a notification", () => {
  it("goes by SMS to the phone in E.164, in the page's language, about the phone's one account", async () => {
    const phone = uniquePhone();
    const user = await devoteeWithPhone(phone.national);
    expect((await askCode(new TestBrowser(), phone.national)).status).toBe(302);
    const customer = await customerRow(user.email);
    expect(await codeMessagesTo(phone.e164)).toMatchObject([
      { kind: "sign-in-code", channel: "sms", recipient: phone.e164, language: "en", customer_id: customer!.id },
    ]);

    expect((await askCode(new TestBrowser(), phone.national, {}, "/ta/login")).status).toBe(302);
    const [tamil] = await codeMessagesTo(phone.e164);
    expect(tamil).toMatchObject({ kind: "sign-in-code", channel: "sms", language: "ta" });
    // Both codes sent (the queue may deliver them in either order): the Tamil page's code went in Tamil.
    const sent = await smsTo(phone.e164);
    expect(sent.map((message) => message.text)).toContainEqual(expect.stringMatching(/^Sannidhi: உங்கள் உள்நுழைவுக் குறியீடு \d{6}\./));
  });

  it("goes by WhatsApp when an account with that phone said yes to WhatsApp", async () => {
    const phone = uniquePhone();
    const first = await devoteeWithPhone(phone.national, "Meera Iyer");
    await devoteeWithPhone(phone.national, "Ravi Iyer");
    await optInToWhatsApp(first.email);
    expect((await askCode(new TestBrowser(), phone.national)).status).toBe(302);
    // A family's phone: the message is about no one account.
    expect(await codeMessagesTo(phone.e164)).toMatchObject([{ kind: "sign-in-code", channel: "whatsapp", customer_id: null }]);
    const [sent] = await smsTo(phone.e164);
    expect(sent).toMatchObject({ channel: "whatsapp", to: phone.e164 });
  });

  it("writes nothing for a phone without an account", async () => {
    const phone = uniquePhone();
    expect((await askCode(new TestBrowser(), phone.national)).status).toBe(302);
    expect(await codeMessagesTo(phone.e164)).toEqual([]);
    expect(await smsTo(phone.e164)).toEqual([]);
  });

  it("sends a new profile mobile a verification code, about the account", async () => {
    const [old, fresh] = [uniquePhone(), uniquePhone()];
    const browser = new TestBrowser();
    const user = await signUp(browser, newUser({ mobile: old.national }));
    await browser.post("/account", { intent: "profile", firstName: "Meera", mobile: fresh.national });
    const customer = await customerRow(user.email);
    expect(await codeMessagesTo(fresh.e164)).toMatchObject([
      { kind: "verification-code", channel: "sms", recipient: fresh.e164, customer_id: customer!.id },
    ]);
  });

  it("holds the code once in the local outbox once settled, and never lists it on the Notifications tab", async () => {
    const phone = uniquePhone();
    await devoteeWithPhone(phone.national);
    const browser = new TestBrowser();
    expect((await askCode(browser, phone.national)).status).toBe(302);
    const code = await latestSmsCode(phone.e164);
    expect((await settledCodeRow(phone.e164))!.status).not.toBe("queued");
    // One copy in the outbox: the seam's (while the phone channels are stand-ins) or the channel's, never both.
    expect(await smsTo(phone.e164)).toHaveLength(1);

    expect((await sendCode(browser, phone.e164, code)).status).toBe(302);
    const tab = await browser.get("/account?tab=notifications");
    expect(tab.status).toBe(200);
    expect(await pageText(tab)).not.toContain(code);
  });
});
