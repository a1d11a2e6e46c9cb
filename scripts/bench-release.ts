/**
 * The bench's release row (issue 25): 2,000 signed-in devotees arrive within a few seconds at a
 * temple's waiting room for one date with 100 seats, as browsers with JavaScript do: the waiting
 * page on arrival, its status when the room says (`retryAfter`: 3 s near the front, up to 30 s
 * far back), the page again on their turn (the pass), then the booking form, checkout and the
 * payment (on the local Razorpay emulator, as the browser pays there). It reports admitted per second, p50/p97.5 of the
 * waiting page and of its status, 5xx answers (goal 0) and seats sold (goal exactly 100).
 * Devotees and their sessions are written straight into the bench's D1 and KV (signing 2,000 in
 * through the form would measure PBKDF2), with the Worker's own secret.
 */
import type { Miniflare } from "miniflare";
import { hmacSha256, randomToken, sha256Hex } from "../app/lib/crypto.server.ts";
import { hashPassword } from "../app/lib/password.server.ts";
import { WHO_COOKIE, whoValue } from "../app/lib/session-word.ts";
import { razorpayEmulator } from "../tests/support/razorpay-emulator.ts";

export interface ReleaseOptions {
  devotees: number;
  seats: number;
  admitPerMinute: number;
  /** Arrivals spread evenly over this many seconds, the opening in their middle. */
  arrivalSeconds: number;
  slug: string;
}

export interface ReleaseResult extends ReleaseOptions {
  admitted: number;
  admittedPerSecond: number;
  waitingPage: { requests: number; p50: number; p97_5: number };
  status: { requests: number; p50: number; p97_5: number };
  /** 5xx answers by step: the waiting page and its status, adding to the cart and checkout, the payment callback. */
  fiveXx: { waiting: number; booking: number; payment: number };
  errors: number;
  bookedIntoCart: number;
  toldFull: number;
  /** Told by the room, while they waited, that every seat was taken (they left without a turn). */
  toldFullByRoom: number;
  seatsSold: number;
  /** Seats taken at checkout (held for an order, or booked): the figure before payment. */
  seatsTaken: number;
  seconds: number;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * At most this many requests in flight from the bench: the local workerd runs out of file
 * descriptors near 10,000 open connections (EMFILE, then internal errors), where the edge would
 * spread them; the others wait their turn, and that wait counts in their time.
 */
const IN_FLIGHT = 1000;
let inFlight = 0;
const waitingForConnection: (() => void)[] = [];
async function connection() {
  if (inFlight < IN_FLIGHT) {
    inFlight++;
    return;
  }
  await new Promise<void>((resolve) => waitingForConnection.push(resolve));
}
function freeConnection() {
  const next = waitingForConnection.shift();
  if (next) next();
  else inFlight--;
}
const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length ? Math.round(sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!) : 0;
};

/** Devotees with sessions (cookies), a limited puja-day and a release of it opening `lead` ms from now. */
async function prepare(mf: Miniflare, secret: string, options: ReleaseOptions, lead: number) {
  const db = await mf.getD1Database("DB");
  // Typed here as the bench uses it (Miniflare's own types map the Workers types).
  const kv = (await mf.getKVNamespace("SESSIONS")) as unknown as {
    put(key: string, value: string, options: { expirationTtl: number }): Promise<void>;
  };
  const hash = await hashPassword("Bench@2026");
  const emails = Array.from({ length: options.devotees }, (_, i) => `release-${i}@bench.sannidhi.example`);
  for (let i = 0; i < emails.length; i += 100) {
    await db.batch(
      emails
        .slice(i, i + 100)
        .map((email, j) =>
          db
            .prepare(
              "insert into customers (email, first_name, password_hash, verified) values (?, ?, ?, 1) on " +
                "conflict(email) do update set password_hash = excluded.password_hash",
            )
            .bind(email, `Devotee ${i + j}`, hash),
        ),
    );
  }
  const { results: customers } = await db
    .prepare("select id from customers where email like 'release-%@bench.sannidhi.example' order by id")
    .all<{ id: number }>();
  const stamp = await hmacSha256(secret, `auth-stamp:${hash}`);
  const cookies: string[] = [];
  const customerIds: number[] = [];
  const now = Date.now();
  for (const customer of customers.slice(0, options.devotees)) {
    const id = randomToken(32);
    const record = { version: 1, channel: "portal", customerId: customer.id, authStamp: stamp, createdAt: new Date(now).toISOString() };
    await kv.put(`session:${await sha256Hex(id)}`, JSON.stringify({ ...record, expiresAt: new Date(now + 3_600_000).toISOString() }), {
      expirationTtl: 3600,
    });
    // As sign-in sets them: the session, and the waiting room's word for whose it is (app/lib/session.server.ts).
    cookies.push(`sn_session=${id}; ${WHO_COOKIE}=${await whoValue(secret, id, customer.id)}`);
    customerIds.push(customer.id);
  }
  const ids = customers.map((c: { id: number }) => c.id).join(",");
  const opening = Date.now() + lead;
  const { puja, day, releaseId } = await openRelease(mf, options.slug, opening, options.admitPerMinute, options.seats, ids);
  return { cookies, customerIds, puja, day, opening, releaseId, db };
}

/**
 * A release of the temple `slug`'s second direct puja for one day 45 days ahead or more, opening at
 * `opening` (queue, its lobby 10 minutes before): that day has `seats` seats, one per devotee. Earlier
 * runs' seats and releases of the puja go, and the carts and open orders of `customerIds` (a list).
 */
async function openRelease(mf: Miniflare, slug: string, opening: number, admitPerMinute: number, seats: number, customerIds: string) {
  const db = await mf.getD1Database("DB");
  const puja = await db
    .prepare(
      "select tp.id, tp.temple_id, tp.days_offered from temple_pujas tp join temples t on t.id = " +
        "tp.temple_id where t.slug = ? and tp.active = 1 and tp.booking_mode = 'direct' order by tp.id " +
        "limit 1 offset 1",
    )
    .bind(slug)
    .first<{ id: number; temple_id: number; days_offered: string }>();
  if (!puja) throw new Error(`bench: ${slug} has no second direct puja`);
  const today = new Intl.DateTimeFormat("en-CA", { timeZone: "Asia/Kolkata" }).format(new Date());
  let day = "";
  for (let ahead = 45; !day; ahead++) {
    const candidate = new Date(Date.parse(`${today}T00:00:00Z`) + ahead * 86_400_000);
    if (puja.days_offered.includes(String(candidate.getUTCDay()))) day = candidate.toISOString().slice(0, 10);
  }
  // Earlier runs' seats, carts, open orders and releases of this puja go; the day has `seats` seats, one per devotee.
  await db.batch([
    db.prepare("delete from puja_seats where temple_puja_id = ? and puja_date = ?").bind(puja.id, day),
    db.prepare(`delete from cart_items where customer_id in (${customerIds || 0})`),
    db.prepare(`update payment_orders set status = 'cancelled' where status = 'created' and customer_id in (${customerIds || 0})`),
    db.prepare("delete from puja_releases where temple_puja_id = ?").bind(puja.id),
    db.prepare("update temple_pujas set daily_capacity = ?, per_devotee_limit = 1 where id = ?").bind(seats, puja.id),
  ]);
  const release = await db
    .prepare(
      `insert into puja_releases (temple_id, temple_puja_id, kind, first_day, last_day, opens_at, admission, admit_per_minute,
         lobby_minutes, rush_minutes, pass_minutes) values (?, ?, 'fixed', ?, ?, ?, 'queue', ?, 10, 30, 10) returning id`,
    )
    .bind(puja.temple_id, puja.id, day, day, new Date(opening).toISOString(), admitPerMinute)
    .first<{ id: number }>();
  return { puja, day, releaseId: release!.id };
}

/**
 * The profiler's room (scripts/profile.ts `--release`): a release at `slug` opening in ten minutes, its
 * lobby open. Returns its id and the status address of `customerId` in it (signed with `secret`, as the page gives it).
 */
export async function openRoom(mf: Miniflare, slug: string, secret: string, customerId: number) {
  const opening = Date.now() + 10 * 60_000;
  const { releaseId } = await openRelease(mf, slug, opening, 1200, 100, "");
  const status = `/t/${slug}/wait/status?${new URLSearchParams({
    release: String(releaseId),
    opening: String(opening),
    customer: String(customerId),
    ticket: await hmacSha256(secret, `room-status:${releaseId}:${opening}:${customerId}`),
  })}`;
  return { releaseId, opening, status };
}

export async function benchRelease(
  mf: Miniflare,
  base: string,
  secret: string,
  options: ReleaseOptions,
  /** The Razorpay emulator the Worker's RAZORPAY_API_BASE points at. */
  gatewayApiBase: string,
): Promise<ReleaseResult> {
  const gateway = razorpayEmulator(gatewayApiBase);
  const arrival = options.arrivalSeconds * 1000;
  const lead = 3_000 + arrival / 2;
  const { cookies, customerIds, puja, day, opening, releaseId, db } = await prepare(mf, secret, options, lead);
  const waitTimes: number[] = [];
  const statusTimes: number[] = [];
  const admittedAt: number[] = [];
  const counts = { errors: 0, booked: 0, full: 0, roomFull: 0 };
  const fiveXx = { waiting: 0, booking: 0, payment: 0 };
  // The temple site's link to the room names the release and its opening (app/components/booking/release-notices.tsx).
  const wait = `${base}/t/${options.slug}/wait?release=${releaseId}&opening=${opening}`;
  // The waiting page's status address carries a ticket signed for its devotee (as release-pass.server.ts signs it).
  const statusOf = async (customerId: number) =>
    `${base}/t/${options.slug}/wait/status?${new URLSearchParams({
      release: String(releaseId),
      opening: String(opening),
      customer: String(customerId),
      ticket: await hmacSha256(secret, `room-status:${releaseId}:${opening}:${customerId}`),
    })}`;
  const form = { "content-type": "application/x-www-form-urlencoded", origin: base };

  /** One request, its time kept in `into` (a wait for a free connection counts in it); null when it could not be made. */
  async function timed(url: string, init: RequestInit, into?: number[], step: keyof typeof fiveXx = "waiting") {
    const started = performance.now();
    await connection();
    try {
      const response = await fetch(url, { redirect: "manual", ...init });
      const text = await response.text();
      into?.push(performance.now() - started);
      if (response.status >= 500) fiveXx[step]++;
      return { status: response.status, headers: response.headers, text };
    } catch {
      counts.errors++;
      return null;
    } finally {
      freeConnection();
    }
  }

  async function devotee(index: number) {
    const session = cookies[index]!;
    const status = await statusOf(customerIds[index]!);
    await sleep(opening - arrival / 2 + (index * arrival) / options.devotees - Date.now());
    let page = await timed(wait, { headers: { cookie: session } }, waitTimes);
    let pass: string | undefined;
    // The page's script asks its status first when the page says (`after`: the room's pace by place), as a browser does.
    const live = /<script type="application\/json" id="wait-live">([^<]*)<\/script>/.exec(page?.text ?? "")?.[1];
    let refresh = Math.max(3, live ? ((JSON.parse(live) as { after?: number }).after ?? 3) : 3);
    for (;;) {
      pass = page?.headers.getSetCookie().find((line) => line.startsWith("sn_pass="));
      if (pass || page?.headers.get("location")?.includes("#book-puja")) break;
      // The page's live updates: its status when the last answer said (soon near the front), the page again on the turn.
      await sleep(refresh * 1000 + Math.random() * 300);
      const answer = await timed(status, { headers: { accept: "application/json" } }, statusTimes);
      const view = answer?.status === 200 ? (JSON.parse(answer.text) as { state: string; retryAfter?: number }) : null;
      refresh = Math.max(3, view?.retryAfter ?? 3);
      // Every seat is taken: the room says so and lets nobody more in for now; this devotee leaves.
      if (view?.state === "full") {
        counts.roomFull++;
        return;
      }
      if (view && view.state !== "lobby" && view.state !== "waiting") page = await timed(wait, { headers: { cookie: session } }, waitTimes);
    }
    admittedAt.push(Date.now());
    const cookie = `${session}; ${pass?.split(";")[0] ?? ""}`;
    const body = new URLSearchParams({
      form: "puja",
      templePujaId: String(puja.id),
      "devotees[0].name": "Meera Iyer",
      "devotees[0].starId": "4",
      "dates[0]": day,
      quantity: "1",
    });
    const added = await timed(`${base}/t/${options.slug}`, { method: "POST", headers: { ...form, cookie }, body }, undefined, "booking");
    if (added?.status !== 303) {
      counts.full++;
      return;
    }
    counts.booked++;
    const checkout = await timed(`${base}/checkout`, { method: "POST", headers: { ...form, cookie }, body: "" }, undefined, "booking");
    const payPage = checkout?.headers.get("location") ?? "";
    if (!payPage.startsWith("/checkout/pay/")) return;
    await timed(base + payPage, { headers: { cookie } }, undefined, "payment");
    // The devotee pays on the gateway's hosted checkout (the emulator's time is not the Worker's).
    const fields = new URLSearchParams(await gateway.pay(decodeURIComponent(payPage.split("/").pop()!)));
    await timed(`${base}/payments/callback`, { method: "POST", headers: { ...form, cookie }, body: fields }, undefined, "payment");
  }

  const started = Date.now();
  await Promise.all(cookies.map((_, i) => devotee(i)));
  const sold = await db
    .prepare("select coalesce(sum(quantity), 0) as n from puja_seats where temple_puja_id = ? and puja_date = ? and kind = 'booked'")
    .bind(puja.id, day)
    .first<{ n: number }>();
  const taken = await db
    .prepare(
      "select coalesce(sum(quantity), 0) as n from puja_seats where temple_puja_id = ? and puja_date = ? and (expires_at is null or expires_at > ?)",
    )
    .bind(puja.id, day, new Date().toISOString())
    .first<{ n: number }>();
  const lastAdmitted = Math.max(...admittedAt);
  return {
    ...options,
    admitted: admittedAt.length,
    admittedPerSecond: Number((admittedAt.length / Math.max(1, (lastAdmitted - opening) / 1000)).toFixed(1)),
    waitingPage: { requests: waitTimes.length, p50: percentile(waitTimes, 50), p97_5: percentile(waitTimes, 97.5) },
    status: { requests: statusTimes.length, p50: percentile(statusTimes, 50), p97_5: percentile(statusTimes, 97.5) },
    fiveXx,
    errors: counts.errors,
    bookedIntoCart: counts.booked,
    toldFull: counts.full,
    toldFullByRoom: counts.roomFull,
    seatsSold: sold?.n ?? 0,
    seatsTaken: taken?.n ?? 0,
    seconds: Math.round((Date.now() - started) / 1000),
  };
}
