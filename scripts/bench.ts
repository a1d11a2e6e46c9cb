/**
 * `npm run bench`: the production build in ONE workerd (Miniflare, as in production:
 * no wrangler proxy in front) on loopback, on a 10,000-temple seed, measured with
 * autocannon in one run: a bare Hono text route, the home page and a temples search.
 * It prints req/s and p50/p97.5 latency for each and the ratio to the bare route.
 * A benchmark, not a test: nothing here passes or fails on a threshold.
 */
import { randomBytes } from "node:crypto";
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { gzipSync } from "node:zlib";
import autocannon from "autocannon";
import { convertV4MiniflareOptions, Miniflare, type V4MiniflareOptions } from "miniflare";
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

/** Every ES module of the built Worker, the entry first (workerd loads them as given). */
function serverModules(dir: string) {
  const files = readdirSync(dir, { recursive: true, encoding: "utf8" })
    .filter((file) => file.endsWith(".js"))
    .sort((a, b) => (a === "index.js" ? -1 : b === "index.js" ? 1 : a.localeCompare(b)));
  return files.map((file) => ({ type: "ESModule" as const, path: file }));
}

// One workerd, configured from the built wrangler.json, on the seeded local state.
const mf = new Miniflare(
  convertV4MiniflareOptions({
    host: "127.0.0.1",
    port: 0,
    resourcePersistencePath: join(persist, "v3"),
    name: "sannidhi",
    rootPath: resolve("build/server"),
    modules: serverModules("build/server"),
    compatibilityDate: config.compatibility_date,
    compatibilityFlags: config.compatibility_flags,
    // wrangler.toml holds no local values: the benchmark supplies them, as .dev.vars does for npm start.
    bindings: { PACKAGES_ORIGIN: "http://packages.localhost:8787", ...config.vars, SESSION_SECRET: randomBytes(32).toString("hex") },
    d1Databases: Object.fromEntries(config.d1_databases.map((d) => [d.binding, d.database_id])),
    kvNamespaces: Object.fromEntries(config.kv_namespaces.map((k) => [k.binding, k.id])),
    r2Buckets: Object.fromEntries(config.r2_buckets.map((r) => [r.binding, r.bucket_name])),
  } as V4MiniflareOptions),
);

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
for (const path of ["/", "/temples", "/priests"]) jsSizes[path] = await pageJsGzipBytes(path);

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
console.log("\nclient JS per page (gzip):");
for (const [path, size] of Object.entries(jsSizes)) console.log(`  ${path.padEnd(10)} ${size.kilobytes} KB in ${size.files} files`);
mkdirSync("bench-results", { recursive: true });
const file = `bench-results/bench-${new Date().toISOString().replace(/[:.]/g, "-")}.json`;
writeFileSync(file, JSON.stringify({ temples, connections, duration, results, jsSizes }, null, 2));
console.log(`\nSaved ${file}`);
