/**
 * The names of the kinds of message, on their own (no imports): the notifications area's catalogue
 * (kinds.ts) and the local phone templates of the tests and the e2e server (tests/support/test-vars.ts,
 * read by Node before any build) share this one list.
 */
export const NOTIFICATION_KINDS = [
  "receipt",
  "request-accepted",
  "request-declined",
  "request-redated",
  "date-moved",
  "date-move-declined",
  "puja-performed",
  "video-ready",
  "prasad-dispatched",
  "refund-started",
  "refund-completed",
  "verification-code",
  "sign-in-code",
  "password-reset",
  "password-changed",
  "release-reminder",
  "puja-eve-reminder",
  "temple-new-booking",
  "temple-new-request",
  "temple-morning-digest",
  "payment-link",
  "payout-account-changed",
] as const;
