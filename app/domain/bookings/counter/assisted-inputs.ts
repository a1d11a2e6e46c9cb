/**
 * The operator's "Book for a devotee" form for an assisted temple: the counter's fields (puja or
 * donation, day, devotees with star and gotra, quantity) and the devotee who pays (name, e-mail,
 * mobile), who is sent the payment link. One zod schema for the form and the action; no server imports.
 */
import { z } from "zod";
import { isValidDay, MAX_DEVOTEES, MAX_QUANTITY } from "../cart/inputs";
import { rupeesToPaise } from "../../text";
import { m } from "~/paraglide/messages";
import { blankRow, COUNTER_MESSAGES, counterDevotee, counterItem, parseCounterItem } from "./counter-inputs";

export const ASSISTED_MESSAGES = {
  get temple() {
    return m.operator_assisted_error_temple();
  },
  get name() {
    return m.operator_assisted_error_name();
  },
  get email() {
    return m.operator_assisted_error_email();
  },
  get phone() {
    return m.operator_assisted_error_phone();
  },
  get gateway() {
    return m.operator_assisted_error_gateway();
  },
};

const say = (message: () => string) => ({ error: message });

export const assistedSaleSchema = z
  .object({
    templeId: z.coerce
      .number(say(() => ASSISTED_MESSAGES.temple))
      .int(say(() => ASSISTED_MESSAGES.temple))
      .min(
        1,
        say(() => ASSISTED_MESSAGES.temple),
      ),
    item: counterItem,
    pujaDate: z.string().trim().optional(),
    devotees: z.preprocess(
      (rows) => (Array.isArray(rows) ? rows.filter((row) => !blankRow(row)) : rows),
      z
        .array(
          counterDevotee,
          say(() => COUNTER_MESSAGES.devotees),
        )
        .min(
          1,
          say(() => COUNTER_MESSAGES.devotees),
        )
        .max(
          MAX_DEVOTEES,
          say(() => COUNTER_MESSAGES.devotees),
        ),
    ),
    quantity: z.coerce
      .number(say(() => COUNTER_MESSAGES.quantity))
      .int(say(() => COUNTER_MESSAGES.quantity))
      .min(
        1,
        say(() => COUNTER_MESSAGES.quantity),
      )
      .max(
        MAX_QUANTITY,
        say(() => COUNTER_MESSAGES.quantity),
      )
      .default(1),
    amount: z
      .string()
      .trim()
      .optional()
      .transform((value) => (value ? rupeesToPaise(value) : undefined)),
    name: z
      .string(say(() => ASSISTED_MESSAGES.name))
      .trim()
      .min(
        1,
        say(() => ASSISTED_MESSAGES.name),
      )
      .max(
        60,
        say(() => ASSISTED_MESSAGES.name),
      ),
    email: z
      .string(say(() => ASSISTED_MESSAGES.email))
      .trim()
      .toLowerCase()
      .max(
        254,
        say(() => ASSISTED_MESSAGES.email),
      )
      .pipe(z.email(say(() => ASSISTED_MESSAGES.email))),
    phone: z
      .string(say(() => ASSISTED_MESSAGES.phone))
      .trim()
      .transform((value) => value.replace(/[\s-]/g, ""))
      .refine(
        (value) => /^(\+91)?[6-9]\d{9}$/.test(value),
        say(() => ASSISTED_MESSAGES.phone),
      ),
  })
  .superRefine((value, ctx) => {
    const { kind } = parseCounterItem(value.item);
    if (kind === "puja" && !(value.pujaDate && isValidDay(value.pujaDate))) {
      ctx.addIssue({ code: "custom", path: ["pujaDate"], message: COUNTER_MESSAGES.day });
    }
    if (kind === "donation" && (value.amount === undefined || value.amount === null || value.amount < 100 || value.amount > 100_000_000)) {
      ctx.addIssue({ code: "custom", path: ["amount"], message: COUNTER_MESSAGES.amount });
    }
  });

export type AssistedSaleInput = z.infer<typeof assistedSaleSchema>;
