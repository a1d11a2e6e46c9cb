/**
 * Issue 37: a refund has one owner at a time. While a gateway call for it is in flight nobody can
 * mark it refunded outside the portal, nor send it again (housekeeping included); once marked
 * outside, no gateway call starts; a claim left by a Worker that died mid-call is sent again after
 * its lease, with the same key. Reconciliation flags any payment whose money went back twice.
 * The gateway is the unit-test double, whose refund call a test can hold open.
 */
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { loadDailyReport } from "~/domain/ledger/ledger.server";
import { reconcile } from "~/domain/ledger/reconcile.server";
import { findRefund, markRefundedOutside, refundIdempotencyKey, retryRefund, sendRefund } from "~/domain/ledger/refunds.server";
import { dailyReport } from "~/domain/ledger/report.server";
import { todayInIndia } from "~/lib/india-time";
import { fakeGateway } from "./support/fake-gateway";
import { count, db, lateRefund, minutes, refundRow } from "./support/ledger-fakes";

const UNANSWERED =
  "This refund was sent to the gateway and no answer was recorded, so it may have been paid. Retry " +
  "it first: the gateway is asked again with the same key, so it is never paid twice.";
const IN_FLIGHT =
  "This refund is being sent to the gateway right now. Wait for its answer: if the gateway refuses " +
  "it, you can then retry it or mark it refunded outside the portal.";

async function operatorInput() {
  const operator = await env.DB.prepare("select id from customers order by id limit 1").first<{ id: number }>();
  return { reference: "UTR2026112800042", reason: "Refunded by bank transfer at the devotee's request.", operatorId: operator!.id };
}

const outsideAudits = (refundId: number) =>
  count("select count(*) as n from audit_log where action = 'refund.outside' and entity_id = ?", String(refundId));

/** A refund the gateway refused once: due, its next attempt 5 minutes after the payment. */
async function dueRefund() {
  const gateway = fakeGateway();
  gateway.faults.refuseRefunds = 1;
  const { t0, payment } = await lateRefund(gateway);
  const row = await refundRow(payment.id);
  expect(row).toMatchObject({ status: "due", attempts: 1 });
  const callsOf = () => gateway.refundCalls.filter((c) => c.paymentId === payment.id);
  return { gateway, t0, payment, refundId: row!.id, callsOf };
}

describe("a refund has one owner at a time", () => {
  it("refuses to mark a refund outside the portal while its gateway call is in flight, nor sends it again; the answer settles it once", async () => {
    const { gateway, t0, payment, refundId, callsOf } = await dueRefund();
    const hold = gateway.holdNextRefund();
    const retry = retryRefund(db(), gateway, refundId, minutes(t0, 50));
    await hold.arrived;

    // 0.8 s later (the audit's race): the operator marks it refunded outside; housekeeping runs too.
    expect(await markRefundedOutside(db(), refundId, await operatorInput(), minutes(t0, 50))).toEqual({ ok: false, message: IN_FLIGHT });
    expect(await retryRefund(db(), gateway, refundId, minutes(t0, 50))).toEqual({ ok: false, message: IN_FLIGHT, inFlight: true });
    await reconcile(db(), gateway, minutes(t0, 51));
    expect(callsOf()).toHaveLength(2);

    hold.release();
    expect(await retry).toEqual({ ok: true, status: "refunded" });
    expect(await refundRow(payment.id)).toMatchObject({ status: "refunded", outside_reference: null });
    expect(gateway.refundedOf(payment.id)).toBe(payment.amount);
    expect(await outsideAudits(refundId)).toBe(0);
  });

  it("never sends a refund marked outside the portal, even by a sender that read it due just before", async () => {
    const { gateway, t0, payment, refundId, callsOf } = await dueRefund();
    // Housekeeping (or the callback) read the refund due; the operator marks it outside before it sends.
    const readBefore = await findRefund(db(), refundId);
    expect(await markRefundedOutside(db(), refundId, await operatorInput(), minutes(t0, 50))).toEqual({ ok: true });
    expect(await sendRefund(db(), gateway, readBefore!, minutes(t0, 51))).toBe("outside");
    expect(await retryRefund(db(), gateway, refundId, minutes(t0, 52))).toMatchObject({ ok: false });
    await reconcile(db(), gateway, minutes(t0, 600));
    expect(callsOf()).toHaveLength(1);
    expect(gateway.refundedOf(payment.id)).toBe(0);
    expect(await refundRow(payment.id)).toMatchObject({ status: "outside" });
  });

  it("sends a claim left by a Worker that died mid-call again after its lease, with the same key: paid once", async () => {
    const { gateway, t0, payment, refundId, callsOf } = await dueRefund();
    // The gateway makes the refund, but the Worker that asked dies before its answer is written.
    const hold = gateway.holdNextRefund();
    const abandoned = retryRefund(db(), gateway, refundId, minutes(t0, 50));
    await hold.arrived;

    // Within the lease the claim holds: neither the operator nor a retry can take it.
    expect(await retryRefund(db(), gateway, refundId, minutes(t0, 51))).toEqual({ ok: false, message: IN_FLIGHT, inFlight: true });
    expect(await markRefundedOutside(db(), refundId, await operatorInput(), minutes(t0, 51))).toEqual({ ok: false, message: IN_FLIGHT });
    // After it, the refund is sendable again (not markable outside: the dead call may have paid it).
    expect(await markRefundedOutside(db(), refundId, await operatorInput(), minutes(t0, 53))).toEqual({ ok: false, message: UNANSWERED });
    expect(await retryRefund(db(), gateway, refundId, minutes(t0, 53))).toEqual({ ok: true, status: "refunded" });
    expect(callsOf().map((c) => c.key)).toEqual(Array(3).fill(refundIdempotencyKey(payment.id)));
    expect(callsOf().filter((c) => c.created)).toHaveLength(1);
    expect(gateway.refundedOf(payment.id)).toBe(payment.amount);

    // The dead call's answer, should it ever come, changes nothing.
    hold.release();
    await abandoned;
    expect(await refundRow(payment.id)).toMatchObject({ status: "refunded" });
  });
});

describe("reconciliation flags money that went back twice", () => {
  it("shows in the day's report a payment refunded outside the portal that the gateway refunded too", async () => {
    const { gateway, t0, payment, refundId } = await dueRefund();
    expect(await markRefundedOutside(db(), refundId, await operatorInput(), minutes(t0, 50))).toEqual({ ok: true });
    // Someone refunds it from the gateway's dashboard as well.
    await gateway.refund(payment.id, payment.amount, `dashboard_${payment.id}`);
    const day = todayInIndia(minutes(t0, 60));
    expect((await dailyReport(db(), day)).refundedTwice.map((p) => p.paymentRef)).not.toContain(payment.id);

    await reconcile(db(), gateway, minutes(t0, 60));
    expect((await dailyReport(db(), day)).refundedTwice).toContainEqual(
      expect.objectContaining({ paymentRef: payment.id, amount: payment.amount, refundStatus: "outside" }),
    );
    expect((await loadDailyReport(db(), day)).refundedTwice.map((p) => p.paymentRef)).toContain(payment.id);
  });

  it("does not flag a refund made in the gateway's dashboard and marked outside with that refund's id", async () => {
    const { gateway, t0, payment, refundId } = await dueRefund();
    // The operator refunds it in the gateway's dashboard, then marks it outside with the gateway's refund id.
    const made = await gateway.refund(payment.id, payment.amount, `dashboard_${payment.id}`);
    const input = { ...(await operatorInput()), reference: made.id };
    expect(await markRefundedOutside(db(), refundId, input, minutes(t0, 50))).toEqual({ ok: true });
    await reconcile(db(), gateway, minutes(t0, 60));
    expect(await refundRow(payment.id)).toMatchObject({ status: "outside" });
    expect((await dailyReport(db(), todayInIndia(minutes(t0, 60)))).refundedTwice.map((p) => p.paymentRef)).not.toContain(payment.id);
  });

  it("shows a payment the gateway holds two refunds for", async () => {
    const gateway = fakeGateway();
    gateway.faults.refundStatus = "pending";
    const { t0, payment } = await lateRefund(gateway);
    expect(await refundRow(payment.id)).toMatchObject({ status: "pending" });
    // A second refund of the same payment at the gateway (made from its dashboard, under another key).
    gateway.refundsByKey.set(`dashboard_${payment.id}`, {
      id: `rfnd_dashboard${payment.id.slice(-8)}`,
      paymentId: payment.id,
      amount: payment.amount,
      status: "processed",
      createdAt: null,
    });
    await reconcile(db(), gateway, minutes(t0, 60));
    const day = todayInIndia(minutes(t0, 60));
    expect((await dailyReport(db(), day)).refundedTwice.map((p) => p.paymentRef)).toContain(payment.id);
  });
});
