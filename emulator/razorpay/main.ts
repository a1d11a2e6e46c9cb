/**
 * Starts the local Razorpay emulator (npm start, the e2e server and the benchmarks run it):
 *   node emulator/razorpay/main.ts --port 8789 [--webhook-url URL] [--state FILE]
 *     [--realism on|off] [--min-webhook-delay MS] [--max-webhook-delay MS] [--refund-settle MS] [--late-delay MS]
 * Keys come from RAZORPAY_KEY_ID, RAZORPAY_KEY_SECRET and RAZORPAY_WEBHOOK_SECRET in the
 * environment, else from .dev.vars (the same ones the Worker reads).
 */
import { option, setting } from "../shared/cli.ts";
import { startRazorpayEmulator } from "./server.ts";

const keyId = setting("RAZORPAY_KEY_ID");
const keySecret = setting("RAZORPAY_KEY_SECRET");
const webhookSecret = setting("RAZORPAY_WEBHOOK_SECRET");
if (!keyId || !keySecret || !webhookSecret) {
  console.error(
    "razorpay emulator: RAZORPAY_KEY_ID, RAZORPAY_KEY_SECRET and RAZORPAY_WEBHOOK_SECRET are needed (.dev.vars or the environment).",
  );
  process.exit(1);
}
const number = (name: string) => (option(name) === undefined ? undefined : Number(option(name)));

const server = await startRazorpayEmulator({
  keyId,
  keySecret,
  webhookSecret,
  port: Number(option("port", "8789")),
  webhookUrl: option("webhook-url") ?? null,
  stateFile: option("state") ?? null,
  realism: option("realism", "on") === "on",
  minWebhookDelayMs: number("min-webhook-delay"),
  maxWebhookDelayMs: number("max-webhook-delay"),
  refundSettleMs: number("refund-settle"),
  lateDelayMs: number("late-delay"),
});
console.log(`Razorpay emulator on ${server.apiBase}${option("webhook-url") ? `, webhooks to ${option("webhook-url")}` : ""}`);
for (const signal of ["SIGINT", "SIGTERM"] as const)
  process.on(signal, () => {
    void server.close().then(() => process.exit(0));
  });
