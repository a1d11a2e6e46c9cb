/**
 * The ledger pages: the operator's ledger and refunds, the temple desk's settlement statement and
 * the devotee's payments. Each test books in a month of its own (years ahead), so its totals are
 * exactly what it inserted.
 */
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { createDb } from "~/db/client.server";
import { indiaMinute } from "~/lib/india-time";
import { runHousekeeping } from "../../workers/scheduled";
import { loadLedgerMonth } from "~/domain/ledger/ledger.server";
import { settlementByDay, settlementByMonth } from "~/domain/ledger/settlement.server";
import { pageText, TestBrowser } from "../support/browser";
import { demoBrowser, gateway, newCustomer } from "../support/bookings";
import { auditRows, OPERATOR, signedIn, STAFF_A, STAFF_B, templeOf } from "../support/staff";
import { booked, gatewayPayment, type LedgerLine, lineTotal, parseCsv, refund, refundRow } from "./support/ledger-rows";

const db = () => createDb(env.DB);
const providerOrderOf = async (orderId: number) =>
  (await env.DB.prepare("select provider_order_id as id from payment_orders where id = ?").bind(orderId).first<{ id: string }>())?.id;
const MALAYALAM_NAME = "ലക്ഷ്മി";
/** One refund's row of the operator's refunds list, as HTML. */
async function refundRowHtml(operator: TestBrowser, id: number) {
  const html = await (await operator.get("/operator/refunds")).text();
  return new RegExp(`<tr data-refund="${id}"[\\s\\S]*?</tr>`).exec(html)?.[0] ?? "";
}

/** The console's "Mark refunded outside the portal" for one refund. */
function markedOutside(operator: TestBrowser, refundId: number, reference: string, reason: string) {
  return operator.post("/operator/refunds", { intent: "outside", refundId: String(refundId), reference, reason });
}

async function malayalamCustomer() {
  const devotee = await newCustomer();
  await env.DB.prepare("update customers set first_name = ? where id = ?").bind(MALAYALAM_NAME, devotee.customerId).run();
  return devotee;
}

describe("ledger pages", () => {
  it("are for operators only: visitors sign in, customers and staff get 403", async () => {
    const customer = await demoBrowser();
    const staff = await signedIn(STAFF_A);
    const operator = await signedIn(OPERATOR);
    for (const path of ["/operator/ledger", "/operator/ledger.csv?month=2031-01", "/operator/refunds"]) {
      expect((await new TestBrowser().get(path)).status, path).toBe(302);
      expect((await customer.get(path)).status, path).toBe(403);
      expect((await staff.get(path)).status, path).toBe(403);
      expect((await operator.get(path)).status, path).toBe(200);
    }
    expect((await operator.get("/operator/ledger?month=2031-13")).status).toBe(400);
    expect((await operator.get("/operator/ledger.csv?month=1999-01")).status).toBe(400);
    expect((await staff.post("/operator/refunds", { intent: "retry", refundId: "1" })).status).toBe(403);
  });

  it("closes each day: received = booked + refunded + refund open + not matched, totals are the rows' sums, per temple too", async () => {
    const templeA = await templeOf(STAFF_A.email);
    const templeB = await templeOf(STAFF_B.email);
    const devotee = await malayalamCustomer();
    const lines: LedgerLine[] = [
      { templeId: templeA, itemType: "PUJA", amount: 1_00_000_00, quantity: 1, postalCharge: 5_000_00 },
      { templeId: templeA, itemType: "DONATION", amount: 45_000_00, quantity: 1, postalCharge: 0 },
      { templeId: templeB, itemType: "PUJA", amount: 2_500_00, quantity: 2, postalCharge: 0 },
    ];
    const bookedPayment = await gatewayPayment(devotee.customerId, lines, "2031-03-04T10:00:00.000Z", 3_000_00);
    const receiptNo = await booked(devotee.customerId, bookedPayment, "2031-03-04");
    // 20:00 UTC is the next morning in India: the 5th.
    const refunded = await gatewayPayment(devotee.customerId, [lines[2]!], "2031-03-04T20:00:00.000Z");
    await refund(devotee.customerId, refunded, "refunded", "2031-03-04T20:05:00.000Z");
    const due = await gatewayPayment(devotee.customerId, [lines[0]!], "2031-03-05T05:00:00.000Z");
    await refund(devotee.customerId, due, "due", "2031-03-05T05:01:00.000Z");
    const unmatched = await gatewayPayment(devotee.customerId, [lines[1]!], "2031-03-10T06:00:00.000Z");

    const { perDay, totals } = await loadLedgerMonth(db(), "2031-03");
    expect(perDay).toHaveLength(31);
    for (const key of ["payments", "received", "booked", "refunded", "refundOpen", "unmatched", "fees"] as const) {
      expect(totals[key], key).toBe(perDay.reduce((sum, row) => sum + row[key], 0));
    }
    for (const row of perDay) expect(row.received, row.day).toBe(row.booked + row.refunded + row.refundOpen + row.unmatched);
    expect(totals).toMatchObject({
      payments: 4,
      received: bookedPayment.amount + refunded.amount + due.amount + unmatched.amount,
      booked: bookedPayment.amount,
      refunded: refunded.amount,
      refundOpen: due.amount,
      unmatched: unmatched.amount,
      unmatchedCount: 1,
      fees: 3_000_00 + 540_00,
    });
    expect(perDay.find((row) => row.day === "2031-03-05")).toMatchObject({
      payments: 2,
      refunded: refunded.amount,
      refundOpen: due.amount,
    });
    // Temple A's part: its two lines of the booked payment, its puja of the due one, its donation not matched.
    const a = await loadLedgerMonth(db(), "2031-03", templeA);
    expect(a.totals).toMatchObject({
      received: lineTotal(lines[0]!) * 2 + lineTotal(lines[1]!) * 2,
      booked: lineTotal(lines[0]!) + lineTotal(lines[1]!),
      refunded: 0,
      fees: 0,
    });

    const operator = await signedIn(OPERATOR);
    const page = await operator.get("/operator/ledger?month=2031-03&day=2031-03-10");
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toMatch(/role="alert"[^>]*>[\s\S]*Not matched: 1/);
    expect(html).toContain(unmatched.paymentRef);
    // Indian grouping: the booked payment (₹1,55,000) and the month's receipts (₹3,10,000).
    expect(html).toContain("₹1,55,000.00");
    expect(html).toContain("₹3,10,000.00");
    expect(html).toContain(`<caption>`);
    const day4 = await pageText(await operator.get("/operator/ledger?month=2031-03&day=2031-03-04"));
    expect(day4).toContain(`Booked, receipt number ${receiptNo}`);

    const response = await operator.get("/operator/ledger.csv?month=2031-03");
    expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("content-disposition")).toBe('attachment; filename="ledger-2031-03.csv"');
    const bytes = new Uint8Array(await response.clone().arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const rows = parseCsv(await response.text());
    expect(rows[0]).toContain("Outcome");
    expect(rows).toHaveLength(5);
    const byRef = new Map(rows.slice(1).map((row) => [row[2], row]));
    expect(byRef.get(bookedPayment.paymentRef)).toEqual(
      expect.arrayContaining(["2031-03-04", "booked", receiptNo, (bookedPayment.amount / 100).toFixed(2)]),
    );
    expect(byRef.get(refunded.paymentRef)?.[0]).toBe("2031-03-05");
    expect(byRef.get(unmatched.paymentRef)?.[9]).toBe("unmatched");
    expect(byRef.get(due.paymentRef)?.[5]).toContain(MALAYALAM_NAME);
  });

  it("gives the temple's staff its settlement statement per day and per month, and nobody else's", async () => {
    const templeA = await templeOf(STAFF_A.email);
    const templeB = await templeOf(STAFF_B.email);
    const devotee = await newCustomer();
    const puja: LedgerLine = { templeId: templeA, itemType: "PUJA", amount: 1_251_00, quantity: 2, postalCharge: 60_00 };
    const donation: LedgerLine = { templeId: templeA, itemType: "DONATION", amount: 10_001_00, quantity: 1, postalCharge: 0 };
    const other: LedgerLine = { templeId: templeB, itemType: "PUJA", amount: 99_00, quantity: 1, postalCharge: 0 };
    await booked(devotee.customerId, await gatewayPayment(devotee.customerId, [puja, other], "2031-04-02T04:00:00.000Z"), "2031-04-02");
    // A booking is dated by its India timestamp: the last evening of the month is still in it.
    await booked(
      devotee.customerId,
      await gatewayPayment(devotee.customerId, [donation], "2031-04-30T16:40:00.000Z"),
      "2031-04-30T22:10:00.000+05:30",
    );

    const { rows, totals } = await settlementByDay(db(), templeA, "2031-04");
    expect(rows).toHaveLength(30);
    const total = 2_502_00 + 120_00 + 10_001_00;
    expect(totals).toMatchObject({ lines: 2, pujas: 2_502_00, postage: 120_00, donations: 10_001_00, total, paidOut: total, atTemple: 0 });
    expect(rows.find((row) => row.period === "2031-04-02")).toMatchObject({ pujas: 2_502_00, postage: 120_00, donations: 0 });
    const year = await settlementByMonth(db(), templeA, 2031);
    expect(year.rows).toHaveLength(12);
    expect(year.rows.find((row) => row.period === "2031-04")?.total).toBe(totals.total);
    expect(year.totals.total).toBe(year.rows.reduce((sum, row) => sum + row.total, 0));

    const staff = await signedIn(STAFF_A);
    const page = await pageText(await staff.get(`/desk/${templeA}/settlement?month=2031-04&year=2031`));
    expect(page).toContain("₹12,623.00");
    const csv = await staff.get(`/desk/${templeA}/settlement.csv?month=2031-04`);
    expect(csv.status).toBe(200);
    const rowsCsv = parseCsv(await csv.text());
    // The accountant's columns first, as they always were; the counter's come after them.
    expect(rowsCsv[0]?.slice(0, 7)).toEqual([
      "Temple",
      "Period",
      "Lines",
      "Pujas (INR)",
      "Postage (INR)",
      "Donations (INR)",
      "Total (INR)",
    ]);
    expect(rowsCsv.at(-1)?.slice(1, 7)).toEqual(["Total", "2", "2502.00", "120.00", "10001.00", "12623.00"]);
    expect((await staff.get(`/desk/${templeA}/settlement.csv?year=2031`)).status).toBe(200);

    expect((await staff.get(`/desk/${templeB}/settlement`)).status).toBe(404);
    expect((await staff.get(`/desk/${templeB}/settlement.csv?month=2031-04`)).status).toBe(404);
    expect((await (await demoBrowser()).get(`/desk/${templeA}/settlement`)).status).toBe(403);
    expect((await (await signedIn(OPERATOR)).get(`/desk/${templeB}/settlement`)).status).toBe(200);
  });

  it("shows devotees every payment they made with its state, and only theirs", async () => {
    const temple = await templeOf(STAFF_A.email);
    const line: LedgerLine = { templeId: temple, itemType: "PUJA", amount: 501_00, quantity: 1, postalCharge: 0 };
    const devotee = await newCustomer();
    const stranger = await newCustomer();
    const paid = await gatewayPayment(devotee.customerId, [line], "2031-05-01T04:00:00.000Z");
    const receiptNo = await booked(devotee.customerId, paid, "2031-05-01");
    const inProgress = await gatewayPayment(devotee.customerId, [line], "2031-05-02T04:00:00.000Z");
    const pendingId = await refund(devotee.customerId, inProgress, "pending", "2031-05-02T04:10:00.000Z");
    const theirs = await gatewayPayment(stranger.customerId, [line], "2031-05-03T04:00:00.000Z");

    const text = await pageText(await devotee.browser.get("/account?tab=transactions&view=payments"));
    expect(text).toContain(`Booked: receipt number ${receiptNo}`);
    const reference = (await refundRow(pendingId))!.refund_ref as string;
    expect(text).toContain(`Refund of ₹501.00 started on 2 May 2031, reference ${reference}`);
    expect(text).not.toContain(theirs.paymentRef);
    const strangers = await pageText(await stranger.browser.get("/account?tab=transactions&view=payments"));
    expect(strangers).toContain(theirs.paymentRef);
    expect(strangers).not.toContain(paid.paymentRef);
    expect(strangers).toContain("Received: we are matching it to your booking.");
    // The seed's demo devotee: payments behind the seeded bookings, one refunded, one whose refund is due.
    const demo = await pageText(await (await demoBrowser()).get("/account?tab=transactions&view=payments"));
    expect(demo).toContain("Booked: receipt number SN-");
    expect(demo).toContain("Refunded: ₹551.00 on");
    expect(demo).toContain("Not booked: a refund of ₹1,001.00 is due to you.");
  });

  it("retries a due refund and marks one refunded outside the portal: CSRF refused, bad input changes nothing, audited", async () => {
    const temple = await templeOf(STAFF_A.email);
    const devotee = await newCustomer();
    const line: LedgerLine = { templeId: temple, itemType: "DONATION", amount: 1_000_00, quantity: 1, postalCharge: 0 };
    // Paid at the emulator: the operator's retry really sends its refund (with the same idempotency key).
    const firstPayment = await gatewayPayment(devotee.customerId, [line], "2031-06-01T04:00:00.000Z", null, { atGateway: true });
    const first = await refund(devotee.customerId, firstPayment, "due", "2031-06-01T04:01:00.000Z");
    const second = await refund(
      devotee.customerId,
      await gatewayPayment(devotee.customerId, [line], "2031-06-02T04:00:00.000Z"),
      "due",
      "2031-06-02T04:01:00.000Z",
    );
    const operator = await signedIn(OPERATOR);
    const list = await pageText(await operator.get("/operator/refunds"));
    expect(list).toContain("The gateway refused the refund (503).");
    expect(list).toContain("Mark refunded outside the portal");

    const crossSite = await operator.post(
      "/operator/refunds",
      { intent: "retry", refundId: String(first) },
      { origin: "https://evil.example" },
    );
    expect(crossSite.status).toBe(403);
    const crossSiteOutside = await operator.post(
      "/operator/refunds",
      { intent: "outside", refundId: String(second), reference: "NEFT-1", reason: "Paid by bank transfer" },
      { origin: "https://evil.example", "sec-fetch-site": "cross-site" },
    );
    expect(crossSiteOutside.status).toBe(403);
    expect((await refundRow(second))!.status).toBe("due");

    const bad = await markedOutside(operator, second, "", "ok");
    expect(bad.status).toBe(400);
    const badText = await pageText(bad);
    expect(badText).toContain("Give the reference of the refund you made (3 to 100 characters).");
    expect(badText).toContain("Say why it was refunded outside the portal (5 to 500 characters).");
    expect((await refundRow(second))!.status).toBe("due");
    expect(await auditRows("refund.outside", second)).toHaveLength(0);

    const settled = await markedOutside(
      operator,
      second,
      "NEFT/2031/0602/ലക്ഷ്മി",
      "Refunded by bank transfer after the gateway refused twice",
    );
    expect(settled.status).toBe(303);
    expect(await refundRow(second)).toMatchObject({ status: "outside", outside_reference: "NEFT/2031/0602/ലക്ഷ്മി" });
    const audit = await auditRows("refund.outside", second);
    expect(audit).toHaveLength(1);
    expect(audit[0]!.actor).toBe(OPERATOR.email);
    expect(JSON.parse(audit[0]!.detail)).toMatchObject({ reference: "NEFT/2031/0602/ലക്ഷ്മി" });
    const again = await markedOutside(operator, second, "NEFT-2", "Twice by mistake");
    expect(again.status).toBe(409);
    expect(await auditRows("refund.outside", second)).toHaveLength(1);

    const retried = await operator.post("/operator/refunds", { intent: "retry", refundId: String(first) });
    expect(retried.status).toBe(303);
    expect(retried.headers.get("location")).toBe("/operator/refunds");
    const row = await refundRow(first);
    expect(["pending", "refunded"]).toContain(row!.status);
    expect(row!.attempts).toBe(3);
    expect(await pageText(await operator.get("/operator/refunds"))).toContain("The gateway accepted the refund");
    // One refund at the gateway, for the whole payment.
    const atGateway = await gateway.orderState((await providerOrderOf(firstPayment.orderId))!);
    expect(atGateway.refunds).toHaveLength(1);
    expect(atGateway.refunds[0]).toMatchObject({ amount: firstPayment.amount, payment_id: firstPayment.paymentRef });
    expect((await operator.post("/operator/refunds", { intent: "retry", refundId: "abc" })).status).toBe(400);
  });

  it("refuses to mark a refund outside the portal while the gateway is answering its Retry, and shows it being sent (issue 37)", async () => {
    const temple = await templeOf(STAFF_A.email);
    const devotee = await newCustomer();
    const line: LedgerLine = { templeId: temple, itemType: "DONATION", amount: 750_00, quantity: 1, postalCharge: 0 };
    const payment = await gatewayPayment(devotee.customerId, [line], "2031-07-01T04:00:00.000Z", null, { atGateway: true });
    const id = await refund(devotee.customerId, payment, "due", "2031-07-01T04:01:00.000Z");
    const providerOrderId = (await providerOrderOf(payment.orderId))!;
    const operator = await signedIn(OPERATOR);
    const rowText = async () => pageText(new Response(await refundRowHtml(operator, id)));
    expect(await rowText()).toContain("Mark refunded outside the portal");

    // The gateway answers the Retry after 3 s; 0.8 s in, the operator looks at the list and marks it outside.
    await gateway.injectFault({ kind: "api", call: "refund", delayMs: 3000, orderId: providerOrderId });
    const retry = operator.post("/operator/refunds", { intent: "retry", refundId: String(id) });
    await new Promise((resolve) => setTimeout(resolve, 800));
    const sendingHtml = await refundRowHtml(operator, id);
    const sending = await pageText(new Response(sendingHtml));
    expect(sending).toContain("Being sent to the gateway since");
    expect(sending).toContain("Wait for the gateway's answer");
    expect(sending).not.toContain("Mark refunded outside the portal");
    expect(sendingHtml).not.toContain('value="retry"');
    const outside = await markedOutside(operator, id, "UTR2031070100042", "Refunded by bank transfer while the gateway was slow");
    expect(outside.status).toBe(409);
    expect(await pageText(outside)).toContain(
      "This refund is being sent to the gateway right now. Wait for its answer: if the gateway refuses " +
        "it, you can then retry it or mark it refunded outside the portal.",
    );

    expect((await retry).status).toBe(303);
    expect(["pending", "refunded"]).toContain((await refundRow(id))!.status);
    expect((await refundRow(id))!.outside_reference).toBeNull();
    expect(await auditRows("refund.outside", id)).toHaveLength(0);
    const atGateway = await gateway.orderState(providerOrderId);
    expect(atGateway.refunds).toHaveLength(1);
  });

  it("shows people's times in India time, and a next attempt already due as housekeeping's next run (issue 38)", async () => {
    const temple = await templeOf(STAFF_A.email);
    const devotee = await newCustomer();
    const line: LedgerLine = { templeId: temple, itemType: "DONATION", amount: 251_00, quantity: 1, postalCharge: 0 };
    const payment = await gatewayPayment(devotee.customerId, [line], "2031-07-03T18:40:00.000Z");
    const past = await refund(devotee.customerId, payment, "due", "2031-07-03T18:45:00.000Z");
    // Owed since 00:15 on 4 July in India (18:45 UTC on the 3rd); its backoff ran out long ago.
    await env.DB.prepare("update payment_refunds set attempts = 1, next_attempt_at = ? where id = ?")
      .bind("2026-01-02T04:04:00.000Z", past)
      .run();
    const operator = await signedIn(OPERATOR);
    const pageHtml = await (await operator.get("/operator/refunds")).text();
    expect(await pageText(new Response(pageHtml))).toContain("Since (IST)");
    expect(pageHtml).not.toContain("(UTC)");
    const row = await pageText(new Response(await refundRowHtml(operator, past)));
    expect(row).toContain("2031-07-04 00:15");
    expect(row).toContain("Next attempt: at housekeeping's next run");
    expect(row).not.toContain("2026-01-02");
    const inHindi = await pageText(await operator.get("/hi/operator/refunds"));
    expect(inHindi).toContain("कब से (IST)");
    expect(inHindi).toContain("अगला प्रयास: हाउसकीपिंग के अगले चक्र में");
  });

  it("offers Retry, not 'refunded outside', for a refund whose sender never answered (its Worker died mid-call)", async () => {
    const temple = await templeOf(STAFF_A.email);
    const devotee = await newCustomer();
    const line: LedgerLine = { templeId: temple, itemType: "DONATION", amount: 501_00, quantity: 1, postalCharge: 0 };
    const payment = await gatewayPayment(devotee.customerId, [line], "2031-07-02T04:00:00.000Z");
    const id = await refund(devotee.customerId, payment, "due", "2031-07-02T04:01:00.000Z");
    // Claimed on 2 January 2026 at 04:02 with a 2-minute lease, long lapsed, and never answered.
    await env.DB.prepare("update payment_refunds set status = 'sending', updated_at = ?, next_attempt_at = ? where id = ?")
      .bind("2026-01-02T04:02:00.000Z", "2026-01-02T04:04:00.000Z", id)
      .run();
    const operator = await signedIn(OPERATOR);
    const rowHtml = await refundRowHtml(operator, id);
    const row = await pageText(new Response(rowHtml));
    expect(row).toContain("Sent to the gateway at 2026-01-02 09:32 (IST), but no answer was recorded");
    expect(rowHtml).toContain('value="retry"');
    expect(row).not.toContain("Mark refunded outside the portal");
    const outside = await markedOutside(operator, id, "UTR2031070200042", "Refunded by bank transfer");
    expect(outside.status).toBe(409);
    expect(await pageText(outside)).toContain(
      "This refund was sent to the gateway and no answer was recorded, so it may have been paid. Retry " +
        "it first: the gateway is asked again with the same key, so it is never paid twice.",
    );
    expect((await refundRow(id))!.status).toBe("sending");
  });

  it("shows in the day's reconciliation report a payment whose money went back more than once", async () => {
    const temple = await templeOf(STAFF_A.email);
    const devotee = await newCustomer();
    const line: LedgerLine = { templeId: temple, itemType: "DONATION", amount: 1_116_00, quantity: 1, postalCharge: 0 };
    const payment = await gatewayPayment(devotee.customerId, [line], "2031-08-01T04:00:00.000Z");
    const id = await refund(devotee.customerId, payment, "outside", "2031-08-01T04:01:00.000Z");
    const operator = await signedIn(OPERATOR);
    const before = await pageText(await operator.get("/operator/ledger?month=2031-08&day=2031-08-03"));
    expect(before).not.toContain("whose money went back more than once");
    // Reconciliation found the gateway refunded it too, on 3 August (India).
    await env.DB.prepare("update payment_refunds set outside_reference = 'NEFT-0801', refunded_twice_at = ? where id = ?")
      .bind("2031-08-03T06:00:00.000Z", id)
      .run();
    const report = await pageText(await operator.get("/operator/ledger?month=2031-08&day=2031-08-03"));
    expect(report).toContain(
      "Payments found this day whose money went back more than once: 1. Check each in the gateway's dashboard and recover the extra refund:",
    );
    expect(report).toContain(
      `${payment.paymentRef} · ${await providerOrderOf(payment.orderId)} · ₹1,116.00 · Refunded outside the portal (NEFT-0801)`,
    );
  });
});

describe("the latest reconciliation run on the console", () => {
  it("shows the run housekeeping just made, read from the primary (it said 'has not run yet' after a run)", async () => {
    const operator = await signedIn(OPERATOR);
    const now = new Date();
    const results = await runHousekeeping(env, now);
    expect(results.find((r) => r.name === "payment reconciliation")?.ok).toBe(true);
    const page = await pageText(await operator.get("/operator/ledger"));
    expect(page).toContain("Latest reconciliation run");
    expect(page).not.toContain("Reconciliation has not run yet");
    expect(page).not.toContain("Reconciliation is off");
    const started = await env.DB.prepare("select started_at from reconciliation_runs order by id desc limit 1").first<{
      started_at: string;
    }>();
    expect(started?.started_at).toBe(now.toISOString());
    expect(page).toContain(`Started (IST) ${indiaMinute(now.toISOString())}`);
  });
});
