/**
 * Starts the local WhatsApp and MSG91 emulators (npm start and the e2e server run it):
 *   node emulator/phone/main.ts --whatsapp-port 8781 --msg91-port 8782
 *     [--whatsapp-webhook-url URL] [--sms-webhook-url URL] [--status-delay MS] [--statuses sent,delivered,read]
 * Keys come from WHATSAPP_ACCESS_TOKEN, WHATSAPP_PHONE_NUMBER_ID, WHATSAPP_APP_SECRET,
 * MSG91_AUTH_KEY, MSG91_SENDER_ID, MSG91_TEMPLATES and MSG91_WEBHOOK_TOKEN in the environment,
 * else in .dev.vars (the ones the Worker reads). The SMS report URL gets MSG91_WEBHOOK_TOKEN
 * as its `token` here, so the secret never shows in a process list.
 */
import { option, setting } from "../shared/cli.ts";
import type { MessageStatus } from "./outbound.ts";
import { startPhoneEmulators } from "./server.ts";

const required = ["WHATSAPP_ACCESS_TOKEN", "WHATSAPP_PHONE_NUMBER_ID", "WHATSAPP_APP_SECRET", "MSG91_AUTH_KEY", "MSG91_WEBHOOK_TOKEN"];
const missing = required.filter((name) => !setting(name));
if (missing.length) {
  console.error(`phone emulators: ${missing.join(", ")} needed (.dev.vars or the environment).`);
  process.exit(1);
}

/** The template ids MSG91_TEMPLATES names: the emulator refuses others, as MSG91 refuses an unknown template. */
function templateIds(json: string | undefined): string[] {
  if (!json) return [];
  const map = JSON.parse(json) as Record<string, string | Record<string, string>>;
  return Object.values(map).flatMap((entry) => (typeof entry === "string" ? [entry] : Object.values(entry)));
}

function reportUrl(url: string | undefined): string | null {
  if (!url) return null;
  const withToken = new URL(url);
  withToken.searchParams.set("token", setting("MSG91_WEBHOOK_TOKEN")!);
  return withToken.toString();
}

const statuses = option("statuses")?.split(",") as MessageStatus[] | undefined;
const servers = await startPhoneEmulators({
  whatsapp: {
    accessToken: setting("WHATSAPP_ACCESS_TOKEN")!,
    phoneNumberId: setting("WHATSAPP_PHONE_NUMBER_ID")!,
    appSecret: setting("WHATSAPP_APP_SECRET")!,
    port: Number(option("whatsapp-port") ?? "8781"),
    webhookUrl: option("whatsapp-webhook-url") ?? null,
  },
  msg91: {
    authKey: setting("MSG91_AUTH_KEY")!,
    senderId: setting("MSG91_SENDER_ID") ?? null,
    templateIds: templateIds(setting("MSG91_TEMPLATES")),
    port: Number(option("msg91-port") ?? "8782"),
    webhookUrl: reportUrl(option("sms-webhook-url")),
  },
  statusDelayMs: option("status-delay") === undefined ? undefined : Number(option("status-delay")),
  statuses,
});
console.log(`WhatsApp emulator on ${servers.whatsapp.apiBase}, MSG91 emulator on ${servers.msg91.apiBase}`);
for (const signal of ["SIGINT", "SIGTERM"] as const)
  process.on(signal, () => {
    void servers.close().then(() => process.exit(0));
  });
