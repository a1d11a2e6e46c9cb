/**
 * Refunding one booked line after payment (an operator's decision, issue 43: the puja could not
 * be performed). The line is cancelled (its seats return) and a `line_refunds` row recorded due,
 * with its idempotency key fixed, in one batch with the audit row. Then, claimed like a refund
 * (due → sending, a lease): the line's transfer is taken back first — a transfer not made yet is
 * simply never made; one made, held or released, is reversed (POST /transfers/:id/reversals), a
 * reversal the temple sees on its statement — then the payment is refunded by the line's amount
 * with that key. A payment of this one line is refunded with reverse_all instead (one call), while
 * its transfer is not settled. Refused or unreachable: due again with backoff, sent again by
 * housekeeping; never paid twice (the key; a retried reversal first asks the transfer).
 */
import { and, eq, inArray, isNull, lte, or, sql } from "drizzle-orm";
import { z } from "zod";
import type { Database } from "~/db/client.server";
import { lineRefunds, type LineRefund, payoutTransfers, type PayoutTransfer } from "~/db/schema";
import type { RazorpayRoute } from "~/lib/payments/razorpay-route.server";
import { PaymentGatewayError, type PaymentProvider } from "~/lib/payments/provider";
import { auditStatement } from "~/domain/audit/audit.server";
import { cancelBookedLineStatements } from "~/domain/bookings/records/line-cancel.server";
import { nextRefundKey, refundBackoffMs } from "./refunds.server";
import { TRANSFER_CLAIM_MS } from "./payout-transfers.server";

/** What the operator console is told (English, as the console is). */
export const LINE_REFUND_MESSAGES = {
  notFound: "We could not find that booking line.",
  notRefundable: "Only a booking line paid online through the gateway and not cancelled can be refunded here.",
  already: "This booking line was refunded already.",
  reasonRequired: "Enter why this booking line is refunded.",
} as const;

export const lineRefundSchema = z.object({
  lineId: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER),
  reason: z.string({ error: LINE_REFUND_MESSAGES.reasonRequired }).trim().min(1, LINE_REFUND_MESSAGES.reasonRequired).max(500),
});
export type LineRefundInput = z.input<typeof lineRefundSchema>;

export interface RefundGateways {
  provider: PaymentProvider;
  route: RazorpayRoute | null;
}

/** Unique at the gateway, not only in our database (one Razorpay account may serve more than one database: staging, tests). */
export const lineRefundKey = (paymentRef: string, lineId: number) =>
  `sn_line_refund_${paymentRef.replace(/[^A-Za-z0-9_-]/g, "_")}_${lineId}`;

interface RefundableLine {
  lineId: number;
  transactionId: number;
  templeId: number;
  paymentRef: string | null;
  amount: number;
  pujaStatus: string;
  gatewayPaid: number;
}

async function findLine(db: Database, lineId: number) {
  const [line] = await db.all<RefundableLine>(sql`select l.id as lineId, t.id as transactionId, l.temple_id as templeId,
      t.payment_ref as paymentRef, l.amount * l.quantity + l.postal_charge as amount, l.puja_status as pujaStatus,
      (t.status = 0 and t.cancelled_at is null and t.payment_provider = 'razorpay'
        and not (t.channel = 'counter' and coalesce(t.counter_payment, '') in ('cash', 'upi'))) as gatewayPaid
    from transaction_lines l join transactions t on t.id = l.transaction_id where l.id = ${lineId}`);
  return line ?? null;
}

export type LineRefundRefusal = keyof typeof LINE_REFUND_MESSAGES;
export type LineRefundResult =
  | { ok: true; id: number; status: LineRefund["status"]; amount: number }
  | { ok: false; reason: LineRefundRefusal; message: string };
const refused = (reason: LineRefundRefusal): LineRefundResult => ({ ok: false, reason, message: LINE_REFUND_MESSAGES[reason] });

/** "Refund this booking line": recorded with the line's cancellation and its audit row, then sent. */
export async function refundBookedLine(
  db: Database,
  gateways: RefundGateways,
  operatorId: number,
  input: LineRefundInput,
  now = new Date(),
): Promise<LineRefundResult> {
  const parsed = lineRefundSchema.safeParse(input);
  if (!parsed.success) return refused(parsed.error.issues.some((issue) => issue.path[0] === "lineId") ? "notFound" : "reasonRequired");
  const { lineId, reason } = parsed.data;
  const line = await findLine(db, lineId);
  if (!line) return refused("notFound");
  const [known] = await db.select().from(lineRefunds).where(eq(lineRefunds.transactionLineId, lineId)).limit(1);
  if (known) return refused("already");
  if (!line.gatewayPaid || !line.paymentRef || line.pujaStatus === "cancelled" || line.amount <= 0) return refused("notRefundable");
  const stamp = now.toISOString();
  const [inserted] = await db.batch([
    db
      .insert(lineRefunds)
      .values({
        transactionLineId: lineId,
        transactionId: line.transactionId,
        paymentRef: line.paymentRef,
        amount: line.amount,
        reason,
        requestedBy: operatorId,
        idempotencyKey: lineRefundKey(line.paymentRef, lineId),
        createdAt: stamp,
      })
      .onConflictDoNothing({ target: lineRefunds.transactionLineId })
      .returning(),
    ...cancelBookedLineStatements(db, lineId),
    auditStatement(db, {
      actorId: operatorId,
      action: "booking.line_refund",
      entity: "transaction_line",
      entityId: lineId,
      templeId: line.templeId,
      detail: { paymentRef: line.paymentRef, amount: line.amount, reason },
    }),
  ]);
  const row = inserted[0];
  if (!row) return refused("already");
  return { ok: true, id: row.id, status: await sendLineRefund(db, gateways, row, now), amount: row.amount };
}

async function claim(db: Database, id: number, now: Date): Promise<LineRefund | null> {
  const stamp = now.toISOString();
  const [claimed] = await db
    .update(lineRefunds)
    .set({
      status: "sending",
      attempts: sql`${lineRefunds.attempts} + 1`,
      nextAttemptAt: new Date(now.getTime() + TRANSFER_CLAIM_MS).toISOString(),
      updatedAt: stamp,
    })
    .where(
      and(
        eq(lineRefunds.id, id),
        or(
          and(eq(lineRefunds.status, "due"), or(isNull(lineRefunds.nextAttemptAt), lte(lineRefunds.nextAttemptAt, stamp))),
          and(eq(lineRefunds.status, "sending"), lte(lineRefunds.nextAttemptAt, stamp)),
        ),
      ),
    )
    .returning();
  return claimed ?? null;
}

/** Takes the line's transfer back (or makes sure it is never made); answers the reversal's id, if one was made. */
async function takeBackTransfer(db: Database, route: RazorpayRoute | null, transfer: PayoutTransfer, retried: boolean, now: Date) {
  const stamp = now.toISOString();
  const reversed = { status: "reversed" as const, reversedAmount: transfer.amount, reversedAt: stamp, updatedAt: stamp };
  if (transfer.status === "reversed") return transfer.reversalRef;
  if (transfer.status === "due" || transfer.status === "failed") {
    // Never made (or failed: no money moved): it is simply never sent.
    const stopped = await db
      .update(payoutTransfers)
      .set({ ...reversed, nextAttemptAt: null })
      .where(and(eq(payoutTransfers.id, transfer.id), inArray(payoutTransfers.status, ["due", "failed"])))
      .returning({ id: payoutTransfers.id });
    if (stopped.length === 0) throw new PaymentGatewayError("The line's transfer is being sent: the refund waits for its answer");
    return null;
  }
  if (transfer.status === "sending" || !transfer.transferRef)
    throw new PaymentGatewayError("The line's transfer is being sent: the refund waits for its answer");
  if (!route) throw new PaymentGatewayError("Route is not configured: the line's transfer cannot be reversed");
  let left = transfer.amount - transfer.reversedAmount;
  // A retried reversal may have been made already: Razorpay's transfer says how much is taken back.
  if (retried) {
    const atRazorpay = await route.fetchTransfer(transfer.transferRef);
    left = Math.min(left, atRazorpay.amount - atRazorpay.amountReversed);
  }
  const reversal = left > 0 ? await route.reverseTransfer(transfer.transferRef, left, { payout_transfer_id: String(transfer.id) }) : null;
  await db
    .update(payoutTransfers)
    .set({ ...reversed, reversalRef: reversal?.id ?? transfer.reversalRef })
    .where(eq(payoutTransfers.id, transfer.id));
  return reversal?.id ?? null;
}

/** Sends a line refund once claimed: the transfer taken back, then the refund with its key. Answers its status after. */
export async function sendLineRefund(db: Database, gateways: RefundGateways, refund: LineRefund, now = new Date()) {
  const claimed = await claim(db, refund.id, now);
  if (!claimed) {
    const [row] = await db.select().from(lineRefunds).where(eq(lineRefunds.id, refund.id)).limit(1);
    return row?.status ?? refund.status;
  }
  const stamp = now.toISOString();
  const ours = and(eq(lineRefunds.id, claimed.id), eq(lineRefunds.status, "sending"), eq(lineRefunds.updatedAt, stamp));
  try {
    const [transfer] = await db.select().from(payoutTransfers).where(eq(payoutTransfers.transactionLineId, claimed.transactionLineId));
    const [{ lines } = { lines: 0 }] = await db.all<{ lines: number }>(
      sql`select count(*) as lines from transaction_lines where transaction_id = ${claimed.transactionId}`,
    );
    // The payment's one line, its transfer made and not settled: one refund that reverses it (reverse_all);
    // a retry reverses and refunds apart (the settlement may have come meanwhile: reverse_all is then refused).
    const reverseAll =
      lines === 1 &&
      claimed.attempts === 1 &&
      gateways.route &&
      transfer?.transferRef &&
      !transfer.settlementRef &&
      ["created", "processed"].includes(transfer.status);
    let reversalRef = claimed.reversalRef;
    let answer: { id: string; status: string };
    if (reverseAll && transfer) {
      answer = await gateways.route!.refundReversingTransfers(claimed.paymentRef, claimed.amount, claimed.idempotencyKey);
      await db
        .update(payoutTransfers)
        .set({ status: "reversed", reversedAmount: transfer.amount, reversedAt: stamp, updatedAt: stamp })
        .where(eq(payoutTransfers.id, transfer.id));
    } else {
      if (transfer) reversalRef = (await takeBackTransfer(db, gateways.route, transfer, claimed.attempts > 1, now)) ?? reversalRef;
      await db.update(lineRefunds).set({ reversalRef }).where(ours);
      answer = await gateways.provider.refund(claimed.paymentRef, claimed.amount, claimed.idempotencyKey);
    }
    if (answer.status === "failed") throw new PaymentGatewayError("The gateway reported the refund failed.");
    const status = answer.status === "processed" ? ("refunded" as const) : ("pending" as const);
    await db
      .update(lineRefunds)
      .set({ status, refundRef: answer.id, reversalRef, lastError: null, nextAttemptAt: null, updatedAt: stamp })
      .where(ours);
    return status;
  } catch (error) {
    const message = error instanceof PaymentGatewayError ? error.message.slice(0, 200) : "The gateway call failed.";
    console.warn("Line refund left due, to be retried:", message);
    await db
      .update(lineRefunds)
      .set({
        status: "due",
        lastError: message,
        nextAttemptAt: new Date(now.getTime() + refundBackoffMs(claimed.attempts)).toISOString(),
        updatedAt: stamp,
      })
      .where(ours);
    return "due" as const;
  }
}

/** Line refunds due whose time has come (or lapsed claims), oldest first, for housekeeping. */
export function lineRefundsDue(db: Database, now: Date, limit: number) {
  const stamp = now.toISOString();
  return db
    .select()
    .from(lineRefunds)
    .where(
      and(inArray(lineRefunds.status, ["due", "sending"]), or(isNull(lineRefunds.nextAttemptAt), lte(lineRefunds.nextAttemptAt, stamp))),
    )
    .orderBy(lineRefunds.id)
    .limit(limit);
}

/**
 * What the gateway says about a line refund's refund (webhook, reconciliation): processed →
 * refunded; failed (no money moved) → due again at once, with a new key (as refunds.server.ts does).
 */
export async function applyLineRefundReport(db: Database, refund: { id: string; status: string }, now: Date) {
  if (!refund.id) return;
  const stamp = now.toISOString();
  const waiting = and(eq(lineRefunds.refundRef, refund.id), eq(lineRefunds.status, "pending"));
  if (refund.status === "processed") await db.update(lineRefunds).set({ status: "refunded", updatedAt: stamp }).where(waiting);
  if (refund.status !== "failed") return;
  const [row] = await db.select().from(lineRefunds).where(waiting).limit(1);
  if (!row) return;
  await db
    .update(lineRefunds)
    .set({
      status: "due",
      idempotencyKey: nextRefundKey(row.idempotencyKey),
      lastError: "The gateway reported the refund failed.",
      nextAttemptAt: stamp,
      updatedAt: stamp,
    })
    .where(and(eq(lineRefunds.id, row.id), eq(lineRefunds.status, "pending")));
}

/** Line refunds the gateway accepted and has not reported done, least recently asked first, for reconciliation. */
export async function askPendingLineRefunds(db: Database, provider: PaymentProvider, now: Date, limit: number) {
  if (limit <= 0) return;
  const pending = await db
    .select()
    .from(lineRefunds)
    .where(eq(lineRefunds.status, "pending"))
    .orderBy(sql`coalesce(${lineRefunds.updatedAt}, ${lineRefunds.createdAt})`)
    .limit(limit);
  for (const row of pending) {
    try {
      const answer = (await provider.fetchRefunds(row.paymentRef)).find((refund) => refund.id === row.refundRef);
      await db
        .update(lineRefunds)
        .set({ updatedAt: now.toISOString() })
        .where(and(eq(lineRefunds.id, row.id), eq(lineRefunds.status, "pending")));
      if (answer) await applyLineRefundReport(db, answer, now);
    } catch (error) {
      console.warn("A line refund could not be asked, left for the next run:", error instanceof Error ? error.message : "unknown error");
    }
  }
}
