/**
 * Issue 41: the account's Notifications tab. A devotee sees their own messages (never another
 * devotee's), newest first, each with what it was about (the booking, linked; the puja; the
 * temple; a parcel's tracking number), its channel and status in words and its time in India,
 * in the page's language; codes are not listed. The header counts the messages they have not
 * seen beside their name, on composed public pages too, until they open the tab.
 */
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { fresh } from "../support/public";
import { STAFF_A, templeOf } from "../support/staff";
import { addMessage, bookingOf, devotee, headerOf, inboxItems, minutesAgo, unseenInHeader, warm } from "./support/messages";

/** "HH:MM" of an instant in India (UTC+05:30), worked out here rather than by the portal's helper. */
function indianClock(iso: string): string {
  return new Date(Date.parse(iso) + 330 * 60_000).toISOString().slice(11, 16);
}

describe("the Notifications tab", () => {
  it("lists only the signed-in devotee's messages, newest first, with what each was about, its channel and status in words", async () => {
    const templeId = await templeOf(STAFF_A.email);
    const meera = await devotee();
    const { trackingNo, lineId } = await bookingOf(meera.customerId, templeId);
    const ravi = await devotee();
    const temple = await env.DB.prepare("select display_name as name from temples where id = ?").bind(templeId).first<{ name: string }>();
    const receiptAt = minutesAgo(30);
    await addMessage(meera.customerId, {
      kind: "receipt",
      channel: "email",
      status: "delivered",
      trackingNo: trackingNo,
      createdAt: receiptAt,
    });
    await addMessage(meera.customerId, {
      kind: "prasad-dispatched",
      channel: "whatsapp",
      status: "read",
      trackingNo: trackingNo,
      templeId,
      lineId,
      params: { templeName: "Sree Krishna Temple", pujaName: "Pushpanjali", trackingNo: "EK123456789IN" },
      createdAt: minutesAgo(20),
    });
    const declinedAt = minutesAgo(10);
    await addMessage(meera.customerId, { kind: "request-declined", channel: "sms", status: "failed", createdAt: declinedAt });
    await addMessage(meera.customerId, { kind: "sign-in-code", channel: "sms", status: "sent", createdAt: minutesAgo(5) });
    await addMessage(ravi.customerId, {
      kind: "refund-started",
      trackingNo: "TRK-RAVI-ONLY",
      params: { amount: 10000, reference: "rfnd_RAVI" },
    });

    const page = await meera.browser.get("/account?tab=notifications");
    expect(page.status).toBe(200);
    expect(page.headers.get("cache-control")).toContain("no-store");
    const html = await page.text();
    const items = inboxItems(html);
    expect(items).toHaveLength(3);
    const [declined, prasad, receipt] = items as [string, string, string];
    expect(declined).toContain("Request declined");
    expect(declined).toContain("SMS · Failed");
    expect(declined).toContain(`${indianClock(declinedAt)} IST`);
    expect(prasad).toContain("Prasad sent by post");
    expect(prasad).toContain("WhatsApp · Read");
    for (const about of [trackingNo, "Pushpanjali", "Sree Krishna Temple", "Postal tracking number EK123456789IN"]) {
      expect(prasad).toContain(about);
    }
    expect(receipt).toContain("Booking confirmed");
    expect(receipt).toContain("E-mail · Delivered");
    expect(receipt).toContain(`Temple ${temple!.name}`);
    expect(receipt).toContain(`${indianClock(receiptAt)} IST`);
    // The booking's tracking number leads to it in My Transactions, opened.
    const link = `/account?tab=transactions&amp;view=completed&amp;booking=${trackingNo}#booking-${trackingNo}`;
    expect(html).toContain(`href="${link}"`);
    const booking = await (await meera.browser.get(link.replaceAll("&amp;", "&").split("#")[0]!)).text();
    expect(booking).toMatch(new RegExp(`<details class="booking-item" id="booking-${trackingNo}" open=""`));
    // Another devotee's message, and a sign-in code, are not listed.
    expect(html).not.toContain("TRK-RAVI-ONLY");
    expect(html).not.toContain("Refund started");
    expect(html).not.toContain("Verification code");

    const ravisPage = await (await ravi.browser.get("/account?tab=notifications")).text();
    expect(inboxItems(ravisPage).map((item) => item.includes("Refund started"))).toEqual([true]);
    expect(ravisPage).not.toContain(trackingNo);
  });

  it("speaks the page's language: in Tamil, what it was, its channel, status and time", async () => {
    const meera = await devotee();
    await addMessage(meera.customerId, { kind: "receipt", channel: "whatsapp", status: "delivered" });
    const page = await meera.browser.get("/ta/account?tab=notifications");
    expect(page.status).toBe(200);
    const [item] = inboxItems(await page.text());
    expect(item).toContain("முன்பதிவு உறுதி செய்யப்பட்டது");
    expect(item).toContain("வாட்ஸ்அப் · சென்றடைந்தது");
    expect(item).toContain("மணி (IST)");
    expect(item).not.toMatch(/Booking confirmed|WhatsApp|Delivered/);
  });

  it("shows twenty at a time, older ones a page further", async () => {
    const meera = await devotee();
    for (let minute = 21; minute >= 1; minute--) {
      await addMessage(meera.customerId, { kind: "video-ready", params: { pujaName: `Puja ${minute}` }, createdAt: minutesAgo(minute) });
    }
    const first = await (await meera.browser.get("/account?tab=notifications")).text();
    const firstItems = inboxItems(first);
    expect(firstItems).toHaveLength(20);
    expect(firstItems[0]).toContain("Puja 1 ");
    expect(first).toContain('href="/account?tab=notifications&amp;page=2"');
    expect(first).not.toContain("Newer messages");
    const second = await (await meera.browser.get("/account?tab=notifications&page=2")).text();
    expect(inboxItems(second).map((item) => /Puja \d+/.exec(item)?.[0])).toEqual(["Puja 21"]);
    expect(second).toContain("Newer messages");
    expect(second).not.toContain("Older messages");
    // A page that is no number is the first.
    expect(inboxItems(await (await meera.browser.get("/account?tab=notifications&page=abc")).text())).toHaveLength(20);
  });

  it("says so when there are none", async () => {
    const ravi = await devotee();
    const html = await (await ravi.browser.get("/account?tab=notifications")).text();
    expect(inboxItems(html)).toEqual([]);
    expect(html).toContain("You have no notifications.");
  });
});

describe("the header's count of unseen messages", () => {
  it("counts them beside the name, on composed public pages too, and drops to 0 once the tab is opened", async () => {
    const meera = await devotee();
    await addMessage(meera.customerId, { createdAt: minutesAgo(3) });
    await addMessage(meera.customerId, { kind: "video-ready", channel: "sms", createdAt: minutesAgo(2) });

    const profile = await (await meera.browser.get("/account")).text();
    expect(unseenInHeader(profile)).toBe(2);
    expect(headerOf(profile)).toContain('class="account-menu__unseen">2<');
    expect(headerOf(profile)).toContain('href="/account?tab=notifications"');

    // A public page composed for her from the visitors' copy, then one composed from her view cookie.
    const url = fresh("/services");
    await warm(url);
    const path = url.replace("http://localhost", "");
    expect(unseenInHeader(await (await meera.browser.get(path)).text())).toBe(2);
    expect(meera.browser.cookies.has("sn_view"), "the composed page sealed her view").toBe(true);
    expect(unseenInHeader(await (await meera.browser.get(path)).text())).toBe(2);

    // Opening the tab: the header on that very page counts none, both messages are marked new, her view is dropped.
    const tab = await (await meera.browser.get("/account?tab=notifications")).text();
    expect(unseenInHeader(tab)).toBe(0);
    expect(headerOf(tab)).not.toContain("account-menu__unseen");
    expect(inboxItems(tab).map((item) => item.includes("New"))).toEqual([true, true]);
    expect(meera.browser.cookies.has("sn_view")).toBe(false);
    expect(unseenInHeader(await (await meera.browser.get("/account")).text())).toBe(0);
    expect(unseenInHeader(await (await meera.browser.get(path)).text())).toBe(0);

    // A new message counts again; on the tab only it is new.
    await addMessage(meera.customerId, { kind: "refund-completed", params: { amount: 10000, reference: "rfnd_1" } });
    const again = await (await meera.browser.get("/account")).text();
    expect(unseenInHeader(again)).toBe(1);
    expect(headerOf(again)).toContain("1 new message<");
    const items = inboxItems(await (await meera.browser.get("/account?tab=notifications")).text());
    expect(items.map((item) => item.includes("New"))).toEqual([true, false, false]);
  });

  it("never counts another devotee's messages, nor codes", async () => {
    const meera = await devotee();
    const ravi = await devotee();
    await addMessage(ravi.customerId);
    await addMessage(meera.customerId, { kind: "sign-in-code", channel: "sms" });
    expect(unseenInHeader(await (await meera.browser.get("/account")).text())).toBe(0);
    expect(unseenInHeader(await (await ravi.browser.get("/account")).text())).toBe(1);
  });
});
