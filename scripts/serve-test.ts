/**
 * Serves the production build for the e2e tests on a private, freshly seeded
 * local state, so tests never touch the developer's own data.
 *
 * `--prepare` only migrates and seeds that state and exits: `npm test` does it while the
 * Worker tests run and then tells this script (E2E_STATE_PREPARED=1) that the state is ready,
 * so the e2e run starts with the server alone.
 */
import { existsSync, rmSync } from "node:fs";
import { TEST_VARS } from "../tests/support/test-vars.ts";
import { ensureDevVars, option, run, start } from "./lib.ts";

const port = option("port", "8790")!;
const persist = option("persist-to", `.wrangler/e2e-state-${port}`)!;
const config = `${process.env.BUILD_DIR ?? "build"}/server/wrangler.json`;
ensureDevVars();
if (process.env.E2E_STATE_PREPARED !== "1" || !existsSync(persist)) {
  rmSync(persist, { recursive: true, force: true });
  run("node", ["scripts/db.ts", "migrate", "--persist-to", persist]);
  run("node", ["scripts/db.ts", "seed", "--persist-to", persist]);
}
if (process.argv.includes("--prepare")) process.exit(0);
// The packages site is this server under another name (Chromium resolves *.localhost to loopback).
const packagesOrigin = `http://packages.localhost:${port}`;
// Local-only switches and the contact details the tests check come from here, not from
// wrangler.toml (a deployment's) nor the build's copy of .dev.vars (an older one may lack them).
const vars = { ...TEST_VARS, PACKAGES_ORIGIN: packagesOrigin };
const localVars = Object.entries(vars).flatMap(([name, value]) => ["--var", `${name}:${value}`]);
start("npx", [
  "wrangler",
  "dev",
  "--config",
  config,
  "--ip",
  "127.0.0.1",
  "--port",
  port,
  "--persist-to",
  persist,
  "--log-level",
  "warn",
  ...localVars,
]);
