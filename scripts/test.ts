/**
 * `npm test`: the whole suite, in order — typecheck, production build, Worker tests
 * in workerd, e2e tests in Chromium against the build served by wrangler.
 */
import { ensureChromium } from "./browser.ts";
import { ensureDevVars, run } from "./lib.ts";

const started = Date.now();
const step = (name: string, command: string, args: string[]) => {
  const t0 = Date.now();
  console.log(`\n▶ ${name}`);
  run(command, args);
  console.log(`✔ ${name} (${((Date.now() - t0) / 1000).toFixed(1)} s)`);
};

console.log(`Node ${process.version} (pinned by the \`node\` devDependency)`);
if (Number(process.versions.node.split(".")[0]) < 22) {
  console.error("Node 22+ is required: run through `npm test`, which uses the pinned Node.");
  process.exit(1);
}
ensureDevVars();
ensureChromium();
step("typecheck", "npm", ["run", "typecheck"]);
step("build", "npx", ["react-router", "build"]);
step("worker tests", "npx", ["vitest", "run"]);
step("e2e tests", "npx", ["playwright", "test"]);
console.log(`\nAll tests passed in ${((Date.now() - started) / 1000).toFixed(1)} s`);
