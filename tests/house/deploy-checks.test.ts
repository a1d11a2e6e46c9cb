/**
 * Issue 10 #6: `npm run deploy` refuses a configuration that is local, a placeholder or
 * missing a setting, and says what to set; a complete one passes (scripts/deploy-checks.ts).
 */
import builtConfig from "@sannidhi/built-config";
import { describe, expect, it } from "vitest";
import { type BuiltConfig, deployFindings, whyHostIsNotPublic } from "../../scripts/deploy-checks";

const READY: BuiltConfig = {
  vars: {
    SITE_NAME: "Sannidhi",
    SUPPORT_EMAIL: "support@sannidhi.in",
    SUPPORT_PHONE: "+91 80 4710 2030",
    EMAIL_FROM: "Sannidhi <no-reply@sannidhi.in>",
    PUBLIC_ORIGIN: "https://www.sannidhi.in",
    PACKAGES_ORIGIN: "https://packages.sannidhi.in",
    TURNSTILE_SITE_KEY: "0x4AAAAAAAB1c2d3e4f5g6h7",
  },
  d1_databases: [{ binding: "DB", database_id: "3f2b8c1e-7a4d-4e2b-9c1a-5d6e7f8a9b0c" }],
  kv_namespaces: [{ binding: "SESSIONS", id: "0123456789abcdef0123456789abcdef" }],
  r2_buckets: [
    { binding: "VIDEOS", bucket_name: "sannidhi-videos" },
    { binding: "IMAGES", bucket_name: "sannidhi-images" },
  ],
  durable_objects: { bindings: [{ name: "WAITING_ROOM", class_name: "WaitingRoom" }] },
  migrations: [{ tag: "v1-waiting-room", new_sqlite_classes: ["WaitingRoom"] }],
  queues: {
    producers: [{ queue: "sannidhi-notifications", binding: "NOTIFICATIONS" }],
    consumers: [
      {
        queue: "sannidhi-notifications",
        max_batch_size: 10,
        max_batch_timeout: 0,
        max_retries: 6,
        dead_letter_queue: "sannidhi-notifications-dlq",
      },
      { queue: "sannidhi-notifications-dlq", max_batch_size: 10, max_batch_timeout: 0, max_retries: 3 },
    ],
  },
};
const SECRETS = [
  "SESSION_SECRET",
  "RECEIPT_CODE_SECRET",
  "RESEND_API_KEY",
  "TURNSTILE_SECRET_KEY",
  "RAZORPAY_KEY_ID",
  "RAZORPAY_KEY_SECRET",
  "RAZORPAY_WEBHOOK_SECRET",
];

const errorsOf = (config: BuiltConfig, secrets: readonly string[] | null = SECRETS) =>
  deployFindings(config, secrets)
    .filter((f) => f.level === "error")
    .map((f) => f.setting);
const withVars = (vars: Record<string, unknown>): BuiltConfig => ({ ...READY, vars: { ...READY.vars, ...vars } });

describe("npm run deploy's checks", () => {
  it("refuse the repository's wrangler.toml as it is, naming every setting to fill in", () => {
    expect(errorsOf(builtConfig, [])).toEqual([
      "DB (d1_databases.database_id)",
      "SESSIONS (kv_namespaces.id)",
      "PUBLIC_ORIGIN",
      "PACKAGES_ORIGIN",
      "EMAIL_FROM",
      "SUPPORT_EMAIL",
      "SESSION_SECRET",
      "RECEIPT_CODE_SECRET",
      "RESEND_API_KEY",
      "TURNSTILE_SITE_KEY, TURNSTILE_SECRET_KEY",
    ]);
    for (const finding of deployFindings(builtConfig, [])) expect(finding.message, finding.setting).toMatch(/Fix: |Set /);
  });

  it("pass a complete configuration", () => {
    expect(deployFindings(READY, SECRETS)).toEqual([]);
  });

  it("refuse local switches, in [vars] or as a secret", () => {
    expect(errorsOf(withVars({ MAIL_MODE: "local" }))).toEqual(["MAIL_MODE"]);
    expect(errorsOf(READY, [...SECRETS, "MAIL_MODE"])).toEqual(["MAIL_MODE"]);
    expect(errorsOf(withVars({ CHALLENGE_MODE: "local" }))).toEqual(["CHALLENGE_MODE"]);
    expect(errorsOf(READY, [...SECRETS, "CHALLENGE_MODE"])).toEqual(["CHALLENGE_MODE"]);
  });

  it("refuse the Razorpay emulator's address (RAZORPAY_API_BASE), in [vars] or as a secret, whatever it points at", () => {
    for (const value of ["http://127.0.0.1:8789/v1", "https://api.razorpay.com/v1", "https://razorpay.example/v1"]) {
      expect(errorsOf(withVars({ RAZORPAY_API_BASE: value })), value).toEqual(["RAZORPAY_API_BASE"]);
    }
    expect(errorsOf(READY, [...SECRETS, "RAZORPAY_API_BASE"])).toEqual(["RAZORPAY_API_BASE"]);
    const [finding] = deployFindings(withVars({ RAZORPAY_API_BASE: "http://127.0.0.1:8789/v1" }), SECRETS);
    expect(finding?.message).toMatch(/local-only.*Razorpay emulator.*Fix: remove it from \[vars\] in wrangler\.toml/);
    expect(deployFindings(READY, [...SECRETS, "RAZORPAY_API_BASE"])[0]?.message).toContain(
      "Fix: npx wrangler secret delete RAZORPAY_API_BASE",
    );
  });

  it("refuse local or placeholder addresses", () => {
    expect(errorsOf(withVars({ PACKAGES_ORIGIN: "http://packages.localhost:8787" }))).toEqual(["PACKAGES_ORIGIN", "PACKAGES_ORIGIN"]);
    expect(errorsOf(withVars({ PUBLIC_ORIGIN: "http://www.sannidhi.in" }))).toEqual(["PUBLIC_ORIGIN"]);
    expect(errorsOf(withVars({ PUBLIC_ORIGIN: "https://www.sannidhi.in/login" }))).toEqual(["PUBLIC_ORIGIN"]);
    expect(errorsOf(withVars({ PUBLIC_ORIGIN: "https://sannidhi.example" }))).toEqual(["PUBLIC_ORIGIN"]);
    expect(errorsOf(withVars({ EMAIL_FROM: "Sannidhi <no-reply@sannidhi.example>" }))).toEqual(["EMAIL_FROM"]);
    expect(errorsOf(withVars({ SUPPORT_EMAIL: "help@127.0.0.1" }))).toEqual(["SUPPORT_EMAIL", "SUPPORT_EMAIL"]);
    // Set as secrets instead of vars, they are taken as given.
    const { PUBLIC_ORIGIN: _p, PACKAGES_ORIGIN: _q, ...rest } = READY.vars!;
    expect(errorsOf({ ...READY, vars: rest }, [...SECRETS, "PUBLIC_ORIGIN", "PACKAGES_ORIGIN"])).toEqual([]);
  });

  it("refuse Cloudflare Turnstile's test keys, site or secret, and say which real key to put", () => {
    for (const key of [
      "1x00000000000000000000AA",
      "2x00000000000000000000AB",
      "1x00000000000000000000BB",
      "2x00000000000000000000BB",
      "3x00000000000000000000FF",
    ]) {
      const findings = deployFindings(withVars({ TURNSTILE_SITE_KEY: key }), SECRETS);
      expect(
        findings.map((f) => f.setting),
        key,
      ).toEqual(["TURNSTILE_SITE_KEY"]);
      expect(findings[0]?.message).toMatch(/Turnstile's test keys.*Fix: .*site key.*TURNSTILE_SITE_KEY/);
    }
    for (const key of [
      "1x0000000000000000000000000000000AA",
      "2x0000000000000000000000000000000AA",
      "3x0000000000000000000000000000000AA",
    ]) {
      const findings = deployFindings(withVars({ TURNSTILE_SECRET_KEY: key }), SECRETS);
      expect(
        findings.map((f) => f.setting),
        key,
      ).toEqual(["TURNSTILE_SECRET_KEY", "TURNSTILE_SECRET_KEY"]);
      expect(findings.map((f) => f.message).join("\n")).toMatch(
        /Turnstile's test keys.*Fix: .*npx wrangler secret put TURNSTILE_SECRET_KEY/,
      );
    }
    // A real widget's site key (they start 0x4) passes.
    expect(errorsOf(withVars({ TURNSTILE_SITE_KEY: "0x4AAAAAAADnPIDROrmt1Wwj" }))).toEqual([]);
  });

  it("refuse origins and mail domains that are not on the public internet, saying why and what to set", () => {
    for (const origin of [
      "https://sannidhi.internal",
      "https://packages.sannidhi.home.arpa",
      "https://sannidhi.local",
      "https://sannidhi.lan",
      "https://sannidhi.corp",
      "https://portal.intranet",
      "https://portal.private",
      "https://www.sannidhi.test",
      "https://www.sannidhi.invalid",
      "https://www.example.com",
      "https://sannidhi",
      "https://10.1.2.3",
      "https://192.168.1.20",
      "https://172.20.0.5",
      "https://169.254.10.1",
      "https://[fd12:3456::1]",
      "https://[fe80::1]",
      "https://[::1]",
      "https://0x7f.1",
    ]) {
      const findings = deployFindings(withVars({ PUBLIC_ORIGIN: origin }), SECRETS).filter((f) => f.setting === "PUBLIC_ORIGIN");
      expect(findings.length, origin).toBeGreaterThan(0);
      expect(findings.at(-1)?.message, origin).toMatch(
        /not the https origin of a public site: .+\. Fix: set PUBLIC_ORIGIN = "https:\/\/<your host>"/,
      );
    }
    expect(errorsOf(withVars({ PACKAGES_ORIGIN: "https://packages.sannidhi.home.arpa" }))).toEqual(["PACKAGES_ORIGIN"]);
    expect(errorsOf(withVars({ EMAIL_FROM: "Sannidhi <no-reply@sannidhi.internal>" }))).toEqual(["EMAIL_FROM"]);
    expect(errorsOf(withVars({ SUPPORT_EMAIL: "help@mailhost" }))).toEqual(["SUPPORT_EMAIL"]);
    expect(errorsOf(withVars({ SUPPORT_EMAIL: "help@10.0.0.8" }))).toEqual(["SUPPORT_EMAIL"]);
  });

  it("tell a public host from one that is not", () => {
    for (const host of [
      "www.sannidhi.in",
      "packages.sannidhi.in",
      "sannidhi.org",
      "temples.co.in",
      "local.sannidhi.in",
      "internal-tools.sannidhi.in",
    ]) {
      expect(whyHostIsNotPublic(host), host).toBeNull();
    }
    for (const host of [
      "localhost",
      "app.localhost",
      "127.0.0.1",
      "[::1]",
      "10.0.0.1",
      "172.16.0.1",
      "192.168.0.1",
      "169.254.1.1",
      "[fc00::1]",
      "[fe80::1]",
      "sannidhi.local",
      "sannidhi.internal",
      "packages.sannidhi.home.arpa",
      "SANNIDHI.INTERNAL.",
      "a.test",
      "a.example",
      "a.invalid",
      "nas.lan",
      "erp.corp",
      "wiki.intranet",
      "vault.private",
      "sannidhi",
    ]) {
      expect(whyHostIsNotPublic(host), host).toMatch(/\w/);
    }
  });

  it("refuse placeholder ids and missing bindings", () => {
    expect(errorsOf({ ...READY, d1_databases: [{ binding: "DB", database_id: "00000000-0000-0000-0000-000000000000" }] })).toEqual([
      "DB (d1_databases.database_id)",
    ]);
    expect(errorsOf({ ...READY, kv_namespaces: [{ binding: "SESSIONS", id: "00000000000000000000000000000000" }] })).toEqual([
      "SESSIONS (kv_namespaces.id)",
    ]);
    expect(errorsOf({ ...READY, r2_buckets: [] })).toEqual(["VIDEOS (r2_buckets)", "IMAGES (r2_buckets)"]);
    expect(errorsOf({ ...READY, r2_buckets: READY.r2_buckets!.filter((r) => r.binding === "VIDEOS") })).toEqual(["IMAGES (r2_buckets)"]);
  });

  it("refuse a waiting room without its Durable Object binding or its SQLite migration, and pass the built one", () => {
    expect(builtConfig.durable_objects).toEqual(READY.durable_objects);
    expect(builtConfig.migrations).toEqual(READY.migrations);
    expect(errorsOf({ ...READY, durable_objects: { bindings: [] } })).toEqual(["WAITING_ROOM (durable_objects)"]);
    expect(errorsOf({ ...READY, durable_objects: { bindings: [{ name: "WAITING_ROOM", class_name: "Other" }] } })).toEqual([
      "WAITING_ROOM (durable_objects)",
    ]);
    expect(errorsOf({ ...READY, migrations: [] })).toEqual(["WaitingRoom (migrations)"]);
    // A key-value backed class could not keep the queue in SQL.
    expect(errorsOf({ ...READY, migrations: [{ tag: "v1", new_classes: ["WaitingRoom"] }] })).toEqual(["WaitingRoom (migrations)"]);
  });

  it("refuse a configuration without the notifications queue, its consumer or its dead-letter queue, and pass the built one", () => {
    expect(builtConfig.queues).toEqual(READY.queues);
    const [main, deadLetters] = READY.queues!.consumers!;
    expect(errorsOf({ ...READY, queues: undefined })).toEqual(["NOTIFICATIONS (queues.producers)"]);
    expect(errorsOf({ ...READY, queues: { ...READY.queues, consumers: [deadLetters!] } })).toEqual([
      "sannidhi-notifications (queues.consumers)",
    ]);
    const withoutDeadLetters = { ...main!, dead_letter_queue: undefined };
    expect(errorsOf({ ...READY, queues: { ...READY.queues, consumers: [withoutDeadLetters, deadLetters!] } })).toEqual([
      "sannidhi-notifications (dead_letter_queue)",
    ]);
    expect(errorsOf({ ...READY, queues: { ...READY.queues, consumers: [main!] } })).toEqual([
      "sannidhi-notifications-dlq (queues.consumers)",
    ]);
  });

  it("refuse the local Resend emulator's address, as the Razorpay emulator's", () => {
    expect(errorsOf(withVars({ RESEND_API_BASE: "http://127.0.0.1:8790" }))).toEqual(["RESEND_API_BASE"]);
    expect(errorsOf(READY, [...SECRETS, "RESEND_API_BASE"])).toEqual(["RESEND_API_BASE"]);
  });

  it("refuse missing or misplaced secrets, and warn about payments", () => {
    expect(
      errorsOf(
        READY,
        SECRETS.filter((s) => s !== "SESSION_SECRET"),
      ),
    ).toEqual(["SESSION_SECRET"]);
    expect(
      errorsOf(
        READY,
        SECRETS.filter((s) => s !== "RECEIPT_CODE_SECRET"),
      ),
    ).toEqual(["RECEIPT_CODE_SECRET"]);
    expect(
      errorsOf(
        READY,
        SECRETS.filter((s) => s !== "RESEND_API_KEY"),
      ),
    ).toEqual(["RESEND_API_KEY"]);
    expect(
      errorsOf(
        withVars({ RESEND_API_KEY: "re_123" }),
        SECRETS.filter((s) => s !== "RESEND_API_KEY"),
      ),
    ).toEqual(["RESEND_API_KEY"]);
    expect(
      errorsOf(
        READY,
        SECRETS.filter((s) => s !== "RAZORPAY_KEY_SECRET"),
      ),
    ).toEqual(["RAZORPAY_KEY_SECRET"]);
    // Without Turnstile's keys nobody could pass the check an account under attack asks for.
    expect(
      errorsOf(
        READY,
        SECRETS.filter((s) => s !== "TURNSTILE_SECRET_KEY"),
      ),
    ).toEqual(["TURNSTILE_SECRET_KEY"]);
    const { TURNSTILE_SITE_KEY: _site, ...withoutSiteKey } = READY.vars!;
    expect(errorsOf({ ...READY, vars: withoutSiteKey })).toEqual(["TURNSTILE_SITE_KEY"]);
    expect(errorsOf(withVars({ TURNSTILE_SECRET_KEY: "0x4secret" }))).toEqual(["TURNSTILE_SECRET_KEY"]);
    const noPayments = deployFindings(READY, ["SESSION_SECRET", "RECEIPT_CODE_SECRET", "RESEND_API_KEY", "TURNSTILE_SECRET_KEY"]);
    expect(noPayments).toEqual([
      expect.objectContaining({ level: "warning", message: expect.stringContaining("online payment is not available") }),
    ]);
    const noWebhook = deployFindings(
      READY,
      SECRETS.filter((s) => s !== "RAZORPAY_WEBHOOK_SECRET"),
    );
    expect(noWebhook).toEqual([expect.objectContaining({ level: "warning", setting: "RAZORPAY_WEBHOOK_SECRET" })]);
  });
});

describe("npm run deploy's checks without access to the account", () => {
  it("still check the configuration, and refuse because the secrets are unchecked", () => {
    expect(errorsOf(READY, null)).toEqual(["secrets"]);
    expect(errorsOf(builtConfig, null)).toContain("DB (d1_databases.database_id)");
  });
});
