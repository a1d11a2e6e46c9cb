/**
 * Issue 38: My Transactions on a phone names what a booking was for before its numbers. A
 * completed booking's summary (what shows while it is closed) names the temple, the first
 * puja with "+N more" and the puja's date; the Payments list is titled by what was paid for,
 * the gateway's id kept beside it; in the page's language.
 */
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { addDays } from "~/domain/bookings/dates";
import { longDate } from "~/domain/text";
import type { Locale } from "~/lib/i18n";
import { todayInIndia } from "~/lib/india-time";
import { bookPuja, newCustomer, openCheckout, type PujaRow, payAndReturn } from "../support/bookings";

/** Two direct pujas offered every day, not limited, at one temple. */
async function twoPujasOfOneTemple(): Promise<[PujaRow, PujaRow]> {
  const { results } = await env.DB.prepare(
    `select tp.id, tp.temple_id, tp.puja_id, t.slug, tp.rate, tp.postal_charge, tp.days_offered, tp.booking_mode
     from temple_pujas tp join temples t on t.id = tp.temple_id
     where tp.active = 1 and t.online_booking = 1 and t.verified = 1 and tp.booking_mode = 'direct'
       and tp.days_offered = '0123456' and tp.daily_capacity is null
       and tp.temple_id = (select temple_id from temple_pujas where active = 1 and booking_mode = 'direct'
                           and days_offered = '0123456' and daily_capacity is null
                           group by temple_id having count(*) >= 2 order by temple_id limit 1)
     order by tp.id limit 2`,
  ).all<PujaRow>();
  expect(results.length, "two everyday pujas at one temple").toBe(2);
  return [results[0]!, results[1]!];
}

/** A name as a page in `locale` shows it: its variant in that language, else the English one. */
async function nameIn(locale: Locale, kind: "puja" | "temple", refId: number, english: string): Promise<string> {
  if (locale === "en") return english;
  const row = await env.DB.prepare("select text from content_translations where kind = ? and locale = ? and ref_id = ? and field = 'name'")
    .bind(kind, locale, refId)
    .first<{ text: string }>();
  return row?.text ?? english;
}

const escapeHtml = (text: string) => text.replace(/&/g, "&amp;").replace(/'/g, "&#x27;").replace(/"/g, "&quot;");

const LANGUAGES = [
  { locale: "en", prefix: "", more: "+1 more" },
  { locale: "hi", prefix: "/hi", more: "+1 और" },
  { locale: "ta", prefix: "/ta", more: "+1 மேலும்" },
] as const;

describe("My Transactions on a phone", () => {
  it("names the temple, the puja (+N more) and the date in a booking's summary, and titles each payment by what it paid for", async () => {
    const { browser } = await newCustomer();
    const [first, second] = await twoPujasOfOneTemple();
    const date = addDays(todayInIndia(), 9);
    for (const puja of [first, second]) expect((await bookPuja(browser, puja, { "dates[0]": date })).status).toBe(303);
    const { orderId } = await openCheckout(browser);
    const { fields, response } = await payAndReturn(browser, orderId);
    expect(response.status).toBe(303);

    const temple = await env.DB.prepare("select display_name from temples where id = ?")
      .bind(first.temple_id)
      .first<{ display_name: string }>();
    const puja = await env.DB.prepare("select name from pujas where id = ?").bind(first.puja_id).first<{ name: string }>();
    for (const { locale, prefix, more } of LANGUAGES) {
      const templeName = escapeHtml(await nameIn(locale, "temple", first.temple_id, temple!.display_name));
      const pujaName = escapeHtml(await nameIn(locale, "puja", first.puja_id, puja!.name));

      const completed = await (await browser.get(`${prefix}/account?tab=transactions&view=completed`)).text();
      const summary = /<details class="booking-item"[^>]*><summary>([\s\S]*?)<\/summary>/.exec(completed)?.[1] ?? "";
      expect(summary, `${locale}: the booking's summary`).toContain(templeName);
      expect(summary).toContain(`${pujaName} ${more} · ${longDate(date, locale)}`);

      const payments = await (await browser.get(`${prefix}/account?tab=transactions&view=payments`)).text();
      const row =
        new RegExp(`<th scope="row">((?:(?!</th>)[\\s\\S])*${fields.razorpay_payment_id}[\\s\\S]*?)</th>`).exec(payments)?.[1] ?? "";
      expect(row, `${locale}: the payment's row`).toContain(templeName);
      expect(row).toContain(`${pujaName} ${more}`);
      // Its title comes first; the gateway's id is the line under it.
      expect(row.indexOf(templeName)).toBeLessThan(row.indexOf(fields.razorpay_payment_id!));
    }
  });
});
