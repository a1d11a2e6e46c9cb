/**
 * `npm run profile -- --path / [--signed-in | --browsing | --booking] [--requests 200]`: where one page's CPU goes.
 * The production build in one workerd (as `npm run bench`), its V8 CPU profiler (sampled every
 * 100 µs) on while the page is asked for `--requests` times, one at a time after 20 warm-ups.
 * Prints CPU per request, the time per build chunk (React DOM, React Router, the app) and the
 * functions with the most self time; before the profiler starts, workerd's own CPU per request (all its threads, read from
 * /proc, which a busy box does not inflate) beside the bare route's. `--signed-in` asks as the demo devotee (every page read for
 * them), `--browsing` with the view cookie their page before set; `--cookie` sends
 * any other cookie (e.g. `sn_bench=1`, which keeps a public page out of the edge cache);
 * `--booking` sends the bench's booking POST to the temple site at `--path` instead; `--floor` sends it to the
 * booking's floor (scripts/bench-floor.ts). `--release` (with `--signed-in` and a `--path` of `/t/:slug/wait`) opens
 * a waiting room at that temple first (its lobby, as the bench's release makes it) and asks for its page: the
 * devotee's arrival, answered by the room; with `--status`, the room's JSON status their page asks instead. `--save <file>` writes the profile (.cpuprofile).
 * `--state <dir>` profiles another local state (e.g. `.wrangler/bench-state-history`, the million bookings: used as it is,
 * never migrated or seeded here); `--as staff|operator` signs in as the seed's Guruvayur staff or operator instead.
 * A measuring tool, like the bench: nothing here passes or fails.
 */
import { writeFileSync } from "node:fs";
import { loadavg } from "node:os";
import { basename, resolve } from "node:path";
import { prepareBookingPost } from "./bench-booking.ts";
import { FLOOR_PATH, floorWorker, prepareFloor } from "./bench-floor.ts";
import { inspect, type Profile, workerdCpuPerRequest } from "./bench-cpu.ts";
import { openRoom } from "./bench-release.ts";
import { BENCH_SESSION_SECRET, seededState, signIn, startWorker } from "./bench-worker.ts";
import { option, run } from "./lib.ts";
import { DEMO_ACCOUNTS } from "../drizzle/seed/index.ts";

let path = option("path", "/")!;
const requests = Number(option("requests", "200"));
const temples = option("temples", "10000")!;
const inspectorPort = Number(option("inspector-port", "9339"));

run("npx", ["react-router", "build"]);
// `--floor` (with `--booking`): the booking's floor instead (scripts/bench-floor.ts), the same post to the bare Worker beside.
const floor = process.argv.includes("--floor");
const state = option("state", "");
const persist = state ? resolve(state) : seededState(temples, ".wrangler/bench-state");
const mf = startWorker(persist, { inspectorPort } as object, floor ? floorWorker : undefined);
const base = (await mf.ready).toString().replace(/\/$/, "");
await (await mf.getD1Database("DB")).prepare("delete from rate_limits").run();
const signedIn = process.argv.includes("--signed-in") || process.argv.includes("--browsing");
const role = option("as", "");
const account = role === "staff" ? DEMO_ACCOUNTS.staffGuruvayur : role === "operator" ? DEMO_ACCOUNTS.operator : null;
if (role && !account) throw new Error(`profile: --as ${role}: staff or operator`);
let cookie = account
  ? await signIn(base, account.email, account.password)
  : signedIn
    ? await signIn(base, "devotee@sannidhi.example", "Devotee@2026")
    : (option("cookie", "") ?? "");
// `--release`: a waiting room open at the temple of `--path` (/t/:slug/wait), its lobby before an opening in ten minutes.
// `--status` (with `--release`): the devotee's arrival once, then the room's JSON status as their page asks it, without a session.
if (process.argv.includes("--release")) {
  const devotee = await (await mf.getD1Database("DB"))
    .prepare("select id from customers where email = 'devotee@sannidhi.example'")
    .first<{ id: number }>();
  const room = await openRoom(mf, path.split("/")[2]!, BENCH_SESSION_SECRET, devotee!.id);
  // The temple site's link: it names the opening, so the room answers a devotee with `sn_who` alone.
  path = `${path}?release=${room.releaseId}&opening=${room.opening}`;
  if (process.argv.includes("--status")) {
    await (await fetch(base + path, { headers: { cookie } })).arrayBuffer();
    [path, cookie] = [room.status, ""];
  }
}
// `--browsing`: the devotee carries the view cookie the page before set (a browser does).
if (process.argv.includes("--browsing")) {
  await (await fetch(base + path)).arrayBuffer();
  const page = await fetch(base + path, { headers: { cookie } });
  await page.arrayBuffer();
  const view = page.headers.getSetCookie().find((line) => line.startsWith("sn_view="));
  if (!view) throw new Error(`profile: ${path} set no view cookie`);
  cookie = `${cookie}; ${view.split(";")[0]}`;
}
// `--booking`: the bench's booking POST on the temple site at --path, devotees taking turns.
const booking = process.argv.includes("--booking") || floor ? await prepareBookingPost(mf, base, path, 40) : null;
const dropFloor = floor ? await prepareFloor(mf) : null;
const target = floor ? FLOOR_PATH : path;
let turn = 0;
const ask = async () => {
  const response = booking
    ? await fetch(base + target, {
        method: "POST",
        redirect: "manual",
        headers: { ...booking.headers, cookie: booking.cookies[turn++ % booking.cookies.length]! },
        body: booking.body,
      })
    : await fetch(base + path, { headers: cookie ? { cookie } : {} });
  await response.arrayBuffer();
  if (response.status !== (booking ? 303 : 200)) throw new Error(`profile: ${path} answered ${response.status}`);
};
// The public copy first, as a visitor (a page devotees share is then composed from it).
await (await fetch(base + path)).arrayBuffer();
for (let i = 0; i < 20; i++) await ask();
// Carts hold 50 lines: the devotees start the measured run with empty ones.
await booking?.clearCarts();

// workerd's own CPU (all its threads, from /proc: D1's object and SQLite too) before the profiler slows it, and the bare route's beside it.
const healthz = async () => {
  const response = await fetch(`${base}/healthz`);
  await response.arrayBuffer();
};
const workerdCpu = booking ? null : await workerdCpuPerRequest(ask, requests);
const bareCpu = workerdCpu === null ? null : await workerdCpuPerRequest(healthz, requests);

const inspector = await inspect(inspectorPort);
await inspector.send("Profiler.enable");
await inspector.send("Profiler.setSamplingInterval", { interval: 100 });
await inspector.send("Profiler.start");
const started = performance.now();
for (let i = 0; i < requests; i++) await ask();
const wall = performance.now() - started;
const { profile } = await inspector.send<{ profile: Profile }>("Profiler.stop");
inspector.close();
await dropFloor?.();
await mf.dispose();
// `--save <file>`: the profile itself (a .cpuprofile: Chrome's DevTools and speedscope open it).
const saveTo = option("save", "");
if (saveTo) writeFileSync(saveTo, JSON.stringify(profile));

// Self time per node, then per function and per build chunk; idle and the program itself aside.
const self = new Map<number, number>();
for (const [index, node] of profile.samples.entries()) self.set(node, (self.get(node) ?? 0) + (profile.timeDeltas[index] ?? 0));
const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
const byFunction = new Map<string, number>();
const byChunk = new Map<string, number>();
let busy = 0;
for (const [id, micros] of self) {
  const { functionName, url, lineNumber } = nodes.get(id)!.callFrame;
  if (functionName === "(idle)" || functionName === "(program)") continue;
  busy += micros;
  const file = url ? basename(url) : functionName.startsWith("(") ? functionName : "(native)";
  const chunk = file.replace(/-[\w-]{8}\.js$/, ".js");
  byChunk.set(chunk, (byChunk.get(chunk) ?? 0) + micros);
  const name = `${functionName || "(anonymous)"} ${file}:${lineNumber + 1}`;
  byFunction.set(name, (byFunction.get(name) ?? 0) + micros);
}
const perRequest = (micros: number) => (micros / requests / 1000).toFixed(2);
console.log(
  `\n${path}${cookie ? ` (${cookie.split("=")[0]})` : ""}: ${requests} requests, ` +
    `${(wall / requests).toFixed(2)} ms each (wall), ${perRequest(busy)} ms CPU each\n`,
);
if (workerdCpu !== null && bareCpu !== null)
  console.log(
    `workerd's own CPU (all threads, /proc, load average ${loadavg()[0]!.toFixed(1)}): ${workerdCpu} ms a request; ` +
      `the bare route ${bareCpu} ms (1 : ${(workerdCpu / bareCpu).toFixed(1)})\n`,
  );
console.log("by chunk (ms CPU per request):");
for (const [chunk, micros] of [...byChunk].sort((a, b) => b[1] - a[1]).slice(0, 12))
  console.log(`  ${perRequest(micros).padStart(6)}  ${chunk}`);
console.log("\nfunctions with the most self time (ms CPU per request):");
for (const [name, micros] of [...byFunction].sort((a, b) => b[1] - a[1]).slice(0, 25))
  console.log(`  ${perRequest(micros).padStart(6)}  ${name}`);

// `--callers <function>`: the call paths that lead to a function, with their self time there.
const callersOf = option("callers", "");
if (callersOf) {
  const parent = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  const frame = (id: number) => {
    const { functionName, url, lineNumber } = nodes.get(id)!.callFrame;
    return `${functionName || "(anonymous)"}${url ? ` ${basename(url)}:${lineNumber + 1}` : ""}`;
  };
  const paths = new Map<string, number>();
  for (const [id, micros] of self) {
    if (nodes.get(id)!.callFrame.functionName !== callersOf) continue;
    const chain: string[] = [];
    for (let at: number | undefined = parent.get(id); at !== undefined && chain.length < 8; at = parent.get(at)) chain.push(frame(at));
    const key = chain.join(" ← ");
    paths.set(key, (paths.get(key) ?? 0) + micros);
  }
  console.log(`\ncallers of ${callersOf} (ms CPU per request):`);
  for (const [chain, micros] of [...paths].sort((a, b) => b[1] - a[1]).slice(0, 8))
    console.log(`  ${perRequest(micros).padStart(6)}  ← ${chain}`);
}
