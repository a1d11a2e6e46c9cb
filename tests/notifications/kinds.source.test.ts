/**
 * Every kind of message, in each of the six languages: its phone text is written in the
 * language's own script and names what it is about (puja, temple, tracking number, code), and a
 * devotee's message is composed in the language they chose, e-mail and phone alike.
 */
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { createDb } from "~/db/client.server";
import { type KindParams, kindSubject, NOTIFICATION_KINDS, type NotificationKind, phoneText } from "~/domain/notifications/kinds";
import { prepareNotice } from "~/domain/notifications/notify.server";
import { indianMobileE164 } from "~/domain/notifications/recipients.server";
import { readEnv } from "~/lib/env.server";
import { locales } from "~/lib/i18n";
import { withLocale } from "~/lib/locale.server";
import { uniqueEmail } from "../support/browser";

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

const names = { pujaName: "ഉദയാസ്തമന പൂജ", templeName: "ഗുരുവായൂർ ക്ഷേത്രം" };

/** A sample of each kind's parameters, with what its text must name. */
const SAMPLES: { [K in NotificationKind]: { params: KindParams[K]; names: string[] } } = {
  receipt: {
    params: { templeName: names.templeName, receiptNo: "SN-2027-000123", trackingNo: "TRK2027000123", amount: 125_000 },
    names: [names.templeName, "SN-2027-000123", "TRK2027000123", "1,250"],
  },
  "request-accepted": { params: { ...names, date: "2027-01-15" }, names: [names.pujaName, names.templeName, "2027"] },
  "request-declined": { params: { ...names, date: "2027-01-15" }, names: [names.pujaName, names.templeName] },
  "request-redated": { params: { ...names, date: "2027-01-15", newDate: "2027-01-22" }, names: [names.pujaName, "22"] },
  "date-moved": { params: { ...names, from: "2027-01-15", to: "2027-01-22" }, names: [names.pujaName, names.templeName, "22"] },
  "date-move-declined": { params: { ...names, from: "2027-01-15", to: "2027-01-22" }, names: [names.pujaName, "15"] },
  "puja-performed": { params: { ...names, devoteeName: "Meera Iyer", date: "2027-01-15" }, names: [names.pujaName, "Meera Iyer"] },
  "video-ready": { params: { ...names, devoteeName: "Meera Iyer" }, names: [names.pujaName, names.templeName, "Meera Iyer"] },
  "prasad-dispatched": { params: { ...names, trackingNo: "EE123456789IN" }, names: [names.pujaName, "EE123456789IN"] },
  "refund-started": { params: { amount: 50_100, reference: "rfnd_Q1w2E3r4" }, names: ["501", "rfnd_Q1w2E3r4"] },
  "refund-completed": { params: { amount: 50_100, reference: "rfnd_Q1w2E3r4" }, names: ["501", "rfnd_Q1w2E3r4"] },
  "verification-code": { params: { code: "DV123456" }, names: ["DV123456"] },
  "sign-in-code": { params: { code: "482913" }, names: ["482913"] },
  "password-reset": { params: { code: "DV654321" }, names: ["DV654321"] },
  "password-changed": { params: {}, names: ["Sannidhi"] },
  "release-reminder": { params: { templeName: names.templeName, month: "2027-01", time: "10:00" }, names: [names.templeName, "10:00"] },
  "puja-eve-reminder": { params: { ...names, devoteeName: "Meera Iyer", date: "2027-01-15" }, names: [names.pujaName, "Meera Iyer"] },
  "temple-new-booking": {
    params: { trackingNo: "TRK2027000123", pujas: names.pujaName, date: "2027-01-15" },
    names: ["TRK2027000123", names.pujaName, "15"],
  },
  "temple-new-request": { params: { pujaName: names.pujaName, date: "2027-01-15", requests: 3 }, names: [names.pujaName, "15", "3"] },
  "temple-morning-digest": { params: { date: "2027-01-15", pujas: 12, prasad: 4 }, names: ["15", "12", "4"] },
};

/** Each language's own script (Unicode block). */
const SCRIPT: Record<string, RegExp> = {
  hi: /[\u0900-\u097F]{3}/,
  ta: /[\u0B80-\u0BFF]{3}/,
  te: /[\u0C00-\u0C7F]{3}/,
  kn: /[\u0C80-\u0CFF]{3}/,
  ml: /[\u0D00-\u0D7F]{3}/,
};

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

  it("reads a mobile number as India's E.164, and no other", () => {
    for (const phone of ["9876543210", "98765 43210", "098765-43210", "+91 98765 43210", "919876543210"]) {
      expect(indianMobileE164(phone), phone).toBe("+919876543210");
    }
    for (const phone of ["", "12345", "5876543210", "+1 415 555 0100", "98765432100"]) expect(indianMobileE164(phone), phone).toBeNull();
  });
});
