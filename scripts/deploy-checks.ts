/**
 * What `npm run deploy` checks before anything reaches Cloudflare (pure: the Worker tests
 * run it too). It reads the built wrangler.json and the names of the Worker's secrets,
 * and answers each problem with the setting, what would happen, and how to fix it.
 * Errors stop the deploy; warnings are printed and the deploy goes on.
 */

export interface BuiltConfig {
  vars?: Record<string, unknown>;
  d1_databases?: { binding: string; database_id?: string }[];
  kv_namespaces?: { binding: string; id?: string }[];
  r2_buckets?: { binding: string; bucket_name?: string }[];
  durable_objects?: { bindings?: { name: string; class_name?: string; script_name?: string }[] };
  migrations?: { tag: string; new_sqlite_classes?: string[]; new_classes?: string[]; deleted_classes?: string[] }[];
  queues?: {
    producers?: { queue: string; binding: string }[];
    consumers?: { queue: string; max_retries?: number; dead_letter_queue?: string; max_batch_size?: number; max_batch_timeout?: number }[];
  };
}

export interface Finding {
  level: "error" | "warning";
  setting: string;
  message: string;
}

/** Local-only switches (app/lib/local-switches.server.ts): never in a deployment. */
const LOCAL_SWITCHES = ["MAIL_MODE", "CHALLENGE_MODE"];
/** The local emulators' addresses (Razorpay's, app/lib/payments/index.server.ts; Resend's, app/lib/email.server.ts): never in a deployment. */
const LOCAL_EMULATORS: Record<string, string> = {
  RAZORPAY_API_BASE: "it points Razorpay's adapter at the local Razorpay emulator, and a deployment must talk to Razorpay itself",
  RESEND_API_BASE: "it points the e-mail adapter at the local Resend emulator, and a deployment must talk to Resend itself",
};
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const KV_ID = /^[0-9a-f]{32}$/i;
/**
 * Names no public site is served under: reserved for loopback, tests and examples (RFC 2606,
 * 6761), home networks (RFC 8375, .local's mDNS), private use (ICANN's .internal), and the
 * suffixes intranets commonly use instead.
 */
const PRIVATE_SUFFIXES = [
  "localhost",
  "local",
  "internal",
  "home.arpa",
  "test",
  "example",
  "example.com",
  "example.net",
  "example.org",
  "invalid",
  "lan",
  "corp",
  "intranet",
  "private",
];
/** Cloudflare Turnstile's documented test keys (1x… pass, 2x… fail, 3x… forced or spent); a real widget's start 0x4. */
const TURNSTILE_TEST_KEY = /^[1-3]x0{8,}[0-9a-z]*$/i;

/**
 * Why a host (a URL's hostname or a mail domain) cannot be a public site's on the internet,
 * or null when it can be. Any IP address is refused: loopback, private and link-local ones
 * are unreachable from outside, and Cloudflare serves a Worker under a domain name anyway.
 */
export function whyHostIsNotPublic(host: string): string | null {
  let name: string;
  try {
    // The URL parser lowercases and spells every IPv4 form (0x7f.1, 2130706433) as dotted decimal.
    name = new URL(`https://${host}`).hostname.replace(/\.$/, "");
  } catch {
    return "not a host name";
  }
  if (name.startsWith("[") || /^[\d.]+$/.test(name)) return `${name} is an IP address, not a public domain name`;
  if (!name.includes(".")) return `${name} is a single-label name, which only a local network resolves`;
  const suffix = PRIVATE_SUFFIXES.find((reserved) => name === reserved || name.endsWith(`.${reserved}`));
  if (suffix) return `.${suffix} names are local, private or reserved, never resolved on the internet`;
  return null;
}

const placeholderId = (id: string | undefined) => !id || /^0+(-0+)*$/.test(id);

/** A value that must be the https origin of a public site. */
function checkOrigin(name: string, value: unknown, what: string): Finding | null {
  const fix = `set ${name} = "https://<your host>" in [vars] in wrangler.toml`;
  if (typeof value !== "string") return { level: "error", setting: name, message: `missing: ${what}. Fix: ${fix}.` };
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return { level: "error", setting: name, message: `"${value}" is not an address. Fix: ${fix}.` };
  }
  const notPublic = whyHostIsNotPublic(url.hostname);
  if (url.protocol !== "https:" || url.origin !== value.replace(/\/$/, "") || notPublic) {
    return {
      level: "error",
      setting: name,
      message: `"${value}" is not the https origin of a public site: ${notPublic ?? "local or placeholder"}. Fix: ${fix}.`,
    };
  }
  return null;
}

/** A var holding an email address (or `Name <address>`) on a domain that can receive mail. */
function checkMailbox(name: string, value: unknown, what: string): Finding | null {
  const address = typeof value === "string" ? (/<([^>]+)>/.exec(value)?.[1] ?? value).trim() : "";
  const domain = address.split("@")[1] ?? "";
  if (!domain || whyHostIsNotPublic(domain)) {
    return {
      level: "error",
      setting: name,
      message: `"${String(value ?? "")}" is a placeholder: ${what}. Fix: set ${name} in [vars] in wrangler.toml to an address on your own domain.`,
    };
  }
  return null;
}

/** `secretNames` null: wrangler could not list them (not logged in); the rest is still checked. */
export function deployFindings(config: BuiltConfig, secretNames: readonly string[] | null): Finding[] {
  const vars = config.vars ?? {};
  const secrets = new Set(secretNames ?? []);
  const has = (name: string) => vars[name] !== undefined || secrets.has(name);
  const findings: (Finding | null)[] = [];

  for (const name of LOCAL_SWITCHES) {
    if (vars[name] !== undefined)
      findings.push({
        level: "error",
        setting: name,
        message:
          `is local-only (the outbox of every mailed code, the stand-in human check). Fix: remove it from ` +
          `[vars] in wrangler.toml; it belongs in .dev.vars.`,
      });
    if (secrets.has(name))
      findings.push({
        level: "error",
        setting: name,
        message: `is set as a secret of the deployed Worker. Fix: npx wrangler secret delete ${name}.`,
      });
  }
  for (const [name, why] of Object.entries(LOCAL_EMULATORS)) {
    if (vars[name] !== undefined || secrets.has(name))
      findings.push({
        level: "error",
        setting: name,
        message:
          `is local-only: ${why} ` +
          `(the Worker ignores any address that is not loopback, so nothing would change, but the setting says someone meant to test here). Fix: ${
            secrets.has(name) ? `npx wrangler secret delete ${name}` : "remove it from [vars] in wrangler.toml"
          }; it belongs in .dev.vars and the test configs only.`,
      });
  }
  for (const [name, value] of Object.entries(vars)) {
    if (
      typeof value === "string" &&
      /\b(localhost|127\.0\.0\.1)\b|\[::1\]/i.test(value) &&
      !LOCAL_SWITCHES.includes(name) &&
      !(name in LOCAL_EMULATORS)
    ) {
      findings.push({
        level: "error",
        setting: name,
        message: `"${value}" points at this machine. Fix: set the deployment's value in [vars] in wrangler.toml (local values go in .dev.vars).`,
      });
    }
  }

  for (const [name, value] of Object.entries(vars)) {
    if (typeof value === "string" && TURNSTILE_TEST_KEY.test(value.trim()))
      findings.push({
        level: "error",
        setting: name,
        message:
          `"${value}" is one of Cloudflare Turnstile's test keys: it passes or fails everyone alike, ` +
          `so the check an account under attack asks for would stop no bot or lock its owner out. Fix: ${
            name === "TURNSTILE_SITE_KEY"
              ? "create a Turnstile widget for your domain (Cloudflare dashboard, Turnstile) and put its site key in [vars] as TURNSTILE_SITE_KEY"
              : "remove it from [vars] in wrangler.toml, and npx wrangler secret put TURNSTILE_SECRET_KEY with your Turnstile widget's own secret key"
          }.`,
      });
  }

  const db = config.d1_databases?.find((d) => d.binding === "DB");
  if (!db || placeholderId(db.database_id) || !UUID.test(db.database_id ?? "")) {
    findings.push({
      level: "error",
      setting: "DB (d1_databases.database_id)",
      message:
        `"${db?.database_id ?? ""}" is a placeholder: migrations and every page would fail. Fix: npx ` +
        `wrangler d1 create sannidhi, and put the database_id it prints into wrangler.toml.`,
    });
  }
  const kv = config.kv_namespaces?.find((k) => k.binding === "SESSIONS");
  if (!kv || placeholderId(kv.id) || !KV_ID.test(kv.id ?? "")) {
    findings.push({
      level: "error",
      setting: "SESSIONS (kv_namespaces.id)",
      message:
        `"${kv?.id ?? ""}" is a placeholder: sessions and rate limits would fail. Fix: npx wrangler kv ` +
        `namespace create SESSIONS, and put the id it prints into wrangler.toml.`,
    });
  }
  if (!config.r2_buckets?.some((r) => r.binding === "VIDEOS" && r.bucket_name)) {
    findings.push({
      level: "error",
      setting: "VIDEOS (r2_buckets)",
      message: "missing: puja videos need it. Fix: npx wrangler r2 bucket create sannidhi-videos (the name in wrangler.toml).",
    });
  }
  if (!config.r2_buckets?.some((r) => r.binding === "IMAGES" && r.bucket_name)) {
    findings.push({
      level: "error",
      setting: "IMAGES (r2_buckets)",
      message:
        "missing: temple images uploaded at the desk need it. Fix: npx wrangler r2 bucket create sannidhi-images (the name in wrangler.toml).",
    });
  }

  findings.push(...waitingRoomFindings(config));
  findings.push(...queueFindings(config));

  if (!secrets.has("PUBLIC_ORIGIN"))
    findings.push(
      checkOrigin(
        "PUBLIC_ORIGIN",
        vars.PUBLIC_ORIGIN,
        "every emailed link (verification, password reset, receipts) is built from it; without it mail that needs a link is not sent",
      ),
    );
  if (!secrets.has("PACKAGES_ORIGIN"))
    findings.push(
      checkOrigin(
        "PACKAGES_ORIGIN",
        vars.PACKAGES_ORIGIN,
        "the packages site's links; without it every page answers 500 (the Worker refuses to start half-configured)",
      ),
    );
  findings.push(
    checkMailbox(
      "EMAIL_FROM",
      vars.EMAIL_FROM,
      "Resend refuses mail from a domain you have not verified, so no code or receipt would be sent",
    ),
  );
  findings.push(checkMailbox("SUPPORT_EMAIL", vars.SUPPORT_EMAIL, "pages, toasts and mail tell devotees to write to it"));

  if (secretNames === null) {
    findings.push({
      level: "error",
      setting: "secrets",
      message:
        "could not be listed, so SESSION_SECRET, RESEND_API_KEY and the Razorpay keys are unchecked. Fix: " +
        "npx wrangler login (or set CLOUDFLARE_API_TOKEN), then put the secrets (README).",
    });
    return findings.filter((finding): finding is Finding => finding !== null);
  }
  if (!secrets.has("SESSION_SECRET")) {
    findings.push({
      level: "error",
      setting: "SESSION_SECRET",
      message:
        "missing: every page would answer 500 (no fallback secret exists). Fix: openssl rand -hex 32 | " +
        "npx wrangler secret put SESSION_SECRET (at least 32 characters).",
    });
  }
  if (!secrets.has("RECEIPT_CODE_SECRET")) {
    findings.push({
      level: "error",
      setting: "RECEIPT_CODE_SECRET",
      message:
        "missing: every page would answer 500, and no receipt could carry a verification code (its own " +
        "secret, so rotating SESSION_SECRET never voids printed receipts). Fix: openssl rand -hex 32 | " +
        "npx wrangler secret put RECEIPT_CODE_SECRET (at least 32 characters; keep it: a new one voids " +
        "every code already printed).",
    });
  }
  if (!has("RESEND_API_KEY")) {
    findings.push({
      level: "error",
      setting: "RESEND_API_KEY",
      message:
        "missing: no mail could be sent (sign-up codes, password resets, receipts fail closed; nobody " +
        "could verify an account). Fix: npx wrangler secret put RESEND_API_KEY.",
    });
  }
  if (!has("TURNSTILE_SITE_KEY") || !secrets.has("TURNSTILE_SECRET_KEY")) {
    const missing = [
      has("TURNSTILE_SITE_KEY") ? null : "TURNSTILE_SITE_KEY",
      secrets.has("TURNSTILE_SECRET_KEY") ? null : "TURNSTILE_SECRET_KEY",
    ]
      .filter(Boolean)
      .join(", ");
    findings.push({
      level: "error",
      setting: missing,
      message:
        "missing: an account strangers have guessed at past its limit asks for Cloudflare Turnstile's " +
        "check, and without the keys nobody could pass it (its owner would be locked out). Fix: create a " +
        "Turnstile widget for your domain, put its site key in [vars] as TURNSTILE_SITE_KEY and npx " +
        "wrangler secret put TURNSTILE_SECRET_KEY.",
    });
  }
  const keyId = secrets.has("RAZORPAY_KEY_ID");
  const keySecret = secrets.has("RAZORPAY_KEY_SECRET");
  if (keyId !== keySecret) {
    findings.push({
      level: "error",
      setting: keyId ? "RAZORPAY_KEY_SECRET" : "RAZORPAY_KEY_ID",
      message: "missing while its pair is set: checkout would not start. Fix: npx wrangler secret put it, or delete both.",
    });
  } else if (!keyId) {
    findings.push({
      level: "warning",
      setting: "RAZORPAY_KEY_ID, RAZORPAY_KEY_SECRET",
      message:
        "not set: devotees can fill a cart but checkout says online payment is not available. Set both with npx wrangler secret put to take payments.",
    });
  } else if (!secrets.has("RAZORPAY_WEBHOOK_SECRET")) {
    findings.push({
      level: "warning",
      setting: "RAZORPAY_WEBHOOK_SECRET",
      message:
        "not set: /payments/webhook refuses every event, so a payment whose browser never returns is not " +
        "booked. Set it with npx wrangler secret put, and the webhook in Razorpay's dashboard.",
    });
  }
  for (const name of [
    "RESEND_API_KEY",
    "RAZORPAY_KEY_SECRET",
    "RAZORPAY_WEBHOOK_SECRET",
    "SESSION_SECRET",
    "RECEIPT_CODE_SECRET",
    "TURNSTILE_SECRET_KEY",
  ]) {
    if (vars[name] !== undefined)
      findings.push({
        level: "error",
        setting: name,
        message: "is in [vars] (plain text, committed). Fix: remove it from wrangler.toml and npx wrangler secret put it.",
      });
  }
  return findings.filter((finding): finding is Finding => finding !== null);
}

/**
 * The waiting rooms of releases: the WAITING_ROOM binding to this Worker's own WaitingRoom
 * class, created by a migration as a SQLite-backed class (its queue is in its SQL storage).
 */
function waitingRoomFindings(config: BuiltConfig): Finding[] {
  const binding = config.durable_objects?.bindings?.find((b) => b.name === "WAITING_ROOM");
  const fix = 'keep [[durable_objects.bindings]] name = "WAITING_ROOM", class_name = "WaitingRoom" in wrangler.toml';
  if (binding?.class_name !== "WaitingRoom" || binding.script_name) {
    return [
      {
        level: "error",
        setting: "WAITING_ROOM (durable_objects)",
        message: `missing or not this Worker's WaitingRoom: every release's waiting page and its booking passes would fail. Fix: ${fix}.`,
      },
    ];
  }
  const migrations = config.migrations ?? [];
  const created = migrations.some((m) => m.new_sqlite_classes?.includes("WaitingRoom"));
  const deleted = migrations.some((m) => m.deleted_classes?.includes("WaitingRoom"));
  if (!created || deleted) {
    return [
      {
        level: "error",
        setting: "WaitingRoom (migrations)",
        message:
          "no migration creates it as a SQLite-backed class (new_sqlite_classes), so Cloudflare would " +
          "refuse the deploy or the room could not keep its queue. Fix: keep the [[migrations]] entry with " +
          'new_sqlite_classes = ["WaitingRoom"] in wrangler.toml (never edit a deployed migration: add ' +
          "one).",
      },
    ];
  }
  return [];
}

/**
 * Every message goes through the notifications queue (app/domain/notifications): the producer
 * binding, this Worker as its consumer with a dead-letter queue, and this Worker consuming that
 * queue too (it marks what gave up as failed). Without any of them messages would be refused,
 * never sent, or lost after their retries.
 */
function queueFindings(config: BuiltConfig): Finding[] {
  const producer = config.queues?.producers?.find((p) => p.binding === "NOTIFICATIONS");
  const consumers = config.queues?.consumers ?? [];
  const consumer = producer ? consumers.find((c) => c.queue === producer.queue) : undefined;
  const create = "npx wrangler queues create sannidhi-notifications and sannidhi-notifications-dlq";
  if (!producer) {
    return [
      {
        level: "error",
        setting: "NOTIFICATIONS (queues.producers)",
        message:
          "missing: no message (receipt, code, answer) could be queued, so none would be sent. " +
          `Fix: ${create}, and keep the [[queues.producers]] binding = "NOTIFICATIONS" in wrangler.toml.`,
      },
    ];
  }
  if (!consumer) {
    return [
      {
        level: "error",
        setting: `${producer.queue} (queues.consumers)`,
        message:
          "missing: messages would be queued and never sent. " +
          `Fix: keep the [[queues.consumers]] queue = "${producer.queue}" in wrangler.toml (this Worker consumes it).`,
      },
    ];
  }
  const deadLetters = consumer.dead_letter_queue;
  if (!deadLetters) {
    return [
      {
        level: "error",
        setting: `${producer.queue} (dead_letter_queue)`,
        message:
          "missing: a message that used every retry would be dropped, not shown as failed with Retry. " +
          `Fix: set dead_letter_queue = "sannidhi-notifications-dlq" on its consumer (${create}).`,
      },
    ];
  }
  if (!consumers.some((c) => c.queue === deadLetters)) {
    return [
      {
        level: "error",
        setting: `${deadLetters} (queues.consumers)`,
        message:
          "missing: messages that gave up would sit in the dead-letter queue while their rows say queued. " +
          `Fix: keep the [[queues.consumers]] queue = "${deadLetters}" in wrangler.toml.`,
      },
    ];
  }
  return [];
}
