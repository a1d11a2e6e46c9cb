/**
 * Serves the production build for the e2e tests on a private, freshly seeded
 * local state, so tests never touch the developer's own data.
 *
 * `--prepare` only migrates and seeds that state and exits: `npm test` does it while the
 * Worker tests run and then tells this script (E2E_STATE_PREPARED=1) that the state is ready,
 * so the e2e run starts with the server alone.
 *
 * Payments go to a Razorpay emulator of its own on the next port (E2E_PORT + 1), in memory,
 * with the test keys; its webhooks come back to this server at least 10 s after the payment,
 * so a journey's browser callback comes first (a test can change that per order with a fault).
 * Phone messages go to the WhatsApp and MSG91 emulators on E2E_PORT + 2 and + 3, whose
 * status webhooks come back to this server.
 */
import { existsSync, rmSync } from "node:fs";
import { EMULATOR_KEYS, PHONE_KEYS, TEST_VARS } from "../tests/support/test-vars.ts";
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
const emulatorPort = String(Number(port) + 1);
const [whatsappPort, msg91Port] = [String(Number(port) + 2), String(Number(port) + 3)];
const vars = {
  ...TEST_VARS,
  ...EMULATOR_KEYS,
  ...PHONE_KEYS,
  RAZORPAY_API_BASE: `http://127.0.0.1:${emulatorPort}/v1`,
  WHATSAPP_API_BASE: `http://127.0.0.1:${whatsappPort}/v26.0`,
  MSG91_API_BASE: `http://127.0.0.1:${msg91Port}/api/v5`,
  PACKAGES_ORIGIN: packagesOrigin,
};
start(
  "node",
  ["emulator/razorpay/main.ts", "--port", emulatorPort, "--webhook-url", `http://127.0.0.1:${port}/payments/webhook`].concat([
    "--realism",
    "off",
    "--min-webhook-delay",
    "10000",
  ]),
  { env: { ...process.env, ...EMULATOR_KEYS } },
);
start(
  "node",
  ["emulator/phone/main.ts", "--whatsapp-port", whatsappPort, "--msg91-port", msg91Port, "--status-delay", "500"].concat([
    "--whatsapp-webhook-url",
    `http://127.0.0.1:${port}/webhooks/whatsapp`,
    "--sms-webhook-url",
    `http://127.0.0.1:${port}/webhooks/sms`,
  ]),
  { env: { ...process.env, ...PHONE_KEYS } },
);
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
