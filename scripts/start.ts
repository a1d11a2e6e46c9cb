/**
 * `npm start`: build, migrate and (when empty) seed the local D1/R2, then serve the
 * production build from workerd with wrangler on http://localhost:8787.
 */
import { ensureDevVars, option, run, start } from "./lib.ts";

const port = option("port", "8787")!;
ensureDevVars();
run("npx", ["react-router", "build"]);
run("node", ["scripts/db.ts", "migrate"]);
run("node", ["scripts/db.ts", "seed", "--if-empty"]);
console.log(`\nSannidhi is starting on http://localhost:${port}\n`);
start("npx", ["wrangler", "dev", "--port", port, "--log-level", "warn"]);
