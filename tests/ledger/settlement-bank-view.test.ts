/**
 * The desk's settlement statement as the temple's bank view (issue 43): each booked line of a
 * month with its fee, GST, the temple's share, its Route transfer's state in words (held until a
 * day, released, settled with its UTR, reversed, failed; paid out by Sannidhi outside the portal
 * without a transfer; received at the temple for counter cash), the month's totals in paise, and
 * the accountant's CSV (the old columns first, the bank view's after). A temple of the test's own,
 * in a month years ahead, so its figures are exactly these rows; everything is removed after.
 */
import { env } from "cloudflare:workers";
import { describe, expect, it, onTestFinished } from "vitest";
import { createDb } from "~/db/client.server";
import { figuresOfLines, payoutMonthTotals, statementLines } from "~/domain/ledger/payout-statement.server";
import { SETTLEMENT_CSV_COLUMNS } from "~/domain/ledger/settlement-csv.server";
import { settlementByDay } from "~/domain/ledger/settlement.server";
import { pageText, signIn, TestBrowser } from "../support/browser";
import { newCustomer } from "../support/bookings";
import { makeTemple } from "../support/trust";
import { bookedLine, feeRule, removeBookings } from "./support/fee-rows";
import { parseCsv } from "./support/ledger-rows";
import { lineOf, removeTransfers, transferFor } from "../support/payout-transfers";

const db = () => createDb(env.DB);
const MONTH = "2033-03";
const MALAYALAM = "പുഷ്പാഞ്ജലി";
const TAMIL = "அர்ச்சனை";
const HINDI = "अन्नदान";

async function staffOf(templeId: number) {
  const { user, customerId } = await newCustomer();
  await env.DB.batch([
    env.DB.prepare("update customers set role = 'staff' where id = ?").bind(customerId),
    env.DB.prepare("insert into temple_staff (customer_id, temple_id) values (?, ?)").bind(customerId, templeId),
  ]);
  const staff = new TestBrowser();
  expect((await signIn(staff, user.email, user.password)).status).toBe(302);
  return staff;
}

/** A month of a temple's lines, one in each state, with a 5% fee on pujas and none on donations. */
async function monthOfLines() {
  const temple = await makeTemple({ verified: true });
  await feeRule(temple.id, "puja", "2033-01-01", 500);
  const ids: number[] = [];
  onTestFinished(async () => {
    await removeTransfers(ids);
    await removeBookings(ids);
    await env.DB.prepare("delete from temple_fees where temple_id = ?").bind(temple.id).run();
  });
  const book = async (day: string, amount: number, options: Parameters<typeof bookedLine>[3] = {}) => {
    const id = await bookedLine(temple.id, day, amount, options);
    ids.push(id);
    return { transactionId: id, lineId: await lineOf(id) };
  };
  const settled = await book(`${MONTH}-02`, 1_001_00);
  await env.DB.prepare("update transaction_lines set item_name = ?, postal_charge = 50_00 where id = ?")
    .bind(MALAYALAM, settled.lineId)
    .run();
  const held = await book(`${MONTH}-03`, 501_00);
  const released = await book(`${MONTH}-04`, 2_000_00, { itemType: "DONATION" });
  const reversed = await book(`${MONTH}-05`, 301_00);
  await env.DB.prepare("update transaction_lines set puja_status = 'cancelled' where id = ?").bind(reversed.lineId).run();
  const failed = await book(`${MONTH}-06`, 201_00);
  const outside = await book(`${MONTH}-07`, 1_000_00);
  await env.DB.prepare("update transaction_lines set item_name = ? where id = ?").bind(TAMIL, outside.lineId).run();
  const cash = await book(`${MONTH}-08`, 151_00, { itemType: "DONATION", counterPayment: "cash" });
  await env.DB.prepare("update transaction_lines set item_name = ? where id = ?").bind(HINDI, cash.lineId).run();
  // A cancelled puja with no transfer: on no statement.
  const cancelled = await book(`${MONTH}-09`, 99_00);
  await env.DB.prepare("update transaction_lines set puja_status = 'cancelled' where id = ?").bind(cancelled.lineId).run();

  const settlement = { ref: "setl_TESTBANKVIEW1", utr: "UTR330306000111", at: "2033-03-06T20:15:00.000Z" };
  await transferFor(settled.lineId, { status: "processed", percentBasisPoints: 500, transferRef: "trf_TESTSETTLED01", settlement });
  await transferFor(held.lineId, { status: "created", percentBasisPoints: 500, onHold: true, holdUntil: "2033-03-20" });
  await transferFor(released.lineId, { status: "processed", transferRef: "trf_TESTRELEASED1" });
  await transferFor(reversed.lineId, { status: "reversed", percentBasisPoints: 500, reversedAmount: 283_24 });
  await transferFor(failed.lineId, { status: "failed", percentBasisPoints: 500 });
  return { temple, lines: { settled, held, released, reversed, failed, outside, cash, cancelled } };
}

describe("the desk's bank view", () => {
  it("gives each line its fee, GST, share and transfer state, and the month's totals in paise", async () => {
    const { temple, lines } = await monthOfLines();
    const statement = await statementLines(db(), temple.id, MONTH);
    const byLine = new Map(statement.map((line) => [line.lineId, line]));
    expect(byLine.has(lines.cancelled.lineId)).toBe(false);
    // ₹1,001 + ₹50 postage; 5% of ₹1,001 = 5,005 paise; GST 18% of it = 900.9 → 901 (half a paisa up); postage carries no fee.
    expect(byLine.get(lines.settled.lineId)).toMatchObject({
      itemName: MALAYALAM,
      booked: 1_051_00,
      fee: 50_05,
      gst: 9_01,
      share: 991_94,
      state: "settled",
      transferRef: "trf_TESTSETTLED01",
      utr: "UTR330306000111",
      // Settled at 20:15 UTC on the 6th: the 7th in India.
      settledOn: "2033-03-07",
    });
    expect(byLine.get(lines.held.lineId)).toMatchObject({ state: "held", holdUntil: "2033-03-20", fee: 25_05, gst: 4_51, share: 471_44 });
    expect(byLine.get(lines.released.lineId)).toMatchObject({ state: "released", fee: 0, gst: 0, share: 2_000_00 });
    expect(byLine.get(lines.reversed.lineId)).toMatchObject({ state: "reversed", share: 283_24, reversed: 283_24 });
    expect(byLine.get(lines.failed.lineId)).toMatchObject({ state: "failed", share: 189_14 });
    // No transfer row: the fee of the rule in effect on its day, as the month's fees are counted.
    expect(byLine.get(lines.outside.lineId)).toMatchObject({ state: "outside", transferRef: null, fee: 50_00, gst: 9_00, share: 941_00 });
    expect(byLine.get(lines.cash.lineId)).toMatchObject({ state: "at_temple", fee: 0, gst: 0, share: 151_00 });

    const totals = {
      lines: 7,
      booked: 1_051_00 + 501_00 + 2_000_00 + 301_00 + 201_00 + 1_000_00 + 151_00,
      fee: 50_05 + 25_05 + 15_05 + 10_05 + 50_00,
      gst: 9_01 + 4_51 + 2_71 + 1_81 + 9_00,
      transferred: 991_94 + 2_000_00 + 283_24,
      held: 471_44,
      settled: 991_94,
      reversed: 283_24,
      pending: 189_14,
      outside: 941_00,
      atTemple: 151_00,
    };
    expect(totals.booked).toBe(
      totals.fee + totals.gst + totals.transferred + totals.held + totals.pending + totals.outside + totals.atTemple,
    );
    expect(await payoutMonthTotals(db(), temple.id, MONTH)).toEqual(totals);
    expect(figuresOfLines(statement)).toEqual(totals);
  });

  it("shows the desk each status in words, the settlement's date and UTR, and the month's totals", async () => {
    const { temple } = await monthOfLines();
    const staff = await staffOf(temple.id);
    const html = await (await staff.get(`/desk/${temple.id}/settlement?month=${MONTH}&year=2033`)).text();
    const text = await pageText(new Response(html));
    expect(text).toContain("The temple's bank view, March 2033");
    expect(text).toMatch(/Booked\s+₹5,205.00/);
    expect(text).toMatch(/Platform fee\s+₹150.20/);
    expect(text).toMatch(/GST on the fee\s+₹27.04/);
    expect(text).toMatch(/Transferred to the temple's account\s+₹3,275.18/);
    expect(text).toMatch(/Of that, settled to the bank\s+₹991.94/);
    expect(text).toMatch(/Held until the puja is done\s+₹471.44/);
    expect(text).toMatch(/Reversed for refunds\s+₹283.24/);
    const rows = [...html.matchAll(/<tr><th scope="row">TRK-FEE-[\s\S]*?<\/tr>/g)].map((match) => pageTextOf(match[0]));
    expect(rows).toHaveLength(7);
    expect(rows.find((r) => r.includes(MALAYALAM))).toMatch(
      /2 Mar 2033 .*₹1,051.00 ₹50.05 ₹9.01 ₹991.94 trf_TESTSETTLED01 Settled 7 Mar 2033 · UTR UTR330306000111 —/,
    );
    expect(rows.find((r) => r.includes("3 Mar 2033"))).toContain("Held until 20 Mar 2033");
    expect(rows.find((r) => r.includes("4 Mar 2033"))).toContain("trf_TESTRELEASED1 Released");
    expect(rows.find((r) => r.includes("5 Mar 2033"))).toMatch(/Reversed — ₹283.24$/);
    expect(rows.find((r) => r.includes("6 Mar 2033"))).toContain("Transfer failed");
    expect(rows.find((r) => r.includes(TAMIL))).toMatch(/₹1,000.00 ₹50.00 ₹9.00 ₹941.00 — Paid out by Sannidhi outside the portal/);
    expect(rows.find((r) => r.includes(HINDI))).toMatch(/₹151.00 ₹0.00 ₹0.00 ₹151.00 — Received at the temple/);
    // Each cell says what it is on a phone, where the table stacks into cards.
    expect(/<td[^>]*data-label="Temple(?:'|&#x27;)s share"[^>]*>₹991.94<\/td>/.test(html), "a labelled share cell").toBe(true);
  });

  it("gives the accountant a CSV of the month's lines: the old columns first, the bank view's after, Indian scripts intact", async () => {
    const { temple } = await monthOfLines();
    const staff = await staffOf(temple.id);
    const response = await staff.get(`/desk/${temple.id}/settlement.csv?month=${MONTH}`);
    expect(response.status).toBe(200);
    const bytes = new Uint8Array(await response.arrayBuffer());
    // A byte order mark first, so spreadsheets read the Indian scripts as UTF-8.
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const csv = parseCsv(new TextDecoder().decode(bytes));
    expect(csv[0]).toEqual([...SETTLEMENT_CSV_COLUMNS]);
    expect(csv[0]?.slice(0, 14)).toEqual([
      "Temple",
      "Period",
      "Lines",
      "Pujas (INR)",
      "Postage (INR)",
      "Donations (INR)",
      "Total (INR)",
      "Counter cash (INR)",
      "Counter UPI to temple QR (INR)",
      "Counter UPI via gateway (INR)",
      "Received at temple (INR)",
      "Paid out by portal (INR)",
      "Cancelled counter sales",
      "Cancelled counter sales (INR)",
    ]);
    expect(csv[0]?.slice(14)).toEqual([
      "Tracking no",
      "Item",
      "Amount (INR)",
      "Platform fee (INR)",
      "GST on fee (INR)",
      "Temple share (INR)",
      "Transfer id",
      "Status",
      "Settlement date",
      "UTR",
      "Reversed (INR)",
      "Transferred (INR)",
      "Held (INR)",
      "Settled (INR)",
    ]);
    const lines = csv.slice(1, -1);
    expect(lines).toHaveLength(7);
    const settled = lines.find((row) => row[15] === MALAYALAM)!;
    expect(settled.slice(1, 7)).toEqual(["2033-03-02", "1", "1001.00", "50.00", "0.00", "1051.00"]);
    expect(settled.slice(16)).toEqual([
      "1051.00",
      "50.05",
      "9.01",
      "991.94",
      "trf_TESTSETTLED01",
      "settled",
      "2033-03-07",
      "UTR330306000111",
      "0.00",
      "991.94",
      "0.00",
      "991.94",
    ]);
    expect(lines.find((row) => row[1] === "2033-03-03")?.[21]).toBe("held until 2033-03-20");
    expect(lines.find((row) => row[1] === "2033-03-04")?.[21]).toBe("released");
    // The reversed line was cancelled: in none of the old columns, its reversal in the new ones.
    expect(
      lines
        .find((row) => row[1] === "2033-03-05")
        ?.slice(2, 3)
        .concat(lines.find((row) => row[1] === "2033-03-05")!.slice(21)),
    ).toEqual(["0", "reversed", "", "", "283.24", "283.24", "0.00", "0.00"]);
    expect(lines.find((row) => row[1] === "2033-03-06")?.[21]).toBe("transfer failed");
    expect(lines.find((row) => row[15] === TAMIL)?.slice(19, 22)).toEqual(["941.00", "", "paid out by Sannidhi outside the portal"]);
    expect(
      lines
        .find((row) => row[15] === HINDI)
        ?.slice(7, 8)
        .concat(lines.find((row) => row[15] === HINDI)!.slice(21, 22)),
    ).toEqual(["151.00", "received at the temple"]);

    // The total row: the old columns as the statement always counted them, then the bank view's totals.
    const total = csv.at(-1)!;
    const { totals } = await settlementByDay(db(), temple.id, MONTH);
    expect(total.slice(1, 7)).toEqual(["Total", String(totals.lines), "2703.00", "50.00", "2151.00", "4904.00"]);
    expect(totals).toMatchObject({ lines: 6, total: 4_904_00, atTemple: 151_00 });
    expect(total.slice(16)).toEqual(["5205.00", "150.20", "27.04", "5027.76", "", "", "", "", "283.24", "3275.18", "471.44", "991.94"]);
    // The lines add up to the total row, column by column.
    for (const column of [2, 3, 4, 5, 6, 10, 11, 16, 17, 18, 19, 24, 25, 26, 27]) {
      const sum = lines.reduce((s, row) => s + Number(row[column]), 0);
      expect(sum.toFixed(column === 2 ? 0 : 2), csv[0]![column]).toBe(total[column]);
    }
  });

  it("gives the year's CSV a row per month with the bank view's figures", async () => {
    const { temple } = await monthOfLines();
    const staff = await staffOf(temple.id);
    const csv = parseCsv(await (await staff.get(`/desk/${temple.id}/settlement.csv?year=2033`)).text());
    expect(csv).toHaveLength(14);
    const march = csv.find((row) => row[1] === MONTH)!;
    expect(march.slice(2, 7)).toEqual(["6", "2703.00", "50.00", "2151.00", "4904.00"]);
    expect(march.slice(14)).toEqual([
      "",
      "",
      "5205.00",
      "150.20",
      "27.04",
      "5027.76",
      "",
      "",
      "",
      "",
      "283.24",
      "3275.18",
      "471.44",
      "991.94",
    ]);
    expect(csv.find((row) => row[1] === "2033-04")?.slice(16, 20)).toEqual(["0.00", "0.00", "0.00", "0.00"]);
    expect(csv.at(-1)?.slice(16)).toEqual(march.slice(16));
  });
});

function pageTextOf(html: string) {
  return html
    .replace(/<[^>]+>/g, " ")
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/\s+/g, " ")
    .trim();
}
