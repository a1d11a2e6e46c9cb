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
  // One statement for every row, bound as one JSON parameter (D1 binds at most 100 a statement); a line planned meanwhile is skipped.
  await db.run(sql`insert into payout_transfers (transaction_line_id, transaction_id, temple_id, payment_ref, kind, booked, fee,
      gst, amount, linked_account_id, on_hold, hold_until)
    select json_extract(value, '$.transactionLineId'), json_extract(value, '$.transactionId'), json_extract(value, '$.templeId'),
      json_extract(value, '$.paymentRef'), json_extract(value, '$.kind'), json_extract(value, '$.booked'), json_extract(value, '$.fee'),
      json_extract(value, '$.gst'), json_extract(value, '$.amount'), json_extract(value, '$.linkedAccountId'),
      json_extract(value, '$.onHold'), json_extract(value, '$.holdUntil')
    from json_each(${JSON.stringify(rows.map((row) => ({ ...row, onHold: row.onHold ? 1 : 0 })))}) where true
    on conflict (transaction_line_id) do nothing`);
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
  // The last days' bookings from their index (transactions_created), so the sweep never reads every line (issue 44).
  const recent = sql`t.id in (select id from transactions where created_at >= ${since}) and t.created_at >= ${since}`;
  return planLines(db, holdDays, sql`${recent} and t.created_at >= coalesce(a.status_at, '9999')`, limit);
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

/** What becomes of one claimed row after a call: written for all of a call's rows in one statement. */
interface RowWrite {
  id: number;
  status: "due" | "created" | "processed" | "failed";
  transferRef: string | null;
  lastError: string | null;
  nextAttemptAt: string | null;
}

/**
 * Writes the outcome of a call to its claimed rows, in one statement bound as one JSON parameter
 * (however many lines a payment had), only where the claim is still ours (`stamp`).
 */
async function writeClaimed(db: Database, writes: readonly RowWrite[], stamp: string) {
  if (writes.length === 0) return;
  await db.run(sql`update payout_transfers set status = w.status, transfer_ref = w.transfer_ref, last_error = w.last_error,
      next_attempt_at = w.next_attempt_at, updated_at = ${stamp}
    from (select json_extract(value, '$.id') as id, json_extract(value, '$.status') as status,
        json_extract(value, '$.transferRef') as transfer_ref, json_extract(value, '$.lastError') as last_error,
        json_extract(value, '$.nextAttemptAt') as next_attempt_at
      from json_each(${JSON.stringify(writes)})) as w
    where payout_transfers.id = w.id and payout_transfers.status = 'sending' and payout_transfers.updated_at = ${stamp}`);
}

/** Sends a payment's due transfers; answers how many Razorpay accepted (made now or found made before). */
export async function sendTransfersOfPayment(db: Database, route: RazorpayRoute, paymentRef: string, now = new Date()): Promise<number> {
  const claimed = await claimDue(db, paymentRef, now);
  if (claimed.length === 0) return 0;
  const stamp = now.toISOString();
  const failures = new Map<number, Transfer[]>();
  const writes: RowWrite[] = [];
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
          writes.push(accept(row, live));
          accepted += 1;
        } else if ((failures.get(row.id)?.length ?? 0) > FAILED_RETRIES) writes.push(leaveFailed(row, failures.get(row.id)!));
        else toSend.push(row);
      }
    }
    if (toSend.length > 0) {
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
          writes.push(accept(row, transfer));
          accepted += 1;
          continue;
        }
        const failed = [...(failures.get(row.id) ?? []), transfer];
        writes.push(failed.length > FAILED_RETRIES ? leaveFailed(row, failed) : { id: row.id, ...sendAgain(transfer, now) });
      }
    }
  } catch (error) {
    console.warn("Transfers left due, to be retried:", errorText(error));
    writes.length = 0;
    for (const row of claimed)
      writes.push({
        id: row.id,
        status: "due",
        transferRef: null,
        lastError: errorText(error),
        nextAttemptAt: new Date(now.getTime() + refundBackoffMs(row.attempts)).toISOString(),
      });
  }
  await writeClaimed(db, writes, stamp);
  return accepted;
}

function accept(row: PayoutTransfer, transfer: Transfer): RowWrite {
  return { id: row.id, status: statusOf(transfer), transferRef: transfer.id, lastError: null, nextAttemptAt: null };
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

function leaveFailed(row: PayoutTransfer, failed: Transfer[]): RowWrite {
  const last = failed[failed.length - 1]!;
  return {
    id: row.id,
    status: "failed",
    transferRef: last.id,
    lastError: `Razorpay failed the transfer ${failed.length} times: ${last.error ?? "no reason given"}`.slice(0, 200),
    nextAttemptAt: null,
  };
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
