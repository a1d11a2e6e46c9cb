/**
 * The history `npm run bench -- --history` loads (issue 44), at a small size: every booking has what
 * a real one leaves behind, the named devotee and temple get theirs, the load is skewed as planned,
 * and the seat triggers are back afterwards as they were.
 */
import { env } from "cloudflare:workers";
import { describe, expect, it, onTestFinished } from "vitest";
import { HISTORY_ID_BASE, loadHistory, removeHistoryStatements } from "../../drizzle/seed/history.ts";

const SLUG = "sree-krishna-swamy-temple-guruvayur";
/** The seed's demo devotee (drizzle/seed/people.ts). */
const DEVOTEE = "devotee@sannidhi.example";
const options = {
  devotees: 200,
  bookings: 3_000,
  days: 365,
  today: "2026-11-29",
  devoteeEmail: DEVOTEE,
  demoBookings: 50,
  firstTempleSlug: SLUG,
};

const one = async <T>(sql: string) => (await env.DB.prepare(sql).first<T>())!;
const base = HISTORY_ID_BASE;

describe("the history generator", () => {
  it("writes each booking with its order, payment, line, seat, transfer and receipt message, skewed towards the first temple", async () => {
    onTestFinished(async () => {
      for (const sql of removeHistoryStatements()) await env.DB.prepare(sql).run();
    });
    const triggerSql = "SELECT name, sql FROM sqlite_master WHERE type = 'trigger' AND tbl_name = 'puja_seats' ORDER BY name";
    const triggersBefore = (await env.DB.prepare(triggerSql).all()).results;
    expect(triggersBefore.map((row) => row.name)).toEqual(["puja_seats_capacity", "puja_seats_devotee_limit"]);
    let chunks = 0;
    await loadHistory(env.DB, options, 1_000, () => chunks++);
    expect(chunks).toBe(3);

    const counts = await one<Record<string, number>>(`SELECT
      (SELECT count(*) FROM customers WHERE id > ${base}) AS devotees,
      (SELECT count(*) FROM transactions WHERE id > ${base}) AS bookings,
      (SELECT count(*) FROM transaction_lines WHERE id > ${base}) AS lines,
      (SELECT count(*) FROM payment_orders WHERE id > ${base} AND status = 'paid') AS orders,
      (SELECT count(*) FROM gateway_payments WHERE payment_order_id > ${base}) AS payments,
      (SELECT count(*) FROM puja_seats WHERE transaction_line_id > ${base}) AS seats,
      (SELECT count(*) FROM payout_transfers WHERE transaction_line_id > ${base}) AS transfers,
      (SELECT count(*) FROM notifications WHERE id LIKE 'hist-%') AS receipts,
      (SELECT count(*) FROM requests WHERE id > ${base}) AS requests`);
    expect(counts).toEqual({
      devotees: 200,
      bookings: 3_000,
      lines: 3_000,
      orders: 3_000,
      payments: 3_000,
      seats: 3_000,
      transfers: 3_000,
      receipts: 3_000,
      requests: 150,
    });

    // Each booking's figures agree: the order, the booking, the gateway and the transfer say the same amount.
    const mismatched = await one<{ n: number }>(`SELECT count(*) AS n FROM transactions t
      JOIN payment_orders o ON o.id = t.payment_order_id JOIN gateway_payments g ON g.payment_ref = t.payment_ref
      JOIN transaction_lines l ON l.transaction_id = t.id JOIN payout_transfers p ON p.transaction_line_id = l.id
      JOIN puja_seats s ON s.transaction_line_id = l.id
      WHERE t.id > ${base} AND NOT (o.amount = t.total AND g.amount = t.total AND p.booked = t.total AND l.amount * l.quantity = t.total
        AND p.amount + p.fee + p.gst = p.booked AND s.quantity = l.quantity AND s.puja_date = l.puja_date AND o.customer_id = t.customer_id)`);
    expect(mismatched.n).toBe(0);

    const demo = await one<{ n: number }>(`SELECT count(*) AS n FROM transactions t JOIN customers c ON c.id = t.customer_id
      WHERE c.email = '${DEVOTEE}' AND t.id > ${base}`);
    expect(demo.n).toBe(50);

    // Over the year asked for, booked no later than today; the named temple takes the most, and a few temples take most of all.
    const span = await one<{ first: string; last: string }>(
      `SELECT min(booking_date) AS first, max(booking_date) AS last FROM transactions WHERE id > ${base}`,
    );
    expect(span.first >= "2025-11-01").toBe(true);
    expect(span.last.slice(0, 10) <= options.today).toBe(true);
    const byTemple = (
      await env.DB.prepare(`SELECT t.slug AS slug, count(*) AS n FROM transaction_lines l JOIN temples t ON t.id = l.temple_id
        WHERE l.id > ${base} GROUP BY l.temple_id ORDER BY n DESC`).all<{ slug: string; n: number }>()
    ).results;
    expect(byTemple[0]!.slug).toBe(SLUG);
    const topTen = byTemple.slice(0, 10).reduce((sum, row) => sum + row.n, 0);
    expect(topTen / 3_000).toBeGreaterThan(0.2);
    const busiestDay = await one<{ n: number }>(`SELECT count(*) AS n FROM transaction_lines WHERE id > ${base}
      GROUP BY puja_date ORDER BY count(*) DESC LIMIT 1`);
    expect(busiestDay.n).toBeGreaterThan((3_000 / 365) * 5);

    // The seat triggers are back as they were.
    expect((await env.DB.prepare(triggerSql).all()).results).toEqual(triggersBefore);
  });
});
