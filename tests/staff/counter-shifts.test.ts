/**
 * Counter shifts and their cash book: a shift opens once (two tabs at once give one), a sale
 * opens one when none is open and records it, the cash book totals each payment method and the
 * cash the drawer should hold, the close counts the cash by denomination and flags a
 * difference, closing twice closes once, the temple's day shows every shift; counter clerks see
 * only the Counter and its cash book; another temple's staff get 404.
 */
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it, onTestFinished } from "vitest";
import { SHIFT_MESSAGES } from "~/domain/bookings/counter/shift-inputs";
import { todayInIndia } from "~/lib/india-time";
import { pageText } from "../support/browser";
import { signedIn, STAFF_A, STAFF_B, templeOf } from "../support/staff";
import { closeFields, COUNTER_CLERK, limitedPuja, newStaff, openShiftsOf, sell, shiftRow } from "./support/counter";

let templeA: number;
beforeAll(async () => {
  templeA = await templeOf(STAFF_A.email);
});

describe("a counter shift", () => {
  it("opens once when two tabs open the counter at once, with its float", async () => {
    const staff = await newStaff(templeA);
    const open = { intent: "open-shift", openingFloat: "1,500" };
    const answers = await Promise.all([
      staff.browser.post(`/desk/${templeA}/counter`, open),
      staff.browser.post(`/desk/${templeA}/counter`, open),
    ]);
    expect(answers.map((a) => a.status)).toEqual([303, 303]);
    const shifts = await openShiftsOf(templeA, staff.id);
    expect(shifts).toHaveLength(1);
    expect(shifts[0]).toMatchObject({ opening_float: 150000, closed_at: null });
    expect(await pageText(await staff.browser.get(`/desk/${templeA}/counter`))).toContain("Float: ₹1,500.00");
  });

  it("refuses a float that is not an amount and opens nothing", async () => {
    const staff = await newStaff(templeA);
    const response = await staff.browser.post(`/desk/${templeA}/counter`, { intent: "open-shift", openingFloat: "lots" });
    expect(response.status).toBe(400);
    expect(await pageText(response)).toContain(SHIFT_MESSAGES.float);
    expect(await openShiftsOf(templeA, staff.id)).toHaveLength(0);
  });

  it("is opened by the first sale (float ₹0), and the sale records it", async () => {
    const staff = await newStaff(templeA);
    const puja = await limitedPuja(templeA, 10);
    const sale = await sell(staff.browser, templeA, puja.id);
    const [shift] = await openShiftsOf(templeA, staff.id);
    expect(shift).toMatchObject({ opening_float: 0 });
    expect(sale.counter_shift_id).toBe(shift!.id);
    const second = await sell(staff.browser, templeA, puja.id);
    expect(second.counter_shift_id).toBe(shift!.id);
  });
});

describe("the cash book", () => {
  it("totals each payment method and the cash the drawer should hold", async () => {
    const staff = await newStaff(templeA);
    const puja = await limitedPuja(templeA, 10);
    await staff.browser.post(`/desk/${templeA}/counter`, { intent: "open-shift", openingFloat: "1000" });
    await sell(staff.browser, templeA, puja.id);
    await sell(staff.browser, templeA, puja.id, { quantity: "2" });
    await sell(staff.browser, templeA, puja.id, { payment: "upi", upiRef: "UPIREF778899" });
    const book = await pageText(await staff.browser.get(`/desk/${templeA}/counter/book`));
    expect(book).toMatch(/Cash ₹753\.00 ₹0\.00 ₹753\.00/);
    expect(book).toMatch(/UPI \(temple's QR code\) ₹251\.00 ₹0\.00 ₹251\.00/);
    // ₹1,000 float + three cash seats at ₹251.
    expect(book).toContain("Expected cash ₹1,753.00");
    expect(book.match(/ Sale /g)).toHaveLength(3);
  });

  it("closes with the cash counted by denomination, records and flags the difference, and closes once", async () => {
    const staff = await newStaff(templeA);
    const puja = await limitedPuja(templeA, 10);
    const sale = await sell(staff.browser, templeA, puja.id);
    const shiftId = sale.counter_shift_id!;
    const path = `/desk/${templeA}/counter/book`;
    const closed = await staff.browser.post(path, closeFields(shiftId, { d200: "1", d50: "1" }, "One coin short"));
    expect(closed.status).toBe(303);
    expect(closed.headers.get("location")).toContain(`?shift=${shiftId}`);
    const row = await shiftRow(shiftId);
    expect(row).toMatchObject({ counted_cash: 25000, expected_cash: 25100, difference: -100, close_note: "One coin short" });
    expect(JSON.parse(String(row!.denominations))).toEqual({ "200": 1, "50": 1 });
    expect(await pageText(await staff.browser.get(`${path}?shift=${shiftId}`))).toContain("Short by ₹1.00");

    const again = await staff.browser.post(path, closeFields(shiftId, { d500: "1" }));
    expect(again.status).toBe(303);
    expect(await shiftRow(shiftId)).toEqual(row);

    // After the close, the next sale opens a new shift.
    const next = await sell(staff.browser, templeA, puja.id);
    expect(next.counter_shift_id).not.toBe(shiftId);
    expect(await openShiftsOf(templeA, staff.id)).toHaveLength(1);
  });

  it("refuses a count that is not a whole number of pieces and keeps the shift open", async () => {
    const staff = await newStaff(templeA);
    const puja = await limitedPuja(templeA, 10);
    const sale = await sell(staff.browser, templeA, puja.id);
    for (const bad of ["-1", "1.5", "10001"]) {
      const response = await staff.browser.post(`/desk/${templeA}/counter/book`, closeFields(sale.counter_shift_id!, { d100: bad }));
      expect(response.status).toBe(400);
      expect(await pageText(response)).toContain(SHIFT_MESSAGES.pieces);
    }
    expect((await shiftRow(sale.counter_shift_id!))!.closed_at).toBeNull();
  });

  it("shows a staff member only their own shifts, and a temple admin any", async () => {
    const clerk = await newStaff(templeA, "counter");
    const other = await newStaff(templeA, "counter");
    const puja = await limitedPuja(templeA, 10);
    const sale = await sell(clerk.browser, templeA, puja.id);
    expect((await other.browser.get(`/desk/${templeA}/counter/book?shift=${sale.counter_shift_id}`)).status).toBe(404);
    const admin = await signedIn(STAFF_A);
    expect((await admin.get(`/desk/${templeA}/counter/book?shift=${sale.counter_shift_id}`)).status).toBe(200);
  });
});

describe("the temple's counter day", () => {
  /** Shifts of their own on a day long past, so no other test's shift is on it. */
  async function pastDayShifts(staffId: number) {
    const day = `2001-0${1 + Math.floor(Math.random() * 9)}-${10 + Math.floor(Math.random() * 18)}`;
    const rows = await env.DB.batch([
      env.DB.prepare(
        `insert into counter_shifts (temple_id, staff_id, day, opened_at, opening_float, closed_at, counted_cash, denominations, expected_cash, difference)
         values (?, ?, ?, ?, 0, ?, 25000, '{"200":1,"50":1}', 25100, -100) returning id`,
      ).bind(templeA, staffId, day, `${day}T03:30:00.000Z`, `${day}T12:30:00.000Z`),
      env.DB.prepare(
        `insert into counter_shifts (temple_id, staff_id, day, opened_at, opening_float, closed_at, counted_cash, denominations, expected_cash, difference)
         values (?, ?, ?, ?, 0, ?, 0, '{}', 0, 0) returning id`,
      ).bind(templeA, staffId, day, `${day}T04:30:00.000Z`, `${day}T05:30:00.000Z`),
    ]);
    const ids = rows.map((r) => (r.results[0] as { id: number }).id);
    onTestFinished(async () => {
      await env.DB.prepare(`delete from counter_shifts where day = ? and temple_id = ?`).bind(day, templeA).run();
    });
    return { day, ids };
  }

  it("lists every shift of the day with its difference flagged, and is closed when all are", async () => {
    const clerk = await newStaff(templeA, "counter");
    const { day, ids } = await pastDayShifts(clerk.id);
    const admin = await signedIn(STAFF_A);
    const page = await pageText(await admin.get(`/desk/${templeA}/counter-day?day=${day}`));
    expect(page).toContain("Day closed");
    expect(page).toContain("Short by ₹1.00");
    expect(page).toContain("Balanced");
    expect(page.match(new RegExp(clerk.name.split(" ")[0]!, "g"))!.length).toBeGreaterThanOrEqual(2);

    await env.DB.prepare("update counter_shifts set closed_at = null where id = ?").bind(ids[1]).run();
    const open = await pageText(await admin.get(`/desk/${templeA}/counter-day?day=${day}`));
    expect(open).toContain("Open shifts: 1");
    expect(open).not.toContain("Day closed");
  });

  it("is for the temple's admins only", async () => {
    const clerk = await newStaff(templeA, "counter");
    expect((await clerk.browser.get(`/desk/${templeA}/counter-day`)).status).toBe(403);
    expect((await clerk.browser.get(`/desk/${templeA}/counter-day.csv`)).status).toBe(403);
  });

  it("gives the accountant the day's cash book as CSV: sales, cancellations, each shift's close", async () => {
    const staff = await newStaff(templeA, "counter");
    const puja = await limitedPuja(templeA, 10);
    const kept = await sell(staff.browser, templeA, puja.id);
    const cancelled = await sell(staff.browser, templeA, puja.id, { payment: "upi", upiRef: "UPIREF445566" });
    const book = `/desk/${templeA}/counter/book`;
    expect((await staff.browser.post(book, { intent: "cancel", trackingNo: cancelled.tracking_no, reason: "Paid twice" })).status).toBe(
      303,
    );
    expect((await staff.browser.post(book, closeFields(kept.counter_shift_id!, { d200: "1", d50: "1", d1: "1" }))).status).toBe(303);

    const admin = await signedIn(STAFF_A);
    const response = await admin.get(`/desk/${templeA}/counter-day.csv?day=${todayInIndia()}`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toContain("text/csv");
    const lines = (await response.text()).split("\r\n");
    const shift = `"${kept.counter_shift_id}"`;
    const of = (text: string) => lines.filter((line) => line.includes(shift) && line.includes(text));
    expect(of(`"${kept.tracking_no}"`)).toHaveLength(1);
    expect(of(`"${kept.tracking_no}"`)[0]).toMatch(/"Sale".*"cash","251\.00",""/);
    expect(of(`"${cancelled.tracking_no}"`)).toHaveLength(2);
    expect(of(`"Cancellation"`)[0]).toMatch(/"upi","","251\.00","Paid twice"/);
    expect(of(`"Shift closed"`)[0]).toMatch(/"251\.00","251\.00","0\.00"$/);
  });
});

describe("counter clerks and other temples", () => {
  it("gives a counter clerk the Counter and its cash book only", async () => {
    const clerk = await newStaff(templeA, "counter");
    const counter = await clerk.browser.get(`/desk/${templeA}/counter`);
    expect(counter.status).toBe(200);
    const text = await pageText(counter);
    expect(text).toContain("Cash book");
    expect(text).not.toContain("Day sheet");
    expect((await clerk.browser.get(`/desk/${templeA}/counter/book`)).status).toBe(200);
    for (const page of ["", "/bookings", "/pujas", "/settlement", "/donations", "/temple", `/day-sheet/2030-01-01`]) {
      expect((await clerk.browser.get(`/desk/${templeA}${page}`)).status, `desk${page}`).toBe(403);
    }
    const puja = await limitedPuja(templeA, 10);
    await sell(clerk.browser, templeA, puja.id);
    // The desk's start leads a clerk straight to the counter.
    expect(await (await clerk.browser.get("/desk")).text()).toContain(`href="/desk/${templeA}/counter"`);
  });

  it("seeds a counter clerk at Guruvayur, who opens the counter but not the day sheet", async () => {
    const clerk = await signedIn(COUNTER_CLERK);
    expect(await templeOf(COUNTER_CLERK.email)).toBe(templeA);
    expect((await clerk.get(`/desk/${templeA}/counter`)).status).toBe(200);
    expect((await clerk.get(`/desk/${templeA}/bookings`)).status).toBe(403);
  });

  it("answers another temple's staff 404 for the cash book, the close and the day", async () => {
    const staff = await newStaff(templeA);
    const puja = await limitedPuja(templeA, 10);
    const sale = await sell(staff.browser, templeA, puja.id);
    const other = await signedIn(STAFF_B);
    expect((await other.get(`/desk/${templeA}/counter/book`)).status).toBe(404);
    expect((await other.get(`/desk/${templeA}/counter-day`)).status).toBe(404);
    expect((await other.post(`/desk/${templeA}/counter/book`, closeFields(sale.counter_shift_id!))).status).toBe(404);
    expect((await other.post(`/desk/${templeA}/counter`, { intent: "open-shift", openingFloat: "" })).status).toBe(404);
    expect((await shiftRow(sale.counter_shift_id!))!.closed_at).toBeNull();
  });
});
