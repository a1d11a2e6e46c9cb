import { z } from "zod";

/** A kind of message (receipt, sign-in-code, …: the notifications kinds) as the phone templates' maps name it. */
const messageKind = z.string().regex(/^[a-z][a-z0-9_-]{0,63}$/, "a kind is lower-case letters, digits, _ and -");

/** A map set as JSON text (a secret or .dev.vars) or as a table in wrangler.toml's [vars] (an object). */
function jsonMap<T extends z.ZodType>(schema: T) {
  const fromText = z.string().transform((text, ctx) => {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      ctx.addIssue({ code: "custom", message: "not valid JSON" });
      return z.NEVER;
    }
  });
  return z.union([fromText.pipe(schema), schema]);
}

const msg91TemplateId = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/);
const phoneLanguage = z.enum(["en", "hi", "ta", "te", "kn", "ml", "default"]);

/** Vars and secrets the Worker needs, checked once per isolate. */
const configSchema = z.object({
  SITE_NAME: z.string().min(1),
  SUPPORT_EMAIL: z.email(),
  SUPPORT_PHONE: z.string().min(5),
  /**
   * Who charges the platform's fee on its monthly tax invoices to temples (ledger/invoice-pdf.server.ts):
   * the company's legal name and its GSTIN. Without them no invoice is issued.
   */
  PLATFORM_LEGAL_NAME: z.string().trim().min(3).max(200).optional(),
  PLATFORM_GSTIN: z
    .string()
    .regex(/^\d{2}[A-Z]{5}\d{4}[A-Z][1-9A-Z]Z[0-9A-Z]$/, "a GSTIN: 15 characters, e.g. 29ABCDE1234F1Z5")
    .optional(),
  /** The packages site; without it package links stay on the request's host (lib/packages-origin.server.ts). */
  PACKAGES_ORIGIN: z.url().optional(),
  EMAIL_FROM: z.string().min(3),
  /** The site's canonical origin (https://host): every emailed link is built from it (lib/public-origin.server.ts). */
  PUBLIC_ORIGIN: z
    .url({ protocol: /^https?$/ })
    .refine(
      (value) => URL.canParse(value) && new URL(value).origin === value.replace(/\/$/, ""),
      "must be an origin, e.g. https://sannidhi.example",
    )
    .optional(),
  /** "local": mail goes to the local outbox instead of Resend. */
  MAIL_MODE: z.enum(["local"]).optional(),
  /** "local": the local stand-in for Cloudflare Turnstile (lib/human-check.server.ts). */
  CHALLENGE_MODE: z.enum(["local"]).optional(),
  /** Cloudflare Turnstile's widget key (public) and secret key: the human check an account under attack asks for. */
  TURNSTILE_SITE_KEY: z.string().min(1).optional(),
  TURNSTILE_SECRET_KEY: z.string().min(1).optional(),
  SESSION_SECRET: z.string().min(32, "SESSION_SECRET must be at least 32 characters"),
  /**
   * Signs receipts' verification codes (app/domain/trust/receipt-codes.server.ts). Its own secret:
   * rotating SESSION_SECRET must never void the receipts devotees have printed; rotating this one does.
   */
  RECEIPT_CODE_SECRET: z.string().min(32, "RECEIPT_CODE_SECRET must be at least 32 characters"),
  RESEND_API_KEY: z.string().min(1).optional(),
  /** The Resend emulator's address (e.g. http://127.0.0.1:8790); honoured only when it is a loopback URL. */
  RESEND_API_BASE: z.string().min(1).optional(),
  RAZORPAY_KEY_ID: z.string().min(1).optional(),
  RAZORPAY_KEY_SECRET: z.string().min(1).optional(),
  RAZORPAY_WEBHOOK_SECRET: z.string().min(1).optional(),
  /** The Razorpay emulator's API base (e.g. http://127.0.0.1:8789/v1); honoured only when it is a loopback URL. */
  RAZORPAY_API_BASE: z.string().min(1).optional(),
  /** Days after a puja's date its money is released to the temple if the desk has not marked it performed (Route holds). */
  PAYOUT_HOLD_DAYS: z.coerce.number().int().min(0).max(60).default(3),
  /**
   * WhatsApp Business Cloud API (app/lib/phone/whatsapp.server.ts): the access token of a system
   * user (secret), the sending number's id, the app secret that signs webhooks (secret) and the
   * token Meta echoes when the webhook is registered (secret). Without them WhatsApp is not sent.
   */
  WHATSAPP_ACCESS_TOKEN: z.string().min(1).optional(),
  WHATSAPP_PHONE_NUMBER_ID: z
    .string()
    .regex(/^\d{5,30}$/, "the phone number's numeric id")
    .optional(),
  WHATSAPP_APP_SECRET: z.string().min(1).optional(),
  WHATSAPP_VERIFY_TOKEN: z.string().min(16, "WHATSAPP_VERIFY_TOKEN must be at least 16 characters").optional(),
  /** Kind → approved template name (one name, translated in each language); default `sannidhi_<kind>`. */
  WHATSAPP_TEMPLATES: jsonMap(z.record(messageKind, z.string().regex(/^[a-z0-9_]{1,512}$/, "a template name"))).optional(),
  /** Graph API base: a loopback emulator, or https://graph.facebook.com/vNN.0 for another version. */
  WHATSAPP_API_BASE: z.string().min(1).optional(),
  /** MSG91 (app/lib/phone/sms.server.ts): the auth key (secret) and the DLT sender id (header), six characters. */
  MSG91_AUTH_KEY: z.string().min(1).optional(),
  MSG91_SENDER_ID: z
    .string()
    .regex(/^[A-Za-z0-9]{6}$/, "a DLT header of six letters")
    .optional(),
  /** Kind → MSG91 template id for every language, or → { en, hi, …, default } (DLT templates are per text, so per language). */
  MSG91_TEMPLATES: jsonMap(z.record(messageKind, z.union([msg91TemplateId, z.partialRecord(phoneLanguage, msg91TemplateId)]))).optional(),
  /** The secret in the delivery-report URL registered with MSG91 (/webhooks/sms?token=…): MSG91 does not sign its reports. */
  MSG91_WEBHOOK_TOKEN: z.string().min(24, "MSG91_WEBHOOK_TOKEN must be at least 24 characters").optional(),
  /** MSG91's API base: a loopback emulator, or https://control.msg91.com/api/v5. */
  MSG91_API_BASE: z.string().min(1).optional(),
});

export type AppConfig = z.infer<typeof configSchema>;

export interface AppBindings {
  DB: D1Database;
  SESSIONS: KVNamespace;
  VIDEOS: R2Bucket;
  IMAGES: R2Bucket;
  /** The waiting rooms of releases (Durable Objects, one per opening). */
  WAITING_ROOM: Env["WAITING_ROOM"];
  /** Every message's row id goes here; the Worker's queue() handler sends it (app/domain/notifications). */
  NOTIFICATIONS: Queue<string>;
}

export interface AppEnv {
  bindings: AppBindings;
  config: AppConfig;
}

const parsed = new WeakMap<object, AppEnv>();

/**
 * The one typed accessor for bindings, vars and secrets. Throws (without echoing
 * any value) when the deployment is misconfigured.
 */
export function readEnv(env: Env): AppEnv {
  const cached = parsed.get(env);
  if (cached) return cached;
  const result = configSchema.safeParse(env);
  if (!result.success) {
    const fields = result.error.issues.map((issue) => issue.path.join(".")).join(", ");
    throw new Error(`Invalid Worker configuration: ${fields}`);
  }
  const value: AppEnv = {
    bindings: {
      DB: env.DB,
      SESSIONS: env.SESSIONS,
      VIDEOS: env.VIDEOS,
      IMAGES: env.IMAGES,
      WAITING_ROOM: env.WAITING_ROOM,
      NOTIFICATIONS: env.NOTIFICATIONS as Queue<string>,
    },
    config: result.data,
  };
  parsed.set(env, value);
  return value;
}
