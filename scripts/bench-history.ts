/**
 * `npm run bench -- --history` (issue 44): the pages whose cost grows with the bookings kept, measured
 * uncached on the normal 10,000-temple seed and on the same seed with three years of history
 * (200,000 devotees, 1,000,000 bookings: drizzle/seed/history.ts), p97.5 side by side, and the
 * worst ratio. The history state is loaded once and kept (`.wrangler/bench-state-history`).
 * `--bookings N` and `--devotees N` change the history's size (a state of another size gets its own folder).
 */
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync } from "node:fs";
import { join } from "node:path";
import autocannon from "autocannon";
import type { Miniflare } from "miniflare";
import { DEMO_ACCOUNTS } from "../drizzle/seed/index.ts";
import { HISTORY_ID_BASE, historyScript } from "../drizzle/seed/history.ts";
import { cpuPerRequest } from "./bench-cpu.ts";
import { seededState, signIn, startWorker } from "./bench-worker.ts";

const SLUG = "sree-krishna-swamy-temple-guruvayur";
const q = encodeURIComponent;

export type HistoryOptions = {
  bookings: number;
  devotees: number;
  connections: number;
  duration: number;
  persistRoot: string;
  /** The Worker's inspector, for CPU per request (scripts/bench-cpu.ts). */
  inspectorPort: number;
  /** `--only <regex>`: only the rows whose name matches (all when empty). */
  only?: string;
};
export type HistoryRow = {
  name: string;
  small: number;
  large: number;
  ratio: number;
  /** CPU milliseconds per request in the Worker's isolate, at the seed and with the history. */
  cpuSmall: number;
  cpuLarge: number;
  smallPath: string;
  largePath: string;
  /** A row that lists everything by design (the day sheet's print): shown, left out of the worst ratio. */
  unbounded?: boolean;
};
export type HistoryResult = {
  bookings: number;
  devotees: number;
  rows: HistoryRow[];
  worstRatio: number;
  bytes: { small: number; large: number; perBooking: number };
  loadSeconds: number | null;
};

/** Bytes in use in a state's D1 database (its pages less the free ones a dropped table leaves), by the SQLite shell. */
export function d1Bytes(persist: string) {
  const dir = join(persist, "v3", "d1", "miniflare-D1DatabaseObject");
  const file = existsSync(dir) ? readdirSync(dir).find((name) => name.endsWith(".sqlite") && name !== "metadata.sqlite") : undefined;
  if (!file) return 0;
  const pragmas = "PRAGMA page_size; PRAGMA page_count; PRAGMA freelist_count;";
  const result = spawnSync("sqlite3", ["-readonly", join(dir, file), pragmas], { encoding: "utf8" });
  const [size = 0, pages = 0, free = 0] = result.stdout.trim().split("\n").map(Number);
  return size * (pages - free);
}

/** The seeded state with the history loaded into it (once: later runs find it there), by the SQLite shell on D1's file. */
async function historyState(options: HistoryOptions) {
  const size = options.bookings === 1_000_000 && options.devotees === 200_000 ? "" : `-${options.bookings}-${options.devotees}`;
  const persist = seededState("10000", `${options.persistRoot}-history${size}`);
  const dir = join(persist, "v3", "d1", "miniflare-D1DatabaseObject");
  const file = readdirSync(dir).find((name) => name.endsWith(".sqlite") && name !== "metadata.sqlite");
  if (!file) throw new Error(`bench: no D1 database in ${dir}`);
  const database = join(dir, file);
  const shell = (input: string) => {
    const result = spawnSync("sqlite3", ["-bail", database], { input, encoding: "utf8", maxBuffer: 64 * 1024 * 1024 });
    if (result.status !== 0) throw new Error(`bench: sqlite3 failed: ${result.stderr || result.error?.message}`);
    return result.stdout;
  };
  const loaded = Number(shell(`SELECT count(*) FROM transactions WHERE id > ${HISTORY_ID_BASE};`).trim());
  if (loaded >= options.bookings) return { persist, loadSeconds: null };
  const started = performance.now();
  console.log(`history: loading ${options.bookings.toLocaleString("en")} bookings of ${options.devotees.toLocaleString("en")} devotees…`);
  const triggers = shell(
    `SELECT sql || ';;' FROM sqlite_master WHERE type = 'trigger' AND name IN ('puja_seats_capacity', 'puja_seats_devotee_limit');`,
  )
    .split(";;")
    .map((sql) => sql.trim())
    .filter(Boolean);
  const statements = historyScript(
    {
      bookings: options.bookings,
      devotees: options.devotees,
      days: 3 * 365,
      today: new Date().toISOString().slice(0, 10),
      devoteeEmail: DEMO_ACCOUNTS.devotee.email,
      demoBookings: 500,
      firstTempleSlug: SLUG,
    },
    triggers,
  );
  shell(`${statements.map((sql) => `${sql};`).join("\n")}\n`);
  return { persist, loadSeconds: Math.round((performance.now() - started) / 1000) };
}

type Page = { name: string; path: string; cookie: string; unbounded?: boolean };

/** The pages, with what they need of the state they run on: the sessions, the temple and its busiest day. */
async function pagesOf(mf: Miniflare, base: string): Promise<Page[]> {
  const db = await mf.getD1Database("DB");
  await db.prepare("delete from rate_limits").run();
  const temple = (await db.prepare("SELECT id FROM temples WHERE slug = ?").bind(SLUG).first<{ id: number }>())!;
  const busiest = (await db
    .prepare(`SELECT puja_date AS day FROM transaction_lines WHERE temple_id = ? AND puja_date IS NOT NULL
      GROUP BY puja_date ORDER BY count(*) DESC, puja_date DESC LIMIT 1`)
    .bind(temple.id)
    .first<{ day: string }>())!;
  const month = busiest.day.slice(0, 7);
  const devotee = await signIn(base, DEMO_ACCOUNTS.devotee.email, DEMO_ACCOUNTS.devotee.password);
  const staff = await signIn(base, DEMO_ACCOUNTS.staffGuruvayur.email, DEMO_ACCOUNTS.staffGuruvayur.password);
  const operator = await signIn(base, DEMO_ACCOUNTS.operator.email, DEMO_ACCOUNTS.operator.password);
  // A signed-in devotee's search and suggestions are never answered from the edge cache.
  return [
    { name: "My Transactions (the demo devotee)", path: "/account?tab=transactions&view=completed", cookie: devotee },
    { name: "day sheet (busiest day)", path: `/desk/${temple.id}/bookings?date=${busiest.day}`, cookie: staff },
    // The print lists every line of the day by design: its cost grows with the day (not in the worst ratio).
    { name: "day sheet print (PDF, every line)", path: `/desk/${temple.id}/day-sheet/${busiest.day}`, cookie: staff, unbounded: true },
    { name: "desk settlement month", path: `/desk/${temple.id}/settlement?month=${month}`, cookie: staff },
    { name: "operator ledger month (all temples)", path: `/operator/ledger?month=${month}`, cookie: operator },
    { name: "temples search (uncached)", path: `/temples?key1=temple&key2=${q("guruvayoor")}`, cookie: devotee },
    { name: "suggest (uncached)", path: `/api/suggest?list=search&q=${q("guru")}`, cookie: devotee },
  ];
}

async function p97_5(base: string, page: Page, options: HistoryOptions) {
  const warm = await fetch(base + page.path, { headers: { cookie: page.cookie } });
  await warm.arrayBuffer();
  if (warm.status !== 200) throw new Error(`bench: ${page.path} answered ${warm.status}`);
  const result = await autocannon({
    url: base + page.path,
    connections: options.connections,
    duration: options.duration,
    headers: { cookie: page.cookie },
  });
  if (result.non2xx || result.errors) console.warn(`  ${page.name}: non-2xx ${result.non2xx}, errors ${result.errors}`);
  // No request answered within the run: slower than the run itself (0 would read as fast).
  return result.requests.total === 0 ? Number.POSITIVE_INFINITY : result.latency.p97_5;
}

/** The housekeeping run (reconciliation, prominence from the last 90 days' bookings, and the rest), timed 5 times one after another. */
async function housekeepingP97_5(mf: Miniflare) {
  // workerd's Fetcher has scheduled(); Miniflare's types leave it out.
  const worker = (await mf.getWorker()) as unknown as { scheduled(options: { cron: string }): Promise<unknown> };
  const times: number[] = [];
  for (let run = 0; run < 5; run++) {
    const started = performance.now();
    await worker.scheduled({ cron: "*/15 * * * *" });
    times.push(performance.now() - started);
  }
  return Math.round(Math.max(...times));
}

async function measureState(persist: string, options: HistoryOptions, extra: Parameters<typeof startWorker>[1]) {
  const mf = startWorker(persist, { ...extra, inspectorPort: options.inspectorPort } as object);
  const base = (await mf.ready).toString().replace(/\/$/, "");
  const chosen = (name: string) => !options.only || new RegExp(options.only, "i").test(name);
  const pages = (await pagesOf(mf, base)).filter((page) => chosen(page.name));
  const figures: { name: string; path: string; p97_5: number; cpu: number; unbounded?: boolean }[] = [];
  for (const page of pages) {
    const ask = async () => void (await (await fetch(base + page.path, { headers: { cookie: page.cookie } })).arrayBuffer());
    const cpu = await cpuPerRequest(options.inspectorPort, ask, 30);
    figures.push({ name: page.name, path: page.path, p97_5: await p97_5(base, page, options), cpu, unbounded: page.unbounded });
  }
  const housekeeping = "housekeeping run (slowest of 5)";
  if (chosen(housekeeping)) figures.push({ name: housekeeping, path: "scheduled */15", p97_5: await housekeepingP97_5(mf), cpu: 0 });
  await mf.dispose();
  return figures;
}

export async function benchHistory(options: HistoryOptions, extra: Parameters<typeof startWorker>[1] = {}): Promise<HistoryResult> {
  const small = seededState("10000", options.persistRoot);
  const { persist: large, loadSeconds } = await historyState(options);
  const smallFigures = await measureState(small, options, extra);
  const largeFigures = await measureState(large, options, extra);
  const rows = smallFigures.map((figure, i) => {
    const other = largeFigures[i]!;
    return {
      name: figure.name,
      small: figure.p97_5,
      large: other.p97_5,
      ratio: Number((other.p97_5 / Math.max(figure.p97_5, 1)).toFixed(2)),
      cpuSmall: figure.cpu,
      cpuLarge: other.cpu,
      smallPath: figure.path,
      largePath: other.path,
      unbounded: figure.unbounded,
    };
  });
  const bytes = { small: d1Bytes(small), large: d1Bytes(large), perBooking: 0 };
  bytes.perBooking = Math.round((bytes.large - bytes.small) / options.bookings);
  return {
    bookings: options.bookings,
    devotees: options.devotees,
    rows,
    worstRatio: Math.max(...rows.filter((row) => !row.unbounded).map((row) => row.ratio)),
    bytes,
    loadSeconds,
  };
}

export function printHistory(result: HistoryResult, options: HistoryOptions) {
  console.log(
    `\nhistory: p97.5 on the 10,000-temple seed and with ${result.bookings.toLocaleString("en")} bookings ` +
      `(${options.connections} connections, ${options.duration} s a page; uncached)\n`,
  );
  console.log("page                                   seed ms   history ms   ratio   CPU ms seed / history");
  for (const row of result.rows) {
    const cpu = row.cpuSmall || row.cpuLarge ? `${row.cpuSmall} / ${row.cpuLarge}` : "";
    console.log(
      `${row.name.padEnd(38)} ${String(row.small).padStart(7)} ${String(row.large).padStart(12)}   ${row.ratio.toFixed(2).padStart(5)}   ${cpu}` +
        (row.unbounded ? "   (not in the worst ratio)" : ""),
    );
  }
  const mb = (bytes: number) => (bytes / 1e6).toFixed(0);
  console.log(
    `database: ${mb(result.bytes.small)} MB at the seed, ${mb(result.bytes.large)} MB with the history · ${result.bytes.perBooking} bytes a booking` +
      (result.loadSeconds === null ? "" : ` · loaded in ${result.loadSeconds} s`),
  );
  console.log(`history: worst ratio ${result.worstRatio.toFixed(2)}`);
}
