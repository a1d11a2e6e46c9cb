/**
 * The bench's counter row (issue 42): one desk session sells a puja at the temple's counter (the
 * counter form's POST with a fresh sale key each time, one sale after another as a clerk does, or
 * `--counter-clerks` at once) while 20 signed-in devotees book the same puja on the same day online
 * (the booking form, checkout and the payment on the local Razorpay emulator), until the day's
 * seats are gone; before that, the clerk sells alone for 5 s on another day (the counter's own pace).
 * It reports counter sales a second, their p50/p97.5, 5xx answers (goal 0), the
 * online bookings beside them, and the seats: counter + online sold against the day's capacity
 * (goal: exactly the capacity, never more). Devotees are written straight into D1 and sign in
 * through the login form, as the booking row's do; the staff member is the seed's Guruvayur desk.
 */
import type { Miniflare } from "miniflare";
import { hashPassword } from "../app/lib/password.server.ts";
import { razorpayEmulator } from "../tests/support/razorpay-emulator.ts";
import { signIn } from "./bench-worker.ts";

export interface CounterOptions {
  /** Online devotees booking at once. */
  devotees: number;
  /** Counter sales posted at once (1: a clerk, one sale after another). */
  clerks: number;
  /** The day's seats (`daily_capacity`). */
  seats: number;
  slug: string;
  /** The most the row may run, seconds, if the day never fills. */
  limitSeconds: number;
}

export interface CounterResult extends CounterOptions {
  /** The same desk session selling alone for a few seconds first (another day): the counter's own pace. */
  alone: { sales: number; perSecond: number; p50: number; p97_5: number };
  counterSales: number;
  counterPerSecond: number;
  counter: { p50: number; p97_5: number };
  onlineBookings: number;
  onlinePerSecond: number;
  /** 5xx answers: the counter's, and online's at any step. */
  fiveXx: { counter: number; online: number };
  errors: number;
  toldFull: { counter: number; online: number };
  seatsCounter: number;
  seatsOnline: number;
  seconds: number;
}

/** How long the clerk sells alone before the devotees come. */
const ALONE_SECONDS = 5;
const STAFF = { email: "staff.guruvayur@sannidhi.example", password: "Staff@2026" };
const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length ? Math.round(sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!) : 0;
};
const saleKey = () => Buffer.from(crypto.getRandomValues(new Uint8Array(18))).toString("base64url");

/** The devotees' sessions, the staff member's, and a direct puja of the temple on one day with `seats` seats and nothing sold. */
async function prepare(mf: Miniflare, base: string, options: CounterOptions) {
  const db = await mf.getD1Database("DB");
  const hash = await hashPassword("Bench@2026");
  const emails = Array.from({ length: options.devotees }, (_, i) => `counter-${i}@bench.sannidhi.example`);
  await db.batch(
    emails.map((email, i) =>
      db
        .prepare(
          "insert into customers (email, first_name, password_hash, verified) values (?, ?, ?, 1) on " +
            "conflict(email) do update set password_hash = excluded.password_hash",
        )
        .bind(email, `Devotee ${i}`, hash),
    ),
  );
  const cookies = await Promise.all(emails.map((email) => signIn(base, email, "Bench@2026")));
  const staffCookie = await signIn(base, STAFF.email, STAFF.password);
  // The temple's last direct puja: not the booking row's (its first) nor the release row's (its second).
  const puja = await db
    .prepare(
      "select tp.id, tp.temple_id, tp.days_offered from temple_pujas tp join temples t on t.id = tp.temple_id " +
        "where t.slug = ? and tp.active = 1 and tp.booking_mode = 'direct' order by tp.id desc limit 1",
    )
    .bind(options.slug)
    .first<{ id: number; temple_id: number; days_offered: string }>();
  if (!puja) throw new Error(`bench: ${options.slug} has no direct puja`);
  const today = new Intl.DateTimeFormat("en-CA", { timeZone: "Asia/Kolkata" }).format(new Date());
  const offeredFrom = (ahead: number): string => {
    const candidate = new Date(Date.parse(`${today}T00:00:00Z`) + ahead * 86_400_000);
    return puja.days_offered.includes(String(candidate.getUTCDay())) ? candidate.toISOString().slice(0, 10) : offeredFrom(ahead + 1);
  };
  const day = offeredFrom(30);
  // The day the clerk sells on alone first: a week on.
  const aloneDay = offeredFrom(37);
  const ids = `select id from customers where email like 'counter-%@bench.sannidhi.example'`;
  // Earlier runs' seats, carts and open orders go; the day has `seats` seats, none kept for either side, no limit a devotee.
  await db.batch([
    db.prepare("delete from puja_seats where temple_puja_id = ? and puja_date in (?, ?)").bind(puja.id, day, aloneDay),
    db.prepare(`delete from cart_items where customer_id in (${ids})`),
    db.prepare(`update payment_orders set status = 'cancelled' where status = 'created' and customer_id in (${ids})`),
    db.prepare("delete from puja_releases where temple_puja_id = ?").bind(puja.id),
    db
      .prepare("update temple_pujas set daily_capacity = ?, per_devotee_limit = null, counter_kept = null, online_kept = null where id = ?")
      .bind(options.seats, puja.id),
  ]);
  return { cookies, staffCookie, puja, day, aloneDay, db };
}

export async function benchCounter(mf: Miniflare, base: string, options: CounterOptions, gatewayApiBase: string): Promise<CounterResult> {
  const gateway = razorpayEmulator(gatewayApiBase);
  const { cookies, staffCookie, puja, day, aloneDay, db } = await prepare(mf, base, options);
  const form = { "content-type": "application/x-www-form-urlencoded", origin: base };
  const counterTimes: number[] = [];
  const counts = { onlineBookings: 0, errors: 0, counterFull: 0, onlineFull: 0 };
  const fiveXx = { counter: 0, online: 0 };
  let deadline = 0;
  let lastCounterSale = 0;
  let lastOnlineBooking = 0;

  async function post(url: string, cookie: string, body: URLSearchParams | string, side: keyof typeof fiveXx) {
    try {
      const response = await fetch(url, { method: "POST", redirect: "manual", headers: { ...form, cookie }, body });
      const text = await response.text();
      if (response.status >= 500) fiveXx[side]++;
      return { status: response.status, location: response.headers.get("location") ?? "", text };
    } catch {
      counts.errors++;
      return null;
    }
  }

  const counterUrl = `${base}/desk/${puja.temple_id}/counter?item=puja-${puja.id}`;
  /** A clerk selling one devotee's puja on `saleDay` after another until `until` or the day is full; each sale's time into `times`. */
  async function clerk(n: number, saleDay: string, until: number, times: number[]) {
    for (let sale = 0; Date.now() < until; sale++) {
      const body = new URLSearchParams({
        saleKey: saleKey(),
        item: `puja-${puja.id}`,
        pujaDate: saleDay,
        "devotees[0].name": `Lakshmi ${n} ${sale}`.replace(/\d/g, (d) => "abcdefghij"[Number(d)]!),
        "devotees[0].starId": String(1 + (sale % 27)),
        "devotees[0].gotra": "Kashyapa",
        quantity: "1",
        payment: "cash",
      });
      const started = performance.now();
      const answer = await post(counterUrl, staffCookie, body, "counter");
      if (answer?.status === 200 && answer.text.includes('id="counter-sold"')) {
        times.push(performance.now() - started);
        lastCounterSale = Date.now();
      } else if (answer?.status === 400 && answer.text.includes("Not enough seats")) {
        counts.counterFull++;
        return;
      } else if (answer && answer.status < 500) {
        throw new Error(`bench: a counter sale answered ${answer.status}`);
      }
    }
  }

  async function devotee(index: number) {
    const cookie = cookies[index]!;
    const booking = new URLSearchParams({
      form: "puja",
      templePujaId: String(puja.id),
      "devotees[0].name": "Meera Iyer",
      "devotees[0].starId": "4",
      "dates[0]": day,
      quantity: "1",
    });
    // A devotee books again and again until a step refuses them (the day is full: the form or checkout says so).
    while (Date.now() < deadline) {
      const added = await post(`${base}/t/${options.slug}`, cookie, booking, "online");
      const checkout = added?.status === 303 ? await post(`${base}/checkout`, cookie, "", "online") : null;
      if (!checkout?.location.startsWith("/checkout/pay/")) {
        counts.onlineFull++;
        return;
      }
      const fields = new URLSearchParams(await gateway.pay(decodeURIComponent(checkout.location.split("/").pop()!)));
      const paid = await post(`${base}/payments/callback`, cookie, fields, "online");
      if (paid?.status === 303 && paid.location.startsWith("/checkout/done/")) {
        counts.onlineBookings++;
        lastOnlineBooking = Date.now();
      }
    }
  }

  const aloneTimes: number[] = [];
  const aloneStarted = Date.now();
  await Promise.all(Array.from({ length: options.clerks }, (_, n) => clerk(n, aloneDay, aloneStarted + ALONE_SECONDS * 1000, aloneTimes)));
  const aloneSeconds = (Date.now() - aloneStarted) / 1000;

  const started = Date.now();
  deadline = started + options.limitSeconds * 1000;
  await Promise.all([
    ...Array.from({ length: options.clerks }, (_, n) => clerk(n, day, deadline, counterTimes)),
    ...cookies.map((_, index) => devotee(index)),
  ]);
  const seats = await db
    .prepare("select kind, coalesce(sum(quantity), 0) as n from puja_seats where temple_puja_id = ? and puja_date = ? group by kind")
    .bind(puja.id, day)
    .all<{ kind: string; n: number }>();
  const seatsOf = (kind: string) => seats.results.find((row: { kind: string; n: number }) => row.kind === kind)?.n ?? 0;
  const perSecond = (count: number, last: number) => Number((count / Math.max(0.001, (last - started) / 1000)).toFixed(1));
  return {
    ...options,
    alone: {
      sales: aloneTimes.length,
      perSecond: Number((aloneTimes.length / aloneSeconds).toFixed(1)),
      p50: percentile(aloneTimes, 50),
      p97_5: percentile(aloneTimes, 97.5),
    },
    counterSales: counterTimes.length,
    counterPerSecond: perSecond(counterTimes.length, lastCounterSale),
    counter: { p50: percentile(counterTimes, 50), p97_5: percentile(counterTimes, 97.5) },
    onlineBookings: counts.onlineBookings,
    onlinePerSecond: perSecond(counts.onlineBookings, lastOnlineBooking),
    fiveXx,
    errors: counts.errors,
    toldFull: { counter: counts.counterFull, online: counts.onlineFull },
    seatsCounter: seatsOf("counter"),
    seatsOnline: seatsOf("booked"),
    seconds: Math.round((Date.now() - started) / 1000),
  };
}
