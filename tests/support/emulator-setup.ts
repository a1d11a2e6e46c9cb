/**
 * Vitest's globalSetup: one Razorpay emulator, one pair of phone emulators (WhatsApp, MSG91)
 * and one Resend emulator for the whole run, on free ports, in pull mode (the Worker under test
 * lives in workerd and is not reachable over HTTP, so tests post its webhooks themselves). The
 * config hands their addresses to the Worker as RAZORPAY_API_BASE, WHATSAPP_API_BASE,
 * MSG91_API_BASE and RESEND_API_BASE; only tests that set a Resend key send mail through Resend
 * (the production adapter), the rest use the outbox.
 */
import type { TestProject } from "vitest/node";
import { startPhoneEmulators } from "../../emulator/phone/server.ts";
import { startRazorpayEmulator } from "../../emulator/razorpay/server.ts";
import { startResendEmulator } from "../../emulator/resend/server.ts";
import { EMULATOR_KEYS, PHONE_KEYS } from "./test-vars.ts";

declare module "vitest" {
  export interface ProvidedContext {
    razorpayApiBase: string;
    whatsappApiBase: string;
    msg91ApiBase: string;
    resendApiBase: string;
  }
}

function registeredTemplates(): string[] {
  const map = JSON.parse(PHONE_KEYS.MSG91_TEMPLATES) as Record<string, Record<string, string>>;
  return Object.values(map).flatMap((byLanguage) => Object.values(byLanguage));
}

export default async function setup(project: TestProject) {
  const server = await startRazorpayEmulator({
    keyId: EMULATOR_KEYS.RAZORPAY_KEY_ID,
    keySecret: EMULATOR_KEYS.RAZORPAY_KEY_SECRET,
    webhookSecret: EMULATOR_KEYS.RAZORPAY_WEBHOOK_SECRET,
    realism: false,
  });
  const phone = await startPhoneEmulators({
    whatsapp: {
      accessToken: PHONE_KEYS.WHATSAPP_ACCESS_TOKEN,
      phoneNumberId: PHONE_KEYS.WHATSAPP_PHONE_NUMBER_ID,
      appSecret: PHONE_KEYS.WHATSAPP_APP_SECRET,
    },
    // MSG91 refuses a template it does not know, as it refuses one not registered on DLT.
    msg91: { authKey: PHONE_KEYS.MSG91_AUTH_KEY, senderId: PHONE_KEYS.MSG91_SENDER_ID, templateIds: registeredTemplates() },
    // Every status is owed at once: a test pulls them when it wants them.
    statusDelayMs: 0,
  });
  project.provide("razorpayApiBase", server.apiBase);
  project.provide("whatsappApiBase", phone.whatsapp.apiBase);
  project.provide("msg91ApiBase", phone.msg91.apiBase);
  const resend = await startResendEmulator();
  project.provide("resendApiBase", resend.apiBase);
  return async () => {
    await Promise.all([server.close(), phone.close(), resend.close()]);
  };
}
