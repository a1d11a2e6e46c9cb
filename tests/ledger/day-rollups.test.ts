/**
 * Issue 44: the settlement statement, the bank view and the operator's ledger read a closed day (before today in India)
 * from its rollup, summed once. What they show must be exactly what summing the rows live shows, after every change
 * that could move a figure: each check reads the same period as if every day were closed (rolled up) and as if none
 * were (live), and the rolled-up read must really have read rollup rows.
 */
import { env } from "cloudflare:workers";
import { describe, expect, it, onTestFinished } from "vitest";
import { createDb } from "~/db/client.server";
import { loadLedgerView } from "~/domain/ledger/ledger-view.server";
import { loadDailyReport, loadLedgerMonth } from "~/domain/ledger/ledger.server";
import { payoutFiguresOfMonths, payoutMonthTotals } from "~/domain/ledger/payout-statement.server";
import { settlementByDay, settlementByMonth } from "~/domain/ledger/settlement.server";
import { lineOf, removeTransfers, transferFor } from "../support/payout-transfers";
import { makeTemple } from "../support/trust";
import { newCustomer } from "../support/bookings";
import { bookedLine, removeBookings } from "./support/fee-rows";
import { HOUSEKEEPING_TASKS } from "../../workers/scheduled";
import { rollUpYesterday } from "~/domain/ledger/day-rollups-housekeeping.server";
import { booked, gatewayPayment, type LedgerLine, refund } from "./support/ledger-rows";

const db = () => createDb(env.DB);
/** Every day of the tests' years closed, or none. */
const CLOSED = "2040-01-01";
const LIVE = "2000-01-01";

async function statement(templeId: number, month: string, today: string) {
  return {
    byDay: await settlementByDay(db(), templeId, month, today),
    byMonth: await settlementByMonth(db(), templeId, Number(month.slice(0, 4)), today),
    bankMonth: await payoutMonthTotals(db(), templeId, month, today),
    bankMonths: await payoutFiguresOfMonths(db(), templeId, [month, `${month.slice(0, 4)}-12`], today),
  };
}

const rolledDays = async (templeId: number) =>
  (await env.DB.prepare("select count(*) as n from settlement_days where temple_id = ?").bind(templeId).first<number>("n"))!;

/** The temple's statement of `month` read rolled up equals the live one (and was read from rollup rows). */
async function expectSameStatement(templeId: number, month: string, step: string) {
  const rolled = await statement(templeId, month, CLOSED);
  expect(await rolledDays(templeId), step).toBeGreaterThanOrEqual(365);
  expect(rolled, step).toEqual(await statement(templeId, month, LIVE));
  return rolled;
}

/** A booking of one line at an India timestamp (a booking's date is its India time). */
async function bookingAt(templeId: number, indiaTime: string, amount: number) {
  const id = await bookedLine(templeId, "2036-01-01", amount);
  // bookedLine dates its booking at 10:00; this one moves it, line included, as a writer dating it so would have.
  await env.DB.batch([
    env.DB.prepare("update transactions set booking_date = ? where id = ?").bind(indiaTime, id),
    env.DB.prepare("update transaction_lines set booked_at = ? where transaction_id = ?").bind(indiaTime, id),
  ]);
  return id;
}

describe("a temple's closed days rolled up", () => {
  it("show the figures the lines show live, after a cancellation, a late transfer, a booking on a closed day and a removal", async () => {
    const temple = await makeTemple({ verified: true });
    const ids: number[] = [];
    onTestFinished(async () => {
      await removeTransfers(ids);
      await removeBookings(ids);
      await env.DB.prepare("delete from settlement_days where temple_id = ?").bind(temple.id).run();
    });
    ids.push(await bookedLine(temple.id, "2036-04-02", 25100));
    ids.push(await bookedLine(temple.id, "2036-04-02", 50000, { itemType: "DONATION" }));
    ids.push(await bookedLine(temple.id, "2036-04-09", 30000, { counterPayment: "cash" }));
    ids.push(await bookedLine(temple.id, "2036-04-09", 12000, { counterPayment: "upi" }));
    ids.push(await bookedLine(temple.id, "2036-04-20", 18000, { counterPayment: "upi_qr" }));
    ids.push(await bookedLine(temple.id, "2036-07-01", 9900));
    const first = await expectSameStatement(temple.id, "2036-04", "first read");
    expect(first.byDay.totals).toMatchObject({ lines: 5, total: 135100, counterCash: 30000, atTemple: 42000 });

    // A counter sale cancelled, and a puja line cancelled: out of every figure (the sale shown apart).
    await env.DB.prepare("update transactions set cancelled_at = '2036-04-09T12:00:00.000Z' where id = ?").bind(ids[2]).run();
    await env.DB.prepare("update transaction_lines set puja_status = 'cancelled' where transaction_id = ?").bind(ids[0]).run();
    const cancelled = await expectSameStatement(temple.id, "2036-04", "cancelled");
    expect(cancelled.byDay.totals).toMatchObject({ lines: 3, cancelledSales: 1, cancelled: 30000 });

    // A transfer made late for a line of a closed day, then settled, then one reversed.
    const donationLine = await lineOf(ids[1]!);
    await transferFor(donationLine, { status: "processed", percentBasisPoints: 500, onHold: true });
    await expectSameStatement(temple.id, "2036-04", "late transfer");
    await env.DB.prepare(
      "update payout_transfers set on_hold = 0, settled_at = '2036-04-05T06:00:00.000Z', utr = 'UTR1' where transaction_line_id = ?",
    )
      .bind(donationLine)
      .run();
    const settled = await expectSameStatement(temple.id, "2036-04", "settled");
    expect(settled.bankMonth.settled).toBeGreaterThan(0);
    await transferFor(await lineOf(ids[4]!), { status: "reversed", percentBasisPoints: 500, reversedAmount: 5000 });
    expect((await expectSameStatement(temple.id, "2036-04", "reversed")).bankMonth.reversed).toBe(5000);

    // A booking written later on a closed day (the assisted or legacy path), and one removed.
    ids.push(await bookedLine(temple.id, "2036-04-02", 7700));
    expect((await expectSameStatement(temple.id, "2036-04", "late booking")).byDay.rows[1]!.total).toBe(50000 + 7700);
    await removeBookings([ids.at(-1)!]);
    expect((await expectSameStatement(temple.id, "2036-04", "removed")).byDay.rows[1]!.total).toBe(50000);
    // The money of a line changed.
    await env.DB.prepare("update transaction_lines set amount = 60000 where transaction_id = ?").bind(ids[1]).run();
    expect((await expectSameStatement(temple.id, "2036-04", "amount")).byDay.totals.donations).toBe(60000);
  });

  it("counts a booking on its India day at midnight: yesterday rolled up, today summed live", async () => {
    const temple = await makeTemple({ verified: true });
    const ids = [
      await bookingAt(temple.id, "2036-09-14T23:59:59.999+05:30", 10000),
      await bookingAt(temple.id, "2036-09-15T00:00:00.000+05:30", 20000),
    ];
    onTestFinished(async () => {
      await removeBookings(ids);
      await env.DB.prepare("delete from settlement_days where temple_id = ?").bind(temple.id).run();
    });
    const today = "2036-09-15";
    const rolled = await statement(temple.id, "2036-09", today);
    expect(rolled).toEqual(await statement(temple.id, "2036-09", LIVE));
    expect(rolled.byDay.rows.filter((row) => row.lines > 0).map((row) => [row.period, row.total])).toEqual([
      ["2036-09-14", 10000],
      ["2036-09-15", 20000],
    ]);
    const days = await env.DB.prepare("select day, total from settlement_days where temple_id = ? and day >= '2036-09-14'")
      .bind(temple.id)
      .all<{ day: string; total: number }>();
    expect(days.results).toEqual([{ day: "2036-09-14", total: 10000 }]);
    // Another booking today changes only the live part; at the next midnight today is rolled up with it.
    ids.push(await bookingAt(temple.id, "2036-09-15T18:00:00.000+05:30", 5000));
    expect((await statement(temple.id, "2036-09", today)).byDay.rows[14]!.total).toBe(25000);
    expect(await statement(temple.id, "2036-09", "2036-09-16")).toEqual(await statement(temple.id, "2036-09", LIVE));
  });
});

const ledgerRolledDays = async (month: string) =>
  (await env.DB.prepare("select count(*) as n from ledger_days where day like ?").bind(`${month}-%`).first<number>("n"))!;

async function expectSameLedger(month: string, step: string) {
  const rolled = await loadLedgerMonth(db(), month, undefined, CLOSED);
  expect(await ledgerRolledDays(month), step).toBeGreaterThanOrEqual(28);
  expect(rolled, step).toEqual(await loadLedgerMonth(db(), month, undefined, LIVE));
  return rolled;
}

describe("the operator's closed ledger days rolled up", () => {
  it("show the figures the payments show live, after a refund, a late booking, a fee and a counter sale cancelled", async () => {
    const month = "2037-08";
    onTestFinished(async () => {
      await env.DB.prepare("delete from ledger_days where day like ?").bind(`${month}-%`).run();
    });
    const temple = await makeTemple({ verified: true });
    const devotee = await newCustomer();
    const line: LedgerLine = { templeId: temple.id, itemType: "PUJA", amount: 25100, quantity: 1, postalCharge: 0 };
    // 18:29:59 UTC is still the 3rd in India; 18:30 is the 4th.
    const bookedPayment = await gatewayPayment(devotee.customerId, [line], "2037-08-03T18:29:59.999Z", 600);
    await booked(devotee.customerId, bookedPayment, "2037-08-03");
    const unmatched = await gatewayPayment(devotee.customerId, [line], "2037-08-03T18:30:00.000Z");
    const refunding = await gatewayPayment(devotee.customerId, [line], "2037-08-10T05:00:00.000Z");
    const refundId = await refund(devotee.customerId, refunding, "due", "2037-08-10T05:01:00.000Z");
    const counter = await bookedLine(temple.id, "2037-08-12", 40000, { counterPayment: "cash" });
    onTestFinished(() => removeBookings([counter]));

    const first = await expectSameLedger(month, "first read");
    expect(first.perDay[2]).toMatchObject({ payments: 1, booked: 25100, fees: 600 + 108 });
    expect(first.perDay[3]).toMatchObject({ payments: 1, unmatched: 25100, unmatchedCount: 1 });
    expect(first.totals).toMatchObject({ refundOpen: 25100, counterAtTemple: 40000 });

    await env.DB.prepare("update payment_refunds set status = 'refunded' where id = ?").bind(refundId).run();
    expect((await expectSameLedger(month, "refunded")).totals).toMatchObject({ refunded: 25100, refundOpen: 0 });
    await booked(devotee.customerId, unmatched, "2037-08-04");
    expect((await expectSameLedger(month, "booked late")).totals).toMatchObject({ unmatched: 0, booked: 50200 });
    await env.DB.prepare("update gateway_payments set fee = 900, tax = 162 where payment_ref = ?").bind(bookedPayment.paymentRef).run();
    expect((await expectSameLedger(month, "fee")).perDay[2]!.fees).toBe(1062);
    await env.DB.prepare("update transactions set cancelled_at = '2037-08-12T09:00:00.000Z' where id = ?").bind(counter).run();
    expect((await expectSameLedger(month, "counter cancelled")).totals).toMatchObject({ counterAtTemple: 0, counterCancelled: 40000 });
  });

  it("counts the daily report's bookings and refunds over the whole day, and lists the month's unmatched payments", async () => {
    const month = "2037-10";
    onTestFinished(async () => {
      await env.DB.prepare("delete from ledger_days where day like ?").bind(`${month}-%`).run();
    });
    const temple = await makeTemple({ verified: true });
    const devotee = await newCustomer();
    const line: LedgerLine = { templeId: temple.id, itemType: "DONATION", amount: 10100, quantity: 1, postalCharge: 0 };
    const payments = [];
    for (const minute of ["00", "01", "02", "03"])
      payments.push(await gatewayPayment(devotee.customerId, [line], `2037-10-06T05:${minute}:00.000Z`));
    await booked(devotee.customerId, payments[0]!, "2037-10-06");
    await booked(devotee.customerId, payments[1]!, "2037-10-06");
    await refund(devotee.customerId, payments[2]!, "pending", "2037-10-06T06:00:00.000Z");
    const late = await gatewayPayment(devotee.customerId, [line], "2037-10-20T05:00:00.000Z");

    for (const today of [CLOSED, LIVE]) {
      const report = await loadDailyReport(db(), "2037-10-06", undefined, today);
      expect(report.payments).toHaveLength(4);
      expect([report.booked, report.refunds], today).toEqual([2, 1]);
      const view = await loadLedgerView(db(), { month, day: "2037-10-06" }, today);
      expect(
        view.unmatched.map((p) => p.paymentRef),
        today,
      ).toEqual([payments[3]!.paymentRef, late.paymentRef]);
      expect([view.report.booked, view.report.refunds]).toEqual([2, 1]);
    }
    expect(await ledgerRolledDays(month)).toBe(31);
  });
});

describe("housekeeping's day rollups", () => {
  it("rolls up yesterday ahead of the pages: the ledger's day and the days of the statements read lately, as the pages sum them", async () => {
    const temple = await makeTemple({ verified: true });
    const ids = [
      await bookedLine(temple.id, "2038-03-01", 25100),
      await bookedLine(temple.id, "2038-03-01", 4000, { counterPayment: "cash" }),
    ];
    onTestFinished(async () => {
      await removeBookings(ids);
      await env.DB.prepare("delete from settlement_days where temple_id = ?").bind(temple.id).run();
      await env.DB.prepare("delete from ledger_days where day like '2038-0%'").run();
    });
    // The statement read on 1 March rolls up the days before it; the 1st itself is live.
    await settlementByDay(db(), temple.id, "2038-02", "2038-03-01");
    const rolled = () =>
      env.DB.prepare(
        "select (select total from settlement_days where temple_id = ? and day = '2038-03-01') as temple, " +
          "(select counter_at_temple from ledger_days where day = '2038-03-01') as ledger",
      )
        .bind(temple.id)
        .first();
    expect(await rolled()).toEqual({ temple: null, ledger: null });
    // 2 March, 06:00 in India.
    // 2 March, 06:00 in India (the task alone: the whole run would move the shared database's other rows to 2038).
    expect(HOUSEKEEPING_TASKS.map((task) => task.name)).toContain("day rollups");
    expect(await rollUpYesterday(db(), new Date("2038-03-02T00:30:00.000Z"))).toMatchObject({ temples: 1 });
    expect(await rolled()).toEqual({ temple: 29100, ledger: 4000 });
    expect(await statement(temple.id, "2038-03", "2038-03-02")).toEqual(await statement(temple.id, "2038-03", LIVE));
  });
});
