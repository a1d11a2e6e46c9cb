/**
 * `npm run dev`: Vite with HMR, the Worker running in workerd, on the same local D1/KV/R2,
 * beside the local Razorpay and phone emulators (webhooks to Vite's port, 5173 unless --port says otherwise).
 */
import { ensureDevVars, option, run, start, startPhoneEmulators, startRazorpayEmulator } from "./lib.ts";

ensureDevVars();
run("node", ["scripts/db.ts", "migrate"]);
run("node", ["scripts/db.ts", "seed", "--if-empty"]);
const port = option("port", "5173")!;
startRazorpayEmulator(`http://127.0.0.1:${port}/payments/webhook`);
startPhoneEmulators(`http://127.0.0.1:${port}`);
start("npx", ["vite", "dev", "--port", port]);
