/** How the counter's money reads at the desk: a payment method's name, and a drawer's difference. */
import type { CounterMethod } from "~/domain/bookings/counter/shift-inputs";
import { formatRupees } from "~/domain/text";
import { m } from "~/paraglide/messages";

export function methodName(method: CounterMethod): string {
  if (method === "upi") return m.desk_book_method_upi();
  if (method === "upi_qr") return m.desk_book_method_upi_qr();
  return m.desk_book_method_cash();
}

/** A difference as people say it: short or over by ₹X, or balanced. */
export function differenceText(difference: number): string {
  if (difference < 0) return m.desk_book_short({ amount: formatRupees(-difference) });
  if (difference > 0) return m.desk_book_over({ amount: formatRupees(difference) });
  return m.desk_book_balanced();
}
