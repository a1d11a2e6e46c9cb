/** Ledger rows for the ledger pages' tests: payment orders, the gateway's payments, bookings and refunds, in a month of their own. */
import { env } from "cloudflare:workers";
import { checkoutProvider } from "~/lib/payments/index.server";
import { readEnv } from "~/lib/env.server";
import { gateway } from "../../support/bookings";

let sequence = 0;
const unique = (label: string) => `${label}_${crypto.randomUUID().replace(/-/g, "").slice(0, 12)}${++sequence}`;

export interface LedgerLine {
  templeId: number;
  itemType: "PUJA" | "DONATION";
  amount: number;
  quantity: number;
  postalCharge: number;
}

export const lineTotal = (l: LedgerLine) => l.amount * l.quantity + (l.itemType === "PUJA" ? l.postalCharge * l.quantity : 0);

/** A paid order of `lines` and the gateway's captured payment of it at `paidAt` (fee and tax in paise). */
export async function gatewayPayment(
  customerId: number,
  lines: LedgerLine[],
  paidAt: string,
  fee: number | null = null,
  /** Made and paid at the Razorpay emulator (through the production adapter), so a refund of it can really be sent. */
  options: { atGateway?: boolean } = {},
) {
  const amount = lines.reduce((sum, l) => sum + lineTotal(l), 0);
  let providerOrderId = unique("order_test");
  let paymentRef = unique("pay_test");
  if (options.atGateway) {
    const provider = checkoutProvider(readEnv(env).config)!;
    ({ providerOrderId } = await provider.createOrder({ amount, receipt: unique("sn_test").slice(0, 40), notes: {} }));
    paymentRef = (await gateway.pay(providerOrderId)).razorpay_payment_id;
  }
  const order = await env.DB.prepare(
    "insert into payment_orders (customer_id, provider, provider_order_id, amount, status, lines, " +
      "payment_ref, paid_at, created_at) values (?, 'razorpay', ?, ?, 'paid', ?, ?, ?, ?) returning id",
  )
    .bind(customerId, providerOrderId, amount, JSON.stringify(lines), paymentRef, paidAt, paidAt)
    .first<{ id: number }>();
  await env.DB.prepare(
    "insert into gateway_payments (payment_ref, payment_order_id, provider, amount, status, fee, tax, " +
      "source, paid_at, first_seen_at) values (?, ?, 'razorpay', ?, 'captured', ?, ?, 'webhook', ?, ?)",
  )
    .bind(paymentRef, order!.id, amount, fee, fee === null ? null : Math.round(fee * 0.18), paidAt, paidAt)
    .run();
  return { paymentRef, orderId: order!.id, amount, lines };
}

/** The payment booked: a transaction on `bookingDate` with the order's lines. */
export async function booked(customerId: number, payment: Awaited<ReturnType<typeof gatewayPayment>>, bookingDate: string) {
  const receiptNo = unique("SN-L");
  const tx = await env.DB.prepare(
    "insert into transactions (customer_id, booking_date, receipt_no, tracking_no, status, total, " +
      "payment_provider, payment_ref, payment_order_id) values (?, ?, ?, ?, 0, ?, 'razorpay', ?, ?) " +
      "returning id",
  )
    .bind(customerId, bookingDate, receiptNo, unique("TRK-L"), payment.amount, payment.paymentRef, payment.orderId)
    .first<{ id: number }>();
  for (const l of payment.lines) {
    await env.DB.prepare(
      "insert into transaction_lines (transaction_id, item_type, temple_id, item_name, devotee_name, " +
        "quantity, amount, postal_charge) values (?, ?, ?, 'Archana', 'ലക്ഷ്മി നാരായണൻ', ?, ?, ?)",
    )
      .bind(tx!.id, l.itemType, l.templeId, l.quantity, l.amount, l.postalCharge)
      .run();
  }
  return receiptNo;
}

/** The payment not booked: a refund row in `status` (pending ones started at `startedAt` with a gateway reference). */
export async function refund(
  customerId: number,
  payment: Awaited<ReturnType<typeof gatewayPayment>>,
  status: "due" | "pending" | "refunded" | "outside",
  createdAt: string,
) {
  const started = status === "pending" || status === "refunded" ? createdAt : null;
  const row = await env.DB.prepare(
    `insert into payment_refunds (payment_order_id, customer_id, payment_ref, amount, reason, status, refund_ref, idempotency_key,
       attempts, last_error, started_at, created_at, updated_at)
     values (?, ?, ?, ?, 'expired', ?, ?, ?, ?, ?, ?, ?, ?) returning id`,
  )
    .bind(
      payment.orderId,
      customerId,
      payment.paymentRef,
      payment.amount,
      status,
      started ? unique("rfnd_test") : null,
      `sn_refund_${payment.paymentRef}`,
      status === "due" ? 2 : 1,
      status === "due" ? "The gateway refused the refund (503)." : null,
      started,
      createdAt,
      createdAt,
    )
    .first<{ id: number }>();
  return row!.id;
}

export async function refundRow(id: number) {
  return env.DB.prepare("select * from payment_refunds where id = ?").bind(id).first<Record<string, unknown>>();
}

/** A CSV's rows (RFC 4180: quoted cells, doubled quotes, CRLF), without the byte order mark. */
export function parseCsv(text: string): string[][] {
  const body = text.replace(/^\uFEFF/, "");
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = "";
  let quoted = false;
  for (let i = 0; i < body.length; i++) {
    const c = body[i]!;
    if (quoted) {
      if (c === '"' && body[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ",") {
      row.push(cell);
      cell = "";
    } else if (c === "\r" && body[i + 1] === "\n") {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = "";
      i++;
    } else cell += c;
  }
  if (cell || row.length) rows.push([...row, cell]);
  return rows;
}
