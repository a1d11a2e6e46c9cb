/**
 * Issue 29: invalidation follows the writes. The edge cache keys public pages by the content
 * version, a row that triggers raise on every write to a table public pages read (migration
 * 0011), so no writer — a desk or console screen, housekeeping, an import, a future screen —
 * can leave a stale page. Every table is either one of those or named here as private.
 */
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { runHousekeeping } from "../../workers/scheduled";
import { OPERATOR, signedIn, STAFF_A, templeOf } from "../support/staff";
import { fresh, get } from "../support/public";

/** Tables no public page reads: a write to them changes no cached page. */
const PRIVATE_TABLES = [
  "customers",
  "addresses",
  "transactions",
  "transaction_lines",
  "requests",
  // A devotee's ask to move a booked puja: seen only by them and the temple's desk.
  "date_changes",
  "favourites",
  "temple_registrations",
  "job_enquiries",
  "contact_requests",
  "newsletter_subscriptions",
  "signup_verifications",
  "password_resets",
  // One-time codes sent to a phone (sign-in, a new mobile verified): no page shows them.
  "phone_codes",
  "temple_staff",
  // Where a temple's alerts go (issue 41): seen only at its desk.
  "temple_alerts",
  "cart_items",
  "payment_orders",
  "payment_refunds",
  "rate_limits",
  "video_uploads",
  "audit_log",
  "content_version",
  // Seats change with every checkout: the temple site reads what is left each time it renders
  // (a visitor's copy is kept a minute), so they never flush the cache.
  "puja_seats",
  // Kept by triggers on priest_pujas and priest_temples, whose own triggers raise the version.
  "priest_puja_temples",
  // Seats taken and held: public pages show a day's capacity (its rules are watched), not who took a seat.
  "puja_seats",
  // Names devotees use: search reads the approved ones from temple_search_keys (watched), which
  // is written when one is approved or removed; proposals are seen only at the desk and console.
  "temple_aliases",
  // The payments ledger (issue 26): seen only by operators, temples' desks and the devotee who paid.
  "gateway_payments",
  "webhook_events",
  "reconciliation_runs",
  // Messages to devotees and who asked to be reminded (issue 41): seen only by the devotee and the console.
  "notifications",
  "release_reminders",
  // The people a devotee books for (issue 42): seen only in their account and their booking forms.
  "family_members",
  // A temple's counter shifts and their cash books (issue 42): seen only at its desk.
  "counter_shifts",
  // The platform's fee rules and its tax invoices to temples (issue 43): seen only at the desk and the console.
  "temple_fees",
  "platform_invoices",
  // Payouts (issue 43): bank accounts and their changes, transfers to temples, refunds of booked lines.
  "temple_payout_accounts",
  "payout_account_changes",
  "payout_transfers",
  "line_refunds",
  // Closed days' sums of the settlement statement, the bank view and the operator's ledger (issue 44): desk and console only.
  "settlement_days",
  "payout_day_groups",
  "ledger_days",
  // Closed days' bookings per temple (issue 44): housekeeping sums them into temples.prominence, which is watched.
  "booking_days",
  "temple_booking_days",
];

async function version(): Promise<number> {
  return (await env.DB.prepare("select version from content_version where id = 1").first<{ version: number }>())!.version;
}

/** The search indexes (FTS5) and their own tables: kept from temple_search_keys, which is watched. */
const SEARCH_INDEX = /^(temple_search|temple_key_words|temple_key_trigrams)(_(data|idx|content|docsize|config))?$/;

async function tables(): Promise<string[]> {
  const { results } = await env.DB.prepare(
    "select name from sqlite_master where type = 'table' and name not like 'sqlite_%' and name not like '_cf_%' and name != 'd1_migrations' order by name",
  ).all<{ name: string }>();
  return results.map((row) => row.name).filter((name) => !SEARCH_INDEX.test(name));
}

/** Asks as a visitor until the cache answers, then until it renders anew (the version moved; an isolate reads it at most once a second). */
async function cachedThen(path: string, change: () => Promise<void>) {
  let hit = false;
  for (let attempt = 0; attempt < 20 && !hit; attempt++) {
    const response = await get(path);
    await response.arrayBuffer();
    hit = response.headers.get("cf-cache-status") === "HIT";
  }
  expect(hit, `${path} came from the cache`).toBe(true);
  await change();
  const deadline = Date.now() + 5000;
  for (;;) {
    const response = await get(path);
    const html = await response.text();
    if (response.headers.get("cf-cache-status") !== "HIT") return html;
    expect(Date.now(), `${path} still answered from the cache after the change`).toBeLessThan(deadline);
  }
}

describe("the content version", () => {
  it("is raised by every insert, update and delete on every table public pages read, and every other table is private", async () => {
    const { results } = await env.DB.prepare(
      "select name, tbl_name, sql from sqlite_master where type = 'trigger' and name like '%\\_content' escape '\\'",
    ).all<{ name: string; tbl_name: string; sql: string }>();
    const watched = new Set(results.map((row) => row.tbl_name));
    for (const table of await tables()) {
      if (PRIVATE_TABLES.includes(table)) {
        expect(watched.has(table), `${table} is private`).toBe(false);
        continue;
      }
      // A table a public page reads: three triggers, and a real write raises the version.
      for (const event of ["insert", "update", "delete"])
        expect(
          results.map((row) => row.name),
          `${table} on ${event}`,
        ).toContain(`${table}_${event}_content`);
      // A table the seed leaves empty cannot be written to here: its triggers' own text must raise the version.
      if (!(await env.DB.prepare(`select 1 from "${table}" limit 1`).first())) {
        for (const row of results.filter((r) => r.tbl_name === table)) {
          expect(row.sql, row.name).toContain("UPDATE content_version SET version = version + 1 WHERE id = 1");
        }
        continue;
      }
      const before = await version();
      await env.DB.prepare(`update "${table}" set rowid = rowid where rowid = (select min(rowid) from "${table}")`).run();
      expect(await version(), `an update of ${table}`).toBeGreaterThan(before);
    }
    expect(watched.size).toBeGreaterThanOrEqual(17);
  });

  it("moves cached pages on when the desk, the console, housekeeping or any other writer changes what they show", async () => {
    const templeId = await templeOf(STAFF_A.email);
    const slug = (await env.DB.prepare("select slug from temples where id = ?").bind(templeId).first<{ slug: string }>())!.slug;

    // A temple's staff, from the desk.
    const staff = await signedIn(STAFF_A);
    const name = `Sree Temple ${crypto.randomUUID().slice(0, 6)}`;
    const site = await cachedThen(fresh(`/t/${slug}`), async () => {
      expect(
        (await staff.post(`/desk/${templeId}/temple`, { intent: "details", displayName: name, email: "temple@example.org" })).status,
      ).toBe(303);
    });
    expect(site).toContain(name);

    // An operator, from the console: a new deity.
    const operator = await signedIn(OPERATOR);
    const deity = `Deity ${crypto.randomUUID().slice(0, 6)}`;
    await cachedThen(fresh("/"), async () => {
      expect(
        (await operator.post("/operator/catalog", { intent: "deity", name: deity, imagePath: "/images/deities/ganesha.svg" })).status,
      ).toBe(303);
    });

    // Housekeeping: a temple's missing search keys written by the cron.
    await cachedThen(fresh("/temples?q=temple"), async () => {
      await env.DB.prepare("delete from temple_search_keys where temple_id = ?").bind(templeId).run();
      const results = await runHousekeeping(env);
      expect(results).toContainEqual({ name: "temple search keys", ok: true });
    });

    // Any other writer (an import, a script, a future screen) writing straight to D1.
    const event = `Unannounced ${crypto.randomUUID().slice(0, 6)}`;
    const news = await cachedThen(fresh("/news"), async () => {
      await env.DB.prepare("update messages set header = ? where id = (select min(id) from messages where kind = 'news')")
        .bind(event)
        .run();
    });
    expect(news).toContain(event);
  });
});
