/**
 * The counter's sale form: one zod schema, shared by the Conform form and the action, with the
 * messages staff see. No server imports here.
 */
import { z } from "zod";
import { devoteeName, isValidDay, MAX_DEVOTEES, MAX_QUANTITY } from "../cart/inputs";
import { gotraField } from "~/domain/accounts/family";
import { rupeesToPaise } from "../../text";
import { plural } from "~/lib/i18n";
import { m } from "~/paraglide/messages";

/** What the counter says to staff, in the request's language: read when shown, never at import. */
export const COUNTER_MESSAGES = {
  get item() {
    return m.desk_counter_error_item();
  },
  get day() {
    return m.desk_counter_error_day();
  },
  get devotees() {
    return m.desk_counter_error_devotees();
  },
  get star() {
    return m.desk_counter_error_star();
  },
  get quantity() {
    return m.desk_counter_error_quantity();
  },
  get amount() {
    return m.desk_counter_error_amount();
  },
  get phone() {
    return m.desk_counter_error_phone();
  },
  get payment() {
    return m.desk_counter_error_payment();
  },
  get upiRef() {
    return m.desk_counter_error_upi_ref();
  },
  get saleKey() {
    return m.desk_counter_error_sale_key();
  },
  get gateway() {
    return m.desk_counter_error_gateway();
  },
  dayFull: (left: number) => plural(left, m.desk_counter_error_day_full_one, m.desk_counter_error_day_full_other)({ left }),
  devoteeLimit: (max: number) => m.desk_counter_error_devotee_limit({ max }),
};

const say = (key: Exclude<keyof typeof COUNTER_MESSAGES, "dayFull" | "devoteeLimit" | "gateway">) => ({
  error: () => COUNTER_MESSAGES[key],
});

/** Blank rows the form offers but staff left empty are not devotees. */
export const blankRow = (row: unknown) => typeof row === "object" && row !== null && !String((row as { name?: unknown }).name ?? "").trim();

export const counterDevotee = z.object({
  name: devoteeName,
  starId: z.coerce.number(say("star")).int(say("star")).min(1, say("star")).max(27, say("star")),
  gotra: gotraField,
});

/** "puja-<temple puja id>" or "donation-<purpose id>": one choice lists both. */
export const counterItem = z.string(say("item")).regex(/^(puja|donation)-[1-9]\d{0,9}$/, say("item"));

export function parseCounterItem(item: string): { kind: "puja" | "donation"; id: number } {
  const [kind, id] = item.split("-");
  return { kind: kind === "donation" ? "donation" : "puja", id: Number(id) };
}

export const COUNTER_ROWS = 4;

export const counterSaleSchema = z
  .object({
    /** The form's one-time key (made when the form is shown): the same form posted twice sells once. */
    saleKey: z.string(say("saleKey")).regex(/^[A-Za-z0-9_-]{16,64}$/, say("saleKey")),
    item: counterItem,
    pujaDate: z.string().trim().optional(),
    devotees: z.preprocess(
      (rows) => (Array.isArray(rows) ? rows.filter((row) => !blankRow(row)) : rows),
      z.array(counterDevotee, say("devotees")).min(1, say("devotees")).max(MAX_DEVOTEES, say("devotees")),
    ),
    quantity: z.coerce.number(say("quantity")).int(say("quantity")).min(1, say("quantity")).max(MAX_QUANTITY, say("quantity")).default(1),
    /** A donation's amount in rupees (paise allowed); the value is in paise. */
    amount: z
      .string()
      .trim()
      .optional()
      .transform((value) => (value ? rupeesToPaise(value) : undefined)),
    phone: z
      .string()
      .trim()
      .optional()
      .refine((value) => !value || /^(\+91)?[6-9]\d{9}$/.test(value.replace(/[\s-]/g, "")), say("phone")),
    /** upi_qr: the gateway's UPI QR code for the exact amount (booked when the gateway says it is paid). */
    payment: z.enum(["cash", "upi", "upi_qr"], say("payment")),
    upiRef: z.string().trim().max(40, say("upiRef")).optional(),
  })
  .superRefine((value, ctx) => {
    const { kind } = parseCounterItem(value.item);
    if (kind === "puja" && !(value.pujaDate && isValidDay(value.pujaDate))) {
      ctx.addIssue({ code: "custom", path: ["pujaDate"], message: COUNTER_MESSAGES.day });
    }
    if (kind === "donation" && (value.amount === undefined || value.amount === null || value.amount < 100 || value.amount > 100_000_000)) {
      ctx.addIssue({ code: "custom", path: ["amount"], message: COUNTER_MESSAGES.amount });
    }
    if (value.payment === "upi" && !/^[A-Za-z0-9]{6,40}$/.test(value.upiRef ?? "")) {
      ctx.addIssue({ code: "custom", path: ["upiRef"], message: COUNTER_MESSAGES.upiRef });
    }
  });

export type CounterSaleInput = z.infer<typeof counterSaleSchema>;
