/**
 * What the account use cases (domain/accounts flows and sign-in) need from a request, built
 * the same way for the portal's actions and the legacy calls: the database, the secret, the
 * client's IP, a mailer whose links use the canonical origin (lib/public-origin.server.ts) and
 * whose messages go through the notifications queue, and the human check.
 */
import { createDb, type Database } from "~/db/client.server";
import type { AccountMessage } from "~/domain/accounts/flows.server";
import { notify } from "~/domain/notifications/notify.server";
import type { AppEnv } from "~/lib/env.server";
import { humanCheckFor } from "~/lib/human-check.server";
import { currentLocale } from "~/lib/i18n";
import { linkOrigin } from "~/lib/public-origin.server";
import { clientIp } from "~/lib/rate-limit.server";

/** Queues account mail to the address it was asked for, in the request's language; false (logged) when it cannot. */
export function mailerFor(env: AppEnv, requestUrl: string | URL, db: Database = createDb(env.bindings.DB)) {
  return {
    siteName: env.config.SITE_NAME,
    supportEmail: env.config.SUPPORT_EMAIL,
    origin: linkOrigin(env.config, requestUrl),
    send: (message: AccountMessage): Promise<boolean> =>
      notify(env, db, {
        kind: message.kind,
        to: { email: message.to, language: currentLocale() },
        params: message.params,
        email: () => message.email,
      } as Parameters<typeof notify>[2]),
  };
}

export function accountServices(env: AppEnv, request: Request) {
  const db = createDb(env.bindings.DB);
  return {
    db,
    secret: env.config.SESSION_SECRET,
    ip: clientIp(request),
    mail: mailerFor(env, request.url, db),
    humanCheck: humanCheckFor(env.config, db),
  };
}
