/**
 * Years of history on top of a seeded database (issue 44, `npm run bench -- --history`): devotees and
 * bookings with what each booking leaves behind (its payment order, the gateway's payment, a line,
 * its seat, the temple's transfer, the receipt's message, and for one in twenty the request it was
 * booked from). Plain SQL that SQLite expands itself (a recursive CTE per table), so a million
 * bookings load in minutes instead of shipping hundreds of megabytes of INSERTs.
 *
 * The skew is deterministic (a hash of the booking's number, no random()): temples in order of the
 * seed's prominence (the named one first) take bookings as r³ of their rank, so the first 1% of
 * temples take about a fifth of all; three in ten bookings fall on one of 40 festival days, the
 * first festivals the largest. The first `demoBookings` bookings are the named devotee's.
 * Rows are marked as history's: ids from HISTORY_ID_BASE, devotees' e-mails at history.example.
 */
import { prominenceSeedStatements } from "../../app/domain/catalog/prominence.ts";

export const HISTORY_ID_BASE = 10_000_000;
const FESTIVALS = 40;

export type HistoryOptions = {
  /** New devotees (the bookings' customers besides the named devotee). */
  devotees: number;
  bookings: number;
  /** Days back from `today` the bookings' dates spread over. */
  days: number;
  today: string;
  /** The devotee (by e-mail) who gets the first `demoBookings` bookings, and the temple (by slug) ranked first. */
  devoteeEmail: string;
  demoBookings: number;
  firstTempleSlug: string;
};

const text = (value: string) => `'${value.replace(/'/g, "''")}'`;
/** A number in [0, 1) from the booking's number and a salt: the same for a run and the next. */
const hash = (salt: number) => `((((i * ${salt}) % 1000003) * (((i * ${salt}) % 1000003) + ${salt % 977}) + i) % 1000003) / 1000003.0`;

/** The tables the generator plans with (dropped at the end). */
export function historyPlanStatements(options: HistoryOptions): string[] {
  return [
    "DROP TABLE IF EXISTS history_temples",
    "DROP TABLE IF EXISTS history_pujas",
    "DROP TABLE IF EXISTS history_plan",
    "DROP TABLE IF EXISTS history_draws",
    // Pujas booked directly with no limit of seats (the capacity triggers are another benchmark's).
    `CREATE TABLE history_pujas AS
SELECT row_number() OVER (ORDER BY (t.slug = ${text(options.firstTempleSlug)}) DESC, t.prominence DESC, t.id, tp.id) - 1 AS k,
  tp.id AS temple_puja_id, t.id AS temple_id, tp.rate AS rate, p.name AS name
FROM temple_pujas tp JOIN temples t ON t.id = tp.temple_id JOIN pujas p ON p.id = tp.puja_id
WHERE t.online_booking = 1 AND tp.active = 1 AND tp.booking_mode = 'direct' AND tp.rate > 0
  AND tp.daily_capacity IS NULL AND tp.per_devotee_limit IS NULL
  AND NOT EXISTS (SELECT 1 FROM puja_capacity_rules r WHERE r.temple_puja_id = tp.id)`,
    `CREATE TABLE history_temples AS
SELECT row_number() OVER (ORDER BY min(k)) - 1 AS n, temple_id, min(k) AS first_k, count(*) AS pujas FROM history_pujas GROUP BY temple_id`,
    "CREATE UNIQUE INDEX history_temples_n ON history_temples (n)",
    "CREATE UNIQUE INDEX history_pujas_k ON history_pujas (k)",
    "CREATE TABLE history_draws (i INTEGER PRIMARY KEY, r3 REAL, r4 REAL, r6 REAL, r7 REAL, back INTEGER, temple_rank INTEGER)",
    "CREATE TABLE history_plan (i INTEGER PRIMARY KEY, customer_id INTEGER, k INTEGER, puja_date TEXT, booked_at TEXT, quantity INTEGER)",
  ];
}

/**
 * The plan of bookings `from`..`to`: their draws, then who, which puja, the puja's day and the booking's
 * moment (two statements: the temple's rank is then a column its index finds). Local D1 gives a statement
 * about 30 s, as D1 does: every statement here is one chunk's.
 */
export function historyPlanChunk(options: HistoryOptions, from: number, to: number): string[] {
  const { devotees, days, today, demoBookings } = options;
  const devotee = `(SELECT id FROM customers WHERE email = ${text(options.devoteeEmail)})`;
  return [
    `INSERT INTO history_draws (i, r3, r4, r6, r7, back, temple_rank)
WITH RECURSIVE n(i) AS (SELECT ${from} UNION ALL SELECT i + 1 FROM n WHERE i < ${to}),
draws AS (
  SELECT i, ${hash(700_001)} AS r1, ${hash(350_003)} AS r2, ${hash(911_011)} AS r3, ${hash(123_457)} AS r4,
    ${hash(555_557)} AS r5, ${hash(271_829)} AS r6, ${hash(314_159)} AS r7 FROM n
)
SELECT i, r3, r4, r6, r7,
  CASE WHEN r1 < 0.3 THEN 14 + CAST(r2 * r2 * ${FESTIVALS} AS integer) * ${Math.floor(days / FESTIVALS)}
    ELSE CAST(r2 * ${days} AS integer) - 14 END,
  CAST(r5 * r5 * r5 * (SELECT count(*) FROM history_temples) AS integer)
FROM draws`,
    `INSERT INTO history_plan (i, customer_id, k, puja_date, booked_at, quantity)
SELECT i,
  CASE WHEN i <= ${demoBookings} THEN ${devotee} ELSE ${HISTORY_ID_BASE} + 1 + CAST(r7 * ${devotees} AS integer) END,
  ht.first_k + CAST(r6 * ht.pujas AS integer),
  date(${text(today)}, printf('%+d days', -back)),
  min(date(${text(today)}, printf('%+d days', -(back + CAST(r3 * 14 AS integer)))), ${text(today)}) || 'T' ||
    printf('%02d:%02d:00.000Z', CAST(r4 * 14 AS integer) + 1, CAST(r4 * 3600 AS integer) % 60),
  CASE WHEN r4 < 0.9 THEN 1 ELSE 2 END
FROM history_draws d JOIN history_temples ht ON ht.n = d.temple_rank WHERE d.i BETWEEN ${from} AND ${to}`,
  ];
}

/** The devotees (`devotees` rows), signing in with the named devotee's password. */
export function historyDevoteeStatements(options: HistoryOptions, from: number, to: number): string[] {
  return [
    `INSERT INTO customers (id, email, first_name, last_name, phone_mobile, city, state, password_hash, verified, language, created_at)
WITH RECURSIVE n(i) AS (SELECT ${from} UNION ALL SELECT i + 1 FROM n WHERE i < ${to})
SELECT ${HISTORY_ID_BASE} + i, 'devotee' || i || '@history.example', 'Devotee', 'No. ' || i, '9' || printf('%09d', i), 'Thrissur', 'Kerala',
  (SELECT password_hash FROM customers WHERE email = ${text(options.devoteeEmail)}), 1, 'en',
  date(${text(options.today)}, '-' || (${options.days} + 30) || ' days') || 'T08:00:00.000Z'
FROM n`,
  ];
}

/** The bookings numbered `from`..`to` and everything each leaves behind. */
export function historyBookingStatements(options: HistoryOptions, from: number, to: number): string[] {
  const { today } = options;
  const base = HISTORY_ID_BASE;
  const plan = `history_plan h JOIN history_pujas p ON p.k = h.k`;
  const range = `h.i BETWEEN ${from} AND ${to}`;
  const amount = "p.rate * h.quantity";
  const year = "substr(h.booked_at, 1, 4)";
  const fee = `(${amount} * 5 / 100)`;
  return [
    `INSERT INTO requests (id, customer_id, temple_id, temple_puja_id, devotee_name, puja_date, quantity, rate, status, created_at)
SELECT ${base} + h.i, h.customer_id, p.temple_id, p.temple_puja_id, 'Devotee ' || h.i, h.puja_date, h.quantity, p.rate, 4, h.booked_at
FROM ${plan} WHERE ${range} AND h.i % 20 = 0`,
    `INSERT INTO payment_orders (id, customer_id, provider, provider_order_id, amount, status, lines, payment_ref, paid_at, created_at, reconciled_at)
SELECT ${base} + h.i, h.customer_id, 'razorpay', 'order_hist_' || h.i, ${amount}, 'paid',
  json_array(json_object('itemType', 'PUJA', 'templeId', p.temple_id, 'amount', p.rate, 'quantity', h.quantity, 'postalCharge', 0,
    'itemName', p.name, 'templePujaId', p.temple_puja_id, 'pujaDate', h.puja_date, 'devoteeName', 'Devotee ' || h.i)),
  'pay_HIST' || h.i, h.booked_at, h.booked_at, h.booked_at
FROM ${plan} WHERE ${range}`,
    `INSERT INTO transactions (id, customer_id, booking_date, receipt_no, tracking_no, status, total, payment_provider, payment_ref,
  payment_order_id, created_at)
SELECT ${base} + h.i, h.customer_id, h.booked_at, 'SN-' || ${year} || '-H' || printf('%07d', h.i), 'TRKH' || printf('%09d', h.i), 0,
  ${amount}, 'razorpay', 'pay_HIST' || h.i, ${base} + h.i, h.booked_at
FROM ${plan} WHERE ${range}`,
    `INSERT INTO transaction_lines (id, transaction_id, item_type, temple_id, temple_puja_id, item_name, devotee_name, puja_date, quantity,
  amount, postal_charge, puja_status, request_id)
SELECT ${base} + h.i, ${base} + h.i, 'PUJA', p.temple_id, p.temple_puja_id, p.name, 'Devotee ' || h.i, h.puja_date, h.quantity, p.rate, 0,
  CASE WHEN h.puja_date < ${text(today)} THEN 'done' ELSE 'booked' END, CASE WHEN h.i % 20 = 0 THEN ${base} + h.i END
FROM ${plan} WHERE ${range}`,
    `INSERT INTO puja_seats (temple_puja_id, temple_id, puja_date, quantity, customer_id, kind, payment_order_id, request_id,
  transaction_line_id, created_at)
SELECT p.temple_puja_id, p.temple_id, h.puja_date, h.quantity, h.customer_id, 'booked', ${base} + h.i,
  CASE WHEN h.i % 20 = 0 THEN ${base} + h.i END, ${base} + h.i, h.booked_at
FROM ${plan} WHERE ${range}`,
    `INSERT INTO gateway_payments (payment_ref, payment_order_id, provider, amount, status, fee, tax, source, paid_at, first_seen_at, checked_at)
SELECT 'pay_HIST' || h.i, ${base} + h.i, 'razorpay', ${amount}, 'captured', ${amount} * 2 / 100, ${amount} * 2 / 100 * 18 / 100, 'callback',
  h.booked_at, h.booked_at, h.booked_at
FROM ${plan} WHERE ${range}`,
    `INSERT INTO payout_transfers (transaction_line_id, transaction_id, temple_id, payment_ref, kind, booked, fee, gst, amount, linked_account_id,
  status, transfer_ref, on_hold, hold_until, released_at, release_reason, settlement_ref, utr, settled_at, created_at)
SELECT ${base} + h.i, ${base} + h.i, p.temple_id, 'pay_HIST' || h.i, 'puja', ${amount}, ${fee}, ${fee} * 18 / 100,
  ${amount} - ${fee} - ${fee} * 18 / 100, coalesce((SELECT linked_account_id FROM temple_payout_accounts a WHERE a.temple_id = p.temple_id),
  'acc_HIST' || p.temple_id),
  CASE WHEN h.puja_date < ${text(today)} THEN 'processed' ELSE 'created' END, 'trf_hist' || h.i,
  CASE WHEN h.puja_date < ${text(today)} THEN 0 ELSE 1 END, date(h.puja_date, '+3 days'),
  CASE WHEN h.puja_date < ${text(today)} THEN h.puja_date || 'T12:00:00.000Z' END,
  CASE WHEN h.puja_date < ${text(today)} THEN 'performed' END,
  CASE WHEN h.puja_date < ${text(today)} THEN 'setl_hist' || p.temple_id || '_' || h.puja_date END,
  CASE WHEN h.puja_date < ${text(today)} THEN 'UTRHIST' || h.i END,
  CASE WHEN h.puja_date < ${text(today)} THEN date(h.puja_date, '+1 day') || 'T10:30:00.000Z' END, h.booked_at
FROM ${plan} WHERE ${range}`,
    `INSERT INTO notifications (id, customer_id, kind, channel, recipient, language, params, tracking_no, temple_id, line_id, dedupe_key, status,
  attempts, provider_id, created_at, sent_at, updated_at)
SELECT 'hist-' || h.i, h.customer_id, 'receipt', 'email', (SELECT email FROM customers c WHERE c.id = h.customer_id), 'en', '{}',
  'TRKH' || printf('%09d', h.i), p.temple_id, ${base} + h.i, 'receipt:' || (${base} + h.i), 'sent', 1, 'hist-msg-' || h.i, h.booked_at,
  h.booked_at, h.booked_at
FROM ${plan} WHERE ${range}`,
  ];
}

/** What the generator planned with. */
export const HISTORY_CLEANUP = [
  "DROP TABLE history_plan",
  "DROP TABLE history_draws",
  "DROP TABLE history_temples",
  "DROP TABLE history_pujas",
];

/**
 * What housekeeping, run every 15 minutes all along, would have left that the bookings' triggers undid: search
 * prominence's closed days counted (the history's lines unmarked them) and the prominence they give.
 */
export function historySteadyState(options: Pick<HistoryOptions, "today">): string[] {
  return prominenceSeedStatements(new Date(`${options.today}T12:00:00.000Z`));
}

/** The seat triggers judge each insert against the day's seats (a sum per row): history's seats are written without them. */
export const SEAT_TRIGGERS = ["puja_seats_capacity", "puja_seats_devotee_limit"];

/** Every history row gone again (a test's own cleanup; the bench keeps its state). */
export function removeHistoryStatements(): string[] {
  const base = HISTORY_ID_BASE;
  return [
    `DELETE FROM notifications WHERE id LIKE 'hist-%'`,
    `DELETE FROM payout_transfers WHERE transaction_line_id >= ${base}`,
    `DELETE FROM gateway_payments WHERE payment_order_id >= ${base}`,
    `DELETE FROM puja_seats WHERE transaction_line_id >= ${base}`,
    `DELETE FROM transaction_lines WHERE id >= ${base}`,
    `DELETE FROM transactions WHERE id >= ${base}`,
    `DELETE FROM payment_orders WHERE id >= ${base}`,
    `DELETE FROM requests WHERE id >= ${base}`,
    `DELETE FROM customers WHERE id >= ${base}`,
    ...HISTORY_CLEANUP.map((statement) => statement.replace("DROP TABLE", "DROP TABLE IF EXISTS")),
  ];
}

/**
 * Every statement of the load in order, for a SQLite shell on the database's file (the bench: a local
 * D1 is one SQLite file, and workerd's D1 gave up on 50,000-row inserts); `triggers` are the seat
 * triggers' SQL as sqlite_master keeps it, put back at the end.
 */
export function historyScript(options: HistoryOptions, triggers: readonly string[], chunk = 50_000): string[] {
  const chunks = (count: number) =>
    Array.from({ length: Math.ceil(count / chunk) }, (_, n) => [n * chunk + 1, Math.min((n + 1) * chunk, count)]);
  return [
    ...removeHistoryStatements(),
    ...historyPlanStatements(options),
    ...chunks(options.devotees).flatMap(([from, to]) => historyDevoteeStatements(options, from!, to!)),
    ...chunks(options.bookings).flatMap(([from, to]) => historyPlanChunk(options, from!, to!)),
    ...SEAT_TRIGGERS.map((name) => `DROP TRIGGER IF EXISTS ${name}`),
    ...chunks(options.bookings).flatMap(([from, to]) => historyBookingStatements(options, from!, to!)),
    ...triggers,
    ...HISTORY_CLEANUP,
    ...historySteadyState(options),
  ];
}

/** What the loader needs of a D1 database (the Worker's binding, or Miniflare's from Node). */
export type HistoryDatabase = {
  prepare(sql: string): { run(): Promise<unknown>; all<T = Record<string, unknown>>(): Promise<{ results: T[] }> };
};

/**
 * Loads the history into `db`: the plan, the devotees, then the bookings `chunk` at a time (each
 * statement one INSERT … SELECT), the seat triggers set aside meanwhile and put back as they were.
 */
export async function loadHistory(db: HistoryDatabase, options: HistoryOptions, chunk = 50_000, progress?: (done: number) => void) {
  const run = (sql: string) => db.prepare(sql).run();
  for (const sql of historyPlanStatements(options)) await run(sql);
  for (let from = 1; from <= options.devotees; from += chunk) {
    for (const sql of historyDevoteeStatements(options, from, Math.min(from + chunk - 1, options.devotees))) await run(sql);
  }
  for (let from = 1; from <= options.bookings; from += chunk) {
    for (const sql of historyPlanChunk(options, from, Math.min(from + chunk - 1, options.bookings))) await run(sql);
  }
  const triggers = (
    await db.prepare(`SELECT sql FROM sqlite_master WHERE type = 'trigger' AND name IN ('${SEAT_TRIGGERS.join("', '")}')`).all<{
      sql: string;
    }>()
  ).results;
  for (const name of SEAT_TRIGGERS) await run(`DROP TRIGGER IF EXISTS ${name}`);
  try {
    for (let from = 1; from <= options.bookings; from += chunk) {
      for (const sql of historyBookingStatements(options, from, Math.min(from + chunk - 1, options.bookings))) await run(sql);
      progress?.(Math.min(from + chunk - 1, options.bookings));
    }
  } finally {
    for (const { sql } of triggers) await run(sql);
  }
  for (const sql of HISTORY_CLEANUP) await run(sql);
  for (const sql of historySteadyState(options)) await run(sql);
}
