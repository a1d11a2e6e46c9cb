/**
 * Faults injected on demand through POST /__admin/faults, on either provider. Each is scoped
 * to one recipient (`to`, so concurrent tests never disturb each other) or global, and lasts
 * `times` sends (default 1; 0 = until cleared) or, with `seconds`, for that long.
 *   error          the send answers `status` (5xx by default) with the provider's error body
 *   timeout        the answer waits `delayMs` (longer than the caller's timeout); with `process`
 *                  the message still goes out (the caller's retry then sends it twice)
 *   duplicate      the message's status webhooks are each posted twice
 *   undeliverable  accepted, then its status webhook says failed
 */
import { z } from "zod";

const scope = {
  /** Only sends to this number (E.164, or its digits). */
  to: z
    .string()
    .regex(/^\+?\d{8,15}$/)
    .transform((value) => (value.startsWith("+") ? value : `+${value}`))
    .optional(),
  times: z.number().int().min(0).max(100_000).default(1),
  /** Instead of a count: every send for this long. */
  seconds: z.number().min(0.001).max(86_400).optional(),
};

export const faultSchema = z.discriminatedUnion("kind", [
  z.object({
    kind: z.literal("error"),
    status: z.number().int().min(400).max(599).default(500),
    /** WhatsApp: Meta's error code in the body (e.g. 131009, 130429); MSG91 ignores it. */
    code: z.number().int().min(0).optional(),
    message: z.string().max(200).optional(),
    ...scope,
  }),
  z.object({
    kind: z.literal("timeout"),
    delayMs: z.number().int().min(0).max(600_000).default(15_000),
    process: z.boolean().default(false),
    ...scope,
  }),
  z.object({ kind: z.literal("duplicate"), ...scope }),
  z.object({ kind: z.literal("undeliverable"), ...scope }),
]);

export type Fault = z.infer<typeof faultSchema> & { id: string; used: number; until: number | null };

export class FaultBook {
  private faults: Fault[] = [];
  private counter = 0;

  add(input: unknown): Fault {
    const parsed = faultSchema.parse(input);
    const fault: Fault = {
      ...parsed,
      id: `fault_${++this.counter}`,
      used: 0,
      until: parsed.seconds ? Date.now() + parsed.seconds * 1000 : null,
    };
    this.faults.push(fault);
    return fault;
  }

  list(): Fault[] {
    this.expire();
    return [...this.faults];
  }

  /** Removes the faults of a number (or all of them). */
  clear(to?: string) {
    const phone = to && !to.startsWith("+") ? `+${to}` : to;
    this.faults = phone ? this.faults.filter((fault) => fault.to !== phone) : [];
  }

  private expire() {
    const now = Date.now();
    this.faults = this.faults.filter((fault) => fault.until === null || fault.until > now);
  }

  /** The first fault of a kind for a send to `to`, counted once (and forgotten when used up). */
  take<K extends Fault["kind"]>(kind: K, to: string): Extract<Fault, { kind: K }> | null {
    this.expire();
    const fault = this.faults.find(
      (candidate): candidate is Extract<Fault, { kind: K }> => candidate.kind === kind && (!candidate.to || candidate.to === to),
    );
    if (!fault) return null;
    fault.used += 1;
    if (fault.until === null && fault.times > 0 && fault.used >= fault.times) this.faults = this.faults.filter((f) => f !== fault);
    return fault;
  }
}
