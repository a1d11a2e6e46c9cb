/**
 * Issue 43 against the built Worker: operators set a temple's fee (audited, history kept), the
 * desk sees it and any change before it applies, a month's fees follow the rule of each booking's
 * day, and the monthly tax invoice is numbered per financial year, issued once, and names the
 * platform's GSTIN, its number and its totals. Each test makes its own temples, or restores what
 * it changed at a seeded one.
 */
import { env } from "cloudflare:workers";
import { describe, expect, it, onTestFinished } from "vitest";
import { createDb } from "~/db/client.server";
import { addDays } from "~/domain/days";
import { gstOnFee } from "~/domain/ledger/fees";
import { feesOfMonth } from "~/domain/ledger/fees.server";
import { issueInvoice } from "~/domain/ledger/invoices.server";
import { formatRupees, longDate } from "~/domain/text";
import { todayInIndia } from "~/lib/india-time";
import { pageText } from "../support/browser";
import { count } from "../support/bookings";
import { pdfText } from "../support/pdf-helpers";
import { OPERATOR, STAFF_A, signedIn, templeOf } from "../support/staff";
import { makeTemple } from "../support/trust";
import { bookedLine, feeRule, removeBookings } from "./support/fee-rows";

const db = () => createDb(env.DB);
const today = todayInIndia();

async function removeInvoices(where: string, ...values: (string | number)[]) {
  await env.DB.prepare(`delete from platform_invoices where ${where}`)
    .bind(...values)
    .run();
}

describe("a temple's fee", () => {
  it("is set only by operators, from today on, each change a new rule in the audit log and the history", async () => {
    const temple = await makeTemple({ verified: true });
    const path = `/operator/temples/${temple.id}/fees`;
    const fields = { intent: "fee", templeId: String(temple.id), kind: "puja", percent: "5", fixedRupees: "", effectiveFrom: today };

    const staff = await signedIn(STAFF_A);
    expect((await staff.post(path, fields)).status).not.toBe(303);
    expect(await count("select count(*) as n from temple_fees where temple_id = ?", temple.id)).toBe(0);

    const operator = await signedIn(OPERATOR);
    const tooHigh = await operator.post(path, { ...fields, percent: "60" });
    expect(tooHigh.status).toBe(400);
    expect(await pageText(tooHigh)).toContain("Enter a percentage from 0 to 50, with at most two decimals");
    expect((await operator.post(path, { ...fields, effectiveFrom: addDays(today, -1) })).status).toBe(400);
    expect(await count("select count(*) as n from temple_fees where temple_id = ?", temple.id)).toBe(0);

    expect((await operator.post(path, fields)).status).toBe(303);
    const later = addDays(today, 30);
    expect((await operator.post(path, { ...fields, percent: "7.5", fixedRupees: "2", effectiveFrom: later })).status).toBe(303);
    expect(
      await env.DB.prepare(
        "select kind, percent_basis_points as bps, fixed_paise as fixed, effective_from as day from temple_fees where temple_id = ? order by id",
      )
        .bind(temple.id)
        .all()
        .then((r) => r.results),
    ).toEqual([
      { kind: "puja", bps: 500, fixed: 0, day: today },
      { kind: "puja", bps: 750, fixed: 200, day: later },
    ]);
    expect(await count("select count(*) as n from audit_log where temple_id = ? and action = 'temple.fee_set'", temple.id)).toBe(2);

    const page = await pageText(await operator.get(path));
    expect(page).toContain("Pujas: 5%");
    expect(page).toContain(`from ${longDate(later)}: 7.5% + ₹2.00 per booking line`);
    expect(page).toContain("Donations: No fee");
    expect(page).toContain(OPERATOR.email);
  });

  it("is shown at the desk, with a change before it applies", async () => {
    const templeId = await templeOf(STAFF_A.email);
    const before = await env.DB.prepare("select coalesce(max(id), 0) as id from temple_fees").first<{ id: number }>();
    onTestFinished(() =>
      env.DB.prepare("delete from temple_fees where id > ? and temple_id = ?")
        .bind(before!.id, templeId)
        .run()
        .then(() => {}),
    );
    const operator = await signedIn(OPERATOR);
    const later = addDays(today, 10);
    const set = await operator.post(`/operator/temples/${templeId}/fees`, {
      intent: "fee",
      templeId: String(templeId),
      kind: "donation",
      percent: "1",
      fixedRupees: "",
      effectiveFrom: later,
    });
    expect(set.status).toBe(303);

    const staff = await signedIn(STAFF_A);
    const text = await pageText(await staff.get(`/desk/${templeId}/settlement`));
    // The seed's fee on pujas, and the donations' coming one.
    expect(text).toContain("Pujas: 5%");
    expect(text).toContain(`Donations: No fee · from ${longDate(later)}: 1%`);
  });

  it("of a month follows the rule of each booking's day, only on money that passed the platform", async () => {
    const temple = await makeTemple({ verified: true });
    await feeRule(temple.id, "puja", "2031-01-01", 500);
    await feeRule(temple.id, "puja", "2031-03-20", 1000);
    const ids = [
      await bookedLine(temple.id, "2031-03-10", 25100),
      await bookedLine(temple.id, "2031-03-25", 25100),
      await bookedLine(temple.id, "2031-03-26", 50100, { itemType: "DONATION" }),
      await bookedLine(temple.id, "2031-03-27", 25100, { counterPayment: "cash" }),
      await bookedLine(temple.id, "2031-03-28", 25100, { counterPayment: "upi_qr" }),
    ];
    onTestFinished(() => removeBookings(ids));
    expect(await feesOfMonth(db(), temple.id, "2031-03")).toEqual({
      lines: 3,
      amount: 75300,
      fee: 1255 + 2510 + 2510,
      gst: gstOnFee(1255) + 2 * gstOnFee(2510),
      templeShare: 75300 - 6275 - (226 + 2 * 452),
    });
  });
});

describe("the monthly tax invoice", () => {
  it("is numbered per financial year (March and April apart), once per temple and month, after the month", async () => {
    const [first, second] = [await makeTemple({ verified: true }), await makeTemple({ verified: true })];
    onTestFinished(() => removeInvoices("temple_id in (?, ?)", first.id, second.id));
    for (const temple of [first, second]) await feeRule(temple.id, "puja", "2032-01-01", 500);
    const ids = [
      await bookedLine(first.id, "2032-03-31", 25100),
      await bookedLine(first.id, "2032-04-01", 25100),
      await bookedLine(second.id, "2032-04-15", 10000),
    ];
    onTestFinished(() => removeBookings(ids));
    const june = new Date("2032-06-01T06:00:00Z");

    expect(await issueInvoice(db(), first.id, "2032-04", new Date("2032-04-30T12:00:00Z"))).toEqual({ refused: "month-open" });
    expect(await issueInvoice(db(), second.id, "2032-03", june)).toEqual({ refused: "no-fees" });
    const march = await issueInvoice(db(), first.id, "2032-03", june);
    const april = await issueInvoice(db(), first.id, "2032-04", june);
    const otherApril = await issueInvoice(db(), second.id, "2032-04", june);
    expect([march, april, otherApril].map((o) => ("invoice" in o ? o.invoice.number : o.refused))).toEqual([
      "SN/2031-32/0001",
      "SN/2032-33/0001",
      "SN/2032-33/0002",
    ]);
    expect("invoice" in march && march.invoice).toMatchObject({ bookingLines: 1, fee: 1255, gst: 226, total: 1481 });

    // Asked again (even after a late booking), the same invoice with its frozen figures.
    ids.push(await bookedLine(first.id, "2032-03-30", 25100));
    const again = await issueInvoice(db(), first.id, "2032-03", new Date("2032-07-01T06:00:00Z"));
    expect("invoice" in again && again.invoice).toEqual("invoice" in march && march.invoice);
    expect(await count("select count(*) as n from platform_invoices where temple_id = ?", first.id)).toBe(2);
  });

  it("is a PDF naming the platform's GSTIN, its number and totals, from the console and the temple's own desk only", async () => {
    const temple = await makeTemple({ verified: true });
    onTestFinished(() => removeInvoices("temple_id = ?", temple.id));
    await feeRule(temple.id, "puja", "2021-01-01", 500, 1000);
    const ids = [await bookedLine(temple.id, "2021-05-10", 25100), await bookedLine(temple.id, "2021-05-11", 50100)];
    onTestFinished(() => removeBookings(ids));
    // 5% + ₹10: 1255 + 1000 and 2505 + 1000 paise; GST on each.
    const fee = 2255 + 3505;
    const gst = gstOnFee(2255) + gstOnFee(3505);

    const operator = await signedIn(OPERATOR);
    const response = await operator.get(`/operator/temples/${temple.id}/invoices/2021-05/invoice.pdf`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/pdf");
    const text = await pdfText(await response.arrayBuffer());
    for (const expected of [
      "Tax invoice",
      "Sannidhi Seva Private Limited",
      "GSTIN: 29ABCDE1234F1Z5",
      "Invoice number: SN/2021-22/0001",
      "Invoice date: 31 May 2021",
      "Trust Test Devaswom",
      "East Nada, Test Town, Kerala",
      formatRupees(fee),
      formatRupees(gst),
      formatRupees(fee + gst),
      "GST at 18% on the fee",
    ])
      expect(text, expected).toContain(expected);
    // The console lists it once issued.
    expect(await pageText(await operator.get(`/operator/temples/${temple.id}/fees`))).toContain("SN/2021-22/0001");

    // Another temple's staff cannot fetch it; their own desk answers for their own temple only.
    const staff = await signedIn(STAFF_A);
    expect((await staff.get(`/desk/${temple.id}/invoices/2021-05/invoice.pdf`)).status).not.toBe(200);
    const own = await templeOf(STAFF_A.email);
    const open = await staff.get(`/desk/${own}/invoices/${today.slice(0, 7)}/invoice.pdf`);
    expect(open.status).toBe(404);
    expect(await open.text()).toContain("There is no tax invoice for this month");
  });
});
