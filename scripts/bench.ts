/**
 * `npm run bench`: the production build in ONE workerd (Miniflare, as in production:
 * no wrangler proxy in front) on loopback, on a 10,000-temple seed, measured with
 * autocannon in one run: a bare Hono text route, the home page and a temples search.
 * It prints req/s and p50/p97.5 latency for each and the ratio to the bare route.
 * A benchmark, not a test: nothing here passes or fails on a threshold.
 */
import { randomBytes } from "node:crypto";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import autocannon from "autocannon";
import { Miniflare, type MiniflareOptions } from "miniflare";
import { option, run } from "./lib.ts";

const temples = option("temples", "10000")!;
const duration = Number(option("duration", "10"));
const connections = Number(option("connections", "20"));
const persist = resolve(option("persist-to", ".wrangler/bench-state")!);

run("npx", ["react-router", "build"]);
run("node", ["scripts/db.ts", "migrate", "--persist-to", persist]);
run("node", ["scripts/db.ts", "seed", "--if-empty", "--temples", temples, "--persist-to", persist]);

type BuiltConfig = {
  compatibility_date: string;
  compatibility_flags: string[];
  vars: Record<string, string>;
  d1_databases: { binding: string; database_id: string }[];
  kv_namespaces: { binding: string; id: string }[];
  r2_buckets: { binding: string; bucket_name: string }[];
};
const config = JSON.parse(readFileSync("build/server/wrangler.json", "utf8")) as BuiltConfig;

const mf = new Miniflare({
  host: "127.0.0.1",
  port: 0,
  d1Persist: join(persist, "v3", "d1"),
  kvPersist: join(persist, "v3", "kv"),
  r2Persist: join(persist, "v3", "r2"),
  modules: true,
  scriptPath: resolve("build/server/index.js"),
  modulesRoot: resolve("build/server"),
  modulesRules: [{ type: "ESModule", include: ["**/*.js"] }],
  compatibilityDate: config.compatibility_date,
  compatibilityFlags: config.compatibility_flags,
  bindings: { ...config.vars, SESSION_SECRET: randomBytes(32).toString("hex") },
  d1Databases: Object.fromEntries(config.d1_databases.map((d) => [d.binding, d.database_id])),
  kvNamespaces: Object.fromEntries(config.kv_namespaces.map((k) => [k.binding, k.id])),
  r2Buckets: Object.fromEntries(config.r2_buckets.map((r) => [r.binding, r.bucket_name])),
  assets: { directory: resolve("build/client"), hasUserWorker: true },
} as unknown as MiniflareOptions);

const base = (await mf.ready).toString().replace(/\/$/, "");
const targets = [
  { name: "bare Hono text route", path: "/healthz" },
  { name: "home page", path: "/" },
  { name: "temples search", path: "/temples/deity/Krishna%20Temples?state=1" },
];

// Warm up each target once so compile and cold caches are not measured.
for (const target of targets) {
  const response = await fetch(base + target.path);
  if (response.status !== 200) throw new Error(`${target.path} answered ${response.status}`);
  await response.arrayBuffer();
}

const results = [];
for (const target of targets) {
  const result = await autocannon({ url: base + target.path, connections, duration });
  results.push({
    name: target.name,
    path: target.path,
    requestsPerSecond: result.requests.average,
    p50: result.latency.p50,
    p97_5: result.latency.p97_5,
    non2xx: result.non2xx,
    errors: result.errors,
  });
}
await mf.dispose();

const bare = results[0]!.requestsPerSecond;
console.log(`\n${temples} temples · ${connections} connections · ${duration} s per target · Node ${process.version}\n`);
console.log("target                  req/s    p50 ms  p97.5 ms  vs bare");
for (const r of results) {
  console.log(
    `${r.name.padEnd(22)} ${r.requestsPerSecond.toFixed(0).padStart(7)} ${String(r.p50).padStart(9)} ${String(r.p97_5).padStart(9)}   1 : ${(bare / r.requestsPerSecond).toFixed(2)}${r.non2xx || r.errors ? `  (non-2xx ${r.non2xx}, errors ${r.errors})` : ""}`,
  );
}
mkdirSync("bench-results", { recursive: true });
const file = `bench-results/bench-${new Date().toISOString().replace(/[:.]/g, "-")}.json`;
writeFileSync(file, JSON.stringify({ temples, connections, duration, results }, null, 2));
console.log(`\nSaved ${file}`);
