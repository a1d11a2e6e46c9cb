import { NOTIFICATION_KINDS } from "../../app/domain/notifications/kind-names.ts";
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
  PLATFORM_LEGAL_NAME: "Sannidhi Seva Private Limited",
  PLATFORM_GSTIN: "29ABCDE1234F1Z5",
  // A test-only value: the e2e server's build may carry an older .dev.vars without it.
  RECEIPT_CODE_SECRET: "test-only-receipt-secret-0123456789abcdef0123456789",
};

/** The emulator's keys in tests (test-only values; the emulator checks them like Razorpay). */
export const EMULATOR_KEYS = {
  RAZORPAY_KEY_ID: "rzp_test_SannidhiTests01",
  RAZORPAY_KEY_SECRET: "test-only-emulator-key-secret-0123456789abcdef",
  RAZORPAY_WEBHOOK_SECRET: "test-only-emulator-webhook-secret-0123456789",
};

/** The kinds of message the local phone templates cover: every kind the notifications area sends. */
export const PHONE_MESSAGE_KINDS = NOTIFICATION_KINDS;

/** A kind's local DLT template id in a language, as MSG91 would number it (`local_sign_in_code_ta`). */
export const localSmsTemplate = (kind: string, language: string) => `local_${kind.replaceAll("-", "_")}_${language}`;

export const PHONE_LANGUAGES = ["en", "hi", "ta", "te", "kn", "ml"] as const;

/**
 * The phone emulators' keys in tests (test-only values; emulator/phone checks them like Meta
 * and MSG91), and a DLT template id per kind and language, as MSG91_TEMPLATES holds them in production.
 */
export const PHONE_KEYS = {
  WHATSAPP_ACCESS_TOKEN: "test-only-whatsapp-access-token-0123456789abcdef",
  WHATSAPP_PHONE_NUMBER_ID: "106540352242922",
  WHATSAPP_APP_SECRET: "test-only-whatsapp-app-secret-0123456789abcdef",
  WHATSAPP_VERIFY_TOKEN: "test-only-whatsapp-verify-token-0123456789",
  MSG91_AUTH_KEY: "test-only-msg91-auth-key-0123456789abcdef",
  MSG91_SENDER_ID: "SNNDHI",
  MSG91_WEBHOOK_TOKEN: "test-only-msg91-report-token-0123456789abcdef",
  MSG91_TEMPLATES: JSON.stringify(
    Object.fromEntries(
      PHONE_MESSAGE_KINDS.map((kind) => [kind, Object.fromEntries(PHONE_LANGUAGES.map((lang) => [lang, localSmsTemplate(kind, lang)]))]),
    ),
  ),
};
