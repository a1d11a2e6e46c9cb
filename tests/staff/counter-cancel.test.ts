/**
 * Cancelling a counter sale: the seller within their shift, the temple's admin at any time,
 * always with a reason. The seat returns (a full day sells again), the cash book and the day
 * sheet show the cancellation, nothing is deleted, and cancelling twice changes nothing.
 */
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { SHIFT_MESSAGES } from "~/domain/bookings/counter/shift-inputs";
import { todayInIndia } from "~/lib/india-time";
import { pageText } from "../support/browser";
import { signedIn, STAFF_A, STAFF_B, templeOf } from "../support/staff";
import { closeFields, limitedPuja, newStaff, openShiftsOf, saleFields, sell, shiftRow } from "./support/counter";

let templeA: number;
beforeAll(async () => {
  templeA = await templeOf(STAFF_A.email);
});

const book = () => `/desk/${templeA}/counter/book`;
const cancel = (trackingNo: string, reason = "Wrong puja chosen") => ({ intent: "cancel", trackingNo, reason });

const saleState = (id: number) =>
  env.DB.batch([
    env.DB.prepare("select cancelled_at, cancelled_by, cancel_reason, cancel_shift_id from transactions where id = ?").bind(id),
    env.DB.prepare("select puja_status from transaction_lines where transaction_id = ?").bind(id),
    env.DB.prepare(
      "select count(*) as seats from puja_seats where transaction_line_id in (select id from transaction_lines where transaction_id = ?)",
    ).bind(id),
    env.DB.prepare("select count(*) as audits from audit_log where action = 'counter.sale.cancel' and entity_id = ?").bind(String(id)),
  ]).then(([sale, lines, seats, audits]) => ({
    sale: sale!.results[0] as Record<string, unknown>,
    lines: lines!.results.map((l) => (l as { puja_status: string }).puja_status),
    seats: (seats!.results[0] as { seats: number }).seats,
    audits: (audits!.results[0] as { audits: number }).audits,
  }));

describe("cancelling a counter sale", () => {
  it("by its seller within the shift returns the seat, so a full day sells again, and shows in the cash book and day sheet", async () => {
    const staff = await newStaff(templeA, "counter");
    const puja = await limitedPuja(templeA, 1);
    const sale = await sell(staff.browser, templeA, puja.id, { "devotees[0].name": "Cancelled Devotee" });
    const full = await staff.browser.post(`/desk/${templeA}/counter?item=puja-${puja.id}`, saleFields(puja.id));
    expect(full.status, "the day is full").toBe(400);

    const response = await staff.browser.post(book(), cancel(sale.tracking_no));
    expect(response.status).toBe(303);
    const state = await saleState(sale.id);
    expect(state.sale).toMatchObject({
      cancelled_by: staff.id,
      cancel_reason: "Wrong puja chosen",
      cancel_shift_id: sale.counter_shift_id,
    });
    expect(state.sale.cancelled_at).toBeTruthy();
    expect(state.lines).toEqual(["cancelled"]);
    expect(state.seats).toBe(0);
    expect(state.audits).toBe(1);

    // The seat is free again: the day sells.
    await sell(staff.browser, templeA, puja.id);

    const page = await pageText(await staff.browser.get(book()));
    expect(page).toContain("Cancellation");
    expect(page).toContain("Cancelled Wrong puja chosen");
    // Two cash sales of ₹251, one cancelled in this shift: ₹251 expected.
    expect(page).toContain("Expected cash ₹251.00");
    expect(page).toMatch(/Cash ₹502\.00 ₹251\.00 ₹251\.00/);

    const admin = await signedIn(STAFF_A);
    const sheet = await pageText(await admin.get(`/desk/${templeA}/bookings?date=${todayInIndia()}`));
    expect(sheet).toMatch(/Cancelled Devotee\s+Counter\s+Cancelled\s+Wrong puja chosen/);
  });

  it("twice changes nothing the second time", async () => {
    const staff = await newStaff(templeA);
    const puja = await limitedPuja(templeA, 5);
    const sale = await sell(staff.browser, templeA, puja.id);
    expect((await staff.browser.post(book(), cancel(sale.tracking_no))).status).toBe(303);
    const first = await saleState(sale.id);
    const again = await staff.browser.post(book(), cancel(sale.tracking_no, "Another reason"));
    expect(again.status).toBe(303);
    expect(await saleState(sale.id)).toEqual(first);
  });

  it("needs a reason, within its length", async () => {
    const staff = await newStaff(templeA);
    const puja = await limitedPuja(templeA, 5);
    const sale = await sell(staff.browser, templeA, puja.id);
    const before = await saleState(sale.id);
    for (const reason of ["", "  ", "x".repeat(201)]) {
      const response = await staff.browser.post(book(), cancel(sale.tracking_no, reason));
      expect(response.status).toBe(400);
      expect(await pageText(response)).toContain(SHIFT_MESSAGES.reason);
    }
    expect(await saleState(sale.id)).toEqual(before);
    expect(before.seats).toBe(1);
  });

  it("is refused to the seller once their shift is closed, and to other clerks; the temple's admin may", async () => {
    const clerk = await newStaff(templeA, "counter");
    const otherClerk = await newStaff(templeA, "counter");
    const puja = await limitedPuja(templeA, 5);
    const sale = await sell(clerk.browser, templeA, puja.id);
    const byOther = await otherClerk.browser.post(book(), cancel(sale.tracking_no));
    expect(byOther.status).toBe(403);
    expect((await clerk.browser.post(book(), closeFields(sale.counter_shift_id!, { d200: "1", d50: "1", d1: "1" }))).status).toBe(303);
    const closedShift = await shiftRow(sale.counter_shift_id!);

    const late = await clerk.browser.post(book(), cancel(sale.tracking_no));
    expect(late.status).toBe(403);
    expect(await pageText(late)).toContain(SHIFT_MESSAGES.closed);
    expect((await saleState(sale.id)).sale.cancelled_at).toBeNull();

    const admin = await newStaff(templeA, "admin");
    expect((await admin.browser.post(book(), cancel(sale.tracking_no, "Devotee changed the day"))).status).toBe(303);
    const state = await saleState(sale.id);
    // The money leaves the admin's drawer: the cancellation is in their shift (opened for it), not the closed one.
    const [adminShift] = await openShiftsOf(templeA, admin.id);
    expect(state.sale).toMatchObject({ cancelled_by: admin.id, cancel_shift_id: adminShift!.id });
    expect(state.seats).toBe(0);
    expect(await shiftRow(sale.counter_shift_id!)).toEqual(closedShift);
    const adminBook = await pageText(await admin.browser.get(book()));
    expect(adminBook).toContain("Cancellation");
    expect(adminBook).toContain("Expected cash -₹251.00");
  });

  it("answers another temple's staff 404 and changes nothing", async () => {
    const staff = await newStaff(templeA);
    const puja = await limitedPuja(templeA, 5);
    const sale = await sell(staff.browser, templeA, puja.id);
    const other = await signedIn(STAFF_B);
    expect((await other.post(book(), cancel(sale.tracking_no))).status).toBe(404);
    // Nor through their own temple's desk.
    const templeB = await templeOf(STAFF_B.email);
    expect((await other.post(`/desk/${templeB}/counter/book`, cancel(sale.tracking_no))).status).toBe(404);
    expect((await saleState(sale.id)).sale.cancelled_at).toBeNull();
  });
});
