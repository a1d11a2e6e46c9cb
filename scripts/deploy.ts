/**
 * `npm run deploy`: build, check the deployable configuration (scripts/deploy-checks.ts),
 * then apply the D1 migrations to the remote database and deploy the Worker. It refuses
 * to go on while a setting is a placeholder, local-only or missing, and says what to set.
 * `-- --check` stops after the checks.
 */
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { type BuiltConfig, deployFindings } from "./deploy-checks.ts";
import { quietEnv, run } from "./lib.ts";

const buildDir = process.env.BUILD_DIR ?? "build";
const config = `${buildDir}/server/wrangler.json`;

/** The names of the deployed Worker's secrets; null when wrangler cannot tell (not logged in, no Worker yet). */
function secretNames(): string[] | null {
  const result = spawnSync("npx", ["wrangler", "secret", "list", "--format", "json", "--config", config], {
    encoding: "utf8",
    env: quietEnv(),
  });
  if (result.status !== 0) {
    console.error(result.stderr || result.stdout);
    return null;
  }
  const json = result.stdout.slice(result.stdout.indexOf("["));
  try {
    return (JSON.parse(json) as { name: string }[]).map((secret) => secret.name);
  } catch {
    console.error(`Could not read wrangler's list of secrets:\n${result.stdout.slice(0, 500)}`);
    return null;
  }
}

run("npx", ["react-router", "build"]);
const built = JSON.parse(readFileSync(config, "utf8")) as BuiltConfig;
const findings = deployFindings(built, secretNames());
for (const finding of findings) {
  console.log(`${finding.level === "error" ? "✘" : "!"} ${finding.setting}: ${finding.message}`);
}
const errors = findings.filter((finding) => finding.level === "error");
if (errors.length) {
  console.error(
    `\n✘ Not deployed: ${errors.length} setting${errors.length === 1 ? "" : "s"} to fix (above). See README, Deploy to Cloudflare.`,
  );
  process.exit(1);
}
console.log("✔ Configuration checked");
if (process.argv.includes("--check")) process.exit(0);
// Remote commands must be allowed to ask (e.g. confirm migrations): no CI=true here.
const interactive = { env: quietEnv({ CI: process.env.CI ?? "false" }) };
run("npx", ["wrangler", "d1", "migrations", "apply", "DB", "--remote", "--config", config], interactive);
run("npx", ["wrangler", "deploy", "--config", config], interactive);
