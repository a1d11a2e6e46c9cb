/** What checkout tells the devotee. "Refunded in 4-5 working days" is the spec's wording (section 9). */
import { MAX_CART_LINES } from "./cart";
import { ORDER_LIFETIME_MINUTES, type RefundReason } from "./checkout-lines";

const REFUND_TIME = "money debited is refunded in 4-5 working days";

export const REFUND_REASONS: Record<RefundReason, string> = {
  "already-paid": "these items had already been paid for",
  expired: `the payment arrived after the order had expired (an order can be paid for ${ORDER_LIFETIME_MINUTES} minutes)`,
  changed: "a price or an item in your cart changed before you paid",
  unavailable: "an item in your cart could no longer be booked when you paid",
};

export const CHECKOUT_MESSAGES = {
  empty: "Your cart is empty.",
  problems: "Some items in your cart cannot be booked now. Please remove them and try again.",
  overCap: `Your cart has more than ${MAX_CART_LINES} items. Please remove some before paying.`,
  minimum: "The total must be at least ₹1.00.",
  gateway: "We could not reach the payment gateway. Nothing was charged; please try again in a moment.",
  unavailable: "Online payment is not available just now. Please try again later or contact support.",
  busy: "Another payment for your cart was started at the same moment. Please try again.",
  paid: (receiptNo: string) => `Payment received. Your receipt number is ${receiptNo}.`,
  honoured: "A rate changed after you paid: your booking stands at the rate you paid.",
  failed:
    "The payment did not go through, so nothing was booked and your cart is kept. If money was debited, it is refunded in 4-5 working days.",
  refunded: (reason: RefundReason) => `Nothing was booked, because ${REFUND_REASONS[reason]}. Your payment is being refunded: ${REFUND_TIME}.`,
  refundedAgain: `This payment was not booked and is being refunded: ${REFUND_TIME}.`,
  replayed: "This payment has already been recorded. Your booking is under My Transactions.",
  unverified: "This payment could not be verified.",
  expired: `This payment was not completed within ${ORDER_LIFETIME_MINUTES} minutes, so nothing was charged. Please check your cart and pay again.`,
  changed: "Your cart changed since you started paying (a price, an item or whether it can be booked). Nothing was charged. Please check your cart and pay again.",
  replaced: "This payment was replaced by a newer one or has closed. Nothing was charged by it. Please check your cart and pay again.",
} as const;
