/**
 * `npm run bench`: the production build in ONE workerd (Miniflare, as in production:
 * no wrangler proxy in front) on loopback, on a 10,000-temple seed, measured with
 * autocannon in one run: a bare Hono text route, the home page, temples searches (by deity,
 * and by name as typed, in Malayalam and misspelled) and the autocomplete (the same three),
 * pages signed in, a temple site, deep paging, the priests filter and a booking POST beside its floor (the same post to a
 * bare Worker that only makes the booking's store calls: scripts/bench-floor.ts), in turns, with their ratio.
 * It prints req/s and p50/p97.5 latency for each and the ratio to the bare route; then a release
 * (scripts/bench-release.ts): 2,000 devotees arriving within 3 s at a waiting room for 100 seats, then 10,000 within 10 s;
 * then 10,000 messages through the notifications queue (scripts/bench-messages.ts); then the counter
 * (scripts/bench-counter.ts): sales a second from one desk session while 20 devotees book the same puja online.
 * `--scale` runs the searches, suggestions and the priests filter at 1,000 and at 100,000 temples
 * and prints how p97.5 grows; `--history` the pages that grow with bookings at the seed and with
 * a million bookings (scripts/bench-history.ts).
 * A benchmark, not a test: nothing here passes or fails on a threshold.
 */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { loadavg } from "node:os";
import { gzipSync } from "node:zlib";
import autocannon from "autocannon";
import type { Miniflare } from "miniflare";
import { type ReleaseResult, benchRelease } from "./bench-release.ts";
import { benchMessages, type MessagesResult } from "./bench-messages.ts";
import { benchCounter, type CounterResult } from "./bench-counter.ts";
import { BENCH_SESSION_SECRET, seededState, signIn, startWorker } from "./bench-worker.ts";
import { prepareBookingPost } from "./bench-booking.ts";
import { FLOOR_PATH, floorWorker, prepareFloor } from "./bench-floor.ts";
import { benchHistory, printHistory } from "./bench-history.ts";
import { option, run } from "./lib.ts";
import { startRazorpayEmulator } from "../emulator/razorpay/server.ts";
import { EMULATOR_KEYS } from "../tests/support/test-vars.ts";

const scale = process.argv.includes("--scale");
const temples = option("temples", "10000")!;
const duration = Number(option("duration", "10"));
const connections = Number(option("connections", "20"));
const persistRoot = option("persist-to", ".wrangler/bench-state")!;
/** `--only <regex>`: measure only the targets whose name matches (the bare route is always kept). */
const only = option("only", "");

run("npx", ["react-router", "build"]);

const q = encodeURIComponent;
/**
 * A search measured twice: as a visitor (answered from the edge cache after the first request)
 * and uncached (a personal cookie, as a signed-in devotee's request: every request runs the queries).
 */
const UNCACHED = { cookie: "sn_bench=1" };
const SEARCHES = [
  { name: "temples by deity", path: "/temples/deity/Krishna%20Temples?state=1" },
  { name: "temples: typed name", path: `/temples?key1=temple&key2=${q("guruvayoor")}` },
  { name: "temples: Malayalam", path: `/temples?key1=temple&key2=${q("ഗുരുവായൂർ")}` },
  { name: "temples: misspelled", path: `/temples?key1=temple&key2=${q("gurvayur")}` },
  { name: "suggest: prefix", path: `/api/suggest?list=search&q=${q("guru")}` },
  { name: "suggest: Malayalam", path: `/api/suggest?list=search&q=${q("ഗുരുവായൂർ")}` },
  { name: "suggest: misspelled", path: `/api/suggest?list=search&q=${q("gurvayur")}` },
];
type Target = {
  name: string;
  path: string;
  headers?: Record<string, string>;
  /** A form POST (the booking): its body, the status it answers, and the devotees who send it in turn. */
  post?: { body: string; status: number; cookies: string[] };
  /** Run just before the target is measured (a signed-in devotee's view cookie, fresh for the run). */
  prepare?: () => Promise<void>;
};
const SEARCH_TARGETS: Target[] = [
  ...SEARCHES,
  ...SEARCHES.map((target) => ({ ...target, name: `${target.name} (uncached)`, headers: UNCACHED })),
];
const PRIESTS_TARGETS: Target[] = [
  { name: "priests filter", path: `/priests?puja=${q("Archana")}` },
  { name: "priests filter (uncached)", path: `/priests?puja=${q("Archana")}`, headers: UNCACHED },
];
/** What `--scale` compares at 1,000 and 100,000 temples: the searches, the suggestions, the priests filter. */
const SCALE_TARGETS: Target[] = [...SEARCH_TARGETS, ...PRIESTS_TARGETS];
const SITE = "/t/sree-krishna-swamy-temple-guruvayur";
/**
 * The signed-in devotee's cookies (the seed's demo account), filled in once the Worker is up:
 * the session alone (every page reads the devotee: a first page, or one a minute), and the
 * session with the view cookie a browser keeps from the page before (the pages between).
 */
const SIGNED_IN: Record<string, string> = {};
const BROWSING: Record<string, string> = {};
/** The demo devotee's view cookie as a composed page sets it, fresh for the target about to run (it lasts a minute). */
let baseUrl = "";
const viewCookie = (path: string) => async () => {
  await (await fetch(baseUrl + path)).arrayBuffer(); // the public copy, as a visitor's
  const page = await fetch(baseUrl + path, { headers: SIGNED_IN });
  await page.arrayBuffer();
  const view = page.headers.getSetCookie().find((line) => line.startsWith("sn_view="));
  if (!view) throw new Error(`bench: ${path} set no view cookie for the signed-in devotee`);
  BROWSING.cookie = `${SIGNED_IN.cookie}; ${view.split(";")[0]}`;
};
/** The booking devotee's session with the toast a booking leaves them: the page a booking lands on (filled in before its run). */
const AFTER_BOOKING: Record<string, string> = {};
const bookingToast = async () => {
  if (!BOOKING.post) throw new Error("bench: the booking is prepared before the page it lands on");
  const cookie = BOOKING.post.cookies[0]!;
  const posted = await fetch(baseUrl + SITE, {
    method: "POST",
    redirect: "manual",
    headers: { ...BOOKING.headers, cookie },
    body: BOOKING.post.body,
  });
  await posted.arrayBuffer();
  const toast = posted.headers.getSetCookie().find((line) => line.startsWith("sn_toast="));
  if (posted.status !== 303 || !toast) throw new Error(`bench: the booking answered ${posted.status} without its toast`);
  AFTER_BOOKING.cookie = `${cookie}; ${toast.split(";")[0]}`;
};
const LANDING: Target = { name: "temple site after a booking (toast)", path: SITE, headers: AFTER_BOOKING, prepare: bookingToast };
/** Pages beyond the searches: a devotee signed in, a temple's own site, deep paging, the priests filter, another language. */
const PAGE_TARGETS: Target[] = [
  { name: "home page (signed in, first page)", path: "/", headers: SIGNED_IN },
  { name: "home page (signed in)", path: "/", headers: BROWSING, prepare: viewCookie("/") },
  { name: "temple site", path: SITE },
  { name: "temple site (signed in, first page)", path: SITE, headers: SIGNED_IN },
  { name: "temple site (signed in)", path: SITE, headers: BROWSING, prepare: viewCookie(SITE) },
  LANDING,
  { name: "temples: deep page (uncached)", path: "/temples?page=400", headers: UNCACHED },
  ...PRIESTS_TARGETS,
  { name: "home page in Malayalam", path: "/ml" },
];
/** A booking: a devotee adds a puja to the cart on the temple's site (filled in once the Worker is up). */
const BOOKING: Target = { name: "booking POST (signed in)", path: SITE };
/**
 * The booking's floor, measured right after it (scripts/bench-floor.ts): a bare Worker beside the application's, on the same
 * stores, asked the same form by the same devotees, doing only the booking's KV get, D1 batch of six selects and one insert.
 */
const FLOOR: Target = { name: "booking floor (KV get, batch of 6, insert)", path: FLOOR_PATH };
const targets: Target[] = [
  { name: "bare Hono text route", path: "/healthz" },
  { name: "home page", path: "/" },
  ...SEARCH_TARGETS,
  ...PAGE_TARGETS,
  BOOKING,
  FLOOR,
].filter((target, i) => i === 0 || !only || new RegExp(only, "i").test(target.name));

/** Signs a devotee in through the login form's POST; returns the session cookie. */
/** The demo devotee's session for the SIGNED_IN targets. */
async function signInDemo(base: string) {
  SIGNED_IN.cookie = await signIn(base, "devotee@sannidhi.example", "Devotee@2026");
}

/** The booking POST: four verified devotees per connection, taking turns (scripts/bench-booking.ts). */
async function prepareBooking(mf: Miniflare, base: string) {
  // Four devotees a connection: a 10 s round of about 300 bookings a second stays under their carts' 50 lines each.
  const booking = await prepareBookingPost(mf, base, SITE, connections * 4);
  BOOKING.post = { body: booking.body, status: 303, cookies: booking.cookies };
  BOOKING.headers = booking.headers;
  FLOOR.post = BOOKING.post;
  FLOOR.headers = booking.headers;
  // Each round of the booking starts with empty carts (a cart holds 50 lines; the rounds add up).
  BOOKING.prepare = async () => void (await booking.clearCarts());
}

type Result = { name: string; path: string; requestsPerSecond: number; p50: number; p97_5: number; non2xx: number; errors: number };

async function measure(base: string, list: Target[]): Promise<Result[]> {
  // Warm up each target once so compile and cold caches are not measured.
  for (const target of list) {
    await target.prepare?.();
    const { post } = target;
    // A form post is sent once as its first devotee (the booking's setup booked once already; the floor's Worker starts here).
    const response = await fetch(base + target.path, {
      headers: { ...target.headers, ...(post ? { cookie: post.cookies[0]! } : {}) },
      ...(post ? { method: "POST", body: post.body, redirect: "manual" as const } : {}),
    });
    if (response.status !== (post?.status ?? 200)) throw new Error(`${target.path} answered ${response.status}`);
    await response.arrayBuffer();
  }
  const results: Result[] = [];
  for (const target of list) {
    const { post } = target;
    await target.prepare?.();
    let turn = 0;
    const result = await autocannon({
      url: base + target.path,
      connections,
      duration,
      headers: target.headers,
      ...(post
        ? {
            requests: [
              {
                method: "POST" as const,
                body: post.body,
                // The devotees take turns, so no cart reaches its 50 lines in a run.
                setupRequest: (request: autocannon.Request) => ({
                  ...request,
                  headers: { ...request.headers, cookie: post.cookies[turn++ % post.cookies.length]! },
                }),
              },
            ],
          }
        : {}),
    });
    const answered = (status: number) => result.statusCodeStats?.[`${status}`]?.count ?? 0;
    results.push({
      name: target.name,
      path: target.path,
      requestsPerSecond: result.requests.average,
      p50: result.latency.p50,
      p97_5: result.latency.p97_5,
      // A booking answers 303 (to the site, with its toast): anything else is counted.
      non2xx: post ? result.requests.total - answered(post.status) : result.non2xx,
      errors: result.errors,
    });
  }
  return results;
}

if (scale) {
  // How the searches and the priests filter grow with the directory: p97.5 at 100,000 temples over p97.5 at 1,000.
  const runs: Record<string, Result[]> = {};
  for (const count of ["1000", "100000"]) {
    const mf = startWorker(seededState(count, persistRoot));
    runs[count] = await measure((await mf.ready).toString().replace(/\/$/, ""), SCALE_TARGETS);
    await mf.dispose();
  }
  console.log(`\nscale: p97.5 latency at 1,000 and 100,000 temples · ${connections} connections · ${duration} s per target\n`);
  console.log("target                              p97.5 @1k  p97.5 @100k   ratio");
  SCALE_TARGETS.forEach((target, i) => {
    const small = runs["1000"]![i]!;
    const large = runs["100000"]![i]!;
    console.log(
      `${target.name.padEnd(35)} ${String(small.p97_5).padStart(9)} ${String(large.p97_5).padStart(12)} ` +
        `  ${(large.p97_5 / Math.max(small.p97_5, 1)).toFixed(2)}`,
    );
  });
  mkdirSync("bench-results", { recursive: true });
  const file = `bench-results/scale-${new Date().toISOString().replace(/[:.]/g, "-")}.json`;
  writeFileSync(file, JSON.stringify({ connections, duration, runs }, null, 2));
  console.log(`\nSaved ${file}`);
  // `--lighthouse`: Lighthouse on the five pages, against the build served as in the e2e tests.
  if (process.argv.includes("--lighthouse")) run("node", ["scripts/lighthouse.ts"]);
  process.exit(0);
}

if (process.argv.includes("--history")) {
  // The pages that grow with the bookings kept: the seed against three years of history (issue 44).
  const emulator = await startRazorpayEmulator({
    keyId: EMULATOR_KEYS.RAZORPAY_KEY_ID,
    keySecret: EMULATOR_KEYS.RAZORPAY_KEY_SECRET,
    webhookSecret: EMULATOR_KEYS.RAZORPAY_WEBHOOK_SECRET,
  });
  const options = {
    bookings: Number(option("bookings", "1000000")),
    devotees: Number(option("devotees", "200000")),
    connections,
    duration,
    persistRoot,
    inspectorPort: Number(option("inspector-port", "9349")),
    only: only || undefined,
  };
  const history = await benchHistory(options, { bindings: { MAIL_MODE: "local", ...EMULATOR_KEYS, RAZORPAY_API_BASE: emulator.apiBase } });
  await emulator.close();
  printHistory(history, options);
  mkdirSync("bench-results", { recursive: true });
  const file = `bench-results/history-${new Date().toISOString().replace(/[:.]/g, "-")}.json`;
  writeFileSync(file, JSON.stringify({ ...options, ...history }, null, 2));
  console.log(`\nSaved ${file}`);
  process.exit(0);
}

const mf = startWorker(seededState(temples, persistRoot), {}, targets.includes(FLOOR) ? floorWorker : undefined);
const base = (await mf.ready).toString().replace(/\/$/, "");
baseUrl = base;
// The bench's own store: earlier runs' sign-ins must not count against this one's (100 per address in 15 minutes).
await (await mf.getD1Database("DB")).prepare("delete from rate_limits").run();
await signInDemo(base);
if (targets.includes(BOOKING) || targets.includes(LANDING) || targets.includes(FLOOR)) await prepareBooking(mf, base);
const dropFloor = targets.includes(FLOOR) ? await prepareFloor(mf) : null;

/** Gzip size of the JavaScript a page loads: its module scripts and modulepreloads. */
async function pageJsGzipBytes(path: string) {
  const html = await (await fetch(base + path)).text();
  const hrefs = new Set(
    [...html.matchAll(/<link rel="modulepreload" href="([^"]+)"|import\("([^"]+)"\)|<script[^>]+src="([^"]+\.js)"/g)]
      .map((m) => m[1] ?? m[2] ?? m[3])
      .filter((href): href is string => Boolean(href?.startsWith("/assets/"))),
  );
  let total = 0;
  for (const href of hrefs) total += gzipSync(readFileSync(join("build/client", href))).length;
  return { files: hrefs.size, kilobytes: Number((total / 1024).toFixed(1)) };
}

const jsSizes: Record<string, { files: number; kilobytes: number }> = {};
for (const path of ["/", "/temples", "/priests", "/login"]) jsSizes[path] = await pageJsGzipBytes(path);

/**
 * The booking and its floor, when both are asked for, are measured in turns (`--floor-rounds`, 3 by default: booking,
 * floor, booking, floor…) after the other targets, so a box whose load changes during the run weighs on both alike.
 */
const paired = targets.includes(BOOKING) && targets.includes(FLOOR);
const floorRounds = Number(option("floor-rounds", "3"));
const results = await measure(
  base,
  targets.filter((target) => !paired || (target !== BOOKING && target !== FLOOR)),
);
const roundRatios: number[] = [];
if (paired) {
  const rounds: Result[][] = [];
  for (let round = 0; round < floorRounds; round++) rounds.push(await measure(base, [BOOKING, FLOOR]));
  const mean = (index: number): Result => {
    const all = rounds.map((pair) => pair[index]!);
    const average = (pick: (r: Result) => number) => all.reduce((sum, r) => sum + pick(r), 0) / all.length;
    return {
      ...all[0]!,
      requestsPerSecond: average((r) => r.requestsPerSecond),
      p50: Math.round(average((r) => r.p50)),
      p97_5: Math.round(average((r) => r.p97_5)),
      non2xx: all.reduce((sum, r) => sum + r.non2xx, 0),
      errors: all.reduce((sum, r) => sum + r.errors, 0),
    };
  };
  results.push(mean(0), mean(1));
  for (const [booking, floor] of rounds) roundRatios.push(booking!.requestsPerSecond / floor!.requestsPerSecond);
}
await dropFloor?.();
await mf.dispose();

/**
 * The release row, on a Worker of its own (MAIL_MODE=local on loopback, as `npm start`) whose
 * Razorpay adapter talks to a local Razorpay emulator: devotees pay for their seats there.
 * `--devotees`, `--seats`, `--rate` (admitted a minute), `--arrival` (seconds): one scenario; without
 * `--devotees`, both of issue 44: 2,000 devotees arriving within 3 s, then 10,000 within 10 s.
 */
const releases: ReleaseResult[] = [];
const releaseLine = (r: ReleaseResult) =>
  `release: ${r.devotees} devotees · admitted ${r.admittedPerSecond.toFixed(1)}/s · waiting p97.5 ${r.waitingPage.p97_5} ms · ` +
  `status p97.5 ${r.status.p97_5} ms · 5xx ${r.fiveXx.waiting + r.fiveXx.booking + r.fiveXx.payment} · sold ${r.seatsSold} of ${r.seats}`;
if (!only || /release/i.test(only)) {
  const emulator = await startRazorpayEmulator({
    keyId: EMULATOR_KEYS.RAZORPAY_KEY_ID,
    keySecret: EMULATOR_KEYS.RAZORPAY_KEY_SECRET,
    webhookSecret: EMULATOR_KEYS.RAZORPAY_WEBHOOK_SECRET,
  });
  const releaseWorker = startWorker(seededState(temples, persistRoot), {
    bindings: { MAIL_MODE: "local", ...EMULATOR_KEYS, RAZORPAY_API_BASE: emulator.apiBase },
  });
  const releaseBase = (await releaseWorker.ready).toString().replace(/\/$/, "");
  const asked = option("devotees", "");
  const scenarios = asked
    ? [{ devotees: Number(asked), arrivalSeconds: Number(option("arrival", "3")) }]
    : [
        { devotees: 2000, arrivalSeconds: 3 },
        { devotees: 10_000, arrivalSeconds: 10 },
      ];
  for (const scenario of scenarios) {
    releases.push(
      await benchRelease(
        releaseWorker,
        releaseBase,
        BENCH_SESSION_SECRET,
        { ...scenario, seats: Number(option("seats", "100")), admitPerMinute: Number(option("rate", "1200")), slug: SITE.slice(3) },
        emulator.apiBase,
      ),
    );
    // As each scenario ends (the 10,000 take minutes more), with the load it ran under.
    console.log(
      `${releaseLine(releases.at(-1)!)} · load ${loadavg()
        .map((n) => n.toFixed(1))
        .join(" ")}`,
    );
  }
  await releaseWorker.dispose();
  await emulator.close();
}

/** The messages row, on a Worker of its own over a fresh, migrated state (its outbox holds only these messages). `--messages`. */
let messages: MessagesResult | null = null;
if (!only || /messages/i.test(only)) {
  const state = resolve(`${persistRoot}-messages`);
  rmSync(state, { recursive: true, force: true });
  run("node", ["scripts/db.ts", "migrate", "--persist-to", state]);
  const messagesWorker = startWorker(state, { bindings: { MAIL_MODE: "local" } });
  await messagesWorker.ready;
  messages = await benchMessages(messagesWorker, Number(option("messages", "10000")));
  await messagesWorker.dispose();
}

/**
 * The counter row, on a Worker of its own paid through a local Razorpay emulator (its online devotees
 * pay there). `--counter-seats` (the day's seats), `--counter-devotees` (online), `--counter-clerks` (sales at once).
 */
let counter: CounterResult | null = null;
if (!only || /counter/i.test(only)) {
  const emulator = await startRazorpayEmulator({
    keyId: EMULATOR_KEYS.RAZORPAY_KEY_ID,
    keySecret: EMULATOR_KEYS.RAZORPAY_KEY_SECRET,
    webhookSecret: EMULATOR_KEYS.RAZORPAY_WEBHOOK_SECRET,
  });
  const counterWorker = startWorker(seededState(temples, persistRoot), {
    bindings: { MAIL_MODE: "local", ...EMULATOR_KEYS, RAZORPAY_API_BASE: emulator.apiBase },
  });
  const counterBase = (await counterWorker.ready).toString().replace(/\/$/, "");
  await (await counterWorker.getD1Database("DB")).prepare("delete from rate_limits").run();
  counter = await benchCounter(
    counterWorker,
    counterBase,
    {
      devotees: Number(option("counter-devotees", "20")),
      clerks: Number(option("counter-clerks", "1")),
      seats: Number(option("counter-seats", "200")),
      slug: SITE.slice(3),
      limitSeconds: 60,
    },
    emulator.apiBase,
  );
  await counterWorker.dispose();
  await emulator.close();
}

const bare = results[0]!.requestsPerSecond;
console.log(`\n${temples} temples · ${connections} connections · ${duration} s per target · Node ${process.version}\n`);
console.log("target                               req/s    p50 ms  p97.5 ms  vs bare");
for (const r of results) {
  console.log(
    `${r.name.padEnd(35)} ${r.requestsPerSecond.toFixed(0).padStart(7)} ${String(r.p50).padStart(9)} ` +
      `${String(r.p97_5).padStart(9)}   1 : ` +
      `${(bare / r.requestsPerSecond).toFixed(2)}${r.non2xx || r.errors ? `  (non-2xx ${r.non2xx}, errors ${r.errors})` : ""}`,
  );
}
const bookingResult = results.find((r) => r.name === BOOKING.name);
const floorResult = results.find((r) => r.name === FLOOR.name);
if (bookingResult && floorResult) {
  // The booking beside what the stores alone allow in the same run (issue 44).
  const [n, floor] = [bookingResult.requestsPerSecond, floorResult.requestsPerSecond];
  console.log(`\nbooking POST ${n.toFixed(0)} req/s · floor ${floor.toFixed(0)} req/s · N/M = ${(n / floor).toFixed(2)} (goal ≥ 0.7)`);
  if (roundRatios.length > 1) console.log(`  N/M by round (booking, then floor): ${roundRatios.map((r) => r.toFixed(2)).join(", ")}`);
}
for (const r of releases) {
  console.log(
    `\nrelease: ${r.devotees} devotees arriving within ${r.arrivalSeconds} s for ${r.seats} seats, admitted ${r.admitPerMinute} a minute (${r.seconds} s)`,
  );
  console.log(`  admitted ${r.admitted} · ${r.admittedPerSecond} a second from the opening`);
  console.log(`  waiting page  p50 ${r.waitingPage.p50} ms  p97.5 ${r.waitingPage.p97_5} ms  (${r.waitingPage.requests} requests)`);
  console.log(`  its status    p50 ${r.status.p50} ms  p97.5 ${r.status.p97_5} ms  (${r.status.requests} requests)`);
  const { waiting, booking, payment } = r.fiveXx;
  console.log(
    `  5xx ${waiting + booking + payment} (goal 0: waiting ${waiting}, booking ${booking}, payment ${payment}) · errors ${r.errors}`,
  );
  console.log(`  into the cart ${r.bookedIntoCart} · told full ${r.toldFull} · told by the room every seat was taken ${r.toldFullByRoom}`);
  console.log(`  seats sold ${r.seatsSold} (goal exactly ${r.seats}) · seats taken at checkout ${r.seatsTaken}`);
  // One line to compare runs by (issue 44).
  console.log(releaseLine(r));
}
if (messages) {
  const r = messages;
  console.log(`\nmessages: ${r.messages} through the queue locally (${r.seconds} s) · ${r.messagesPerSecond} a second`);
  console.log(`  change to sent  p50 ${r.p50} ms  p97.5 ${r.p97_5} ms · lost ${r.lost} (goal 0) · doubled ${r.doubled} (goal 0)`);
}
if (counter) {
  const r = counter;
  console.log(
    `\ncounter: ${r.clerks} desk session(s) selling while ${r.devotees} devotees book the same puja online, ${r.seats} seats (${r.seconds} s)`,
  );
  console.log(
    `  alone first (5 s, another day): ${r.alone.sales} sales · ${r.alone.perSecond} a second · p50 ${r.alone.p50} ms  p97.5 ${r.alone.p97_5} ms`,
  );
  console.log(`  counter sales ${r.counterSales} · ${r.counterPerSecond} a second · p50 ${r.counter.p50} ms  p97.5 ${r.counter.p97_5} ms`);
  console.log(`  online bookings ${r.onlineBookings} · ${r.onlinePerSecond} a second`);
  console.log(
    `  5xx ${r.fiveXx.counter + r.fiveXx.online} (goal 0: counter ${r.fiveXx.counter}, online ${r.fiveXx.online}) · errors ${r.errors}`,
  );
  console.log(`  told full: counter ${r.toldFull.counter}, online ${r.toldFull.online} of ${r.devotees}`);
  const sold = r.seatsCounter + r.seatsOnline;
  console.log(`  seats sold ${sold} = counter ${r.seatsCounter} + online ${r.seatsOnline} (goal exactly ${r.seats}, never more)`);
}
console.log("\nclient JS per page (gzip):");
for (const [path, size] of Object.entries(jsSizes)) console.log(`  ${path.padEnd(10)} ${size.kilobytes} KB in ${size.files} files`);
mkdirSync("bench-results", { recursive: true });
const file = `bench-results/bench-${new Date().toISOString().replace(/[:.]/g, "-")}.json`;
writeFileSync(
  file,
  JSON.stringify({ temples, connections, duration, results, floorRatios: roundRatios, jsSizes, releases, messages, counter }, null, 2),
);
console.log(`\nSaved ${file}`);
// `--lighthouse`: Lighthouse on the five pages, against the build served as in the e2e tests.
if (process.argv.includes("--lighthouse")) run("node", ["scripts/lighthouse.ts"]);
