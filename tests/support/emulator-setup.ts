/**
 * Vitest's globalSetup: one Razorpay emulator for the whole run, on a free port, in pull
 * mode (the Worker under test lives in workerd and is not reachable over HTTP, so tests
 * post its webhooks themselves). The config hands its address to the Worker as RAZORPAY_API_BASE.
 * And one Resend emulator: tests that send mail through Resend (the production adapter) give
 * the Worker its address as RESEND_API_BASE (`inject("resendApiBase")`); the rest use the outbox.
 */
import type { TestProject } from "vitest/node";
import { startRazorpayEmulator } from "../../emulator/razorpay/server.ts";
import { startResendEmulator } from "../../emulator/resend/server.ts";
import { EMULATOR_KEYS } from "./test-vars.ts";

declare module "vitest" {
  export interface ProvidedContext {
    razorpayApiBase: string;
    resendApiBase: string;
  }
}

export default async function setup(project: TestProject) {
  const server = await startRazorpayEmulator({
    keyId: EMULATOR_KEYS.RAZORPAY_KEY_ID,
    keySecret: EMULATOR_KEYS.RAZORPAY_KEY_SECRET,
    webhookSecret: EMULATOR_KEYS.RAZORPAY_WEBHOOK_SECRET,
    realism: false,
  });
  project.provide("razorpayApiBase", server.apiBase);
  const resend = await startResendEmulator();
  project.provide("resendApiBase", resend.apiBase);
  return async () => {
    await server.close();
    await resend.close();
  };
}
