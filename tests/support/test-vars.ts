/**
 * The vars the Worker tests and the e2e server run with, whatever a deployment puts in
 * wrangler.toml: the local-only switches (the outbox; never in wrangler.toml), the contact
 * details the spec's messages are checked against, and the keys of the local Razorpay
 * emulator (its address, RAZORPAY_API_BASE, is added where the emulator is started).
 */
export const TEST_VARS = {
  MAIL_MODE: "local",
  CHALLENGE_MODE: "local",
  PACKAGES_ORIGIN: "http://packages.localhost:8787",
  SITE_NAME: "Sannidhi",
  SUPPORT_EMAIL: "support@sannidhi.example",
  SUPPORT_PHONE: "+91 80 4710 2030",
  EMAIL_FROM: "Sannidhi <no-reply@sannidhi.example>",
  // A test-only value: the e2e server's build may carry an older .dev.vars without it.
  RECEIPT_CODE_SECRET: "test-only-receipt-secret-0123456789abcdef0123456789",
};

/** The emulator's keys in tests (test-only values; the emulator checks them like Razorpay). */
export const EMULATOR_KEYS = {
  RAZORPAY_KEY_ID: "rzp_test_SannidhiTests01",
  RAZORPAY_KEY_SECRET: "test-only-emulator-key-secret-0123456789abcdef",
  RAZORPAY_WEBHOOK_SECRET: "test-only-emulator-webhook-secret-0123456789",
};
