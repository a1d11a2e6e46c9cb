/**
 * The ledger's demo data (issue 26): every seeded booking gets the payment order and the gateway
 * payment it was paid by, so the ledger and the devotee's Payments list show them; and the demo
 * devotee has two payments that were not booked: one refunded, one whose refund is still due
 * (the operator can retry it or mark it refunded outside the portal). Plain SQL over the rows
 * already inserted, so it stays small whatever the bookings generator makes.
 */
import { addDays, timestamp } from "./lib/dates.ts";

// What checkout freezes of a line, as far as a booked line still says it (the Payments list names them).
const LINES_JSON = `(SELECT json_group_array(json_object('itemType', l.item_type, 'templeId', l.temple_id, 'amount', l.amount,
  'quantity', l.quantity, 'postalCharge', l.postal_charge, 'templeName', (SELECT display_name FROM temples WHERE id = l.temple_id),
  'itemName', l.item_name, 'templePujaId', l.temple_puja_id, 'donationPurposeId', l.donation_purpose_id, 'pujaDate', l.puja_date,
  'devoteeName', l.devotee_name, 'starId', l.star_id)) FROM transaction_lines l WHERE l.transaction_id = t.id)`;

export function ledgerSeedStatements(today: string, devoteeEmail: string): string[] {
  const devotee = `(SELECT id FROM customers WHERE email = '${devoteeEmail.replace(/'/g, "''")}')`;
  const firstLine = `(SELECT l.temple_id FROM transaction_lines l JOIN transactions t ON t.id = l.transaction_id
    WHERE t.customer_id = ${devotee} ORDER BY l.id LIMIT 1)`;
  const other = (n: number) =>
    `(SELECT id FROM customers WHERE role = 'customer' AND email <> '${devoteeEmail.replace(/'/g, "''")}' ORDER BY id LIMIT 1 OFFSET ${n})`;
  const unbooked = [
    { ref: "pay_SEEDDEMO0000R1", customer: devotee, amount: 551_00, at: timestamp(addDays(today, -10), 0, 400), status: "refunded" },
    { ref: "pay_SEEDDEMO0000D1", customer: devotee, amount: 1_001_00, at: timestamp(addDays(today, -2), 0, 700), status: "due" },
    // Two more for the operator's Refunds page (the e2e test settles them outside the portal).
    { ref: "pay_SEEDDEMO0000D2", customer: other(0), amount: 251_00, at: timestamp(addDays(today, -3), 0, 500), status: "due" },
    { ref: "pay_SEEDDEMO0000D3", customer: other(1), amount: 2_100_00, at: timestamp(addDays(today, -1), 0, 800), status: "due" },
  ].map((p) => ({ ...p, order: p.ref.replace(/^pay_/, "order_") }));
  return [
    `INSERT INTO payment_orders (customer_id, provider, provider_order_id, amount, status, lines, payment_ref, paid_at, created_at)
SELECT t.customer_id, t.payment_provider, 'order_seed_' || t.id, t.total, 'paid', ${LINES_JSON}, t.payment_ref, t.created_at, t.created_at
FROM transactions t WHERE t.payment_ref IS NOT NULL AND t.payment_order_id IS NULL;`,
    `UPDATE transactions SET payment_order_id = (SELECT o.id FROM payment_orders o WHERE o.provider_order_id = 'order_seed_' || transactions.id)
WHERE payment_order_id IS NULL AND payment_ref IS NOT NULL;`,
    ...unbooked.flatMap((p) => [
      `INSERT INTO payment_orders (customer_id, provider, provider_order_id, amount, status, lines, payment_ref, paid_at, created_at)
VALUES (${p.customer}, 'razorpay', '${p.order}', ${p.amount}, 'refund',
  json_array(json_object('itemType', 'DONATION', 'templeId', ${firstLine}, 'amount', ${p.amount}, 'quantity', 1, 'postalCharge', 0)),
  '${p.ref}', '${p.at}', '${p.at}');`,
      `INSERT INTO payment_refunds (payment_order_id, customer_id, payment_ref, amount, reason, status, refund_ref, idempotency_key,
  attempts, last_error, next_attempt_at, started_at, created_at, updated_at)
SELECT id, customer_id, payment_ref, amount, 'expired', '${p.status}', ${p.status === "refunded" ? `'rfnd_SEEDDEMO${p.ref.slice(-2)}'` : "NULL"},
  'sn_refund_' || payment_ref, ${p.status === "refunded" ? 1 : 3},
  ${p.status === "due" ? "'The gateway refused the refund (HTTP 503); it is tried again.'" : "NULL"},
  ${p.status === "due" ? `'${timestamp(today, 1, 0)}'` : "NULL"}, ${p.status === "refunded" ? `'${p.at}'` : "NULL"}, '${p.at}', '${p.at}'
FROM payment_orders WHERE provider_order_id = '${p.order}';`,
    ]),
    `INSERT INTO gateway_payments (payment_ref, payment_order_id, provider, amount, status, source, paid_at, first_seen_at)
SELECT o.payment_ref, o.id, o.provider, o.amount, 'captured', 'callback', o.paid_at, o.paid_at FROM payment_orders o
WHERE o.payment_ref IS NOT NULL AND o.paid_at IS NOT NULL AND NOT EXISTS (SELECT 1 FROM gateway_payments g WHERE g.payment_ref = o.payment_ref);`,
  ];
}
