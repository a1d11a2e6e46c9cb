/** A temple's own data at its desk: details, pujas, donations and 80G, events and news. */
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { addDays } from "~/domain/bookings/dates";
import { TEMPLE_MESSAGES } from "~/domain/temples-admin/temple-inputs";
import { longDate } from "~/domain/text";
import { todayInIndia } from "~/lib/india-time";
import { pageText } from "../support/browser";
import { auditRows, signedIn, STAFF_A, STAFF_B, templeOf } from "../support/staff";

let templeA: number;
let templeB: number;
beforeAll(async () => {
  templeA = await templeOf(STAFF_A.email);
  templeB = await templeOf(STAFF_B.email);
});

describe("the temple's own data", () => {
  it("saves details with exact messages for bad input, and audits the change", async () => {
    const staff = await signedIn(STAFF_A);
    const before = await env.DB.prepare("select display_name from temples where id = ?").bind(templeA).first<{ display_name: string }>();
    const base = {
      intent: "details",
      displayName: before!.display_name,
      streetName: "East Nada",
      description: "A temple.",
      metaDescription: "",
      phone: "",
      email: "",
    };
    const bad = await staff.post(`/desk/${templeA}/temple`, { ...base, phone: "12", email: "office@" });
    expect(bad.status).toBe(400);
    const text = await pageText(bad);
    expect(text).toContain(TEMPLE_MESSAGES.phone);
    expect(text).toContain(TEMPLE_MESSAGES.email);
    const good = await staff.post(`/desk/${templeA}/temple`, { ...base, phone: "+91 487 2556335", email: "Office@Temple.org" });
    expect(good.status).toBe(303);
    const row = await env.DB.prepare("select phone, email, street_name from temples where id = ?").bind(templeA).first();
    expect(row).toEqual({ phone: "+91 487 2556335", email: "office@temple.org", street_name: "East Nada" });
    expect((await auditRows("temple.update", templeA)).length).toBeGreaterThan(0);
  });

  it("edits a puja's rate, postal charge, mode and days, and offers a new one", async () => {
    const staff = await signedIn(STAFF_A);
    const puja = await env.DB.prepare("select id from temple_pujas where temple_id = ? order by id limit 1")
      .bind(templeA)
      .first<{ id: number }>();
    const noDays = await staff.post(`/desk/${templeA}/pujas`, {
      intent: "puja",
      templePujaId: String(puja!.id),
      rate: "150",
      postalCharge: "40",
      bookingMode: "request",
      active: "on",
    });
    expect(noDays.status).toBe(400);
    expect(await pageText(noDays)).toContain(TEMPLE_MESSAGES.days);
    const badRate = new URLSearchParams({
      intent: "puja",
      templePujaId: String(puja!.id),
      rate: "abc",
      postalCharge: "40",
      bookingMode: "request",
      days: "1",
    });
    const rateResponse = await staff.post(`/desk/${templeA}/pujas`, Object.fromEntries(badRate));
    expect(await pageText(rateResponse)).toContain(TEMPLE_MESSAGES.rate);
    const body = new URLSearchParams({
      intent: "puja",
      templePujaId: String(puja!.id),
      rate: "150.50",
      postalCharge: "40",
      bookingMode: "request",
      active: "on",
    });
    body.append("days", "1");
    body.append("days", "5");
    const { exports } = await import("cloudflare:workers");
    // Counted before: a seeded puja may have audit rows from another test file.
    const audited = (await auditRows("puja.update", puja!.id)).length;
    const saved = await exports.default.fetch(`${staff.origin}/desk/${templeA}/pujas`, {
      method: "POST",
      body,
      headers: { "content-type": "application/x-www-form-urlencoded", origin: staff.origin, cookie: staff.cookieHeader() },
      redirect: "manual",
    });
    expect(saved.status).toBe(303);
    const row = await env.DB.prepare("select rate, postal_charge, booking_mode, days_offered, active from temple_pujas where id = ?")
      .bind(puja!.id)
      .first();
    expect(row).toEqual({ rate: 15050, postal_charge: 4000, booking_mode: "request", days_offered: "15", active: 1 });
    expect(await auditRows("puja.update", puja!.id)).toHaveLength(audited + 1);
    const other = await env.DB.prepare("select id from temple_pujas where temple_id = ? order by id limit 1")
      .bind(templeB)
      .first<{ id: number }>();
    const foreign = await staff.post(`/desk/${templeA}/pujas`, {
      intent: "puja",
      templePujaId: String(other!.id),
      rate: "1",
      postalCharge: "0",
      bookingMode: "direct",
      days: "1",
    });
    expect(foreign.status).toBe(404);
  });

  it("keeps donation purposes and 80G details, refusing a bad PAN", async () => {
    const staff = await signedIn(STAFF_A);
    const bad = await staff.post(`/desk/${templeA}/donations`, { intent: "tax", registration80g: "AAATG1234E/80G/2021", pan: "12345" });
    expect(bad.status).toBe(400);
    expect(await pageText(bad)).toContain(TEMPLE_MESSAGES.pan);
    expect(
      (await staff.post(`/desk/${templeA}/donations`, { intent: "tax", registration80g: "AAATG1234E/80G/2021", pan: "aaatg1234e" })).status,
    ).toBe(303);
    expect(await env.DB.prepare("select pan from temples where id = ?").bind(templeA).first()).toEqual({ pan: "AAATG1234E" });
    const amounts = await staff.post(`/desk/${templeA}/donations`, { intent: "purpose", name: "Annadanam", presetAmounts: "101, lots" });
    expect(await pageText(amounts)).toContain(TEMPLE_MESSAGES.presetAmounts);
    expect(
      (
        await staff.post(`/desk/${templeA}/donations`, {
          intent: "purpose",
          name: "Lamp offering fund",
          presetAmounts: "101, 501",
          active: "on",
        })
      ).status,
    ).toBe(303);
    const purpose = await env.DB.prepare("select preset_amounts from donation_purposes where temple_id = ? and name = 'Lamp offering fund'")
      .bind(templeA)
      .first();
    expect(purpose).toEqual({ preset_amounts: "10100,50100" });
  });

  it("publishes an event on the temple's site and removes it; another temple's item is not found", async () => {
    const staff = await signedIn(STAFF_A);
    const today = new Date().toISOString().slice(0, 10);
    const header = `Lamp festival ${crypto.randomUUID().slice(0, 6)}`;
    const backwards = await staff.post(`/desk/${templeA}/messages`, {
      intent: "message",
      kind: "event",
      header,
      body: "Ten thousand lamps are lit at dusk.",
      startDate: "2030-01-02",
      endDate: "2030-01-01",
    });
    expect(await pageText(backwards)).toContain(TEMPLE_MESSAGES.endDate);
    expect(
      (
        await staff.post(`/desk/${templeA}/messages`, {
          intent: "message",
          kind: "event",
          header,
          body: "Ten thousand lamps are lit at dusk.",
          startDate: today,
          endDate: "2030-01-01",
        })
      ).status,
    ).toBe(303);
    const row = await env.DB.prepare("select id from messages where header = ? and temple_id = ?")
      .bind(header, templeA)
      .first<{ id: number }>();
    expect(row).toBeTruthy();
    const foreign = await env.DB.prepare("select id from messages where temple_id = ? limit 1").bind(templeB).first<{ id: number }>();
    if (foreign)
      expect((await staff.post(`/desk/${templeA}/messages`, { intent: "delete", messageId: String(foreign.id) })).status).toBe(404);
    // A message id may be reused after another test's delete: count the new audit row.
    const audited = (await auditRows("message.delete", row!.id)).length;
    expect((await staff.post(`/desk/${templeA}/messages`, { intent: "delete", messageId: String(row!.id) })).status).toBe(303);
    expect(await auditRows("message.delete", row!.id)).toHaveLength(audited + 1);
  });

  it("refuses an event's days out of bounds or off the calendar, in the page's language, and saves nothing", async () => {
    const staff = await signedIn(STAFF_A);
    const today = todayInIndia();
    const header = `Bounded festival ${crypto.randomUUID().slice(0, 6)}`;
    const fields = {
      intent: "message",
      kind: "event",
      header,
      body: "Ten thousand lamps are lit at dusk.",
      startDate: today,
      endDate: today,
    };
    const [from, to] = [addDays(today, -365), addDays(today, 5 * 365)];
    const range = `Enter a day from ${longDate(from, "en")} to ${longDate(to, "en")}.`;
    for (const [days, message] of [
      [{ startDate: "1900-01-01" }, range],
      [{ endDate: "9999-12-31" }, range],
      [{ endDate: `${today.slice(0, 4)}-02-30` }, TEMPLE_MESSAGES.endDate],
    ] as const) {
      const answer = await staff.post(`/desk/${templeA}/messages`, { ...fields, ...days });
      expect(answer.status, JSON.stringify(days)).toBe(400);
      expect(await pageText(answer), JSON.stringify(days)).toContain(message);
    }
    const hindi = await staff.post(`/hi/desk/${templeA}/messages`, { ...fields, endDate: "9999-12-31" });
    expect(await pageText(hindi)).toContain(`कृपया ${longDate(from, "hi")} से ${longDate(to, "hi")} तक का कोई दिन दर्ज करें।`);
    expect(await env.DB.prepare("select count(*) as n from messages where header = ?").bind(header).first("n")).toBe(0);
    // Both ends are taken.
    expect((await staff.post(`/desk/${templeA}/messages`, { ...fields, startDate: from, endDate: to })).status).toBe(303);
    expect(await env.DB.prepare("select start_date, end_date from messages where header = ?").bind(header).first()).toEqual({
      start_date: from,
      end_date: to,
    });
  });
});
