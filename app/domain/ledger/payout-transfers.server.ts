/**
 * The temple's share of a booked payment goes to its linked account (Razorpay Route, issue 43).
 * After a gateway-paid booking, one `payout_transfers` row is planned per booked line of a temple
 * with an activated linked account (unique by line: planning twice changes nothing), then sent:
 * one POST /payments/:id/transfers per payment with its due rows. A sender first claims the rows
 * (due → sending, a lease in next_attempt_at, attempts + 1); a row claimed before (a retry, or a
 * lapsed claim whose Worker died) is looked up first (GET /payments/:id/transfers, matched by our
 * row id in the notes) so a transfer is never made twice. Refused or unreachable: due again with
 * backoff. A transfer Razorpay fails is made again once; a second failure is left `failed` for
 * the operator (the daily report names it). Puja money is held until the desk marks the puja
 * performed or its hold runs out (payout-holds.server.ts); donations go at once.
 */
import { and, eq, inArray, isNull, lte, or, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { payoutTransfers, type PayoutTransfer } from "~/db/schema";
import type { RazorpayRoute, Transfer } from "~/lib/payments/razorpay-route.server";
import { PaymentGatewayError } from "~/lib/payments/provider";
import { addDays } from "~/domain/days";
import { feeRulesOf } from "./fees.server";
import { lineFee, ruleInEffect } from "./fees";
import { refundBackoffMs } from "./refunds.server";

/** What sending payouts needs: Route's client and the days a puja's money is held after its date. */
export interface Payouts {
  route: RazorpayRoute;
  holdDays: number;
}

/** Razorpay's smallest transfer (₹1): a smaller share stays with the platform (reconciliation says so). */
export const MIN_TRANSFER_PAISE = 100;
/** A sender's claim: far longer than a Route call may take (10 s), so only a Worker that died lets one lapse. */
export const TRANSFER_CLAIM_MS = 2 * 60_000;
/** A transfer Razorpay failed is made again this many times, then left for the operator. */
const FAILED_RETRIES = 1;

/** Sales paid at the temple (cash, UPI to its own QR) never passed the gateway: nothing to transfer. */
const GATEWAY_PAID = sql`not (t.channel = 'counter' and coalesce(t.counter_payment, '') in ('cash', 'upi'))`;

interface PlannableLine {
  lineId: number;
  transactionId: number;
  templeId: number;
  paymentRef: string;
  day: string;
  itemType: "PUJA" | "DONATION";
  pujaDate: string | null;
  price: number;
  postal: number;
  linkedAccountId: string;
}

/** The figures of one line's transfer: booked = price + postage; the fee and GST on the price; amount = the temple's share. */
export function transferFigures(line: { price: number; postal: number }, rule: Parameters<typeof lineFee>[1]) {
  const figures = lineFee(line.price, rule);
  const booked = line.price + line.postal;
  return { booked, fee: figures.fee, gst: figures.gst, amount: booked - figures.fee - figures.gst };
}

/** Plans the transfers of the lines `where` selects (booked, gateway-paid, of temples with an activated linked account). */
async function planLines(db: Database, holdDays: number, where: ReturnType<typeof sql>, limit: number): Promise<number> {
  const lines = await db.all<PlannableLine>(sql`select l.id as lineId, t.id as transactionId, l.temple_id as templeId,
      t.payment_ref as paymentRef, substr(t.booking_date, 1, 10) as day, l.item_type as itemType, l.puja_date as pujaDate,
      l.amount * l.quantity as price, l.postal_charge as postal, a.linked_account_id as linkedAccountId
    from transactions t
    join transaction_lines l on l.transaction_id = t.id
    join temple_payout_accounts a on a.temple_id = l.temple_id
    where ${where} and t.payment_ref is not null and t.status = 0 and t.cancelled_at is null and ${GATEWAY_PAID}
      and l.puja_status != 'cancelled' and a.activation_status = 'activated' and a.linked_account_id is not null
      and not exists (select 1 from payout_transfers p where p.transaction_line_id = l.id)
      and not exists (select 1 from line_refunds r where r.transaction_line_id = l.id)
    order by l.id limit ${limit}`);
  if (lines.length === 0) return 0;
  const rules = await feeRulesOf(db, [...new Set(lines.map((line) => line.templeId))]);
  const rows = lines.flatMap((line) => {
    const kind = line.itemType === "PUJA" ? "puja" : "donation";
    const figures = transferFigures(
      line,
      ruleInEffect(
        rules.filter((rule) => rule.templeId === line.templeId),
        kind,
        line.day,
      ),
    );
    if (figures.amount < MIN_TRANSFER_PAISE) return [];
    const held = kind === "puja";
    return [
      {
        transactionLineId: line.lineId,
        transactionId: line.transactionId,
        templeId: line.templeId,
        paymentRef: line.paymentRef,
        kind,
        ...figures,
        linkedAccountId: line.linkedAccountId,
        onHold: held,
        holdUntil: held ? addDays(line.pujaDate ?? line.day, holdDays) : null,
      } as const,
    ];
  });
  if (rows.length === 0) return 0;
  // One statement per row (D1 binds at most 100 parameters a statement); a line planned meanwhile is skipped.
  const [first, ...rest] = rows.map((row) =>
    db.insert(payoutTransfers).values(row).onConflictDoNothing({ target: payoutTransfers.transactionLineId }),
  );
  await db.batch([first!, ...rest]);
  return rows.length;
}

/** Plans the transfers of one booked payment's lines (idempotent). */
export function planTransfers(db: Database, holdDays: number, paymentRef: string): Promise<number> {
  return planLines(db, holdDays, sql`t.payment_ref = ${paymentRef}`, 200);
}

/**
 * Housekeeping's sweep: lines booked since their temple's linked account was activated (within
 * `since`) whose planning was lost (the Worker died after booking). Older bookings were the
 * platform's to pay out outside the portal, so they are never picked up.
 */
export function planMissedTransfers(db: Database, holdDays: number, since: string, limit = 50): Promise<number> {
  return planLines(db, holdDays, sql`t.created_at >= ${since} and t.created_at >= coalesce(a.status_at, '9999')`, limit);
}

/** Claims a payment's due rows (and lapsed claims) for one call, in one conditional write. */
async function claimDue(db: Database, paymentRef: string, now: Date): Promise<PayoutTransfer[]> {
  const stamp = now.toISOString();
  return db
    .update(payoutTransfers)
    .set({
      status: "sending",
      attempts: sql`${payoutTransfers.attempts} + 1`,
      nextAttemptAt: new Date(now.getTime() + TRANSFER_CLAIM_MS).toISOString(),
      updatedAt: stamp,
    })
    .where(
      and(
        eq(payoutTransfers.paymentRef, paymentRef),
        or(
          and(eq(payoutTransfers.status, "due"), or(isNull(payoutTransfers.nextAttemptAt), lte(payoutTransfers.nextAttemptAt, stamp))),
          and(eq(payoutTransfers.status, "sending"), lte(payoutTransfers.nextAttemptAt, stamp)),
        ),
      ),
    )
    .returning();
}

const noteOf = (transfer: Transfer) => Number(transfer.notes.payout_transfer_id ?? 0);
const statusOf = (transfer: Transfer) => (transfer.status === "processed" ? ("processed" as const) : ("created" as const));
const errorText = (error: unknown) => (error instanceof PaymentGatewayError ? error.message.slice(0, 200) : "The Route call failed.");

/** Sends a payment's due transfers; answers how many Razorpay accepted (made now or found made before). */
export async function sendTransfersOfPayment(db: Database, route: RazorpayRoute, paymentRef: string, now = new Date()): Promise<number> {
  const claimed = await claimDue(db, paymentRef, now);
  if (claimed.length === 0) return 0;
  const stamp = now.toISOString();
  const ours = (row: PayoutTransfer) =>
    and(eq(payoutTransfers.id, row.id), eq(payoutTransfers.status, "sending"), eq(payoutTransfers.updatedAt, stamp));
  const failures = new Map<number, Transfer[]>();
  let accepted = 0;
  try {
    let toSend = claimed;
    // A row tried before may have reached Razorpay: what it made is adopted, never made again.
    if (claimed.some((row) => row.attempts > 1)) {
      const made = await route.fetchPaymentTransfers(paymentRef);
      toSend = [];
      for (const row of claimed) {
        const mine = made.filter((transfer) => noteOf(transfer) === row.id);
        const live = mine.find((transfer) => transfer.status !== "failed");
        failures.set(
          row.id,
          mine.filter((transfer) => transfer.status === "failed"),
        );
        if (live) {
          await db.update(payoutTransfers).set(accept(live, stamp)).where(ours(row));
          accepted += 1;
        } else if ((failures.get(row.id)?.length ?? 0) > FAILED_RETRIES) await leaveFailed(db, row, failures.get(row.id)!, stamp, ours);
        else toSend.push(row);
      }
    }
    if (toSend.length === 0) return accepted;
    const answer = await route.transferPayment(
      paymentRef,
      toSend.map((row) => ({
        account: row.linkedAccountId,
        amount: row.amount,
        onHold: row.onHold,
        notes: { payout_transfer_id: String(row.id), transaction_line_id: String(row.transactionLineId) },
      })),
    );
    for (const [index, row] of toSend.entries()) {
      const transfer = answer.find((item) => noteOf(item) === row.id) ?? answer[index];
      if (!transfer) continue;
      if (transfer.status !== "failed") {
        await db.update(payoutTransfers).set(accept(transfer, stamp)).where(ours(row));
        accepted += 1;
        continue;
      }
      const failed = [...(failures.get(row.id) ?? []), transfer];
      if (failed.length > FAILED_RETRIES) await leaveFailed(db, row, failed, stamp, ours);
      else await db.update(payoutTransfers).set(sendAgain(transfer, now)).where(ours(row));
    }
  } catch (error) {
    console.warn("Transfers left due, to be retried:", errorText(error));
    for (const row of claimed)
      await db
        .update(payoutTransfers)
        .set({
          status: "due",
          lastError: errorText(error),
          nextAttemptAt: new Date(now.getTime() + refundBackoffMs(row.attempts)).toISOString(),
          updatedAt: stamp,
        })
        .where(ours(row));
  }
  return accepted;
}

function accept(transfer: Transfer, stamp: string) {
  return { status: statusOf(transfer), transferRef: transfer.id, lastError: null, nextAttemptAt: null, updatedAt: stamp };
}

/** Razorpay failed the transfer (no money moved): it is made again, once, at once. */
export function sendAgain(transfer: Pick<Transfer, "error">, now: Date) {
  return {
    status: "due" as const,
    transferRef: null,
    lastError: `Razorpay failed the transfer: ${transfer.error ?? "no reason given"}`.slice(0, 200),
    nextAttemptAt: now.toISOString(),
    updatedAt: now.toISOString(),
  };
}

async function leaveFailed(
  db: Database,
  row: PayoutTransfer,
  failed: Transfer[],
  stamp: string,
  ours: (row: PayoutTransfer) => ReturnType<typeof and>,
) {
  const last = failed[failed.length - 1]!;
  await db
    .update(payoutTransfers)
    .set({
      status: "failed",
      transferRef: last.id,
      lastError: `Razorpay failed the transfer ${failed.length} times: ${last.error ?? "no reason given"}`.slice(0, 200),
      nextAttemptAt: null,
      updatedAt: stamp,
    })
    .where(ours(row));
}

/** Payments with transfers due whose time has come (or lapsed claims), oldest first. */
export async function paymentsWithDueTransfers(db: Database, now: Date, limit: number): Promise<string[]> {
  if (limit <= 0) return [];
  const stamp = now.toISOString();
  const rows = await db
    .selectDistinct({ paymentRef: payoutTransfers.paymentRef })
    .from(payoutTransfers)
    .where(
      and(
        inArray(payoutTransfers.status, ["due", "sending"]),
        or(isNull(payoutTransfers.nextAttemptAt), lte(payoutTransfers.nextAttemptAt, stamp)),
      ),
    )
    .limit(limit);
  return rows.map((row) => row.paymentRef);
}

/** Plans and sends a booked payment's transfers (right after it was booked). */
export async function payTemplesOfPayment(db: Database, payouts: Payouts, paymentRef: string, now = new Date()) {
  await planTransfers(db, payouts.holdDays, paymentRef);
  return sendTransfersOfPayment(db, payouts.route, paymentRef, now);
}
