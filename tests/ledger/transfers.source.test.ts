/**
 * Issue 43: the temples' shares of booked payments go to their linked accounts as Route transfers,
 * against the Razorpay emulator (real HTTP, the production adapter): a mixed cart across two
 * temples (two transfers, the platform's fee stays) and a temple without a linked account (no
 * transfer, the reason in reconciliation); a puja's money held until the desk marks it done, or
 * until its hold runs out; a transfer Razorpay fails made again once, then left for the operator;
 * webhooks repeated and out of order; refunds of a booked line before and after the release.
 */
import { env } from "cloudflare:workers";
import { describe, expect, it, onTestFinished } from "vitest";
import { markPujaDone } from "~/domain/bookings/desk/performing.server";
import { refundBookedLine } from "~/domain/ledger/line-refunds.server";
import { askRelease, releaseHeldTransfers } from "~/domain/ledger/payout-holds.server";
import { checkTransfers, runPayouts } from "~/domain/ledger/payout-housekeeping.server";
import { linePayouts } from "~/domain/ledger/payout-report.server";
import { payTemplesOfPayment, planTransfers, sendTransfersOfPayment, transferFigures } from "~/domain/ledger/payout-transfers.server";
import { dailyReport } from "~/domain/ledger/report.server";
import { addDays } from "~/domain/days";
import { indiaInstant, todayInIndia } from "~/lib/india-time";
import {
  db,
  gateway,
  linesOf,
  paidCart,
  payouts,
  payoutTemple,
  postWebhook,
  provider,
  pujaDay,
  route,
  transferRows,
} from "./support/payout-fixtures";

const gateways = { provider, route };
const OPERATOR = 1;

async function refundsAtGateway(paymentId: string) {
  return (await provider.fetchRefunds(paymentId)).map((refund) => refund.amount);
}

describe("transfers to temples after a booked payment", () => {
  it("sends one transfer per temple line of a mixed cart, keeps the platform's fee, and leaves a temple without a linked account its reason", async () => {
    const [a, b, c] = [await payoutTemple(true), await payoutTemple(true), await payoutTemple(false)];
    const day = pujaDay();
    const paid = await paidCart([
      { puja: a, day },
      { donation: b, rupees: 300 },
      { donation: c, rupees: 200 },
    ]);
    expect(paid.amount).toBe(100_000);

    expect(await payTemplesOfPayment(db(), payouts, paid.paymentId)).toBe(2);
    // Puja first (the lines' order follows the cart's, which is not the test's to fix).
    const rows = (await transferRows(paid.paymentId)).sort((x, y) => x.kind.localeCompare(y.kind)).reverse();
    expect(rows.map((row) => [row.temple_id, row.kind, row.booked, row.fee, row.gst, row.amount, row.on_hold, row.status])).toEqual([
      // 5% of ₹500 is ₹25, GST on it ₹4.50: the temple is sent ₹470.50, held until the puja's date + 3 days.
      [a.id, "puja", 50_000, 2_500, 450, 47_050, 1, "processed"],
      // No fee on donations: all of it, at once.
      [b.id, "donation", 30_000, 0, 0, 30_000, 0, "processed"],
    ]);
    expect(rows[0]!.hold_until).toBe(addDays(day, 3));
    expect(rows[1]!.hold_until).toBeNull();

    const atRazorpay = (await route.fetchPaymentTransfers(paid.paymentId)).sort((x, y) => y.amount - x.amount);
    expect(atRazorpay.map((t) => [t.recipient, t.amount, t.onHold, t.status])).toEqual([
      [a.accountId, 47_050, true, "processed"],
      [b.accountId, 30_000, false, "processed"],
    ]);
    expect(atRazorpay.map((t) => t.id).sort()).toEqual(rows.map((row) => row.transfer_ref).sort());

    // Planning and sending again changes nothing: one transfer per line.
    expect(await payTemplesOfPayment(db(), payouts, paid.paymentId)).toBe(0);
    expect(await route.fetchPaymentTransfers(paid.paymentId)).toHaveLength(2);

    // Every paisa: at the temples, in the fee and its GST, or held by the platform with a reason.
    const lines = await linePayouts(db(), { paymentRef: paid.paymentId });
    expect(new Map(lines.map((line) => [line.templeId, line.state]))).toEqual(
      new Map([
        [a.id, "held"],
        [b.id, "transferred"],
        [c.id, "no-linked-account"],
      ]),
    );
    const sent = lines.reduce((sum, line) => sum + line.amount, 0);
    const fees = lines.reduce((sum, line) => sum + line.fee + line.gst, 0);
    const platformHeld = lines.filter((line) => line.state === "no-linked-account").reduce((sum, line) => sum + line.booked, 0);
    expect(sent + fees + platformHeld).toBe(paid.amount);

    // The devotee's receipt is the temple's prices, unchanged: no fee on it.
    const receipt = await env.DB.prepare("select total, convenience_fee from transactions where payment_ref = ?")
      .bind(paid.paymentId)
      .first<{ total: number; convenience_fee: number }>();
    expect(receipt).toEqual({ total: 100_000, convenience_fee: 0 });
    // Held and unlinked are not issues: the day's report names none of this payment's lines.
    const report = await dailyReport(db(), todayInIndia());
    expect(report.payoutIssues.filter((issue) => issue.paymentRef === paid.paymentId)).toEqual([]);
  });

  it("releases a puja's held money when the desk marks it done, and on its hold_until day otherwise", async () => {
    const a = await payoutTemple(true);
    const day = pujaDay();
    const done = await paidCart([{ puja: a, day }]);
    const waiting = await paidCart([{ puja: a, day }]);
    await payTemplesOfPayment(db(), payouts, done.paymentId);
    await payTemplesOfPayment(db(), payouts, waiting.paymentId);

    // The desk marks the first performed (the desk's action then releases it, as app/web/payout-release.server.ts does).
    const [line] = await linesOf(done.paymentId);
    expect((await markPujaDone(db(), OPERATOR, a.id, line!.id)).ok).toBe(true);
    await askRelease(db(), [line!.id], "performed");
    expect(await releaseHeldTransfers(db(), route, new Date(), { lineIds: [line!.id] })).toBe(1);
    const [released] = await transferRows(done.paymentId);
    expect(released).toMatchObject({ on_hold: 0, release_reason: "performed" });
    expect((await route.fetchTransfer(released!.transfer_ref!)).onHold).toBe(false);

    // The other stays held until its day comes: housekeeping on the day before changes nothing, on the day it releases it.
    const holdUntil = addDays(day, 3);
    await runPayouts(db(), payouts, provider, new Date(indiaInstant(addDays(holdUntil, -1), "12:00")));
    expect((await transferRows(waiting.paymentId))[0]).toMatchObject({ on_hold: 1, release_reason: null });
    await runPayouts(db(), payouts, provider, new Date(indiaInstant(holdUntil, "00:30")));
    const [timed] = await transferRows(waiting.paymentId);
    expect(timed).toMatchObject({ on_hold: 0, release_reason: "time" });
    expect((await route.fetchTransfer(timed!.transfer_ref!)).onHold).toBe(false);
  });

  it("makes a transfer Razorpay failed again once, and leaves a second failure for the operator's daily report", async () => {
    const b = await payoutTemple(true);
    const once = await paidCart([{ donation: b, rupees: 400 }]);
    await gateway.injectFault({ kind: "transfer-fails", orderId: once.orderId, times: 1 });
    expect(await payTemplesOfPayment(db(), payouts, once.paymentId)).toBe(0);
    expect((await transferRows(once.paymentId))[0]).toMatchObject({ status: "due", transfer_ref: null });
    expect((await transferRows(once.paymentId))[0]!.last_error).toMatch(/failed the transfer/);
    expect(await sendTransfersOfPayment(db(), route, once.paymentId)).toBe(1);
    const [retried] = await transferRows(once.paymentId);
    expect(retried).toMatchObject({ status: "processed" });
    expect((await route.fetchPaymentTransfers(once.paymentId)).map((t) => t.status)).toEqual(["failed", "processed"]);
    // The failed transfer's webhook, late and twice, after the retry's: the row never moves back.
    const webhooks = (await gateway.pendingWebhooks(once.orderId)).filter((w) => w.event.startsWith("transfer."));
    expect(webhooks.map((w) => w.event)).toEqual(["transfer.failed", "transfer.processed"]);
    for (const webhook of [...webhooks].reverse().concat(webhooks)) expect((await postWebhook(webhook)).status).toBe(200);
    expect((await transferRows(once.paymentId))[0]).toMatchObject({ status: "processed", transfer_ref: retried!.transfer_ref });

    const twice = await paidCart([{ donation: b, rupees: 250 }]);
    await gateway.injectFault({ kind: "transfer-fails", orderId: twice.orderId, times: 2 });
    await payTemplesOfPayment(db(), payouts, twice.paymentId);
    await sendTransfersOfPayment(db(), route, twice.paymentId);
    const [failed] = await transferRows(twice.paymentId);
    expect(failed).toMatchObject({ status: "failed" });
    // Never a third attempt.
    expect(await sendTransfersOfPayment(db(), route, twice.paymentId)).toBe(0);
    expect(await route.fetchPaymentTransfers(twice.paymentId)).toHaveLength(2);
    const report = await dailyReport(db(), todayInIndia());
    expect(report.payoutIssues.filter((issue) => issue.paymentRef === twice.paymentId).map((issue) => issue.state)).toEqual(["failed"]);
  });

  it("writes a settlement's UTR on its transfers, whatever order its webhooks come in and however often", async () => {
    const b = await payoutTemple(true);
    const paid = await paidCart([{ donation: b, rupees: 600 }]);
    await payTemplesOfPayment(db(), payouts, paid.paymentId);
    const [settlement] = await gateway.settleNow(b.accountId!);
    const webhooks = [...(await gateway.pendingWebhooks(b.accountId!)), ...(await gateway.pendingWebhooks(paid.orderId))].filter((w) =>
      /^(transfer|settlement)\./.test(w.event),
    );
    expect(webhooks.map((w) => w.event).sort()).toEqual(["settlement.processed", "transfer.processed"]);
    // The settlement before the transfer's own event, then each again (Razorpay's retry: a duplicate).
    for (const webhook of webhooks) expect((await postWebhook(webhook)).body).toContain("accepted");
    for (const webhook of [...webhooks].reverse()) expect((await postWebhook(webhook)).body).toContain("duplicate");
    const [row] = await transferRows(paid.paymentId);
    expect(row).toMatchObject({ status: "processed", settlement_ref: settlement!.id, utr: settlement!.utr });
  });
});

describe("a transfer is never made twice, and a lost webhook is caught up", () => {
  it("adopts what a sender that died mid-call made (found by its row id in the notes) instead of making it again", async () => {
    const b = await payoutTemple(true);
    const paid = await paidCart([{ donation: b, rupees: 500 }]);
    await planTransfers(db(), 3, paid.paymentId);
    const [row] = await transferRows(paid.paymentId);
    // The Worker claimed the row, Razorpay made the transfer, and the Worker died before writing the answer.
    const made = await route.transferPayment(paid.paymentId, [
      { account: b.accountId!, amount: row!.amount, notes: { payout_transfer_id: String(row!.id) } },
    ]);
    await env.DB.prepare("update payout_transfers set status = 'sending', attempts = 1, next_attempt_at = ? where id = ?")
      .bind(new Date(Date.now() - 1_000).toISOString(), row!.id)
      .run();
    expect(await sendTransfersOfPayment(db(), route, paid.paymentId)).toBe(1);
    expect((await transferRows(paid.paymentId))[0]).toMatchObject({ status: "processed", transfer_ref: made[0]!.id });
    expect(await route.fetchPaymentTransfers(paid.paymentId)).toHaveLength(1);
  });

  it("leaves a transfer due when Razorpay is unreachable, then sends it once with backoff", async () => {
    const b = await payoutTemple(true);
    const paid = await paidCart([{ donation: b, rupees: 700 }]);
    await gateway.injectFault({ kind: "api", call: "transfer", status: 503, orderId: paid.orderId, times: 1 });
    const now = new Date();
    expect(await payTemplesOfPayment(db(), payouts, paid.paymentId, now)).toBe(0);
    const [due] = await transferRows(paid.paymentId);
    expect(due).toMatchObject({ status: "due", transfer_ref: null });
    expect(due!.last_error).toMatch(/HTTP 503/);
    // Not before its backoff; after it, once.
    expect(await sendTransfersOfPayment(db(), route, paid.paymentId, new Date(now.getTime() + 60_000))).toBe(0);
    expect(await sendTransfersOfPayment(db(), route, paid.paymentId, new Date(now.getTime() + 6 * 60_000))).toBe(1);
    expect(await route.fetchPaymentTransfers(paid.paymentId)).toHaveLength(1);
  });

  it("learns a settlement from Razorpay when its webhooks were lost (reconciliation asks the transfer)", async () => {
    const b = await payoutTemple(true);
    const paid = await paidCart([{ donation: b, rupees: 350 }]);
    await payTemplesOfPayment(db(), payouts, paid.paymentId);
    const [settlement] = await gateway.settleNow(b.accountId!);
    const [before] = await transferRows(paid.paymentId);
    expect(before!.utr).toBeNull();
    await env.DB.prepare("update payout_transfers set updated_at = '2000-01-01T00:00:00.000Z' where id = ?").bind(before!.id).run();
    await checkTransfers(db(), payouts, new Date(), 40);
    expect((await transferRows(paid.paymentId))[0]).toMatchObject({ settlement_ref: settlement!.id, utr: settlement!.utr });
  });

  it("puts a transfer Razorpay cannot answer at the back of the line, so it never keeps the others from being asked", async () => {
    const b = await payoutTemple(true);
    const [stuck, paid] = [await paidCart([{ donation: b, rupees: 120 }]), await paidCart([{ donation: b, rupees: 350 }])];
    await payTemplesOfPayment(db(), payouts, stuck.paymentId);
    await payTemplesOfPayment(db(), payouts, paid.paymentId);
    const [settlement] = await gateway.settleNow(b.accountId!);
    const [[stuckRow], [row]] = [await transferRows(stuck.paymentId), await transferRows(paid.paymentId)];
    // Razorpay does not know the stuck one's id (it answers 4xx), and it is the least recently asked of all.
    const ask = "update payout_transfers set transfer_ref = ?, updated_at = ? where id = ?";
    const asked = await env.DB.prepare("select updated_at from payout_transfers where id = ?")
      .bind(stuckRow!.id)
      .first<string>("updated_at");
    await env.DB.prepare(ask).bind("trf_NotKnownThere01", "1999-01-01T00:00:00.000Z", stuckRow!.id).run();
    onTestFinished(async () => {
      await env.DB.prepare(ask).bind(stuckRow!.transfer_ref, asked, stuckRow!.id).run();
    });
    await env.DB.prepare("update payout_transfers set updated_at = '1999-01-01T00:00:01.000Z' where id = ?").bind(row!.id).run();
    const now = new Date();
    // One transfer a run (two calls: the transfer and its settlement): the stuck one first, then the other.
    await checkTransfers(db(), payouts, now, 2);
    expect((await transferRows(paid.paymentId))[0]!.utr).toBeNull();
    await checkTransfers(db(), payouts, new Date(now.getTime() + 15 * 60_000), 2);
    expect((await transferRows(paid.paymentId))[0]).toMatchObject({ settlement_ref: settlement!.id, utr: settlement!.utr });
  });

  it("sends postage with the temple's share, with no fee on it", () => {
    expect(transferFigures({ price: 50_000, postal: 4_000 }, { percentBasisPoints: 500, fixedPaise: 0 })).toEqual({
      booked: 54_000,
      fee: 2_500,
      gst: 450,
      amount: 51_050,
    });
    expect(transferFigures({ price: 30_000, postal: 0 }, null)).toEqual({ booked: 30_000, fee: 0, gst: 0, amount: 30_000 });
  });
});

describe("refunding a booked line", () => {
  it("reverses a held transfer before refunding the line, cancels the line and returns its seat", async () => {
    const [a, b] = [await payoutTemple(true), await payoutTemple(true)];
    const paid = await paidCart([{ puja: a }, { donation: b, rupees: 300 }]);
    await payTemplesOfPayment(db(), payouts, paid.paymentId);
    const pujaLine = (await linesOf(paid.paymentId)).find((line) => line.item_type === "PUJA");

    const refunded = await refundBookedLine(db(), gateways, OPERATOR, { lineId: pujaLine!.id, reason: "The priest is away that week" });
    expect(refunded).toMatchObject({ ok: true });
    const rows = await transferRows(paid.paymentId);
    const [pujaRow, donationRow] = [rows.find((row) => row.kind === "puja"), rows.find((row) => row.kind === "donation")];
    expect(pujaRow).toMatchObject({ status: "reversed", reversed_amount: 47_050 });
    expect(donationRow).toMatchObject({ status: "processed", reversed_amount: 0 });
    const atRazorpay = await route.fetchTransfer(pujaRow!.transfer_ref!);
    expect([atRazorpay.status, atRazorpay.amountReversed]).toEqual(["reversed", 47_050]);
    expect(await refundsAtGateway(paid.paymentId)).toEqual([50_000]);
    expect((await linesOf(paid.paymentId)).map((line) => [line.item_type, line.puja_status]).sort()).toEqual([
      ["DONATION", "booked"],
      ["PUJA", "cancelled"],
    ]);
    const seats = await env.DB.prepare("select count(*) as n from puja_seats where transaction_line_id = ?")
      .bind(pujaLine!.id)
      .first<{ n: number }>();
    expect(seats!.n).toBe(0);
    const audit = await env.DB.prepare("select count(*) as n from audit_log where action = 'booking.line_refund' and entity_id = ?")
      .bind(String(pujaLine!.id))
      .first<{ n: number }>();
    expect(audit!.n).toBe(1);
    // Once per line.
    expect(await refundBookedLine(db(), gateways, OPERATOR, { lineId: pujaLine!.id, reason: "again" })).toMatchObject({ ok: false });
    expect(await refundsAtGateway(paid.paymentId)).toEqual([50_000]);
    const states = (await linePayouts(db(), { paymentRef: paid.paymentId })).map((line) => [line.templeId, line.state] as const);
    expect(new Map(states)).toEqual(
      new Map([
        [a.id, "refunded"],
        [b.id, "transferred"],
      ]),
    );
  });

  it("refunds a payment's one held line with reverse_all, and a line released and settled by a reversal the temple sees", async () => {
    const a = await payoutTemple(true);
    const held = await paidCart([{ puja: a }]);
    await payTemplesOfPayment(db(), payouts, held.paymentId);
    const [heldLine] = await linesOf(held.paymentId);
    expect(await refundBookedLine(db(), gateways, OPERATOR, { lineId: heldLine!.id, reason: "Temple closed for repairs" })).toMatchObject({
      ok: true,
    });
    const [heldRow] = await transferRows(held.paymentId);
    expect(heldRow).toMatchObject({ status: "reversed", reversed_amount: 47_050 });
    expect((await route.fetchTransfer(heldRow!.transfer_ref!)).status).toBe("reversed");
    expect(await refundsAtGateway(held.paymentId)).toEqual([50_000]);

    const settled = await paidCart([{ puja: a }]);
    await payTemplesOfPayment(db(), payouts, settled.paymentId);
    const [line] = await linesOf(settled.paymentId);
    await askRelease(db(), [line!.id], "performed");
    await releaseHeldTransfers(db(), route, new Date(), { lineIds: [line!.id] });
    await gateway.settleNow(a.accountId!);
    for (const webhook of await gateway.pendingWebhooks(a.accountId!)) await postWebhook(webhook);
    expect((await transferRows(settled.paymentId))[0]!.utr).toBeTruthy();

    expect(await refundBookedLine(db(), gateways, OPERATOR, { lineId: line!.id, reason: "Devotee unwell" })).toMatchObject({ ok: true });
    const [row] = await transferRows(settled.paymentId);
    expect(row).toMatchObject({ status: "reversed", reversed_amount: 47_050 });
    const atRazorpay = await route.fetchTransfer(row!.transfer_ref!);
    expect([atRazorpay.status, atRazorpay.amountReversed, atRazorpay.settlementStatus]).toEqual(["reversed", 47_050, "settled"]);
    expect(await refundsAtGateway(settled.paymentId)).toEqual([50_000]);
  });

  it("sends a line refund the gateway reported failed again, with a new key, when reconciliation learns of it", async () => {
    const b = await payoutTemple(true);
    const paid = await paidCart([
      { donation: b, rupees: 300 },
      { donation: b, rupees: 200 },
    ]);
    await payTemplesOfPayment(db(), payouts, paid.paymentId);
    const [line] = await linesOf(paid.paymentId);
    await gateway.injectFault({ kind: "refund-fails", orderId: paid.orderId, times: 1 });
    expect(await refundBookedLine(db(), gateways, OPERATOR, { lineId: line!.id, reason: "Donor asked" })).toMatchObject({
      ok: true,
      status: "pending",
    });
    await gateway.runLate(paid.orderId);
    const refundRow = () =>
      env.DB.prepare("select status, idempotency_key, refund_ref from line_refunds where transaction_line_id = ?")
        .bind(line!.id)
        .first<{ status: string; idempotency_key: string; refund_ref: string }>();
    const first = await refundRow();
    await runPayouts(db(), payouts, provider);
    expect(await refundRow()).toMatchObject({ status: "due", idempotency_key: `${first!.idempotency_key}_f1` });
    await runPayouts(db(), payouts, provider);
    expect((await refundRow())!.status).toMatch(/^(pending|refunded)$/);
    const amount = (await linePayouts(db(), { paymentRef: paid.paymentId })).find((payout) => payout.lineId === line!.id)!.booked;
    const refunds = await provider.fetchRefunds(paid.paymentId);
    expect(refunds.map((refund) => [refund.amount, refund.status]).sort()).toEqual([
      [amount, "failed"],
      [amount, "processed"],
    ]);
  });

  it("refuses a line it cannot find, and a reason left empty", async () => {
    const a = await payoutTemple(true);
    const paid = await paidCart([{ puja: a }]);
    const [line] = await linesOf(paid.paymentId);
    expect(await refundBookedLine(db(), gateways, OPERATOR, { lineId: line!.id, reason: "  " })).toMatchObject({
      ok: false,
      message: "Enter why this booking line is refunded.",
    });
    expect(await refundBookedLine(db(), gateways, OPERATOR, { lineId: 987_654_321, reason: "x" })).toMatchObject({
      ok: false,
      message: "We could not find that booking line.",
    });
    // Nothing was refunded or cancelled.
    expect((await linesOf(paid.paymentId))[0]!.puja_status).toBe("booked");
    expect(await refundsAtGateway(paid.paymentId)).toEqual([]);
  });
});
