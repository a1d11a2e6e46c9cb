/**
 * Sales paid through the gateway rather than in the hand: the counter's UPI QR code for the exact
 * amount (payment order kind counter_qr) and an assisted temple's payment link sent to a devotee
 * who phoned in (kind payment_link). The sale is judged when it is made (`prepareCounterSale`) and
 * frozen on its payment order; the ledger books it when the gateway says it is paid, through the
 * same statements as a counter sale, keyed "order:<payment order id>" so it books once. It takes
 * no seats before it is paid: a day that filled up meanwhile refuses the booking and the payment
 * is refunded (ledger/captured-payments.server.ts).
 */
import { and, eq, ne, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { isUniqueViolation, runBatch } from "~/db/batch.server";
import type { Database } from "~/db/client.server";
import { paymentOrders, transactions } from "~/db/schema";
import { PaymentGatewayError, type PaymentProvider } from "~/lib/payments/provider";
import type { PaymentOrderRow } from "../cart/checkout-payments.server";
import { seatRefusal } from "../seats/seats.server";
import { type FrozenCounterSale, type SaleBooking, saleStatements } from "./counter-sales.server";
import { openShiftId, openShiftStatement } from "./shifts.server";

/** How long the counter's QR code takes a payment. */
export const QR_LIFETIME_MS = 15 * 60_000;
/** How long a devotee's payment link stays payable. */
export const LINK_LIFETIME_MS = 24 * 60 * 60_000;

/** The devotee an assisted booking's link went to. */
export interface SaleContact {
  name: string;
  email: string;
  phone: string;
}

/** What a gateway sale's payment order keeps in `lines`. */
export interface GatewaySaleLines {
  /** The counter form's one-time key (a QR sale), so the same form posted twice opens one QR code. */
  saleKey: string | null;
  sale: FrozenCounterSale;
}

export type GatewaySaleStart = { ok: true; order: PaymentOrderRow } | { ok: false; reason: "gateway" };

interface StartInput {
  kind: "counter_qr" | "payment_link";
  sale: FrozenCounterSale;
  saleKey: string | null;
  customerId: number;
  placedBy: number;
  description: string;
  contact?: SaleContact;
  /** For a link: where the devotee lands after paying. */
  callbackUrl?: string | null;
}

/**
 * Opens a gateway sale: its payment order (our id first, so the link's reference is ours), then the
 * gateway's QR code or link for the exact amount; an unreachable gateway fails the order.
 */
export async function startGatewaySale(
  db: Database,
  provider: PaymentProvider,
  input: StartInput,
  now = new Date(),
): Promise<GatewaySaleStart> {
  const lifetime = input.kind === "counter_qr" ? QR_LIFETIME_MS : LINK_LIFETIME_MS;
  const expires = new Date(now.getTime() + lifetime);
  const lines: GatewaySaleLines = { saleKey: input.saleKey, sale: input.sale };
  const [row] = await db
    .insert(paymentOrders)
    .values({
      customerId: input.customerId,
      provider: provider.name,
      providerOrderId: `pending:${crypto.randomUUID()}`,
      amount: input.sale.total,
      lines: JSON.stringify(lines),
      createdAt: now.toISOString(),
      expiresAt: expires.toISOString(),
      kind: input.kind,
      templeId: input.sale.templeId,
      placedBy: input.placedBy,
      contact: input.contact ? JSON.stringify(input.contact) : null,
    })
    .returning({ id: paymentOrders.id });
  const orderId = row!.id;
  const closeBy = Math.floor(expires.getTime() / 1000);
  let providerOrderId: string;
  let payUrl: string;
  try {
    if (input.kind === "counter_qr") {
      const qr = await provider.createQrCode({
        amount: input.sale.total,
        closeBy,
        name: `Sannidhi counter ${orderId}`,
        description: input.description,
        notes: { payment_order: String(orderId), temple: String(input.sale.templeId) },
      });
      providerOrderId = qr.id;
      payUrl = qr.imageUrl;
    } else {
      const contact = input.contact!;
      const link = await provider.createPaymentLink({
        amount: input.sale.total,
        description: input.description,
        customer: { name: contact.name, email: contact.email, contact: contact.phone },
        expireBy: closeBy,
        referenceId: `sn_order_${orderId}`,
        callbackUrl: input.callbackUrl ?? null,
      });
      providerOrderId = link.id;
      payUrl = link.shortUrl;
    }
  } catch (error) {
    await db.update(paymentOrders).set({ status: "failed", updatedAt: now.toISOString() }).where(eq(paymentOrders.id, orderId));
    if (error instanceof PaymentGatewayError) return { ok: false, reason: "gateway" };
    throw error;
  }
  const [order] = await db
    .update(paymentOrders)
    .set({ providerOrderId, payUrl, updatedAt: now.toISOString() })
    .where(eq(paymentOrders.id, orderId))
    .returning();
  return { ok: true, order: order! };
}

/** The frozen sale of a gateway sale's payment order. */
export function gatewaySaleOf(order: PaymentOrderRow): GatewaySaleLines {
  return JSON.parse(order.lines) as GatewaySaleLines;
}

/** The booking a gateway sale's payment made, or null. */
export async function findGatewaySaleBooking(db: Database, orderId: number) {
  const [booking] = await db
    .select({ trackingNo: transactions.trackingNo, receiptNo: transactions.receiptNo, total: transactions.total })
    .from(transactions)
    .where(eq(transactions.paymentOrderId, orderId))
    .limit(1);
  return booking ?? null;
}

/**
 * Books a paid gateway sale in one batch (as `bookOrder` books a checkout): null when a unique key
 * (this order, this payment, or `refusal`: a refund recorded for it) refused it, "full" when a day's
 * seats did.
 */
export async function bookGatewaySale(
  db: Database,
  order: PaymentOrderRow,
  paymentId: string,
  paidAt: Date,
  now: Date,
  refusal: BatchItem<"sqlite">,
  alsoInBatch: BatchItem<"sqlite">[] = [],
) {
  const { sale } = gatewaySaleOf(order);
  const booking: SaleBooking = {
    customerId: order.customerId,
    soldBy: order.placedBy ?? order.customerId,
    channel: order.kind === "counter_qr" ? "counter" : "assisted",
    counterPayment: order.kind === "counter_qr" ? "upi_qr" : null,
    counterPaymentRef: order.kind === "counter_qr" ? paymentId : null,
    saleKey: `order:${order.id}`,
    paymentProvider: order.provider,
    paymentRef: paymentId,
    paymentOrderId: order.id,
    seatKind: order.kind === "counter_qr" ? "counter" : "booked",
  };
  // A counter QR sale lands in the cash book of the clerk who opened it (their open shift, or one opened now).
  const clerk = order.kind === "counter_qr" && order.templeId !== null && order.placedBy !== null ? order : null;
  if (clerk) booking.counterShiftId = openShiftId(clerk.templeId!, clerk.placedBy!);
  try {
    await runBatch(db, [
      refusal,
      ...(clerk ? [openShiftStatement(db, clerk.templeId!, clerk.placedBy!, 0, now)] : []),
      ...saleStatements(db, sale, booking, now),
      db
        .update(paymentOrders)
        .set({ status: "paid", paymentRef: paymentId, paidAt: paidAt.toISOString(), updatedAt: now.toISOString() })
        .where(and(eq(paymentOrders.id, order.id), ne(paymentOrders.status, "paid"))),
      ...alsoInBatch,
    ]);
  } catch (error) {
    if (isUniqueViolation(error)) return null;
    if (seatRefusal(error)) return "full" as const;
    throw error;
  }
  return (await findGatewaySaleBooking(db, order.id))!;
}

/** Closes an unpaid gateway sale whose QR code closed or link expired: nothing is booked. */
export async function expireGatewaySale(db: Database, orderId: number, now = new Date()) {
  await db
    .update(paymentOrders)
    .set({ status: "cancelled", updatedAt: now.toISOString() })
    .where(and(eq(paymentOrders.id, orderId), eq(paymentOrders.status, "created"), sql`${paymentOrders.kind} <> 'checkout'`));
}
