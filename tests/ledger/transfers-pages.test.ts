/**
 * Issue 43's pages around transfers: the desk marking a puja done releases its money held for the
 * temple; the operator's "Refund a booking line" finds a booking, shows where each line's money
 * is, and refunds one line (its transfer reversed first), telling the devotee; only operators.
 */
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { payTemplesOfPayment } from "~/domain/ledger/payout-transfers.server";
import { pageText, TestBrowser } from "../support/browser";
import { demoBrowser } from "../support/bookings";
import { OPERATOR, signedIn, STAFF_A, templeOf } from "../support/staff";
import { db, linesOf, paidCart, payouts, payoutTemple, provider, pujaDay, route, transferRows } from "./support/payout-fixtures";

async function trackingNoOf(paymentRef: string) {
  const row = await env.DB.prepare("select tracking_no from transactions where payment_ref = ?")
    .bind(paymentRef)
    .first<{ tracking_no: string }>();
  return row!.tracking_no;
}

describe("transfers on the desk and in the console", () => {
  it("releases a puja's held money to the temple when the desk marks it done", async () => {
    const templeA = await templeOf(STAFF_A.email);
    const temple = await payoutTemple(true, templeA);
    const day = pujaDay();
    const paid = await paidCart([{ puja: temple, day }]);
    await payTemplesOfPayment(db(), payouts, paid.paymentId);
    const [held] = await transferRows(paid.paymentId);
    expect(held).toMatchObject({ on_hold: 1, status: "processed" });

    const staff = await signedIn(STAFF_A);
    const [line] = await linesOf(paid.paymentId);
    const done = await staff.post(`/desk/${templeA}/bookings`, { intent: "done", lineId: String(line!.id) });
    expect(done.status).toBe(303);
    const [released] = await transferRows(paid.paymentId);
    expect(released).toMatchObject({ on_hold: 0, release_reason: "performed" });
    expect((await route.fetchTransfer(released!.transfer_ref!)).onHold).toBe(false);
  });

  it("lets an operator refund one booking line: found by tracking number, transfer reversed, devotee told", async () => {
    const [a, b] = [await payoutTemple(true), await payoutTemple(false)];
    const paid = await paidCart([{ puja: a }, { donation: b, rupees: 250 }]);
    await payTemplesOfPayment(db(), payouts, paid.paymentId);
    const trackingNo = await trackingNoOf(paid.paymentId);
    const operator = await signedIn(OPERATOR);

    const page = await pageText(await operator.get(`/operator/line-refunds?q=${trackingNo}`));
    expect(page).toContain("Refund a booking line");
    expect(page).toContain(`Booking ${trackingNo}, payment ${paid.paymentId}`);
    expect(page).toContain("Held for the temple until");
    expect(page).toContain("Held by the platform: the temple has no activated linked account");
    expect(await pageText(await operator.get("/operator/line-refunds?q=NOSUCHBOOKING"))).toContain(
      "No booking paid online has that tracking number or payment id.",
    );

    const pujaLine = (await linesOf(paid.paymentId)).find((line) => line.item_type === "PUJA")!;
    const empty = await operator.post("/operator/line-refunds", { lineId: String(pujaLine.id), reason: " ", q: trackingNo });
    expect(empty.status).toBe(303);
    expect((await linesOf(paid.paymentId)).find((line) => line.id === pujaLine.id)!.puja_status).toBe("booked");

    const refunded = await operator.post("/operator/line-refunds", {
      lineId: String(pujaLine.id),
      reason: "Priest unavailable",
      q: trackingNo,
    });
    expect(refunded.status).toBe(303);
    expect(refunded.headers.get("location")).toBe(`/operator/line-refunds?q=${trackingNo}`);
    const after = await pageText(await operator.get(`/operator/line-refunds?q=${trackingNo}`));
    expect(after).toContain("is being refunded to the devotee");
    expect(after).toContain("Refunded");
    const row = (await transferRows(paid.paymentId)).find((transfer) => transfer.kind === "puja")!;
    expect(row).toMatchObject({ status: "reversed", reversed_amount: 47_050 });
    expect((await provider.fetchRefunds(paid.paymentId)).map((refund) => refund.amount)).toEqual([50_000]);
    const lineRefund = await env.DB.prepare("select id from line_refunds where transaction_line_id = ?")
      .bind(pujaLine.id)
      .first<{ id: number }>();
    const told = await env.DB.prepare("select count(*) as n from notifications where dedupe_key = ? and kind = 'refund-started'")
      .bind(`line-refund-started:${lineRefund!.id}:email`)
      .first<{ n: number }>();
    expect(told!.n).toBe(1);
    const audit = await env.DB.prepare("select actor_id from audit_log where action = 'booking.line_refund' and entity_id = ?")
      .bind(String(pujaLine.id))
      .first<{ actor_id: number }>();
    expect(audit).not.toBeNull();
  });

  it("is the operators' page only", async () => {
    const customer = await demoBrowser();
    const staff = await signedIn(STAFF_A);
    expect((await new TestBrowser().get("/operator/line-refunds")).status).toBe(302);
    expect((await customer.get("/operator/line-refunds")).status).toBe(403);
    expect((await staff.get("/operator/line-refunds")).status).toBe(403);
    expect((await staff.post("/operator/line-refunds", { lineId: "1", reason: "x" })).status).toBe(403);
  });
});
