/**
 * `npm start`: build, migrate and (when empty) seed the local D1/R2, then serve the
 * production build from workerd with wrangler on http://localhost:8787, beside the local
 * Razorpay emulator (port 8789, from .dev.vars) and the WhatsApp and MSG91 emulators (ports
 * 8781 and 8782), whose webhooks come back to this server.
 */
import { ensureDevVars, option, run, start, startPhoneEmulators, startRazorpayEmulator } from "./lib.ts";

const port = option("port", "8787")!;
ensureDevVars();
run("npx", ["react-router", "build"]);
run("node", ["scripts/db.ts", "migrate"]);
run("node", ["scripts/db.ts", "seed", "--if-empty"]);
startRazorpayEmulator(`http://127.0.0.1:${port}/payments/webhook`);
startPhoneEmulators(`http://127.0.0.1:${port}`);
console.log(`\nSannidhi is starting on http://localhost:${port}\n`);
start("npx", ["wrangler", "dev", "--port", port, "--log-level", "warn"]);
