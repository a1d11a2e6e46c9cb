/**
 * Faults injected on demand through /__emulator/faults. Each is scoped to one order (so
 * concurrent tests never disturb each other), to an order receipt (for order creation,
 * before the order id exists) or global, and lasts `times` uses (default 1; 0 = until reset).
 */
import { z } from "zod";

export const API_CALLS = ["orders", "fetch", "refund", "capture", "transfer"] as const;
export type ApiCall = (typeof API_CALLS)[number];

const scope = {
  /** Only calls about this order (its payments and refunds included). */
  orderId: z.string().min(1).optional(),
  /** Only order creation with this receipt. */
  receipt: z.string().min(1).optional(),
  /** Only order creation whose notes include these values. */
  notes: z.record(z.string(), z.string()).optional(),
  times: z.number().int().min(0).max(10_000).default(1),
};

export const faultSchema = z.discriminatedUnion("kind", [
  /** The next calls of a kind answer `status` (5xx or 4xx) and/or only after `delayMs` (longer than the caller's timeout = a timeout). */
  z.object({
    kind: z.literal("api"),
    call: z.enum(API_CALLS),
    status: z.number().int().min(400).max(599).optional(),
    /** For a 4xx: Razorpay's error description. */
    description: z.string().max(200).optional(),
    delayMs: z.number().int().min(0).max(600_000).optional(),
    ...scope,
  }),
  /** Webhooks of the scope: each event sent `duplicate` extra times, newest first, after `delayMs`, or never. */
  z.object({
    kind: z.literal("webhook"),
    duplicate: z.number().int().min(0).max(20).optional(),
    reorder: z.boolean().optional(),
    delayMs: z.number().int().min(0).max(86_400_000).optional(),
    drop: z.boolean().optional(),
    ...scope,
  }),
  /** The next payments of the scope are authorised late: after `delayMs`, then captured automatically or left authorised. */
  z.object({
    kind: z.literal("late-authorization"),
    delayMs: z.number().int().min(0).max(86_400_000).optional(),
    capture: z.enum(["auto", "manual"]).default("auto"),
    ...scope,
  }),
  /** The next refunds of the scope are accepted (pending) and then fail (refund.failed). */
  z.object({ kind: z.literal("refund-fails"), ...scope }),
  /** The next transfers of the scope (Route: a payment's or its order's) fail (transfer.failed); a retry then succeeds. */
  z.object({ kind: z.literal("transfer-fails"), ...scope }),
]);

export type FaultInput = z.input<typeof faultSchema>;
export type Fault = z.infer<typeof faultSchema> & { id: string; used: number };

export interface FaultContext {
  orderId?: string | null;
  receipt?: string | null;
  notes?: Record<string, string>;
}

/** Whether a fault's scope covers a call about this order (or order creation). */
function covers(fault: Fault, context: FaultContext): boolean {
  if (fault.orderId && fault.orderId !== context.orderId) return false;
  if (fault.receipt && fault.receipt !== context.receipt) return false;
  if (fault.notes && !Object.entries(fault.notes).every(([key, value]) => context.notes?.[key] === value)) return false;
  return true;
}

export class FaultBook {
  private faults: Fault[] = [];
  private counter = 0;

  add(input: unknown): Fault {
    const fault = { ...faultSchema.parse(input), id: `fault_${++this.counter}`, used: 0 };
    this.faults.push(fault);
    return fault;
  }

  list(): Fault[] {
    return [...this.faults];
  }

  /** Removes the faults of an order (or all of them). */
  clear(orderId?: string) {
    this.faults = orderId ? this.faults.filter((fault) => fault.orderId !== orderId) : [];
  }

  /** The first matching fault of a kind, used once (and forgotten when used up). */
  take<K extends Fault["kind"]>(kind: K, context: FaultContext, extra: (fault: Extract<Fault, { kind: K }>) => boolean = () => true) {
    const fault = this.faults.find(
      (candidate): candidate is Extract<Fault, { kind: K }> =>
        candidate.kind === kind && covers(candidate, context) && extra(candidate as Extract<Fault, { kind: K }>),
    );
    if (!fault) return null;
    fault.used += 1;
    if (fault.times > 0 && fault.used >= fault.times) this.faults = this.faults.filter((f) => f !== fault);
    return fault;
  }
}
