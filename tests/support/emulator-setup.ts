/**
 * Vitest's globalSetup: one Razorpay emulator for the whole run, on a free port, in pull
 * mode (the Worker under test lives in workerd and is not reachable over HTTP, so tests
 * post its webhooks themselves). The config hands its address to the Worker as RAZORPAY_API_BASE.
 */
import type { TestProject } from "vitest/node";
import { startRazorpayEmulator } from "../../emulator/razorpay/server.ts";
import { EMULATOR_KEYS } from "./test-vars.ts";

declare module "vitest" {
  export interface ProvidedContext {
    razorpayApiBase: string;
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
  return () => server.close();
}
