/**
 * Issue 38, the waiting room tells a devotee where they stand: sent back before its lobby opens,
 * they are told when it opens and when bookings do (India time, in their language); once let
 * in, the temple site shows until when they may book instead of the way in, and once their
 * turn's one checkout is made, that it is used. Only their own page shows it: visitors and other
 * devotees (whose pages are composed from the shared copy) still see the way in.
 */
import { afterEach, describe, expect, it } from "vitest";
import { addDays } from "~/domain/bookings/cart/inputs";
import { longDate } from "~/domain/text";
import { indiaDateTime, indiaInstant, todayInIndia } from "~/lib/india-time";
import { pageText, TestBrowser } from "../support/browser";
import { findPuja, newCustomer, openCheckout } from "../support/bookings";
import { booking, dayAhead, enter, MINUTE, release, removeReleases } from "./support/releases";

afterEach(removeReleases);

const JOIN = "Join the waiting room";
const used = (time: string) =>
  `Your turn from the waiting room has already been used for one checkout, and a turn allows only ` +
  `one. From ${time} IST anyone can book the dates that are left, without waiting.`;

describe("before a waiting room opens", () => {
  it("sends the devotee back saying when the room and the bookings open, in their language", async () => {
    const puja = await findPuja("direct", false, 34);
    const opensOn = addDays(todayInIndia(), 2);
    const releaseId = await release(puja, { firstDay: dayAhead(puja, 340), opensAt: indiaInstant(opensOn, "10:00"), lobbyMinutes: 15 });
    const { browser } = await newCustomer();

    const sent = await browser.get(`/t/${puja.slug}/wait?release=${releaseId}`);
    expect(sent.status).toBe(302);
    expect(sent.headers.get("location")).toBe(`/t/${puja.slug}`);
    expect(await pageText(await browser.get(`/t/${puja.slug}`))).toContain(
      `The waiting room opens at 09:45 IST on ${longDate(opensOn, "en")}; bookings open at 10:00 IST.`,
    );

    await browser.get(`/hi/t/${puja.slug}/wait?release=${releaseId}`);
    expect(await pageText(await browser.get(`/hi/t/${puja.slug}`))).toContain(
      `प्रतीक्षा कक्ष ${longDate(opensOn, "hi")} को 09:45 IST पर खुलेगा; बुकिंग 10:00 IST पर खुलेगी।`,
    );
    // Without naming a release, the temple's next room.
    await browser.get(`/t/${puja.slug}/wait`);
    expect(await pageText(await browser.get(`/t/${puja.slug}`))).toContain("The waiting room opens at 09:45 IST");
  });
});

describe("a devotee let in by the waiting room", () => {
  it("sees on the temple site until when to book, then that the turn is used; others still see the way in", async () => {
    const puja = await findPuja("direct", false, 35);
    const day = dayAhead(puja, 345);
    const opening = Date.now() - MINUTE;
    const releaseId = await release(puja, { firstDay: day, opensAt: opening, passMinutes: 15 });
    const devotee = await newCustomer();
    const { pass } = await enter(devotee.browser, puja, releaseId);
    const expires = Number(pass!.split(";")[0]!.split(".")[4]);
    const bookBy = indiaDateTime(expires).time;

    const mine = await pageText(await devotee.browser.get(`/t/${puja.slug}`));
    expect(mine).toContain(`Your turn: book by ${bookBy} IST.`);
    expect(mine).not.toContain(JOIN);
    expect(await pageText(await devotee.browser.get(`/ta/t/${puja.slug}`))).toContain(`உங்கள் முறை: ${bookBy} IST-க்குள் முன்பதிவு செய்யுங்கள்.`);

    // A visitor and another devotee (asking twice: the second page is composed from the shared copy).
    const other = await newCustomer();
    for (const browser of [new TestBrowser(), other.browser, other.browser]) {
      const theirs = await pageText(await browser.get(`/t/${puja.slug}`));
      expect(theirs).toContain(JOIN);
      expect(theirs).not.toContain("Your turn: book by");
    }

    // The turn's one checkout made: the site says it is used, and when anyone may book.
    expect((await devotee.browser.post(`/t/${puja.slug}`, booking(puja, day))).status).toBe(303);
    await openCheckout(devotee.browser);
    const spent = await pageText(await devotee.browser.get(`/t/${puja.slug}`));
    expect(spent).toContain(used(indiaDateTime(opening + 60 * MINUTE).time));
    expect(spent).not.toContain("Your turn: book by");
    expect(spent).not.toContain(JOIN);
    // Back at the room: sent on to the site, told the turn is used (not that it is their turn).
    expect((await enter(devotee.browser, puja, releaseId)).response.status).toBe(302);
    const again = await pageText(await devotee.browser.get(`/t/${puja.slug}`));
    expect(again).not.toContain("It is your turn");
    expect(again.split(used(indiaDateTime(opening + 60 * MINUTE).time)).length).toBe(3);
  });
});
