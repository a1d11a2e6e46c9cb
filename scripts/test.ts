/**
 * `npm test`: the whole suite, in order — lint and format check (Biome), typecheck, production build, Worker tests
 * in workerd, e2e tests in Chromium against the build served by wrangler — then one
 * plain summary line with the counts of both test runners.
 */
import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync } from "node:fs";
import { ensureChromium } from "./browser.ts";
import { ensureDevVars, quietEnv, run } from "./lib.ts";

const started = Date.now();
const REPORTS = ".test-reports";

function step(name: string, command: string, args: string[], env: Record<string, string> = {}) {
  const t0 = Date.now();
  console.log(`\n▶ ${name}`);
  const result = spawnSync(command, args, { stdio: "inherit", env: quietEnv(env) });
  console.log(`${result.status === 0 ? "✔" : "✘"} ${name} (${((Date.now() - t0) / 1000).toFixed(1)} s)`);
  return result.status === 0;
}

function readJson<T>(file: string): T | null {
  return existsSync(file) ? (JSON.parse(readFileSync(file, "utf8")) as T) : null;
}

console.log(`Node ${process.version} (pinned by the \`node\` devDependency)`);
if (Number(process.versions.node.split(".")[0]) < 22) {
  console.error("Node 22+ is required: run through `npm test`, which uses the pinned Node.");
  process.exit(1);
}
ensureDevVars();
ensureChromium();
rmSync(REPORTS, { recursive: true, force: true });
mkdirSync(REPORTS, { recursive: true });

run("npm", ["run", "lint"]);
run("npm", ["run", "typecheck"]);
run("npx", ["react-router", "build"]);
// The e2e server's private state (migrations and seed, about 25 s) is made while the Worker
// tests run; the e2e run then only starts the server on it.
const e2ePort = process.env.E2E_PORT ?? "8790";
const prepared = new Promise<boolean>((resolve) => {
  const prep = spawn("node", ["scripts/serve-test.ts", "--prepare", "--port", e2ePort], { stdio: "ignore", env: quietEnv() });
  prep.on("exit", (code) => resolve(code === 0));
  prep.on("error", () => resolve(false));
});
const workerOk = step("worker tests", "npx", [
  "vitest",
  "run",
  "--reporter=default",
  "--reporter=json",
  `--outputFile.json=${REPORTS}/worker.json`,
]);
const e2eOk = step("e2e tests", "npx", ["playwright", "test", "--reporter=list,json"], {
  PLAYWRIGHT_JSON_OUTPUT_NAME: `${REPORTS}/e2e.json`,
  // Without a prepared state (its preparation failed) the server prepares its own.
  E2E_STATE_PREPARED: (await prepared) ? "1" : "0",
});

type WorkerReport = {
  numPassedTests: number;
  numFailedTests: number;
  numPendingTests: number;
  numFailedTestSuites: number;
  testResults: {
    name: string;
    status: string;
    message?: string;
    assertionResults: { fullName: string; status: string; failureMessages?: string[] }[];
  }[];
};
type E2eSuite = {
  title: string;
  specs?: { title: string; ok: boolean; tests: { results: { status: string; error?: { message?: string } }[] }[] }[];
  suites?: E2eSuite[];
};
const worker = readJson<WorkerReport>(`${REPORTS}/worker.json`);
const e2e = readJson<{ stats: { expected: number; unexpected: number; flaky: number; skipped: number }; suites?: E2eSuite[] }>(
  `${REPORTS}/e2e.json`,
);

// What failed, named again at the very end: a long run's output is often read from its tail.
const firstLines = (text = "") =>
  text
    .replace(new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, "g"), "")
    .split("\n")
    .slice(0, 6)
    .join("\n      ");
const failures: string[] = [];
for (const file of worker?.testResults ?? []) {
  if (file.status === "failed" && file.assertionResults.every((a) => a.status === "passed")) {
    failures.push(`worker ${file.name}\n      ${firstLines(file.message)}`);
  }
  for (const a of file.assertionResults) {
    if (a.status === "failed") failures.push(`worker ${file.name} › ${a.fullName}\n      ${firstLines(a.failureMessages?.[0])}`);
  }
}
const walk = (suite: E2eSuite, path: string[]) => {
  for (const spec of suite.specs ?? []) {
    if (spec.ok) continue;
    const error = spec.tests.flatMap((t) => t.results).find((r) => r.error)?.error?.message;
    failures.push(`e2e ${[...path, spec.title].join(" › ")}\n      ${firstLines(error)}`);
  }
  for (const child of suite.suites ?? []) walk(child, [...path, child.title]);
};
for (const suite of e2e?.suites ?? []) walk(suite, [suite.title]);
if (failures.length > 0) console.log(`\nFailed:\n${failures.map((f) => `  ✘ ${f}`).join("\n")}`);
const passed = (worker?.numPassedTests ?? 0) + (e2e?.stats.expected ?? 0);
const failed =
  (worker ? worker.numFailedTests + (worker.numFailedTests === 0 ? worker.numFailedTestSuites : 0) : workerOk ? 0 : 1) +
  (e2e ? e2e.stats.unexpected + e2e.stats.flaky : e2eOk ? 0 : 1);
const skipped = (worker?.numPendingTests ?? 0) + (e2e?.stats.skipped ?? 0);

console.log(
  `\nworker: ${worker?.numPassedTests ?? "?"} passed · e2e: ${e2e?.stats.expected ?? "?"} passed · ${((Date.now() - started) / 1000).toFixed(1)} s`,
);
console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ""}`);
// A skipped test is not a pass: the run fails if any test was skipped.
process.exit(workerOk && e2eOk && failed === 0 && skipped === 0 && passed > 0 ? 0 : 1);
