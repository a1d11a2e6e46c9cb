/**
 * What each of a devotee's payments was for (My Transactions → Payments): the temple and the
 * puja or donation of its order's lines, named in the page's language, so a devotee reads
 * "Guruvayur … · Palpayasam +1 more" before the gateway's ids.
 */
import type { Database } from "~/db/client.server";
import { type BookingHeadline, bookingHeadline, headlineLine } from "~/domain/bookings/records/booking-headline";
import { namedInLanguage } from "~/domain/bookings/records/booked-names.server";
import type { FrozenLine } from "~/domain/bookings/cart/checkout-lines";
import type { CustomerPayment } from "./customer-payments.server";

/** Lines named per batch: their temple, puja and star ids stay well under D1's 100 bound parameters. */
const NAMED_AT_ONCE = 40;

export type PaymentPaidFor = Omit<CustomerPayment, "orderLines"> & { paidFor: BookingHeadline | null };

/** An order's lines that name what they were for (checkout freezes whole cart lines; older or hand-made orders may not). */
function frozenLines(json: string): FrozenLine[] {
  let lines: unknown;
  try {
    lines = JSON.parse(json);
  } catch {
    return [];
  }
  if (!Array.isArray(lines)) return [];
  return lines.flatMap((line: Partial<FrozenLine> | null) =>
    line && typeof line.templeId === "number" && typeof line.templeName === "string" && typeof line.itemName === "string"
      ? [
          {
            ...(line as FrozenLine),
            templePujaId: line.templePujaId ?? null,
            donationPurposeId: line.donationPurposeId ?? null,
            starId: line.starId ?? null,
            starName: line.starName ?? null,
            pujaDate: line.pujaDate ?? null,
          },
        ]
      : [],
  );
}

export async function paymentsWithWhatFor(db: Database, payments: readonly CustomerPayment[]): Promise<PaymentPaidFor[]> {
  const orders = payments.map((payment) => frozenLines(payment.orderLines));
  // Only the line each headline names needs its names in the page's language.
  const firsts = orders.map((lines) => headlineLine(lines));
  const shown = firsts.filter((line): line is FrozenLine => line !== undefined);
  const named: FrozenLine[] = [];
  for (let start = 0; start < shown.length; start += NAMED_AT_ONCE) {
    named.push(...(await namedInLanguage(db, shown.slice(start, start + NAMED_AT_ONCE))));
  }
  let next = 0;
  return payments.map(({ orderLines: _lines, ...payment }, index) => {
    const lines = orders[index]!;
    const first = firsts[index] === undefined ? undefined : named[next++];
    return { ...payment, paidFor: lines.length > 0 ? bookingHeadline(lines, payment.paidOn, first) : null };
  });
}
