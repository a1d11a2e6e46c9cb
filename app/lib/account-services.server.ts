/**
 * What the account use cases (domain/accounts-flows, accounts-signin) need from a
 * request, built the same way for the portal's actions and the legacy calls: the
 * database, the secret, the client's IP, a mail sender whose links use the
 * canonical origin (public-origin.server.ts) and the human check (human-check.server.ts).
 */
import { createDb } from "~/db/client.server";
import { type EmailMessage, sendAndLog } from "./email.server";
import type { AppEnv } from "./env.server";
import { humanCheckFor } from "./human-check.server";
import { linkOrigin } from "./public-origin.server";
import { clientIp } from "./rate-limit.server";

/** Sends account mail; false (and a log line without details) when delivery fails. */
export function mailerFor(env: AppEnv, requestUrl: string | URL) {
  return {
    siteName: env.config.SITE_NAME,
    supportEmail: env.config.SUPPORT_EMAIL,
    origin: linkOrigin(env.config, requestUrl),
    send: (message: EmailMessage): Promise<boolean> => sendAndLog(env, "Account", message),
  };
}

export function accountServices(env: AppEnv, request: Request) {
  const db = createDb(env.bindings.DB);
  return {
    db,
    secret: env.config.SESSION_SECRET,
    ip: clientIp(request),
    mail: mailerFor(env, request.url),
    humanCheck: humanCheckFor(env.config, db),
  };
}
