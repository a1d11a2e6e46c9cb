import { spawn, spawnSync, type SpawnOptions } from "node:child_process";
import { randomBytes } from "node:crypto";
import { appendFileSync, copyFileSync, existsSync, readFileSync, writeFileSync } from "node:fs";
import { missingDevVars, upgradedDevVars } from "./dev-vars.ts";

/** Keeps wrangler quiet and offline: no metrics, no update check, no cf.json fetch, no prompts. */
export const QUIET_ENV: Record<string, string> = {
  WRANGLER_SEND_METRICS: "false",
  WRANGLER_HIDE_BANNER: "true",
  CLOUDFLARE_CF_FETCH_ENABLED: "false",
  WRANGLER_LOG_SANITIZE: "true",
  CI: process.env.CI ?? "true",
};

export function quietEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  return { ...process.env, ...QUIET_ENV, ...extra };
}

/** Runs a command to completion, streaming its output; exits on failure. */
export function run(command: string, args: string[], options: SpawnOptions = {}) {
  const result = spawnSync(command, args, { stdio: "inherit", env: quietEnv(), ...options });
  if (result.status !== 0) {
    console.error(`\n✘ ${command} ${args.join(" ")} failed (exit ${result.status ?? result.signal})`);
    process.exit(result.status ?? 1);
  }
}

/** Starts a long-running command; it is stopped when this process exits. */
export function start(command: string, args: string[], options: SpawnOptions = {}) {
  const child = spawn(command, args, { stdio: "inherit", env: quietEnv(), ...options });
  const stop = () => child.kill("SIGTERM");
  process.on("exit", stop);
  for (const signal of ["SIGINT", "SIGTERM"] as const) {
    process.on(signal, () => {
      stop();
      process.exit(0);
    });
  }
  return child;
}

/**
 * Creates .dev.vars from .dev.vars.example with a fresh random SESSION_SECRET; an
 * existing .dev.vars gets the example's settings it lacks (e.g. MAIL_MODE=local, which
 * used to live in wrangler.toml), so an older checkout keeps working.
 */
export function ensureDevVars() {
  const example = readFileSync(".dev.vars.example", "utf8");
  // Each secret gets its own random value on this machine, never the example's placeholder.
  const randomSecrets = (text: string) =>
    text.replace(
      /^(SESSION_SECRET|RECEIPT_CODE_SECRET|RAZORPAY_KEY_SECRET|RAZORPAY_WEBHOOK_SECRET|WHATSAPP_\w+|MSG91_AUTH_KEY|MSG91_WEBHOOK_TOKEN)=replace-with.*$/gm,
      (_, name) => `${name}=${randomBytes(32).toString("hex")}`,
    );
  if (!existsSync(".dev.vars")) {
    writeFileSync(".dev.vars", randomSecrets(example));
    console.log("Created .dev.vars with new random secrets (local only, never committed).");
    return;
  }
  let current = readFileSync(".dev.vars", "utf8");
  const upgraded = upgradedDevVars(example, current);
  if (upgraded !== null) {
    writeFileSync(".dev.vars", upgraded);
    current = upgraded;
    console.log("Updated .dev.vars: MSG91_TEMPLATES now names every kind of message the portal sends.");
  }
  const missing = missingDevVars(example, current).map(randomSecrets);
  if (!missing.length) return;
  appendFileSync(".dev.vars", `${current.endsWith("\n") || !current ? "" : "\n"}${missing.join("\n")}\n`);
  console.log(`Added to .dev.vars from .dev.vars.example: ${missing.map((line) => line.split("=")[0]).join(", ")}`);
}

/** A setting of .dev.vars (the last line that sets it), or undefined. */
export function devVar(name: string): string | undefined {
  if (!existsSync(".dev.vars")) return undefined;
  const lines = [...readFileSync(".dev.vars", "utf8").matchAll(/^\s*([A-Z][A-Z0-9_]*)\s*=\s*(.*?)\s*$/gm)];
  return lines
    .filter((m) => m[1] === name)
    .pop()?.[2]
    ?.replace(/^"(.*)"$/, "$1");
}

/**
 * Starts the local Razorpay emulator (emulator/razorpay) where .dev.vars' RAZORPAY_API_BASE
 * points, posting its webhooks to `webhookUrl`, its state kept in .wrangler/ across restarts.
 * Without RAZORPAY_API_BASE (a developer's own Razorpay test keys) none is started.
 */
/** Where `npm start`'s emulator keeps what was paid (the seed writes its demo payments into it). */
export const EMULATOR_STATE = ".wrangler/razorpay-emulator.json";

export function startRazorpayEmulator(webhookUrl: string) {
  const base = devVar("RAZORPAY_API_BASE");
  if (!base) {
    console.log("No RAZORPAY_API_BASE in .dev.vars: payments go to Razorpay itself with the keys there (or are unavailable).");
    return null;
  }
  const port = new URL(base).port || "80";
  return start("node", ["emulator/razorpay/main.ts", "--port", port, "--webhook-url", webhookUrl, "--state", EMULATOR_STATE]);
}

/**
 * Starts the local WhatsApp and MSG91 emulators (emulator/phone) on the ports of .dev.vars'
 * WHATSAPP_API_BASE and MSG91_API_BASE, posting their webhooks to this server's
 * /webhooks/whatsapp and /webhooks/sms. Without those settings (a developer's own accounts) none is started.
 */
export function startPhoneEmulators(origin: string) {
  const whatsapp = devVar("WHATSAPP_API_BASE");
  const msg91 = devVar("MSG91_API_BASE");
  if (!whatsapp || !msg91) {
    console.log(
      "No WHATSAPP_API_BASE or MSG91_API_BASE in .dev.vars: phone messages go to the providers with the keys there (or are not sent).",
    );
    return null;
  }
  return start("node", [
    "emulator/phone/main.ts",
    ...["--whatsapp-port", new URL(whatsapp).port || "80", "--msg91-port", new URL(msg91).port || "80"],
    ...["--whatsapp-webhook-url", `${origin}/webhooks/whatsapp`, "--sms-webhook-url", `${origin}/webhooks/sms`],
  ]);
}

export function copyIfMissing(from: string, to: string) {
  if (!existsSync(to)) copyFileSync(from, to);
}

/** Reads `--name value` from argv. */
export function option(name: string, fallback?: string): string | undefined {
  const index = process.argv.indexOf(`--${name}`);
  return index >= 0 ? process.argv[index + 1] : fallback;
}

/** Waits until `url` answers, or throws after `timeoutMs`. */
export async function waitFor(url: string, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      const response = await fetch(url);
      if (response.status < 500) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms`);
}
