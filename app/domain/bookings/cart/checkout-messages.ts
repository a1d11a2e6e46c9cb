/** What checkout tells the devotee. "Refunded in 4-5 working days" is the spec's wording (section 9). */
import { plural } from "~/lib/i18n";
import { m } from "~/paraglide/messages";
import { MAX_CART_LINES } from "./cart";
import { ORDER_LIFETIME_MINUTES, type RefundReason } from "./checkout-lines";

/** "money debited is refunded in 4-5 working days", in the request's language. */
export const refundTime = () => m.bookings_refund_time();

/** Why a payment was refunded (a clause: "…, because <reason>."), read when needed. */
export const REFUND_REASONS: Record<RefundReason, string> = {
  get "already-paid"() {
    return m.bookings_refund_reason_already_paid();
  },
  get expired() {
    return plural(
      ORDER_LIFETIME_MINUTES,
      m.bookings_refund_reason_expired_one,
      m.bookings_refund_reason_expired_other,
    )({ minutes: ORDER_LIFETIME_MINUTES });
  },
  get changed() {
    return m.bookings_refund_reason_changed();
  },
  get unavailable() {
    return m.bookings_refund_reason_unavailable();
  },
  get full() {
    return m.bookings_refund_reason_full();
  },
};

/** Checkout's words, in the request's (or page's) language: each read when needed. */
export const CHECKOUT_MESSAGES = {
  get empty() {
    return m.bookings_checkout_empty();
  },
  get problems() {
    return m.bookings_checkout_problems();
  },
  get overCap() {
    return m.bookings_cart_over_cap({ max: MAX_CART_LINES });
  },
  get minimum() {
    return m.bookings_checkout_minimum();
  },
  get gateway() {
    return m.bookings_checkout_gateway();
  },
  get full() {
    return m.bookings_checkout_full();
  },
  get devoteeLimit() {
    return m.bookings_checkout_devotee_limit();
  },
  get unavailable() {
    return m.bookings_checkout_unavailable();
  },
  get busy() {
    return m.bookings_checkout_busy();
  },
  paid: (receiptNo: string) => m.bookings_checkout_paid({ receiptNo }),
  get honoured() {
    return m.bookings_checkout_honoured();
  },
  get failed() {
    return m.bookings_checkout_failed();
  },
  refunded: (reason: RefundReason) => m.bookings_checkout_refunded({ reason: REFUND_REASONS[reason], refundTime: refundTime() }),
  get refundedAgain() {
    return m.bookings_checkout_refunded_again({ refundTime: refundTime() });
  },
  get replayed() {
    return m.bookings_checkout_replayed();
  },
  get unverified() {
    return m.bookings_checkout_unverified();
  },
  get expired() {
    return plural(
      ORDER_LIFETIME_MINUTES,
      m.bookings_checkout_expired_one,
      m.bookings_checkout_expired_other,
    )({ minutes: ORDER_LIFETIME_MINUTES });
  },
  get changed() {
    return m.bookings_checkout_changed();
  },
  get replaced() {
    return m.bookings_checkout_replaced();
  },
};
