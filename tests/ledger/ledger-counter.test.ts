/**
 * Counter takings beside online money (issue 42): the temple's settlement statement and its CSV
 * split what stayed at the temple (cash, UPI to its own QR) from what the portal pays out
 * (online, and UPI through the gateway's QR at the counter); a cancelled counter sale counts
 * for nothing and is shown apart. The operator's ledger shows the counter beside the gateway's
 * figures and still closes. The month is years ahead, so its totals are exactly these rows.
 */
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { createDb } from "~/db/client.server";
import { loadLedgerMonth } from "~/domain/ledger/ledger.server";
import { settlementByDay, settlementByMonth } from "~/domain/ledger/settlement.server";
import { pageText } from "../support/browser";
import { newCustomer } from "../support/bookings";
import { OPERATOR, signedIn, STAFF_A, templeOf } from "../support/staff";
import { booked, gatewayPayment, type LedgerLine, parseCsv } from "./support/ledger-rows";

const db = () => createDb(env.DB);
const unique = (label: string) => `${label}-${crypto.randomUUID().replace(/-/g, "").slice(0, 12)}`;

/** A counter sale booked on `bookingDate` under the walk-in account: its lines, how it was paid, cancelled or not. */
async function counterSale(
  lines: LedgerLine[],
  bookingDate: string,
  payment: "cash" | "upi",
  cancelledAt: string | null = null,
): Promise<string> {
  const walkIn = await env.DB.prepare("select id from customers order by id limit 1").first<{ id: number }>();
  const total = lines.reduce((sum, l) => sum + l.amount * l.quantity, 0);
  const receiptNo = unique("SN-C");
  const tx = await env.DB.prepare(
    `insert into transactions (customer_id, booking_date, receipt_no, tracking_no, status, total, payment_provider, channel,
       counter_payment, counter_payment_ref, cancelled_at, cancel_reason) values (?, ?, ?, ?, 0, ?, 'counter', 'counter', ?, ?, ?, ?) returning id`,
  )
    .bind(
      walkIn!.id,
      bookingDate,
      receiptNo,
      unique("TRK-C"),
      total,
      payment,
      payment === "upi" ? "UPI998877" : null,
      cancelledAt,
      cancelledAt ? "Wrong puja" : null,
    )
    .first<{ id: number }>();
  for (const l of lines) {
    await env.DB.prepare(
      `insert into transaction_lines (transaction_id, item_type, temple_id, item_name, devotee_name, quantity, amount, postal_charge)
       values (?, ?, ?, 'Archana', 'Walk-in', ?, ?, 0)`,
    )
      .bind(tx!.id, l.itemType, l.templeId, l.quantity, l.amount)
      .run();
  }
  return receiptNo;
}

describe("counter takings in the settlement statement and the ledger", () => {
  it("keep cash and UPI to the temple's QR at the temple, pay out the gateway's money, and leave cancelled sales out", async () => {
    const templeA = await templeOf(STAFF_A.email);
    const devotee = await newCustomer();
    const online: LedgerLine = { templeId: templeA, itemType: "PUJA", amount: 1_000_00, quantity: 1, postalCharge: 50_00 };
    await booked(devotee.customerId, await gatewayPayment(devotee.customerId, [online], "2032-06-03T04:00:00.000Z"), "2032-06-03");
    await counterSale(
      [{ templeId: templeA, itemType: "PUJA", amount: 501_00, quantity: 2, postalCharge: 0 }],
      "2032-06-03T09:00:00.000+05:30",
      "cash",
    );
    await counterSale(
      [{ templeId: templeA, itemType: "DONATION", amount: 2_000_00, quantity: 1, postalCharge: 0 }],
      "2032-06-04T10:00:00.000+05:30",
      "upi",
    );
    await counterSale(
      [{ templeId: templeA, itemType: "PUJA", amount: 751_00, quantity: 1, postalCharge: 0 }],
      "2032-06-04T11:00:00.000+05:30",
      "cash",
      "2032-06-04T05:40:00.000Z",
    );
    // UPI through the gateway's QR at the counter: a gateway payment, booked as a counter sale.
    const qrLine: LedgerLine = { templeId: templeA, itemType: "PUJA", amount: 301_00, quantity: 1, postalCharge: 0 };
    const qrPayment = await gatewayPayment(devotee.customerId, [qrLine], "2032-06-04T06:00:00.000Z");
    const qrReceipt = await booked(devotee.customerId, qrPayment, "2032-06-04T11:30:00.000+05:30");
    await env.DB.prepare("update transactions set channel = 'counter', counter_payment = 'upi_qr' where receipt_no = ?")
      .bind(qrReceipt)
      .run();

    const { rows, totals } = await settlementByDay(db(), templeA, "2032-06");
    expect(totals).toEqual({
      lines: 4,
      pujas: 1_000_00 + 1_002_00 + 301_00,
      postage: 50_00,
      donations: 2_000_00,
      total: 4_353_00,
      counterCash: 1_002_00,
      counterUpi: 2_000_00,
      counterGatewayUpi: 301_00,
      atTemple: 3_002_00,
      paidOut: 1_351_00,
      cancelledSales: 1,
      cancelled: 751_00,
    });
    expect(rows.find((row) => row.period === "2032-06-03")).toMatchObject({ total: 2_052_00, atTemple: 1_002_00, paidOut: 1_050_00 });
    expect(rows.find((row) => row.period === "2032-06-04")).toMatchObject({ total: 2_301_00, cancelledSales: 1, cancelled: 751_00 });
    for (const row of rows) expect(row.total, row.period).toBe(row.atTemple + row.paidOut);
    expect((await settlementByMonth(db(), templeA, 2032)).rows.find((row) => row.period === "2032-06")).toMatchObject(totals);

    const staff = await signedIn(STAFF_A);
    const page = await pageText(await staff.get(`/desk/${templeA}/settlement?month=2032-06&year=2032`));
    expect(page).toContain("Counter takings, June 2032");
    expect(page).toContain("₹3,002.00");
    expect(page).toContain("₹1,351.00");
    expect(page).toMatch(/Cancelled sales\s*1 · ₹751.00/);
    const csv = parseCsv(await (await staff.get(`/desk/${templeA}/settlement.csv?month=2032-06`)).text());
    // The counter's columns after the accountant's first ones; the bank view's (issue 43) come after these.
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
    expect(csv.at(-1)?.slice(1, 14)).toEqual([
      "Total",
      "4",
      "2303.00",
      "50.00",
      "2000.00",
      "4353.00",
      "1002.00",
      "2000.00",
      "301.00",
      "3002.00",
      "1351.00",
      "1",
      "751.00",
    ]);
    // A month's rows are its booked lines (issue 43): a day's lines add up to what its row used to say.
    const dayOf = (day: string) =>
      csv
        .filter((row) => row[1] === day)
        .reduce((sum, row) => sum.map((value, i) => value + Number(row[i + 2])), Array<number>(12).fill(0))
        .map((value, i) => (i === 0 || i === 10 ? String(value) : value.toFixed(2)));
    expect(dayOf("2032-06-04")).toEqual([
      "2",
      "301.00",
      "0.00",
      "2000.00",
      "2301.00",
      "0.00",
      "2000.00",
      "301.00",
      "2000.00",
      "301.00",
      "1",
      "751.00",
    ]);

    // The operator's ledger: the counter at the temple beside the gateway's figures, which still close.
    const ledger = await loadLedgerMonth(db(), "2032-06", templeA);
    expect(ledger.totals).toMatchObject({ received: 1_351_00, booked: 1_351_00, counterAtTemple: 3_002_00, counterCancelled: 751_00 });
    for (const row of ledger.perDay) expect(row.received, row.day).toBe(row.booked + row.refunded + row.refundOpen + row.unmatched);
    const operator = await signedIn(OPERATOR);
    const ledgerPage = await pageText(await operator.get(`/operator/ledger?month=2032-06&templeId=${templeA}`));
    expect(ledgerPage).toContain("Counter, received at temples");
    expect(ledgerPage).toContain("₹3,002.00");
  });
});
