/**
 * Issue 39: a temple named as devotees write it wherever a Hindi or Tamil page or e-mail names
 * it — the waiting room, the "what was checked" and "Donations received" pages, and the desk's
 * prasad e-mail and the booking's receipt e-mail (both in the language the devotee chose, whatever
 * the page the desk or the devotee was on).
 */
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { addDays, nextOfferedDay } from "~/domain/bookings/cart/inputs";
import { todayInIndia } from "~/lib/india-time";
import { outboxFor, pageText, TestBrowser } from "../support/browser";
import { bookPuja, newCustomer, openCheckout, payAndReturn, type PujaRow } from "../support/bookings";
import { paidLine, signedIn, STAFF_A, templeOf } from "../support/staff";

const GURUVAYUR = { hi: "गुरुवायूर श्रीकृष्ण मंदिर", ta: "குருவாயூர் ஸ்ரீ கிருஷ்ணர் கோயில்" };

const guruvayur = async () =>
  (await env.DB.prepare("select id, slug, verified, display_name as displayName from temples where id = ?")
    .bind(await templeOf(STAFF_A.email))
    .first<{ id: number; slug: string; verified: number; displayName: string }>())!;

describe("the temple's name on Hindi and Tamil pages", () => {
  it("the verified and donations pages name the temple in the page's language", async () => {
    const temple = await guruvayur();
    expect(temple.verified).toBe(1);
    for (const locale of ["hi", "ta"] as const) {
      const verified = await pageText(await new TestBrowser().get(`/${locale}/t/${temple.slug}/verified`));
      expect(verified).toContain(GURUVAYUR[locale]);
      // The trust keeps its registered name ("Guruvayur Devaswom"); the temple is named in the page's language.
      expect(verified).not.toContain(temple.displayName);
      const donations = await pageText(await new TestBrowser().get(`/${locale}/t/${temple.slug}/donations`));
      expect(donations).toContain(GURUVAYUR[locale]);
      expect(donations).not.toContain(temple.displayName);
    }
    expect(await pageText(await new TestBrowser().get(`/t/${temple.slug}/verified`))).toContain(temple.displayName);
  });

  it("the waiting room names the temple in the page's language", async () => {
    const temple = await guruvayur();
    const puja = (await env.DB.prepare("select id, days_offered from temple_pujas where temple_id = ? and active = 1 order by id limit 1")
      .bind(temple.id)
      .first<{ id: number; days_offered: string }>())!;
    const day = nextOfferedDay(puja.days_offered, addDays(todayInIndia(), 300))!;
    const release = (await env.DB.prepare(
      `insert into puja_releases (temple_id, temple_puja_id, kind, first_day, last_day, opens_at, admission, admit_per_minute,
         lobby_minutes, rush_minutes, pass_minutes) values (?, ?, 'fixed', ?, ?, ?, 'queue', 600, 30, 60, 15) returning id`,
    )
      .bind(temple.id, puja.id, day, day, new Date(Date.now() + 10 * 60_000).toISOString())
      .first<{ id: number }>())!;
    try {
      const { browser } = await newCustomer();
      for (const locale of ["hi", "ta"] as const) {
        const room = await browser.get(`/${locale}/t/${temple.slug}/wait?release=${release.id}`);
        expect(room.status).toBe(200);
        const text = await pageText(room);
        expect(text).toContain(GURUVAYUR[locale]);
        expect(text).not.toContain("Guruvayur");
      }
    } finally {
      await env.DB.prepare("delete from puja_releases where id = ?").bind(release.id).run();
    }
  });
});

describe("the desk's prasad e-mail", () => {
  it("names the temple and puja in the devotee's language, though the desk works in English", async () => {
    const templeId = await templeOf(STAFF_A.email);
    const staff = await signedIn(STAFF_A);
    for (const locale of ["hi", "ta"] as const) {
      const line = await paidLine(templeId, addDays(todayInIndia(), 2));
      await env.DB.prepare("update customers set language = ? where id = ?").bind(locale, line.customerId).run();
      const puja = (await env.DB.prepare(
        `select ct.text from content_translations ct join temple_pujas tp on tp.puja_id = ct.ref_id
         where ct.kind = 'puja' and ct.field = 'name' and ct.locale = ? and tp.id = ?`,
      )
        .bind(locale, line.puja.id)
        .first<{ text: string }>())!;
      const trackingNo = locale === "hi" ? "EH123456789IN" : "ET123456789IN";
      const saved = await staff.post(`/desk/${templeId}/dispatch`, { intent: "tracking", lineId: String(line.lineId), trackingNo });
      expect(saved.status).toBe(303);
      const [mail] = await outboxFor(line.user.email);
      expect(mail?.subject).not.toContain("Prasad sent by post");
      expect(mail?.text).toContain(GURUVAYUR[locale]);
      expect(mail?.text).toContain(puja.text);
      expect(mail?.text).not.toContain("Guruvayur");
    }
  });
});

describe("the receipt e-mail", () => {
  const RECEIPT = {
    hi: { thanks: "पर बुकिंग के लिए धन्यवाद।", total: "कुल योग:", devotee: "Meera Iyer के लिए" },
    ta: { thanks: "தளத்தில் முன்பதிவு செய்ததற்கு நன்றி.", total: "மொத்தத் தொகை:", devotee: "Meera Iyer பெயரில்" },
  };

  it("speaks the devotee's language and names the temple and puja in it, though they paid from an English page", async () => {
    const temple = await guruvayur();
    const puja = (await env.DB.prepare(
      `select tp.id, tp.temple_id, tp.puja_id, t.slug, tp.rate, tp.postal_charge, tp.days_offered, tp.booking_mode
       from temple_pujas tp join temples t on t.id = tp.temple_id
       where tp.temple_id = ? and tp.active = 1 and tp.booking_mode = 'direct' order by tp.id limit 1`,
    )
      .bind(temple.id)
      .first<PujaRow>())!;
    for (const locale of ["hi", "ta"] as const) {
      const { browser, user, customerId } = await newCustomer();
      await env.DB.prepare("update customers set language = ? where id = ?").bind(locale, customerId).run();
      const pujaName = (await env.DB.prepare(
        "select text from content_translations where kind = 'puja' and field = 'name' and locale = ? and ref_id = ?",
      )
        .bind(locale, puja.puja_id)
        .first<{ text: string }>())!.text;
      expect((await bookPuja(browser, puja)).status).toBe(303);
      const { orderId } = await openCheckout(browser);
      expect((await payAndReturn(browser, orderId)).response.status).toBe(303);
      let mail = (await outboxFor(user.email)).find((message) => message.subject.includes("SN-"));
      for (let tries = 0; !mail && tries < 20; tries++) {
        await new Promise((resolve) => setTimeout(resolve, 50));
        mail = (await outboxFor(user.email)).find((message) => message.subject.includes("SN-"));
      }
      expect(mail?.subject).not.toContain("receipt");
      expect(mail?.text).toContain(RECEIPT[locale].thanks);
      expect(mail?.text).toContain(RECEIPT[locale].total);
      expect(mail?.text).toContain(RECEIPT[locale].devotee);
      expect(mail?.text).toContain(GURUVAYUR[locale]);
      expect(mail?.text).toContain(pujaName);
      expect(mail?.text).not.toContain(temple.displayName);
      expect(mail?.text).not.toContain("Grand total");
      expect(mail?.text).toContain(`/${locale}/account/transactions/`);
    }
  });
});

describe("the master pujas' descriptions", () => {
  it("read in Hindi and Tamil under each puja's name on Hindi and Tamil temple sites", async () => {
    const temple = (await env.DB.prepare(
      `select t.slug from temple_pujas tp join pujas p on p.id = tp.puja_id join temples t on t.id = tp.temple_id
       where p.name = 'Palpayasam' and tp.active = 1 order by t.id limit 1`,
    ).first<{ slug: string }>())!;
    const english = "Milk payasam cooked in the temple kitchen, famous at Ambalappuzha and Guruvayur.";
    expect(await pageText(await new TestBrowser().get(`/t/${temple.slug}`))).toContain(english);
    const hindi = await pageText(await new TestBrowser().get(`/hi/t/${temple.slug}`));
    expect(hindi).toContain("मंदिर की रसोई में पकाई दूध की खीर, अम्बलप्पुझा और गुरुवायूर में प्रसिद्ध।");
    expect(hindi).not.toContain(english);
    const tamil = await pageText(await new TestBrowser().get(`/ta/t/${temple.slug}`));
    expect(tamil).toContain("கோயில் மடைப்பள்ளியில் சமைக்கப்படும் பால் பாயசம்");
    expect(tamil).not.toContain(english);
  });

  // The seed's master pujas, which all have a description (other test files add pujas of their own without one).
  it("every master puja has its description in the five languages", async () => {
    const missing = await env.DB.prepare(
      `select p.name, count(ct.locale) as languages from pujas p left join content_translations ct
         on ct.kind = 'puja' and ct.field = 'description' and ct.ref_id = p.id
       where p.description is not null and p.description != ''
       group by p.id having languages < 5`,
    ).all();
    expect(missing.results).toEqual([]);
  });
});

describe("a generated temple's description", () => {
  const FRAGMENTS = {
    hi: ["को समर्पित यह मंदिर", "का यह मंदिर", "के इस मंदिर"],
    ta: ["எழுந்தருளியுள்ள இக்கோயில்", "மாநிலத்தில் உள்ள இக்கோயில்", "கோயிலான இத்தலத்தில்"],
  };

  it("reads in Hindi and Tamil, with the state in that language, on Hindi and Tamil temple sites", async () => {
    const temple = (await env.DB.prepare(
      `select t.id, t.slug, t.description from temples t where length(t.description) > 60 and not exists
         (select 1 from content_translations ct where ct.kind = 'temple' and ct.field = 'name' and ct.ref_id = t.id)
       order by t.id limit 1`,
    ).first<{ id: number; slug: string; description: string }>())!;
    for (const locale of ["hi", "ta"] as const) {
      const state = (await env.DB.prepare(
        `select ct.text from temples t join states s on s.id = t.state_id
           join content_translations ct on ct.kind = 'state' and ct.field = 'name' and ct.ref_id = s.id and ct.locale = ?
         where t.id = ?`,
      )
        .bind(locale, temple.id)
        .first<{ text: string }>())!;
      const text = await pageText(await new TestBrowser().get(`/${locale}/t/${temple.slug}`));
      expect(text).toContain(FRAGMENTS[locale][temple.id % 3]);
      expect(text).toContain(state.text);
      expect(text).not.toContain(temple.description);
    }
  });
});
