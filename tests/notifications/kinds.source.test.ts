/**
 * Every kind of message, in each of the six languages: its phone text is written in the
 * language's own script and names what it is about (puja, temple, tracking number, code), and a
 * devotee's message is composed in the language they chose, e-mail and phone alike.
 */
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { createDb } from "~/db/client.server";
import { type KindParams, kindSubject, NOTIFICATION_KINDS, phoneText } from "~/domain/notifications/kinds";
import { prepareNotice } from "~/domain/notifications/notify.server";
import { readEnv } from "~/lib/env.server";
import { locales } from "~/lib/i18n";
import { toE164 } from "~/lib/phone/phone-number";
import { withLocale } from "~/lib/locale.server";
import { uniqueEmail } from "../support/browser";
import { names, SAMPLES, SCRIPT } from "./support/kind-samples";

/** A devotee's account, as sign-up leaves it (made directly: this project has no pages). */
async function newDevotee() {
  const email = uniqueEmail();
  const row = await env.DB.prepare(
    "insert into customers (email, first_name, password_hash, verified) values (?, 'Meera', 'x', 1) returning id",
  )
    .bind(email)
    .first<{ id: number }>();
  return { customerId: row!.id, user: { email } };
}

describe("every kind of message", () => {
  it("is in the catalogue with a sample here", () => {
    expect(Object.keys(SAMPLES).sort()).toEqual([...NOTIFICATION_KINDS].sort());
  });

  for (const kind of NOTIFICATION_KINDS) {
    it(`${kind}: written in each language, naming what it is about`, () => {
      const sample = SAMPLES[kind] as { params: KindParams[typeof kind]; names: string[] };
      const english = withLocale("en", () => phoneText("Sannidhi", kind, sample.params));
      for (const locale of locales) {
        const text = withLocale(locale, () => phoneText("Sannidhi", kind, sample.params));
        expect(text.startsWith("Sannidhi: "), locale).toBe(true);
        for (const name of sample.names) expect(text, `${locale} names ${name}`).toContain(name);
        if (locale === "en") continue;
        expect(text, locale).not.toBe(english);
        // The language's own words: its script, outside the names and numbers passed in.
        let words = text;
        for (const name of [...sample.names, ...Object.values(names)]) words = words.replaceAll(name, "");
        expect(words, `${locale}: ${text}`).toMatch(SCRIPT[locale]!);
        const subject = withLocale(locale, () => kindSubject(kind, sample.params, "Sannidhi"));
        if (subject !== null) expect(subject).not.toBe(withLocale("en", () => kindSubject(kind, sample.params, "Sannidhi")));
      }
    });
  }
});

describe("a devotee's message", () => {
  it("speaks the language they chose, by e-mail and on the phone they allowed", async () => {
    const { customerId, user } = await newDevotee();
    await env.DB.prepare("update customers set language = 'ta', phone_mobile = '98765 43210', sms_opt_in = ? where id = ?")
      .bind(new Date().toISOString(), customerId)
      .run();
    const notice = await prepareNotice(readEnv(env), createDb(env.DB), {
      kind: "puja-eve-reminder",
      to: { customerId },
      params: SAMPLES["puja-eve-reminder"].params,
    });
    expect(notice.rows.map((row) => [row.channel, row.recipient, row.language])).toEqual([
      ["email", user.email, "ta"],
      ["sms", "+919876543210", "ta"],
    ]);
    const [email, sms] = notice.rows;
    expect(email!.subject).toMatch(SCRIPT.ta!);
    expect(email!.text).toContain("வணக்கம் Meera");
    expect(email!.text).toContain(names.pujaName);
    expect(email!.html).toContain('lang="ta"');
    expect(sms!.text).toBe(withLocale("ta", () => phoneText("Sannidhi", "puja-eve-reminder", SAMPLES["puja-eve-reminder"].params)));
  });

  it("goes by WhatsApp rather than SMS when both are allowed, by e-mail alone without consent, and not at all with reminders off", async () => {
    const { customerId } = await newDevotee();
    const prepare = () =>
      prepareNotice(readEnv(env), createDb(env.DB), {
        kind: "puja-eve-reminder",
        to: { customerId },
        params: SAMPLES["puja-eve-reminder"].params,
      });
    expect((await prepare()).rows.map((row) => row.channel)).toEqual(["email"]);
    await env.DB.prepare("update customers set phone_mobile = '9876543210' where id = ?").bind(customerId).run();
    expect((await prepare()).rows.map((row) => row.channel)).toEqual(["email"]);
    const now = new Date().toISOString();
    await env.DB.prepare("update customers set whatsapp_opt_in = ?, sms_opt_in = ? where id = ?").bind(now, now, customerId).run();
    expect((await prepare()).rows.map((row) => [row.channel, row.language])).toEqual([
      ["email", "en"],
      ["whatsapp", "en"],
    ]);
    await env.DB.prepare("update customers set reminders_opt_in = 0 where id = ?").bind(customerId).run();
    expect((await prepare()).rows).toEqual([]);
  });

  it("reads a devotee's mobile as people type it (the one normaliser, toE164): SMS to India only, WhatsApp anywhere", async () => {
    for (const phone of ["9876543210", "98765 43210", "098765-43210", "+91 98765 43210", "919876543210"]) {
      expect(toE164(phone), phone).toBe("+919876543210");
    }
    for (const phone of ["", "12345", "5876543210", "98765432100"]) expect(toE164(phone), phone).toBeNull();
    const { customerId } = await newDevotee();
    const now = new Date().toISOString();
    const channels = async () =>
      (
        await prepareNotice(readEnv(env), createDb(env.DB), {
          kind: "video-ready",
          to: { customerId },
          params: SAMPLES["video-ready"].params,
        })
      ).rows.map((row) => [row.channel, row.recipient]);
    await env.DB.prepare("update customers set phone_mobile = '+1 415 555 0100', sms_opt_in = ? where id = ?").bind(now, customerId).run();
    expect((await channels()).map(([channel]) => channel)).toEqual(["email"]);
    await env.DB.prepare("update customers set whatsapp_opt_in = ? where id = ?").bind(now, customerId).run();
    expect((await channels())[1]).toEqual(["whatsapp", "+14155550100"]);
  });
});
