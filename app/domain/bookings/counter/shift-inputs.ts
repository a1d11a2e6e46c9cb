/**
 * The counter's shift forms: opening the counter (the float), closing it (the cash counted by
 * denomination) and cancelling a sale (the reason). One zod schema each, shared by the Conform
 * forms and the actions, with the messages staff see. No server imports here.
 */
import { z } from "zod";
import { characterCount } from "../../text";
import { rupeesToPaise } from "../../text";
import { m } from "~/paraglide/messages";

/** How a counter sale was paid: cash, UPI to the temple's own QR, UPI by the gateway's QR. */
export const COUNTER_METHODS = ["cash", "upi", "upi_qr"] as const;
export type CounterMethod = (typeof COUNTER_METHODS)[number];

/** The notes and coins a drawer is counted in, in rupees, largest first. */
export const DENOMINATIONS = [2000, 500, 200, 100, 50, 20, 10, 5, 2, 1] as const;
/** At most this many of one note or coin: a drawer, not a vault (and the total stays far inside an integer). */
export const MAX_PIECES = 10_000;
/** The float and any drawer total stay below ₹10,00,000. */
export const MAX_FLOAT_PAISE = 100_000_000;
export const CANCEL_REASON_MAX = 200;
export const CLOSE_NOTE_MAX = 300;

export const SHIFT_MESSAGES = {
  get float() {
    return m.desk_shift_error_float();
  },
  get pieces() {
    return m.desk_shift_error_pieces({ max: MAX_PIECES });
  },
  get note() {
    return m.desk_shift_error_note({ max: CLOSE_NOTE_MAX });
  },
  get reason() {
    return m.desk_shift_error_reason({ max: CANCEL_REASON_MAX });
  },
  get sale() {
    return m.desk_shift_error_sale();
  },
  get notYours() {
    return m.desk_shift_error_not_yours();
  },
  get closed() {
    return m.desk_shift_error_closed();
  },
};

const say = (key: keyof typeof SHIFT_MESSAGES) => ({ error: () => SHIFT_MESSAGES[key] });

/** A denomination's field name in the close form ("d500"). */
export const denominationField = (rupees: (typeof DENOMINATIONS)[number]) => `d${rupees}` as const;

export const openShiftSchema = z.object({
  /** Rupees as typed (empty: ₹0); the value is in paise. */
  openingFloat: z
    .string()
    .trim()
    .optional()
    .transform((value) => (value ? rupeesToPaise(value) : 0))
    .refine((value) => value !== null && value >= 0 && value < MAX_FLOAT_PAISE, say("float"))
    .transform((value) => value ?? 0),
});

const pieces = z.coerce.number(say("pieces")).int(say("pieces")).min(0, say("pieces")).max(MAX_PIECES, say("pieces")).default(0);

export const closeShiftSchema = z.object({
  shiftId: z.coerce.number(say("sale")).int(say("sale")).positive(say("sale")),
  d2000: pieces,
  d500: pieces,
  d200: pieces,
  d100: pieces,
  d50: pieces,
  d20: pieces,
  d10: pieces,
  d5: pieces,
  d2: pieces,
  d1: pieces,
  note: z
    .string()
    .trim()
    .optional()
    .refine((value) => !value || characterCount(value, CLOSE_NOTE_MAX + 1) <= CLOSE_NOTE_MAX, say("note")),
});

export type CloseShiftInput = z.infer<typeof closeShiftSchema>;

/** The counted pieces by denomination (only those counted) and their total in paise. */
export function countedCash(input: CloseShiftInput): { pieces: Record<string, number>; total: number } {
  const counted: Record<string, number> = {};
  let total = 0;
  for (const rupees of DENOMINATIONS) {
    const count = input[denominationField(rupees)] ?? 0;
    if (count > 0) counted[String(rupees)] = count;
    total += count * rupees * 100;
  }
  return { pieces: counted, total };
}

export const cancelSaleSchema = z.object({
  trackingNo: z
    .string(say("sale"))
    .trim()
    .regex(/^[A-Za-z0-9-]{4,40}$/, say("sale")),
  reason: z
    .string(say("reason"))
    .trim()
    .min(3, say("reason"))
    .refine((value) => characterCount(value, CANCEL_REASON_MAX + 1) <= CANCEL_REASON_MAX, say("reason")),
});

export type CancelSaleInput = z.infer<typeof cancelSaleSchema>;
