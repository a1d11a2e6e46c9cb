/**
 * Housekeeping on the cron triggers (wrangler.toml [triggers]), by cron: every 15 minutes each
 * task clears what a request left behind (stale counters, expired orders, abandoned uploads,
 * messages whose enqueue was lost, code messages left unsent); at 18:00 IST the reminders of
 * tomorrow's pujas and releases are queued (and each later run until midnight queues what that
 * run left); at 06:00 IST each temple's morning digest (and each later run until noon queues
 * what that run left). A task that fails is logged and does not stop the others.
 */
import { createDb } from "~/db/client.server";
import { cancelExpiredOrders } from "~/domain/bookings/cart/checkout.server";
import { reconcile } from "~/domain/ledger/reconcile.server";
import { notifyCompletedRefunds, notifyStartedRefunds } from "~/domain/ledger/refund-emails.server";
import { deleteOldWebhookEvents } from "~/domain/ledger/webhooks.server";
import { payoutGateway, providerNamed } from "~/lib/payments/index.server";
import { runPayouts } from "~/domain/ledger/payout-housekeeping.server";
import { rollUpYesterday } from "~/domain/ledger/day-rollups-housekeeping.server";
import { tellLineRefund } from "~/domain/ledger/line-refund-emails.server";
import { abortStaleUploads } from "~/domain/bookings/records/video-uploads.server";
import { refreshProminence } from "~/domain/catalog/prominence.server";
import { fillTempleSearchKeys } from "~/domain/catalog/search-keys.server";
import { readEnv, type AppEnv } from "~/lib/env.server";
import { deleteExpiredAttempts } from "~/lib/rate-limit.server";
import { deleteOldPhoneCodes } from "~/domain/accounts/phone-codes.server";
import { indiaTimestamp } from "~/lib/india-time";
import { requeueLostNotices } from "~/domain/notifications/housekeeping.server";
import { queuePujaEveReminders } from "~/domain/bookings/records/puja-eve-reminders.server";
import { queueReleaseReminders } from "~/domain/bookings/seats/release-reminders.server";
import { queueMorningDigests } from "~/domain/bookings/desk/morning-digest.server";
import { forgetStaleCodes } from "~/domain/notifications/code-messages.server";

async function reconcilePayments(env: AppEnv, now: Date) {
  const db = createDb(env.bindings.DB);
  const provider = providerNamed(env.config, "razorpay");
  const route = payoutGateway(env.config);
  const payouts = route ? { route, holdDays: env.config.PAYOUT_HOLD_DAYS } : undefined;
  const summary = provider ? await reconcile(db, provider, now, undefined, payouts) : null;
  // Route: transfers planned, released, sent; line refunds sent again (issue 43).
  if (provider && payouts) {
    const run = await runPayouts(db, payouts, provider, now);
    const origin = env.config.PUBLIC_ORIGIN ? new URL(env.config.PUBLIC_ORIGIN).origin : null;
    for (const id of run.lineRefunds) await tellLineRefund(env, db, id, origin);
  }
  await deleteOldWebhookEvents(db, now);
  // No request here: only a configured PUBLIC_ORIGIN lends the e-mail its links
  // (else the webhook or callback that started the refund mails it).
  await notifyStartedRefunds(env, db, null, now);
  await notifyCompletedRefunds(env, db, now);
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
  // Yesterday's sums of the settlement statements read lately and of the operator's ledger, ahead of their pages.
  { name: "day rollups", run: (env, now) => rollUpYesterday(createDb(env.bindings.DB), now) },
  // Messages written but never queued (the enqueue was lost): queued again.
  { name: "lost messages", run: (env, now) => requeueLostNotices(env, createDb(env.bindings.DB), now) },
  // Codes' messages not sent within any code's life: failed, and their codes masked.
  { name: "stale code messages", run: (env, now) => forgetStaleCodes(createDb(env.bindings.DB), now) },
  // After 18:00 IST, what the evening's run left (more lines than one run takes, or a failed run).
  { name: "evening reminders", run: (env, now) => (eveningInIndia(now) ? queueReminders(env, now) : Promise.resolve()) },
  // Before noon IST, the digests the morning's run left.
  { name: "morning digests", run: (env, now) => (morningInIndia(now) ? queueDigests(env, now) : Promise.resolve()) },
];

/** The evening's reminders: tomorrow's booked pujas, and the releases that open tomorrow. */
export const REMINDER_TASKS: Task[] = [
  { name: "puja-eve reminders", run: (env, now) => queuePujaEveReminders(env, createDb(env.bindings.DB), now) },
  { name: "release reminders", run: (env, now) => queueReleaseReminders(env, createDb(env.bindings.DB), now) },
];

/** The evening cron: 18:00 IST is 12:30 UTC (India keeps no daylight saving). */
export const EVENING_CRON = "30 12 * * *";
const eveningInIndia = (now: Date) => indiaTimestamp(now).slice(11, 16) >= "18:00";
const queueReminders = (env: AppEnv, now: Date) => Promise.all(REMINDER_TASKS.map((task) => task.run(env, now)));

/** The morning's digests of the temples' day sheets. */
export const DIGEST_TASKS: Task[] = [
  { name: "morning digests", run: (env, now) => queueMorningDigests(env, createDb(env.bindings.DB), now) },
];

/** The morning cron: 06:00 IST is 00:30 UTC. */
export const MORNING_CRON = "30 0 * * *";
const morningInIndia = (now: Date) => {
  const time = indiaTimestamp(now).slice(11, 16);
  return time >= "06:00" && time < "12:00";
};
const queueDigests = (env: AppEnv, now: Date) => queueMorningDigests(env, createDb(env.bindings.DB), now);

async function runTasks(tasks: Task[], env: Env, now: Date) {
  const appEnv = readEnv(env);
  const results = await Promise.allSettled(tasks.map((task) => task.run(appEnv, now)));
  results.forEach((result, i) => {
    if (result.status === "rejected") {
      console.error(`Housekeeping task ${tasks[i]!.name} failed:`, result.reason instanceof Error ? result.reason.message : "unknown");
    }
  });
  return results.map((result, i) => ({ name: tasks[i]!.name, ok: result.status === "fulfilled" }));
}

export function runHousekeeping(env: Env, now = new Date()) {
  return runTasks(HOUSEKEEPING_TASKS, env, now);
}

export function runEveningReminders(env: Env, now = new Date()) {
  return runTasks(REMINDER_TASKS, env, now);
}

export function runMorningDigests(env: Env, now = new Date()) {
  return runTasks(DIGEST_TASKS, env, now);
}

function byCron(cron: string, env: Env, now: Date) {
  if (cron === EVENING_CRON) return runEveningReminders(env, now);
  if (cron === MORNING_CRON) return runMorningDigests(env, now);
  return runHousekeeping(env, now);
}

export const scheduled: ExportedHandlerScheduledHandler<Env> = async (controller, env, ctx) => {
  const now = new Date(controller.scheduledTime);
  ctx.waitUntil(byCron(controller.cron, env, now));
};
