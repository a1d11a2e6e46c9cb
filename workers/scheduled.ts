/**
 * Housekeeping on the cron trigger (wrangler.toml [triggers]): each task clears what
 * a request left behind (stale counters, expired orders, abandoned uploads). A task
 * that fails is logged and does not stop the others.
 */
import { createDb } from "~/db/client.server";
import { cancelExpiredOrders } from "~/domain/bookings/cart/checkout.server";
import { reconcile } from "~/domain/ledger/reconcile.server";
import { notifyStartedRefunds } from "~/domain/ledger/refund-emails.server";
import { deleteOldWebhookEvents } from "~/domain/ledger/webhooks.server";
import { providerNamed } from "~/lib/payments/index.server";
import { abortStaleUploads } from "~/domain/bookings/records/video-uploads.server";
import { refreshProminence } from "~/domain/catalog/prominence.server";
import { fillTempleSearchKeys } from "~/domain/catalog/search-keys.server";
import { readEnv, type AppEnv } from "~/lib/env.server";
import { deleteExpiredAttempts } from "~/lib/rate-limit.server";
import { deleteOldPhoneCodes } from "~/domain/accounts/phone-codes.server";

async function reconcilePayments(env: AppEnv, now: Date) {
  const db = createDb(env.bindings.DB);
  const provider = providerNamed(env.config, "razorpay");
  const summary = provider ? await reconcile(db, provider, now) : null;
  await deleteOldWebhookEvents(db, now);
  // No request here: only a configured PUBLIC_ORIGIN lends the e-mail its links
  // (else the webhook or callback that started the refund mails it).
  await notifyStartedRefunds(env, db, null, now);
  return summary;
}

type Task = { name: string; run: (env: AppEnv, now: Date) => Promise<unknown> };

export const HOUSEKEEPING_TASKS: Task[] = [
  { name: "stale video uploads", run: (env, now) => abortStaleUploads(createDb(env.bindings.DB), env.bindings.VIDEOS, now) },
  { name: "rate-limits", run: (env, now) => deleteExpiredAttempts(createDb(env.bindings.DB), now.getTime()) },
  { name: "phone codes", run: (env, now) => deleteOldPhoneCodes(createDb(env.bindings.DB), now.getTime()) },
  { name: "expired payment orders", run: (env, now) => cancelExpiredOrders(createDb(env.bindings.DB), now) },
  // Payments the portal has not seen settle, refunds to retry or confirm; then the devotees whose refunds started are told.
  { name: "payment reconciliation", run: (env, now) => reconcilePayments(env, now) },
  { name: "temple search keys", run: (env) => fillTempleSearchKeys(createDb(env.bindings.DB)) },
  // Search ranking's prominence: pilgrimage weight and the last 90 days of bookings and favourites.
  { name: "temple prominence", run: (env, now) => refreshProminence(createDb(env.bindings.DB), now) },
];

export async function runHousekeeping(env: Env, now = new Date()) {
  const appEnv = readEnv(env);
  const results = await Promise.allSettled(HOUSEKEEPING_TASKS.map((task) => task.run(appEnv, now)));
  results.forEach((result, i) => {
    if (result.status === "rejected") {
      console.error(
        `Housekeeping task ${HOUSEKEEPING_TASKS[i]!.name} failed:`,
        result.reason instanceof Error ? result.reason.message : "unknown",
      );
    }
  });
  return results.map((result, i) => ({ name: HOUSEKEEPING_TASKS[i]!.name, ok: result.status === "fulfilled" }));
}

export const scheduled: ExportedHandlerScheduledHandler<Env> = async (_controller, env, ctx) => {
  ctx.waitUntil(runHousekeeping(env));
};
