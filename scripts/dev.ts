/** `npm run dev`: Vite with HMR, the Worker running in workerd, on the same local D1/KV/R2. */
import { ensureDevVars, run, start } from "./lib.ts";

ensureDevVars();
run("node", ["scripts/db.ts", "migrate"]);
run("node", ["scripts/db.ts", "seed", "--if-empty"]);
start("npx", ["vite", "dev"]);
