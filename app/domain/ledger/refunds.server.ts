/**
 * Refunds that finish. A refund row is recorded `due` with its idempotency key fixed; every
 * call to the gateway sends that key, so a retry can never pay twice. A refund has one owner at
 * a time: a sender first claims it (`due → sending`, one conditional write, with a lease in
 * `next_attempt_at`), so while its call is in flight nobody marks it outside the portal or sends
 * it again. Accepted → `pending` (the gateway's refund id, started_at) or `refunded` when
 * already processed; refused or unreachable → `due` again with attempts + 1, the gateway's
 * message and the next attempt after an exponential backoff. A claim whose lease lapsed (its
 * Worker died mid-call) may be claimed again, and is sent with the same key. A refund that is
 * pending, refunded or settled outside the portal is never sent again. Only a refund the gateway
 * itself reports `failed` (no money moved) gets a fresh key, derived from the old one.
 */
import { and, eq, isNull, lte, or, sql } from "drizzle-orm";
import { z } from "zod";
import type { Database } from "~/db/client.server";
import { paymentRefunds } from "~/db/schema";
import { PaymentGatewayError, type GatewayRefund, type PaymentProvider } from "~/lib/payments/provider";
import { auditWhenStatement } from "~/domain/audit/audit.server";

export type RefundRow = typeof paymentRefunds.$inferSelect;
export type RefundStatus = RefundRow["status"];

/** One refund per payment: its idempotency key is derived from the payment id, so a retry never pays twice. */
export function refundIdempotencyKey(paymentId: string): string {
  return `sn_refund_${paymentId.replace(/[^A-Za-z0-9_-]/g, "_")}`;
}

/** The key after the gateway reported a refund under `key` failed: sn_refund_x → sn_refund_x_f1 → _f2 … */
export function nextRefundKey(key: string): string {
  const match = /^(.*)_f(\d+)$/.exec(key);
  return match ? `${match[1]}_f${Number(match[2]) + 1}` : `${key}_f1`;
}

const BACKOFF_BASE_MS = 5 * 60_000;
const BACKOFF_CAP_MS = 6 * 60 * 60_000;

/** The wait after the (failures)th refused attempt: 5 min, 10, 20, … at most 6 hours. */
export function refundBackoffMs(failures: number): number {
  return Math.min(BACKOFF_BASE_MS * 2 ** Math.max(0, failures - 1), BACKOFF_CAP_MS);
}

/**
 * How long a sender's claim holds a refund: far longer than a gateway call may take (10 s), so
 * only a Worker that died mid-call lets one lapse.
 */
export const REFUND_CLAIM_MS = 2 * 60_000;

/** What the operator console is told (English, as the console is). */
export const REFUND_MESSAGES = {
  notFound: "We could not find that refund.",
  notDue: "This refund is no longer due: it was sent to the gateway or settled already.",
  inFlight:
    "This refund is being sent to the gateway right now. " +
    "Wait for its answer: if the gateway refuses it, you can then retry it or mark it refunded outside the portal.",
  unanswered:
    "This refund was sent to the gateway and no answer was recorded, so it may have been paid. " +
    "Retry it first: the gateway is asked again with the same key, so it is never paid twice.",
  refusedAgain: (error: string) => `The gateway did not accept the refund: ${error} It stays due and will be retried.`,
  referenceRequired: "Enter the reference of the refund made outside the portal.",
  reasonRequired: "Enter why the refund was made outside the portal.",
} as const;

function gatewayMessage(error: unknown): string {
  // Gateway errors name the call and the HTTP status, never a key or a secret.
  return error instanceof PaymentGatewayError ? error.message.slice(0, 200) : "The gateway call failed.";
}

/** The row's state after the gateway answered `answer` for it. */
function accepted(answer: GatewayRefund, now: Date) {
  const stamp = now.toISOString();
  return {
    status: answer.status === "processed" ? ("refunded" as const) : ("pending" as const),
    refundRef: answer.id,
    startedAt: sql`coalesce(${paymentRefunds.startedAt}, ${stamp})`,
    lastError: null,
    nextAttemptAt: null,
    updatedAt: stamp,
  };
}

/**
 * Claims a refund for one gateway call, in one conditional write: a due one (whose backoff has
 * passed, unless `anyTime`), or one whose last claim lapsed. Answers the claimed row, or null
 * when someone else owns it or it is settled.
 */
async function claimRefund(db: Database, refundId: number, now: Date, anyTime: boolean): Promise<RefundRow | null> {
  const stamp = now.toISOString();
  const [claimed] = await db
    .update(paymentRefunds)
    .set({ status: "sending", nextAttemptAt: new Date(now.getTime() + REFUND_CLAIM_MS).toISOString(), updatedAt: stamp })
    .where(
      and(
        eq(paymentRefunds.id, refundId),
        or(
          and(
            eq(paymentRefunds.status, "due"),
            anyTime ? undefined : or(isNull(paymentRefunds.nextAttemptAt), lte(paymentRefunds.nextAttemptAt, stamp)),
          ),
          and(eq(paymentRefunds.status, "sending"), lte(paymentRefunds.nextAttemptAt, stamp)),
        ),
      ),
    )
    .returning();
  return claimed ?? null;
}

/**
 * Sends one refund to the gateway with its key, once claimed, and records the answer. A refund
 * it cannot claim is left alone: its status is answered (`sending` while another sender owns
 * it). `anyTime` sends a due refund before its backoff ends (the operator's Retry).
 * Deterministic given `now`.
 */
export async function sendRefund(
  db: Database,
  provider: PaymentProvider,
  refund: RefundRow,
  now = new Date(),
  options: { anyTime?: boolean } = {},
): Promise<RefundStatus> {
  const claimed = await claimRefund(db, refund.id, now, options.anyTime ?? false);
  if (!claimed) return (await findRefund(db, refund.id))?.status ?? refund.status;
  const key = claimed.idempotencyKey ?? refundIdempotencyKey(claimed.paymentRef);
  // The answer is written only while this claim still owns the row (a webhook may have settled it meanwhile).
  const isOurs = and(
    eq(paymentRefunds.id, claimed.id),
    eq(paymentRefunds.status, "sending"),
    eq(paymentRefunds.updatedAt, claimed.updatedAt!),
  );
  let answer: GatewayRefund | null = null;
  let error = "";
  try {
    answer = await provider.refund(claimed.paymentRef, claimed.amount, key);
  } catch (caught) {
    error = gatewayMessage(caught);
    console.warn("Refund left due, to be retried:", error);
  }
  if (answer && answer.status !== "failed") {
    await db
      .update(paymentRefunds)
      .set({ ...accepted(answer, now), idempotencyKey: key, attempts: sql`${paymentRefunds.attempts} + 1` })
      .where(isOurs);
    return answer.status === "processed" ? "refunded" : "pending";
  }
  const failures = claimed.attempts + 1;
  await db
    .update(paymentRefunds)
    .set({
      status: "due",
      attempts: sql`${paymentRefunds.attempts} + 1`,
      // A refund the gateway made and reports failed moved no money: the next attempt is a new refund.
      idempotencyKey: answer ? nextRefundKey(key) : key,
      lastError: answer ? "The gateway reported the refund failed." : error,
      nextAttemptAt: new Date(now.getTime() + refundBackoffMs(failures)).toISOString(),
      updatedAt: now.toISOString(),
    })
    .where(isOurs);
  return "due";
}

export const refundIdSchema = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);

export async function findRefund(db: Database, refundId: number): Promise<RefundRow | null> {
  if (!refundIdSchema.safeParse(refundId).success) return null;
  const [row] = await db.select().from(paymentRefunds).where(eq(paymentRefunds.id, refundId)).limit(1);
  return row ?? null;
}

export async function findRefundOfPayment(db: Database, paymentRef: string): Promise<RefundRow | null> {
  const [row] = await db.select().from(paymentRefunds).where(eq(paymentRefunds.paymentRef, paymentRef)).limit(1);
  return row ?? null;
}

/** `inFlight`: another sender's gateway call for it is in flight, so nothing was sent. */
export type RetryRefundResult = { ok: true; status: RefundStatus } | { ok: false; message: string; inFlight?: true };

/** The operator's "Retry": a due refund (or one whose last sender's claim lapsed) is sent now, whatever its backoff, with the same key. */
export async function retryRefund(db: Database, provider: PaymentProvider, refundId: number, now = new Date()): Promise<RetryRefundResult> {
  const refund = await findRefund(db, refundId);
  if (!refund) return { ok: false, message: REFUND_MESSAGES.notFound };
  if (refund.status !== "due" && refund.status !== "sending") return { ok: false, message: REFUND_MESSAGES.notDue };
  const status = await sendRefund(db, provider, refund, now, { anyTime: true });
  if (status === "sending") return { ok: false, message: REFUND_MESSAGES.inFlight, inFlight: true };
  if (status === "outside") return { ok: false, message: REFUND_MESSAGES.notDue };
  if (status !== "due") return { ok: true, status };
  const after = await findRefund(db, refundId);
  return { ok: false, message: REFUND_MESSAGES.refusedAgain(after?.lastError ?? "") };
}

export const outsideRefundSchema = z.object({
  reference: z.string({ error: REFUND_MESSAGES.referenceRequired }).trim().min(1, REFUND_MESSAGES.referenceRequired).max(100),
  reason: z.string({ error: REFUND_MESSAGES.reasonRequired }).trim().min(1, REFUND_MESSAGES.reasonRequired).max(500),
  operatorId: z.number().int().positive(),
});
export type OutsideRefundInput = z.input<typeof outsideRefundSchema>;

/** "Mark refunded outside the portal": only a due refund, with a reference and a reason; audited in the same batch. */
export async function markRefundedOutside(
  db: Database,
  refundId: number,
  input: OutsideRefundInput,
  now = new Date(),
): Promise<{ ok: true } | { ok: false; message: string }> {
  const parsed = outsideRefundSchema.safeParse(input);
  if (!parsed.success) return { ok: false, message: parsed.error.issues[0]?.message ?? REFUND_MESSAGES.referenceRequired };
  const { reference, reason, operatorId } = parsed.data;
  const refund = await findRefund(db, refundId);
  if (!refund) return { ok: false, message: REFUND_MESSAGES.notFound };
  const stamp = now.toISOString();
  const refused = (row: RefundRow | null) => ({
    ok: false as const,
    // A lapsed claim stays the senders': its Worker may have paid it, so it is sent again (same key) first.
    message:
      row?.status !== "sending"
        ? REFUND_MESSAGES.notDue
        : (row.nextAttemptAt ?? "") <= stamp
          ? REFUND_MESSAGES.unanswered
          : REFUND_MESSAGES.inFlight,
  });
  if (refund.status !== "due") return refused(refund);
  const [updated] = await db.batch([
    db
      .update(paymentRefunds)
      .set({
        status: "outside",
        outsideReference: reference,
        outsideReason: reason,
        settledBy: operatorId,
        nextAttemptAt: null,
        updatedAt: stamp,
      })
      .where(and(eq(paymentRefunds.id, refundId), eq(paymentRefunds.status, "due")))
      .returning({ id: paymentRefunds.id }),
    auditWhenStatement(
      db,
      {
        actorId: operatorId,
        action: "refund.outside",
        entity: "payment_refund",
        entityId: refundId,
        detail: { paymentRef: refund.paymentRef, amount: refund.amount, reference, reason },
      },
      sql`exists (select 1 from payment_refunds
        where id = ${refundId} and status = 'outside' and settled_by = ${operatorId} and updated_at = ${stamp})`,
    ),
  ]);
  return updated.length > 0 ? { ok: true } : refused(await findRefund(db, refundId));
}
