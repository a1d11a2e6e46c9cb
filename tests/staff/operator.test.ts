/** The operator console: only operators, CSV exports, temple switches, staff assignment, announcements. */
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { OPERATOR_MESSAGES } from "~/domain/temples-admin/console";
import { csvCell, toCsv } from "~/lib/csv";
import { addDays } from "~/domain/bookings/dates";
import { longDate } from "~/domain/text";
import { todayInIndia } from "~/lib/india-time";
import { pageText, TestBrowser } from "../support/browser";
import { demoBrowser, newCustomer } from "../support/bookings";
import { auditRows, OPERATOR, signedIn, STAFF_A, templeOf } from "../support/staff";

const PAGES = [
  "/operator",
  "/operator/temples",
  "/operator/enquiries/registrations",
  "/operator/enquiries/jobs",
  "/operator/enquiries/contacts",
  "/operator/enquiries/newsletter",
  "/operator/catalog",
  "/operator/announcements",
  "/operator/export/newsletter",
];

describe("operator console", () => {
  it("is for operators only: visitors sign in, customers and staff get 403", async () => {
    expect((await new TestBrowser().get("/operator")).status).toBe(302);
    const customer = await demoBrowser();
    const staff = await signedIn(STAFF_A);
    const operator = await signedIn(OPERATOR);
    for (const path of PAGES) {
      expect((await customer.get(path)).status, path).toBe(403);
      expect((await staff.get(path)).status, path).toBe(403);
      expect((await operator.get(path)).status, path).toBe(200);
    }
    expect((await staff.post("/operator/announcements", { intent: "delete", messageId: "1" })).status).toBe(403);
    expect((await operator.get("/operator/enquiries/passwords")).status).toBe(404);
  });

  it("exports newsletter subscribers and registrations as CSV", async () => {
    const email = `csv.${crypto.randomUUID().slice(0, 6)}@example.org`;
    await env.DB.prepare("insert into newsletter_subscriptions (email) values (?)").bind(email).run();
    await env.DB.prepare(
      "insert into temple_registrations (temple_name, location, contact_person, phone) values ('=HYPERLINK(1)', 'Kochi', 'Ravi', '9876543210')",
    ).run();
    const operator = await signedIn(OPERATOR);
    const response = await operator.get("/operator/export/newsletter");
    expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("content-disposition")).toMatch(/^attachment; filename="newsletter-\d{4}-\d{2}-\d{2}\.csv"$/);
    const csv = await response.text();
    expect(csv.split("\r\n")[0]).toBe('"Subscribed","E-mail"');
    expect(csv).toContain(`"${email}"`);
    const registrations = await (await operator.get("/operator/export/registrations")).text();
    expect(registrations).toContain(`"'=HYPERLINK(1)"`);
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(toCsv(["a"], [[1]])).toBe('"a"\r\n"1"\r\n');
  });

  it("switches a temple's online booking and assisted status, with an audit row", async () => {
    const operator = await signedIn(OPERATOR);
    const temple = await env.DB.prepare(
      "select id, online_booking, is_assisted from temples where online_booking = 0 order by id limit 1",
    ).first<{ id: number }>();
    const audited = (await auditRows("temple.settings", temple!.id)).length;
    expect(
      (
        await operator.post("/operator/temples", {
          intent: "settings",
          templeId: String(temple!.id),
          onlineBooking: "on",
          isAssisted: "on",
        })
      ).status,
    ).toBe(303);
    expect(await env.DB.prepare("select online_booking, is_assisted from temples where id = ?").bind(temple!.id).first()).toEqual({
      online_booking: 1,
      is_assisted: 1,
    });
    expect(await auditRows("temple.settings", temple!.id)).toHaveLength(audited + 1);
    expect(await pageText(await operator.get("/operator"))).toContain("temple.settings");
  });

  it("assigns staff by e-mail, who can then open that temple's desk, and removes them again", async () => {
    const operator = await signedIn(OPERATOR);
    const templeId = await templeOf(STAFF_A.email);
    const unknown = await operator.post("/operator/temples", { intent: "assign", templeId: String(templeId), email: "nobody@example.org" });
    expect(unknown.status).toBe(400);
    expect(await pageText(unknown)).toContain(OPERATOR_MESSAGES.staffUnknown);
    const { browser, user, customerId } = await newCustomer();
    expect((await browser.get(`/desk/${templeId}`)).status).toBe(403);
    expect(
      (await operator.post("/operator/temples", { intent: "assign", templeId: String(templeId), email: user.email.toUpperCase() })).status,
    ).toBe(303);
    expect((await browser.get(`/desk/${templeId}`)).status).toBe(200);
    expect((await browser.get("/operator")).status).toBe(403);
    expect(
      (await operator.post("/operator/temples", { intent: "unassign", templeId: String(templeId), customerId: String(customerId) })).status,
    ).toBe(303);
    expect((await browser.get(`/desk/${templeId}`)).status).toBe(403);
    expect(await env.DB.prepare("select role from customers where id = ?").bind(customerId).first()).toEqual({ role: "customer" });
  });

  it("refuses an announcement's days out of bounds or off the calendar, and a display order that is not plain digits", async () => {
    const operator = await signedIn(OPERATOR);
    const today = todayInIndia();
    const header = `Bounded notice ${crypto.randomUUID().slice(0, 6)}`;
    const fields = {
      intent: "announcement",
      header,
      body: "The temple is closed for the eclipse.",
      displayOrder: "5",
      startDate: today,
      endDate: today,
    };
    const range = `Enter a day from ${longDate(addDays(today, -365), "en")} to ${longDate(addDays(today, 5 * 365), "en")}.`;
    for (const [changed, message] of [
      [{ startDate: "0001-01-01" }, range],
      [{ endDate: "9999-12-31" }, range],
      [{ startDate: `${today.slice(0, 4)}-02-30` }, OPERATOR_MESSAGES.startDate],
      [{ displayOrder: "0x10" }, OPERATOR_MESSAGES.displayOrder],
      [{ displayOrder: "1e2" }, OPERATOR_MESSAGES.displayOrder],
    ] as const) {
      const answer = await operator.post("/operator/announcements", { ...fields, ...changed });
      expect(answer.status, JSON.stringify(changed)).toBe(400);
      expect(await pageText(answer), JSON.stringify(changed)).toContain(message);
    }
    expect(await env.DB.prepare("select count(*) as n from messages where header = ?").bind(header).first("n")).toBe(0);
  });

  it("publishes a 999 pop-up announcement with dates after checking its fields, and removes it", async () => {
    const operator = await signedIn(OPERATOR);
    const header = `Festival notice ${crypto.randomUUID().slice(0, 6)}`;
    const today = todayInIndia();
    const bad = await operator.post("/operator/announcements", {
      intent: "announcement",
      header,
      body: "short",
      displayOrder: "1000",
      startDate: today,
      endDate: today,
      footerUrl: "javascript:alert(1)",
    });
    const text = await pageText(bad);
    expect(text).toContain(OPERATOR_MESSAGES.body);
    expect(text).toContain(OPERATOR_MESSAGES.displayOrder);
    expect(text).toContain(OPERATOR_MESSAGES.footerUrl);
    const fields = {
      intent: "announcement",
      header,
      body: "The temple is closed for the eclipse.",
      displayOrder: "999",
      startDate: today,
      endDate: "2030-12-31",
      footerUrl: "/events",
    };
    expect((await operator.post("/operator/announcements", fields)).status).toBe(303);
    const row = await env.DB.prepare("select id, display_order from messages where header = ?")
      .bind(header)
      .first<{ id: number; display_order: number }>();
    expect(row?.display_order).toBe(999);
    // A message id may be reused after a delete (another test's), so count the new audit row.
    const audited = (await auditRows("announcement.delete", row!.id)).length;
    expect((await operator.post("/operator/announcements", { intent: "delete", messageId: String(row!.id) })).status).toBe(303);
    expect(await auditRows("announcement.delete", row!.id)).toHaveLength(audited + 1);
  });
});
