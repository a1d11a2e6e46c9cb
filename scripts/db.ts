/**
 * Local database tasks for Sannidhi (D1 "DB", R2 "VIDEOS" and "IMAGES", KV "SESSIONS"), all through
 * wrangler's local mode. Runs on the Node pinned in devDependencies:
 *
 *   npx node scripts/db.ts migrate [--persist-to DIR]
 *   npx node scripts/db.ts seed    [--temples N] [--if-empty] [--today YYYY-MM-DD] [--persist-to DIR]
 *   npx node scripts/db.ts reset   [--temples N] [--today YYYY-MM-DD] [--persist-to DIR]
 *
 * (or `npm run db:migrate|db:seed|db:reset -- <options>`). `--persist-to` is passed to every
 * wrangler call, so tests and benchmarks can use a private state directory; without it
 * wrangler's own .wrangler/state is used, the one `vite dev` and `wrangler dev` share.
 *
 * The sample puja video drizzle/fixtures/sample-puja.webm (4 s, VP8 + Opus, ~108 KB) was
 * made once with ffmpeg and committed, because CI has no ffmpeg:
 *
 *   ffmpeg -f lavfi -i "gradients=s=640x360:c0=0x7a1f1f:c1=0xe8871e:x0=0:y0=0:x1=640:y1=360:speed=0.02:d=4:r=24" \
 *     -f lavfi -i "sine=frequency=432:sample_rate=48000:duration=4" \
 *     -vf "format=yuv420p,\
 *         drawtext=fontfile=/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf:\
 *           text='Sannidhi — sample puja video':fontcolor=0xfffaf2:fontsize=30:x=(w-text_w)/2:y=(h-text_h)/2-20,\
 *         drawtext=fontfile=/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf:text='%{pts\:hms}':fontcolor=0xfffaf2:fontsize=22:x=(w-text_w)/2:y=(h/2)+30" \
 *     -af "volume=0.2,afade=t=in:d=0.5,afade=t=out:st=3.5:d=0.5" \
 *     -c:v libvpx -b:v 180k -deadline good -cpu-used 2 -auto-alt-ref 0 -g 48 -c:a libopus -b:a 32k -t 4 \
 *     -map_metadata -1 -fflags +bitexact -flags:v +bitexact -flags:a +bitexact drizzle/fixtures/sample-puja.webm
 */
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { DEMO_ACCOUNTS, SAMPLE_VIDEO_KEY, SEED_TABLES, generateSeed } from "../drizzle/seed/index.ts";
import { type PaidAtGateway, recordPaidInStateFile } from "../emulator/razorpay/store.ts";
import { EMULATOR_STATE } from "./lib.ts";

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const CONFIG = "wrangler.toml";
const VIDEO_BUCKET = "sannidhi-videos";
const VIDEO_FILE = "drizzle/fixtures/sample-puja.webm";
const DEFAULT_TEMPLES = 1000;

/** Quiet and offline wrangler: no metrics, no update check, no cf.json fetch, no prompts. */
const WRANGLER_ENV: NodeJS.ProcessEnv = {
  ...process.env,
  WRANGLER_SEND_METRICS: "false",
  WRANGLER_HIDE_BANNER: "true",
  CLOUDFLARE_CF_FETCH_ENABLED: "false",
  CI: "true",
};

class CommandError extends Error {}

type Options = { temples: number; ifEmpty: boolean; persistTo: string | undefined; today: string };

function usage(): never {
  console.error("usage: node scripts/db.ts <migrate|seed|reset> [--temples N] [--if-empty] [--today YYYY-MM-DD] [--persist-to DIR]");
  process.exit(2);
}

function parse(): { command: string; options: Options } {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: {
      temples: { type: "string" },
      "if-empty": { type: "boolean", default: false },
      "persist-to": { type: "string" },
      today: { type: "string" },
      help: { type: "boolean", short: "h", default: false },
    },
  });
  const [command] = positionals;
  if (values.help || !command || positionals.length > 1) usage();
  const temples = values.temples === undefined ? DEFAULT_TEMPLES : Number(values.temples);
  if (!Number.isInteger(temples) || temples < 1 || temples > 100_000)
    throw new CommandError(`--temples must be a whole number from 1 to 100000, got "${values.temples}"`);
  const today = values.today ?? new Date().toISOString().slice(0, 10);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(today)) throw new CommandError(`--today must be YYYY-MM-DD, got "${today}"`);
  const persistTo = values["persist-to"] ? resolve(values["persist-to"]) : undefined;
  return { command, options: { temples, ifEmpty: values["if-empty"], persistTo, today } };
}

/** Runs `npx wrangler ...` with no stdin; throws with wrangler's own output when it fails. */
function wrangler(args: string[], options: Options): string {
  const full = ["wrangler", ...args, "--config", CONFIG, ...(options.persistTo ? ["--persist-to", options.persistTo] : [])];
  const result = spawnSync("npx", full, {
    cwd: ROOT,
    env: WRANGLER_ENV,
    stdio: ["ignore", "pipe", "pipe"],
    encoding: "utf8",
    maxBuffer: 256 * 1024 * 1024,
  });
  const output = `${result.stdout ?? ""}${result.stderr ?? ""}`;
  if (result.error || result.status !== 0) {
    const shown = output
      .split("\n")
      .filter((l) => !l.startsWith("npm warn"))
      .slice(-40)
      .join("\n");
    throw new CommandError(`npx ${full.join(" ")} failed (${result.error?.message ?? `exit ${result.status ?? result.signal}`})\n${shown}`);
  }
  return result.stdout ?? "";
}

/** Runs one SQL query and returns the rows of its (single) result. */
function query<T>(sql: string, options: Options): T[] {
  const stdout = wrangler(["d1", "execute", "DB", "--local", "--json", "--command", sql], options);
  const start = stdout.indexOf("[");
  try {
    const parsed = JSON.parse(stdout.slice(start)) as { results: T[] }[];
    return parsed.flatMap((part) => part.results);
  } catch {
    throw new CommandError(`could not read wrangler's JSON answer to "${sql}":\n${stdout.slice(0, 2000)}`);
  }
}

function migrate(options: Options) {
  console.log(`Applying D1 migrations${where(options)}…`);
  const out = wrangler(["d1", "migrations", "apply", "DB", "--local"], options);
  console.log(/No migrations to apply/i.test(out) ? "  already up to date" : "  applied");
}

const SEED_PART_CHARS = 64_000_000;

/** The seed's statements in order, as files' texts of at most SEED_PART_CHARS each (one statement is never split). */
function seedParts(statements: string[]): string[] {
  const parts: string[] = [];
  let part: string[] = [];
  let size = 0;
  for (const statement of statements) {
    if (size + statement.length + 1 > SEED_PART_CHARS && part.length) {
      parts.push(`${part.join("\n")}\n`);
      part = [];
      size = 0;
    }
    part.push(statement);
    size += statement.length + 1;
  }
  if (part.length) parts.push(`${part.join("\n")}\n`);
  return parts;
}

async function seed(options: Options) {
  if (options.ifEmpty) {
    let rows: { n: number }[];
    try {
      rows = query<{ n: number }>("select count(*) as n from temples", options);
    } catch (error) {
      throw new CommandError(`${(error as Error).message}\n(has the database been migrated? run: node scripts/db.ts migrate)`);
    }
    if ((rows[0]?.n ?? 0) > 0) {
      console.log(`Database already has ${rows[0]!.n} temples${where(options)}: not seeding (--if-empty).`);
      // A state seeded before the emulator kept the seed's payments gets them now (kept ones stay as they are).
      tellEmulator(options);
      return;
    }
  }
  let started = performance.now();
  const statements = await generateSeed({ temples: options.temples, today: options.today });
  const sql = `${statements.join("\n")}\n`;
  const dir = options.persistTo ? join(options.persistTo, "seed") : join(ROOT, ".wrangler", "seed");
  mkdirSync(dir, { recursive: true });
  // workerd takes a file of SQL as one string: a large seed (100,000 temples: 352 MB) goes in parts of at most 64 MB.
  const files = seedParts(statements).map((part, i, parts) => {
    const file = join(dir, parts.length === 1 ? "seed.sql" : `seed-${String(i + 1).padStart(2, "0")}.sql`);
    writeFileSync(file, part);
    return file;
  });
  console.log(
    `Generated ${statements.length} statements for ${options.temples} temples, today ${options.today} ` +
      `(${(sql.length / 1e6).toFixed(1)} MB, ${seconds(started)}) → ${files.map(shown).join(", ")}`,
  );
  started = performance.now();
  try {
    for (const file of files) wrangler(["d1", "execute", "DB", "--local", "--file", file], options);
  } catch (error) {
    throw new CommandError(
      `${(error as Error).message}\n(seeding expects an empty, migrated database; to start over run: node scripts/db.ts reset)`,
    );
  }
  console.log(`Loaded into local D1${where(options)} in ${seconds(started)}.`);
  started = performance.now();
  wrangler(
    ["r2", "object", "put", `${VIDEO_BUCKET}/${SAMPLE_VIDEO_KEY}`, "--local", "--file", VIDEO_FILE, "--content-type", "video/webm"],
    options,
  );
  console.log(`Put ${VIDEO_FILE} into local R2 as ${VIDEO_BUCKET}/${SAMPLE_VIDEO_KEY} (${seconds(started)}).`);
  tellEmulator(options);
  summary(options);
}

/** The local Razorpay emulator's state file for this database (`npm start`'s, or beside a private state). */
function emulatorState(options: Options): string {
  return options.persistTo ? join(options.persistTo, "razorpay-emulator.json") : join(ROOT, EMULATOR_STATE);
}

/**
 * The seed's payments (every booking's, and the demo devotee's refunded and refund-due ones) are
 * written into the local Razorpay emulator's state, which it reads when it starts: they are then
 * the gateway's payments too, so reconciliation finds them and a seeded refund can be retried.
 */
function tellEmulator(options: Options) {
  try {
    writeSeedPayments(options);
  } catch (error) {
    // The database is seeded either way; the emulator then answers for new payments only.
    console.warn(`Could not write the seed's payments into the Razorpay emulator's state: ${(error as Error).message.split("\n")[0]}`);
  }
}

function writeSeedPayments(options: Options) {
  const rows = query<{
    orderId: string;
    paymentId: string;
    amount: number;
    paidAt: string;
    email: string;
    refundId: string | null;
    refundAmount: number | null;
    refundAt: string | null;
  }>(
    `select o.provider_order_id as orderId, o.payment_ref as paymentId, o.amount as amount, o.paid_at as paidAt, c.email as email,
       r.refund_ref as refundId, r.amount as refundAmount, r.started_at as refundAt
     from payment_orders o join customers c on c.id = o.customer_id
     left join payment_refunds r on r.payment_order_id = o.id and r.status = 'refunded' and r.refund_ref is not null
     where o.provider = 'razorpay' and o.payment_ref is not null and o.paid_at is not null
       and o.provider_order_id not like 'order_hist_%'`, // the bench's history (drizzle/seed/history.ts) is not the emulator's
    options,
  );
  const seconds = (iso: string) => Math.floor(Date.parse(iso) / 1000);
  const paid: PaidAtGateway[] = rows.map((row) => ({
    orderId: row.orderId,
    paymentId: row.paymentId,
    amount: row.amount,
    paidAt: seconds(row.paidAt),
    email: row.email,
    ...(row.refundId && row.refundAmount
      ? { refund: { id: row.refundId, amount: row.refundAmount, at: seconds(row.refundAt ?? row.paidAt) } }
      : {}),
  }));
  const file = emulatorState(options);
  recordPaidInStateFile(file, paid);
  console.log(`Wrote the seed's ${paid.length} payments into the Razorpay emulator's state ${shown(file)}.`);
}

function summary(options: Options) {
  // One row of sub-selects: D1 caps the number of terms in a compound (UNION) SELECT.
  const sql = `select ${SEED_TABLES.map((t) => `(select count(*) from ${t}) as ${t}`).join(", ")}`;
  const [counts = {}] = query<Record<string, number>>(sql, options);
  const width = Math.max(...SEED_TABLES.map((t) => t.length));
  console.log("\nRows:");
  for (const table of SEED_TABLES) console.log(`  ${table.padEnd(width)}  ${String(counts[table] ?? "?").padStart(6)}`);
  console.log("\nDemo accounts:");
  for (const account of Object.values(DEMO_ACCOUNTS)) {
    console.log(`  ${account.role.padEnd(8)}  ${account.email.padEnd(34)}  ${account.password}`);
  }
}

function reset(options: Options) {
  const state = join(options.persistTo ?? join(ROOT, ".wrangler", "state"), "v3");
  if (existsSync(state)) {
    rmSync(state, { recursive: true, force: true });
    console.log(`Deleted local D1/R2/KV state ${shown(state)}.`);
  }
  // What the emulator was paid belongs with that state (restart npm start after a reset).
  const payments = emulatorState(options);
  if (existsSync(payments)) {
    rmSync(payments, { force: true });
    console.log(`Deleted the Razorpay emulator's state ${shown(payments)}.`);
  }
}

/** A path relative to the project when inside it, absolute otherwise. */
function shown(path: string): string {
  const rel = relative(ROOT, path);
  return rel === "" ? "." : rel.startsWith("..") ? path : rel;
}

function where(options: Options): string {
  return options.persistTo ? ` (${shown(options.persistTo)})` : "";
}

function seconds(since: number): string {
  return `${((performance.now() - since) / 1000).toFixed(1)} s`;
}

async function main() {
  const { command, options } = parse();
  const started = performance.now();
  if (command === "migrate") migrate(options);
  else if (command === "seed") await seed(options);
  else if (command === "reset") {
    reset(options);
    migrate(options);
    await seed({ ...options, ifEmpty: false });
  } else usage();
  console.log(`\nDone: ${command} in ${seconds(started)}.`);
}

main().catch((error: unknown) => {
  console.error(`\n✘ db ${process.argv[2] ?? ""}: ${error instanceof CommandError ? error.message : ((error as Error).stack ?? error)}`);
  process.exit(1);
});
