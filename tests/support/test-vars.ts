/**
 * The vars the Worker tests and the e2e server run with, whatever a deployment puts in
 * wrangler.toml: the local-only switches (the outbox and the sandbox gateway; never in
 * wrangler.toml) and the contact details the spec's messages are checked against.
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
