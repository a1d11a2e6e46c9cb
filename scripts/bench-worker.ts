/**
 * The Worker the bench and the profiler run: the production build in ONE workerd (Miniflare,
 * as in production: no wrangler proxy in front) on a migrated, seeded local state.
 */
import { randomBytes } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { convertV4MiniflareOptions, Miniflare, type V4MiniflareOptions } from "miniflare";
import { run } from "./lib.ts";

/** A migrated, seeded state of `count` temples (kept between runs: seeding 100,000 takes a while). */
export function seededState(count: string, persistRoot: string) {
  const persist = resolve(count === "10000" ? persistRoot : `${persistRoot}-${count}`);
  run("node", ["scripts/db.ts", "migrate", "--persist-to", persist]);
  run("node", ["scripts/db.ts", "seed", "--if-empty", "--temples", count, "--persist-to", persist]);
  return persist;
}

type BuiltConfig = {
  compatibility_date: string;
  compatibility_flags: string[];
  vars: Record<string, string>;
  d1_databases: { binding: string; database_id: string }[];
  kv_namespaces: { binding: string; id: string }[];
  r2_buckets: { binding: string; bucket_name: string }[];
  durable_objects?: { bindings: { name: string; class_name: string }[] };
  migrations?: { new_sqlite_classes?: string[] }[];
  queues?: {
    producers?: { queue: string; binding: string }[];
    consumers?: { queue: string; max_batch_size?: number; max_batch_timeout?: number; max_retries?: number; dead_letter_queue?: string }[];
  };
};

/** Every ES module of the built Worker, the entry first (workerd loads them as given). */
function serverModules(dir: string) {
  const files = readdirSync(dir, { recursive: true, encoding: "utf8" })
    .filter((file) => file.endsWith(".js"))
    .sort((a, b) => (a === "index.js" ? -1 : b === "index.js" ? 1 : a.localeCompare(b)));
  return files.map((file) => ({ type: "ESModule" as const, path: file }));
}

/** Every ES module of the built Worker (the entry first) and its WebAssembly (PDF text shaping). */
function workerModules(dir: string) {
  const wasm = readdirSync(dir, { recursive: true, encoding: "utf8" })
    .filter((file) => file.endsWith(".wasm"))
    .map((file) => ({ type: "CompiledWasm" as const, path: file }));
  return [...serverModules(dir), ...wasm];
}

/** The Worker's session secret for this run (the release row writes sessions signed with it). */
export const BENCH_SESSION_SECRET = randomBytes(32).toString("hex");

/** The stores a Worker beside the application's binds: the built config's D1 and KV, so the same state. */
export type Stores = { d1Databases: Record<string, string>; kvNamespaces: Record<string, string> };

/**
 * One workerd, configured from the built wrangler.json, on a seeded local state (`extra.bindings` adds vars).
 * `alongside`: another Worker in the same workerd on the same stores (the bench's booking floor), reached by its routes.
 */
export function startWorker(persist: string, extra: Partial<V4MiniflareOptions> = {}, alongside?: (stores: Stores) => object) {
  // Read when started: the bench builds first.
  const config = JSON.parse(readFileSync("build/server/wrangler.json", "utf8")) as BuiltConfig;
  const stores: Stores = {
    d1Databases: Object.fromEntries(config.d1_databases.map((d) => [d.binding, d.database_id])),
    kvNamespaces: Object.fromEntries(config.kv_namespaces.map((k) => [k.binding, k.id])),
  };
  const { inspectorPort, ...workerExtra } = extra as Partial<V4MiniflareOptions> & { inspectorPort?: number };
  const shared = { host: "127.0.0.1", port: 0, resourcePersistencePath: join(persist, "v3"), inspectorPort };
  const application = {
    ...workerExtra,
    name: "sannidhi",
    rootPath: resolve("build/server"),
    modules: workerModules("build/server"),
    compatibilityDate: config.compatibility_date,
    compatibilityFlags: config.compatibility_flags,
    // wrangler.toml holds no local values: the benchmark supplies them, as .dev.vars does for npm start.
    bindings: {
      PACKAGES_ORIGIN: "http://packages.localhost:8787",
      ...config.vars,
      SESSION_SECRET: BENCH_SESSION_SECRET,
      RECEIPT_CODE_SECRET: BENCH_SESSION_SECRET.split("").reverse().join(""),
      ...(extra as { bindings?: Record<string, string> }).bindings,
    },
    ...stores,
    r2Buckets: Object.fromEntries(config.r2_buckets.map((r) => [r.binding, r.bucket_name])),
    // The notifications queue and its dead-letter queue, this Worker consuming both, as wrangler.toml says.
    queueProducers: Object.fromEntries((config.queues?.producers ?? []).map((p) => [p.binding, { queueName: p.queue }])),
    queueConsumers: Object.fromEntries(
      (config.queues?.consumers ?? []).map((c) => [
        c.queue,
        {
          maxBatchSize: c.max_batch_size,
          maxBatchTimeout: c.max_batch_timeout,
          maxRetries: c.max_retries,
          deadLetterQueue: c.dead_letter_queue,
        },
      ]),
    ),
    // The waiting rooms (Durable Objects of this Worker), SQLite-backed as their migration says.
    durableObjects: Object.fromEntries(
      (config.durable_objects?.bindings ?? []).map((d) => [
        d.name,
        { className: d.class_name, useSQLite: (config.migrations ?? []).some((m) => m.new_sqlite_classes?.includes(d.class_name)) },
      ]),
    ),
  };
  const options = alongside ? { ...shared, workers: [application, alongside(stores)] } : { ...shared, ...application };
  return new Miniflare(convertV4MiniflareOptions(options as V4MiniflareOptions));
}

/** Signs in through the login form; the session cookie ("sn_session=…"). */
export async function signIn(base: string, email: string, password: string) {
  const response = await fetch(`${base}/login`, {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded", origin: base },
    body: new URLSearchParams({ intent: "login", email, password }),
  });
  const session = response.headers.getSetCookie().find((line) => line.startsWith("sn_session="));
  if (!session) throw new Error(`bench: ${email} could not sign in (${response.status})`);
  // As a browser keeps them: the session and the waiting room's word for whose it is.
  const who = response.headers.getSetCookie().find((line) => line.startsWith("sn_who="));
  return [session, who].flatMap((line) => (line ? [line.split(";")[0]!] : [])).join("; ");
}
