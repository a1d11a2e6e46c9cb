/**
 * Issue 43 against the built Worker and the Razorpay emulator: an operator may charge a temple's
 * devotees a convenience fee. With one, the cart shows it as its own line under the temple's lines,
 * the payment order's amount includes it, the booking stores it and its total includes it, the
 * receipt (page and PDF) shows it and names the temple as the recipient, the operator's ledger
 * shows it and still closes, and the temple's statement leaves it out. Without one nothing changes.
 * Each test makes its own temple and customer.
 */
import { env } from "cloudflare:workers";
import { describe, expect, it, onTestFinished } from "vitest";
import { createDb } from "~/db/client.server";
import { convenienceFeeOfLine } from "~/domain/bookings/cart/convenience-fee";
import { loadLedgerMonth } from "~/domain/ledger/ledger.server";
import { settlementByDay } from "~/domain/ledger/settlement.server";
import { formatRupees } from "~/domain/text";
import { todayInIndia } from "~/lib/india-time";
import { pageText } from "../support/browser";
import { bookPuja, count, newCustomer, openCheckout, payAndReturn } from "../support/bookings";
import { LegacyClient } from "../support/legacy-client";
import { pdfText } from "../support/pdf-helpers";
import { OPERATOR, signedIn } from "../support/staff";
import { type Made, makeTemple } from "../support/trust";

const db = () => createDb(env.DB);
const today = todayInIndia();
/** makeTemple's puja: ₹251.00, every day, no postage. */
const RATE = 25100;

async function templeWithConvenienceFee(percent: string, fixedRupees: string): Promise<Made> {
  const temple = await makeTemple({ verified: true });
  onTestFinished(() =>
    env.DB.prepare("delete from temple_fees where temple_id = ?")
      .bind(temple.id)
      .run()
      .then(() => {}),
  );
  const operator = await signedIn(OPERATOR);
  const set = await operator.post(`/operator/temples/${temple.id}/fees`, {
    intent: "fee",
    templeId: String(temple.id),
    kind: "convenience",
    percent,
    fixedRupees,
    effectiveFrom: today,
  });
  expect(set.status).toBe(303);
  return temple;
}

/** A new devotee books the temple's puja once, pays on the emulator and comes back; the booking's row. */
async function bookAndPay(temple: Made) {
  const { browser, user } = await newCustomer();
  expect((await bookPuja(browser, temple.puja)).status).toBe(303);
  const cart = await pageText(await browser.get("/cart"));
  const { orderId, html } = await openCheckout(browser);
  const order = await env.DB.prepare("select amount, lines from payment_orders where provider_order_id = ?")
    .bind(orderId)
    .first<{ amount: number; lines: string }>();
  const { fields, response } = await payAndReturn(browser, orderId);
  expect(response.status).toBe(303);
  const booking = await env.DB.prepare(
    "select id, total, convenience_fee as convenienceFee, tracking_no as trackingNo from transactions where payment_ref = ?",
  )
    .bind(fields.razorpay_payment_id)
    .first<{ id: number; total: number; convenienceFee: number; trackingNo: string }>();
  expect(booking).toBeTruthy();
  const paid = await env.DB.prepare("select amount from gateway_payments where payment_ref = ?")
    .bind(fields.razorpay_payment_id)
    .first<{ amount: number }>();
  return { browser, user, cart, payPage: html, orderId, order: order!, booking: booking!, paidAmount: paid?.amount };
}

describe("the devotee's convenience fee", () => {
  it("is a line's percentage (half a paisa up) plus its fixed amount, on the price without postage", () => {
    expect(convenienceFeeOfLine({ amount: 25100, quantity: 1 }, { percentBasisPoints: 250, fixedPaise: 500 })).toBe(628 + 500);
    expect(convenienceFeeOfLine({ amount: 10100, quantity: 3 }, { percentBasisPoints: 150, fixedPaise: 0 })).toBe(455);
    expect(convenienceFeeOfLine({ amount: 25100, quantity: 1 }, null)).toBe(0);
    expect(convenienceFeeOfLine({ amount: 0, quantity: 1 }, { percentBasisPoints: 0, fixedPaise: 500 })).toBe(0);
  });

  it("with a rule: its own line in the cart, the order and the booking, on the receipt; the ledger closes; the statement leaves it out", async () => {
    const temple = await templeWithConvenienceFee("2.5", "5");
    const templeName = await env.DB.prepare("select display_name as name from temples where id = ?")
      .bind(temple.id)
      .first<{ name: string }>()
      .then((row) => row!.name);
    // 2.5% of ₹251.00 is 627.5 paise, so 628; plus ₹5.00.
    const fee = 628 + 500;
    const paid = await bookAndPay(temple);

    expect(paid.cart).toContain(`Convenience fee ${formatRupees(fee)}`);
    expect(paid.cart).toContain(`Total for ${templeName}: ${formatRupees(RATE)}`);
    expect(paid.cart).toContain(formatRupees(RATE + fee));
    expect(paid.payPage).toContain(formatRupees(RATE + fee));
    expect(paid.order.amount).toBe(RATE + fee);
    expect(JSON.parse(paid.order.lines)).toMatchObject([{ amount: RATE, convenienceFee: fee }]);
    expect(paid.paidAmount).toBe(RATE + fee);
    expect(paid.booking).toMatchObject({ total: RATE + fee, convenienceFee: fee });
    // The booked line is the temple's price: transfers and the statement go by lines.
    expect(await count("select sum(amount * quantity) as n from transaction_lines where transaction_id = ?", paid.booking.id)).toBe(RATE);

    const done = await pageText(await paid.browser.get(`/checkout/done/${paid.orderId}`));
    expect(done).toContain(`Received by ${templeName}`);
    expect(done).toContain(`Convenience fee ${formatRupees(fee)}`);
    expect(done).toContain(formatRupees(RATE + fee));

    const pdf = await paid.browser.get(`/account/transactions/${paid.booking.trackingNo}/receipt.pdf`);
    expect(pdf.status).toBe(200);
    const receipt = (await pdfText(await pdf.arrayBuffer())).replace(/\s+/g, " ");
    expect(receipt).toContain(`Received by ${templeName}`);
    expect(receipt).toContain(`Convenience fee ${formatRupees(fee)}`);
    expect(receipt).toContain(formatRupees(RATE + fee));

    const completed = await pageText(await paid.browser.get("/account?tab=transactions&view=completed"));
    expect(completed).toContain(`Convenience fee ${formatRupees(fee)}`);

    // The legacy API keeps its shapes: the booking's total is what was paid, the temple's is its price.
    const legacy = new LegacyClient();
    expect((await legacy.signIn(paid.user.email, paid.user.password)).body[0].RESULT).toBe(1);
    const summaries = (await legacy.call("/api/Transaction/TransactionSummary")).body.summaries;
    expect(summaries).toEqual([expect.objectContaining({ TrackingNo: paid.booking.trackingNo, Total: (RATE + fee) / 100 })]);
    const temples = (await legacy.call("/api/Transaction/TransactionTempleDetails", { TrackingNo: paid.booking.trackingNo })).body;
    expect(temples).toEqual([
      { TempleID: temple.id, TempleName: templeName, PujaTotal: RATE / 100, DonationTotal: 0, PostalTotal: 0, Total: RATE / 100 },
    ]);

    const month = today.slice(0, 7);
    const ledger = await loadLedgerMonth(db(), month);
    const day = ledger.perDay.find((row) => row.day === today)!;
    expect(day.received).toBe(day.booked + day.refunded + day.refundOpen + day.unmatched);
    expect(day.convenience).toBeGreaterThanOrEqual(fee);
    const own = (await loadLedgerMonth(db(), month, temple.id)).perDay.find((row) => row.day === today)!;
    expect(own).toMatchObject({ received: RATE + fee, booked: RATE + fee, convenience: fee, unmatched: 0 });

    const statement = await settlementByDay(db(), temple.id, month);
    expect(statement.totals).toMatchObject({ lines: 1, pujas: RATE, total: RATE, paidOut: RATE });

    const operator = await signedIn(OPERATOR);
    const ledgerPage = await pageText(await operator.get(`/operator/ledger?month=${month}&templeId=${temple.id}`));
    expect(ledgerPage).toContain("Convenience fees");
    expect(ledgerPage).toContain(formatRupees(fee));
    expect(await pageText(await operator.get(`/operator/temples/${temple.id}/fees`))).toContain(
      "Convenience fee (paid by devotees): 2.5% + ₹5.00 per booking line",
    );
  }, 60_000);

  it("without a rule changes nothing: no line, the order's amount and the booking are the temple's prices", async () => {
    const temple = await makeTemple({ verified: true });
    // Another temple's rule, and this temple's platform fee, are not a convenience fee.
    await templeWithConvenienceFee("10", "");
    await env.DB.prepare(
      "insert into temple_fees (temple_id, kind, percent_basis_points, fixed_paise, effective_from) values (?, 'puja', 500, 0, ?)",
    )
      .bind(temple.id, today)
      .run();
    onTestFinished(() =>
      env.DB.prepare("delete from temple_fees where temple_id = ?")
        .bind(temple.id)
        .run()
        .then(() => {}),
    );
    const paid = await bookAndPay(temple);

    expect(paid.cart).not.toContain("Convenience fee");
    expect(paid.cart).not.toContain("Sannidhi for booking online");
    expect(paid.order.amount).toBe(RATE);
    expect(paid.order.lines).not.toContain("convenienceFee");
    expect(paid.paidAmount).toBe(RATE);
    expect(paid.booking).toMatchObject({ total: RATE, convenienceFee: 0 });
    const done = await pageText(await paid.browser.get(`/checkout/done/${paid.orderId}`));
    expect(done).not.toContain("Convenience fee");
    const pdf = await paid.browser.get(`/account/transactions/${paid.booking.trackingNo}/receipt.pdf`);
    const receipt = (await pdfText(await pdf.arrayBuffer())).replace(/\s+/g, " ");
    expect(receipt).not.toContain("Convenience fee");
    expect(receipt).not.toMatch(/platform fee/i);
  }, 60_000);

  it("a fee form with a kind it does not know answers a clear message and sets nothing", async () => {
    const temple = await makeTemple({ verified: true });
    const operator = await signedIn(OPERATOR);
    const fields = { intent: "fee", templeId: String(temple.id), percent: "2", fixedRupees: "", effectiveFrom: today };
    for (const kind of ["platform", "Convenience", ""]) {
      const refused = await operator.post(`/operator/temples/${temple.id}/fees`, { ...fields, kind });
      expect(refused.status, kind).toBe(400);
      expect(await pageText(refused)).toContain("Choose pujas, donations or the convenience fee");
    }
    expect(await count("select count(*) as n from temple_fees where temple_id = ?", temple.id)).toBe(0);
  });
});
